import Folio
import Foundation
import XCTest

/// `DatabaseValue.init?(value: Any)`: nil unless the value adopts
/// `DatabaseValueConvertible`.
final class DatabaseValueFromAnyTests: FolioTestCase {
    func testConvertibleValues() {
        XCTAssertEqual(DatabaseValue(value: 42), 42.databaseValue)
        XCTAssertEqual(DatabaseValue(value: "Arthur"), "Arthur".databaseValue)
        XCTAssertEqual(DatabaseValue(value: 1.5), 1.5.databaseValue)
        XCTAssertEqual(DatabaseValue(value: Data([1, 2])), Data([1, 2]).databaseValue)
        XCTAssertEqual(DatabaseValue(value: DatabaseValue.null), .null)
        XCTAssertEqual(DatabaseValue(value: NSNull()), .null)
    }

    func testOptionals() {
        XCTAssertEqual(DatabaseValue(value: Optional(3) as Any), 3.databaseValue)
        XCTAssertEqual(DatabaseValue(value: Int?.none as Any), .null)
        XCTAssertEqual(DatabaseValue(value: String?.none as Any), .null)
    }

    func testValuesThatAreNotConvertibleGiveNil() {
        XCTAssertNil(DatabaseValue(value: [1, 2]))
        XCTAssertNil(DatabaseValue(value: ["a": 1]))
        XCTAssertNil(DatabaseValue(value: NSObject()))
        XCTAssertNil(DatabaseValue(value: (1, 2)))
    }
}
