import Folio
import XCTest

/// `ColumnInfo(row:)` and `ColumnInfo` as a fetchable record, and the
/// JSON column types.
final class ColumnInfoTests: FolioTestCase {
    func testColumnInfoFromTableInfoRows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL DEFAULT 'Anonymous',
                    score,
                    bonus INTEGER GENERATED ALWAYS AS (score * 2))
                """)
            let infoColumns = try Row.fetchAll(db, sql: "PRAGMA table_info(player)").map(ColumnInfo.init(row:))
            XCTAssertEqual(infoColumns.map(\.name), ["id", "name", "score"])
            XCTAssertEqual(infoColumns.map(\.type), ["INTEGER", "TEXT", ""])
            XCTAssertEqual(infoColumns.map(\.isNotNull), [false, true, false])
            XCTAssertEqual(infoColumns.map(\.defaultValueSQL), [nil, "'Anonymous'", nil])
            XCTAssertEqual(infoColumns.map(\.primaryKeyIndex), [1, 0, 0])
            XCTAssertEqual(infoColumns.map(\.isGenerated), [false, false, false])

            let xinfoColumns = try ColumnInfo.fetchAll(db, sql: "PRAGMA table_xinfo(player)")
            XCTAssertEqual(xinfoColumns.map(\.name), ["id", "name", "score", "bonus"])
            XCTAssertEqual(xinfoColumns.map(\.isGenerated), [false, false, false, true])
            XCTAssertEqual(xinfoColumns, try db.columns(in: "player"))
        }
    }

    func testColumnInfoFromIncompleteRow() {
        let column = ColumnInfo(row: ["name": "a", "notnull": "yes"])
        XCTAssertEqual(column.name, "a")
        XCTAssertEqual(column.type, "")
        XCTAssertFalse(column.isNotNull)
        XCTAssertNil(column.defaultValueSQL)
        XCTAssertEqual(column.primaryKeyIndex, 0)
        XCTAssertFalse(column.isGenerated)
        XCTAssertNil(column.columnType)
    }

    func testJSONColumnTypes() throws {
        XCTAssertEqual(Database.ColumnType.jsonText.rawValue, "TEXT")
        XCTAssertEqual(Database.ColumnType.jsonb.rawValue, "BLOB")
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.column("info", .jsonText)
                t.column("binaryInfo", .jsonb)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("info" TEXT, "binaryInfo" BLOB)"#)
            XCTAssertEqual(try db.columns(in: "player").map(\.columnType), [.jsonText, .jsonb])
            try db.execute(sql: #"INSERT INTO player (info) VALUES ('{"a":1}')"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT info ->> 'a' FROM player"), 1)
        }
    }
}
