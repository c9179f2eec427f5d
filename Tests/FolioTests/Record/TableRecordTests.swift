import Folio
import XCTest

private struct Place: TableRecord { }
private struct PostalAddress: TableRecord { }
private struct HTTPRequest: TableRecord { }
private struct TOEFL: TableRecord { }
private struct Box<T>: TableRecord { }
private enum Namespace {
    struct Inner: TableRecord { }
}
private struct Custom: TableRecord {
    static let databaseTableName = "customs"
}

private struct Player: Decodable, FetchableRecord, TableRecord {
    var id: Int64
    var fullName: String

    enum Columns: String, ColumnExpression {
        case id, fullName
    }
    static let fullNameColumn = Column(CodingKeys.fullName)
}

final class TableRecordTests: FolioTestCase {
    func testDefaultTableNameIsTheTypeNameWithALowercasedFirstWord() {
        XCTAssertEqual(Place.databaseTableName, "place")
        XCTAssertEqual(PostalAddress.databaseTableName, "postalAddress")
        XCTAssertEqual(HTTPRequest.databaseTableName, "httpRequest")
        XCTAssertEqual(TOEFL.databaseTableName, "toefl")
        XCTAssertEqual(Box<Int>.databaseTableName, "box")
        XCTAssertEqual(Namespace.Inner.databaseTableName, "inner")
        XCTAssertEqual(Custom.databaseTableName, "customs")
    }

    func testDefaultSelectionIsAllColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, fullName TEXT NOT NULL)")
            XCTAssertEqual(try Player.all().makePreparedRequest(db).statement.sql, #"SELECT * FROM "player""#)
        }
    }

    func testColumnsEnumAndCodingKeyColumnsReadRows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, fullName TEXT NOT NULL); INSERT INTO player VALUES (1, 'Arthur')")
            let row = try Row.fetchOne(db, sql: "SELECT * FROM player")!
            XCTAssertEqual(row[Player.Columns.fullName] as String, "Arthur")
            XCTAssertEqual(row[Player.fullNameColumn] as String, "Arthur")
            XCTAssertEqual(try Player.filter(Player.Columns.fullName == "Arthur").fetchOne(db)?.id, 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "fullName" = ? LIMIT 1"#)
            XCTAssertEqual(try Player.filter(Player.fullNameColumn != "Arthur").fetchCount(db), 0)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player" WHERE "fullName" <> ?"#)
        }
    }
}
