import Folio
import Foundation
import XCTest

/// The initializers of `StatementArguments` from sequences, arrays and
/// dictionaries, and `append(contentsOf:)`, as GRDB declares them.
final class StatementArgumentsConversionTests: FolioTestCase {
    func testInitFromSequenceOfValues() throws {
        let ids: [Int64] = [1, 2, 3]
        XCTAssertEqual(StatementArguments(ids), [1, 2, 3])
        XCTAssertEqual(StatementArguments(Set(["a"])), ["a"])
        XCTAssertEqual(StatementArguments((1...2).lazy.map { $0 * 10 }), [10, 20])
    }

    func testInitFromSequenceOfOptionalValues() throws {
        let values: [(any DatabaseValueConvertible)?] = ["foo", 1, nil]
        let arguments = StatementArguments(values)
        XCTAssertEqual(arguments, ["foo", 1, nil])
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let row = try Row.fetchOne(db, sql: "SELECT ?, ?, ?", arguments: arguments)!
            XCTAssertEqual(row[0] as String?, "foo")
            XCTAssertEqual(row[1] as Int?, 1)
            XCTAssertTrue(row.hasNull(atIndex: 2))
        }
    }

    func testInitFromSequenceOfNamedValues() throws {
        let pairs: [(String, (any DatabaseValueConvertible)?)] = [("name", "Arthur"), ("score", nil), ("name", "Barbara")]
        let arguments = StatementArguments(pairs)
        XCTAssertEqual(arguments, ["name": "Barbara", "score": nil])
    }

    func testInitFromArrayOfAny() throws {
        let array: [Any] = ["Arthur", 1000, Optional<Int>.none as Any, Data([1])]
        let arguments = try XCTUnwrap(StatementArguments(array))
        XCTAssertEqual(arguments, ["Arthur", 1000, nil, Data([1])])
        XCTAssertEqual(StatementArguments([] as [Any]), [])
        XCTAssertNil(StatementArguments(["Arthur", [1, 2]] as [Any]))
        XCTAssertNil(StatementArguments([NSObject()] as [Any]))
    }

    func testInitFromDictionaryOfAny() throws {
        let dictionary: [AnyHashable: Any] = ["name": "Arthur", "score": 1000]
        let arguments = try XCTUnwrap(StatementArguments(dictionary))
        XCTAssertEqual(arguments, ["name": "Arthur", "score": 1000])
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT :name || :score", arguments: arguments), "Arthur1000")
        }
        // Keys must be strings, values convertible.
        XCTAssertNil(StatementArguments([1: "Arthur"] as [AnyHashable: Any]))
        XCTAssertNil(StatementArguments(["name": [1, 2]] as [AnyHashable: Any]))
    }

    func testAppendReturnsReplacedNamedValues() throws {
        var arguments: StatementArguments = ["foo": 1, "bar": 2]
        let replacedValues = arguments.append(contentsOf: ["foo": 3, "baz": 4])
        XCTAssertEqual(arguments, ["foo": 3, "bar": 2, "baz": 4])
        XCTAssertEqual(replacedValues, ["foo": 1.databaseValue])
    }

    func testAppendConcatenatesPositionalValues() throws {
        var arguments: StatementArguments = [1]
        let replacedValues = arguments.append(contentsOf: [2, 3])
        XCTAssertEqual(arguments, [1, 2, 3])
        XCTAssertEqual(replacedValues, [:])

        var mixed: StatementArguments = ["foo": 1]
        XCTAssertEqual(mixed.append(contentsOf: [2, 3]), [:])
        XCTAssertEqual(mixed.description, #"["foo": 1, 2, 3]"#)
    }
}
