import Folio
import Foundation
import XCTest

private struct Player: Decodable, FetchableRecord, Hashable {
    var id: Int64
    var name: String
}

/// A value type that is not `StatementColumnConvertible`: fetched through
/// `DatabaseValueCursor`.
private struct Name: DatabaseValueConvertible, Hashable {
    var rawValue: String
    var databaseValue: DatabaseValue { rawValue.databaseValue }
    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Name? {
        String.fromDatabaseValue(dbValue).map(Name.init(rawValue:))
    }
}

/// `Table<RowDecoder>` fetches `RowDecoder` values: records, values, and
/// values read straight from statements.
final class TableFetchingTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO player VALUES (1, 'Arthur'), (2, 'Barbara'), (3, 'Arthur');
                CREATE TABLE tag (label TEXT NOT NULL, rank INTEGER);
                INSERT INTO tag VALUES ('red', 1), ('blue', 2), ('red', 3);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testTableOfRecordsFetchesRecords() throws {
        try makeDatabase().read { db in
            let players = Table<Player>("player")
            let all: [Player] = try players.fetchAll(db)
            XCTAssertEqual(all.map(\.name), ["Arthur", "Barbara", "Arthur"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player""#)

            let first: Player? = try players.fetchOne(db)
            XCTAssertEqual(first, Player(id: 1, name: "Arthur"))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" LIMIT 1"#)

            let set: Set<Player> = try players.fetchSet(db)
            XCTAssertEqual(set.count, 3)

            let cursor: RecordCursor<Player> = try players.fetchCursor(db)
            XCTAssertEqual(try cursor.next()?.id, 1)
            XCTAssertEqual(try cursor.next()?.id, 2)
        }
    }

    func testTableOfValuesFetchesValues() throws {
        try makeDatabase().read { db in
            // Values read straight from the statement.
            let names = Table<String>("player")
            let all: [String] = try names.select(Column("name")).fetchAll(db)
            XCTAssertEqual(all, ["Arthur", "Barbara", "Arthur"])
            // A Table<String> without selection fetches the leftmost column.
            let labels = Table<String>("tag")
            XCTAssertEqual(try labels.fetchAll(db), ["red", "blue", "red"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "tag""#)
            XCTAssertEqual(try labels.fetchOne(db), "red")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "tag" LIMIT 1"#)
            XCTAssertEqual(try labels.fetchSet(db), ["red", "blue"])
            XCTAssertEqual(try Table<Int64>("player").fetchSet(db), [1, 2, 3])
            let fastCursor: FastDatabaseValueCursor<Int64> = try Table<Int64>("player").fetchCursor(db)
            XCTAssertEqual(try fastCursor.next(), 1)

            // Values decoded from database values.
            let customNames = Table<Name>("tag")
            let decoded: [Name] = try customNames.fetchAll(db)
            XCTAssertEqual(decoded.map(\.rawValue), ["red", "blue", "red"])
            let cursor: DatabaseValueCursor<Name> = try customNames.fetchCursor(db)
            XCTAssertEqual(try cursor.next()?.rawValue, "red")
            XCTAssertEqual(try customNames.fetchOne(db)?.rawValue, "red")
            XCTAssertEqual(try Table("player").select(Column("name"), as: Name.self).fetchSet(db).count, 2)
            XCTAssertEqual(try customNames.fetchSet(db).count, 2)
        }
    }

    func testTableFetchErrors() throws {
        try makeDatabase().write { db in
            XCTAssertThrowsError(try Table<Player>("missing").fetchAll(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertTrue(error.message?.contains("no such table: missing") == true, "\(error)")
            }
            // A NULL value can not be decoded as a non-optional Int64.
            try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (NULL)")
            XCTAssertThrowsError(try Table<Int64>("t").fetchAll(db)) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
            XCTAssertThrowsError(try Table<UUID>("player").fetchOne(db)) { error in
                XCTAssertTrue("\(error)".contains("could not decode UUID from database value 1"), "\(error)")
            }
        }
    }
}
