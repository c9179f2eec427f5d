import Folio
import XCTest

final class PersistenceContainerTests: FolioTestCase {
    enum Columns: String, ColumnExpression {
        case name, score
    }

    struct HandWritten: EncodableRecord {
        var id: Int64?
        var name: String
        var score: Int

        func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container[Columns.name] = name
            container[Column("score")] = score
        }
    }

    func testColumnsKeepTheOrderOfTheirFirstAssignment() {
        var container = PersistenceContainer()
        XCTAssertTrue(container.isEmpty)
        container["b"] = 1
        container["a"] = 2
        container["c"] = 3
        container["b"] = 4
        XCTAssertEqual(container.columns, ["b", "a", "c"])
        XCTAssertFalse(container.isEmpty)
        XCTAssertEqual(container["b"]?.databaseValue, 4.databaseValue)
    }

    func testColumnLookUpIsCaseInsensitive() {
        var container = PersistenceContainer()
        container["name"] = "Arthur"
        XCTAssertEqual(container["NAME"]?.databaseValue, "Arthur".databaseValue)
        container["Name"] = "Barbara"
        XCTAssertEqual(container.columns, ["name"])
        XCTAssertEqual(container["name"]?.databaseValue, "Barbara".databaseValue)
        XCTAssertNil(container["missing"])
    }

    func testNilStoresNull() {
        var container = PersistenceContainer()
        container["email"] = nil
        XCTAssertEqual(container.columns, ["email"])
        XCTAssertEqual(container["email"]?.databaseValue, .null)
    }

    func testColumnExpressionSubscript() {
        var container = PersistenceContainer()
        container[Columns.score] = 10
        container[Column("name")] = "Arthur"
        XCTAssertEqual(container[Column("score")]?.databaseValue, 10.databaseValue)
        XCTAssertEqual(container[Columns.name]?.databaseValue, "Arthur".databaseValue)
        XCTAssertEqual(container.columns, ["score", "name"])
    }

    func testValuesReadBackAsTheirDatabaseRepresentation() {
        var container = PersistenceContainer()
        container["flag"] = true
        // A Bool is stored as an integer: the value read back is the
        // database value, not the Bool.
        XCTAssertEqual(container["flag"]?.databaseValue, DatabaseValue(storage: .int64(1)))
    }

    func testDatabaseDictionary() throws {
        let record = HandWritten(id: 1, name: "Arthur", score: 100)
        XCTAssertEqual(try record.databaseDictionary, ["id": 1.databaseValue, "name": "Arthur".databaseValue, "score": 100.databaseValue])
        let newRecord = HandWritten(id: nil, name: "Arthur", score: 100)
        XCTAssertEqual(try newRecord.databaseDictionary["id"], .null)
    }

    func testDatabaseEquals() {
        let record = HandWritten(id: 1, name: "Arthur", score: 100)
        XCTAssertTrue(record.databaseEquals(record))
        XCTAssertTrue(record.databaseEquals(HandWritten(id: 1, name: "Arthur", score: 100)))
        XCTAssertFalse(record.databaseEquals(HandWritten(id: 1, name: "Arthur", score: 101)))
        XCTAssertFalse(record.databaseEquals(HandWritten(id: nil, name: "Arthur", score: 100)))
    }

    func testDatabaseChangesReportsOldValues() throws {
        let oldPlayer = HandWritten(id: 1, name: "Arthur", score: 100)
        let newPlayer = HandWritten(id: 1, name: "Arthur", score: 1000)
        XCTAssertEqual(try newPlayer.databaseChanges(from: oldPlayer), ["score": 100.databaseValue])
        XCTAssertEqual(try newPlayer.databaseChanges(from: newPlayer), [:])
    }

    func testDatabaseChangesTreatsEqualNumbersAsUnchanged() throws {
        struct IntegerScore: EncodableRecord {
            func encode(to container: inout PersistenceContainer) { container["score"] = 1 }
        }
        struct DoubleScore: EncodableRecord {
            func encode(to container: inout PersistenceContainer) { container["score"] = 1.0 }
        }
        // As in SQLite, 1 and 1.0 are the same value.
        XCTAssertEqual(try DoubleScore().databaseChanges(from: IntegerScore()), [:])
    }

    func testDatabaseChangesReportsMissingColumnsAsNull() throws {
        struct Empty: EncodableRecord {
            func encode(to container: inout PersistenceContainer) { }
        }
        let record = HandWritten(id: 1, name: "Arthur", score: 100)
        XCTAssertEqual(try record.databaseChanges(from: Empty()), ["id": .null, "name": .null, "score": .null])
    }
}
