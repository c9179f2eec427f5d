import Folio
import XCTest

final class PersistenceContainerCollectionTests: FolioTestCase {
    struct Player: Codable, PersistableRecord {
        var id: Int64
        var name: String
        var score: Int?
    }

    func testEmptyContainer() {
        let container = PersistenceContainer()
        XCTAssertEqual(container.startIndex, 0)
        XCTAssertEqual(container.endIndex, 0)
        XCTAssertEqual(container.count, 0)
        XCTAssertTrue(container.isEmpty)
        XCTAssertNil(container.first)
    }

    func testIterationInColumnOrder() {
        var container = PersistenceContainer()
        container["id"] = 1
        container["name"] = "Arthur"
        container["email"] = nil
        container["NAME"] = "Barbara" // replaces the value of "name"
        XCTAssertEqual(container.count, 3)
        XCTAssertEqual(container.endIndex, 3)
        XCTAssertEqual(container.map(\.0), ["id", "name", "email"])
        XCTAssertEqual(container.map(\.1), [1.databaseValue, "Barbara".databaseValue, .null])
        let (column, value) = container[1]
        XCTAssertEqual(column, "name")
        XCTAssertEqual(value, "Barbara".databaseValue)
        XCTAssertEqual(container.last?.0, "email")
        XCTAssertEqual(container.reversed().map(\.0), ["email", "name", "id"])
    }

    func testEncodedRecord() throws {
        let player = Player(id: 1, name: "Arthur", score: nil)
        var container = PersistenceContainer()
        try player.encode(to: &container)
        var columns: [String] = []
        var values: [DatabaseValue] = []
        for (column, value) in container {
            columns.append(column)
            values.append(value)
        }
        XCTAssertEqual(columns, ["id", "name", "score"])
        XCTAssertEqual(values, [1.databaseValue, "Arthur".databaseValue, .null])
    }
}
