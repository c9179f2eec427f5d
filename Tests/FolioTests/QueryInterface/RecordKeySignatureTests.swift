import Folio
import XCTest

private struct Player: Codable, FetchableRecord, PersistableRecord, Hashable {
    var id: Int64
    var email: String?
    var name: String
}

private struct Pair: Decodable, FetchableRecord, TableRecord, Hashable {
    var a: Int
    var b: Int
}

/// The key methods of record types with GRDB 7's signatures
/// (`key: some DatabaseValueConvertible`, `keys: some Collection`), called
/// with literals as GRDB code calls them, and the `fetchSet` methods.
final class RecordKeySignatureTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT NOT NULL);
                INSERT INTO player VALUES (1, 'a@b', 'Arthur'), (2, 'b@c', 'Barbara'), (3, NULL, 'Craig');
                CREATE TABLE pair (a INTEGER NOT NULL UNIQUE, b INTEGER NOT NULL);
                INSERT INTO pair VALUES (1, 10), (2, 20);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testLiteralKeys() throws {
        try makeDatabase().write { db in
            XCTAssertEqual(try Player.fetchOne(db, key: 1)?.name, "Arthur")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Player.fetchAll(db, keys: [1, 2]).map(\.name).sorted(), ["Arthur", "Barbara"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?)"#)
            XCTAssertEqual(try Pair.fetchAll(db, keys: [["a": 1]]), [Pair(a: 1, b: 10)])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "pair" WHERE "a" = ?"#)
            XCTAssertEqual(try Player.fetchCursor(db, keys: [3]).next()?.name, "Craig")
            XCTAssertEqual(try Player.fetchOne(db, key: ["email": "b@c"])?.name, "Barbara")
            XCTAssertNil(try Player.fetchOne(db, key: nil))
            XCTAssertEqual(try Player.filter(key: 2).fetchOne(db)?.name, "Barbara")
            XCTAssertEqual(try Player.filter(keys: [1, 3]).fetchCount(db), 2)
            XCTAssertEqual(try Player.all().filter(keys: [1, 3]).fetchCount(db), 2)
            XCTAssertEqual(try Player.all().filter(key: 3).fetchCount(db), 1)
            XCTAssertTrue(try Player.exists(db, key: 1))

            XCTAssertTrue(try Player.deleteOne(db, key: ["email": "a@b"]))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "email" = ?"#)
            XCTAssertTrue(try Player.deleteOne(db, key: 2))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Player.deleteAll(db, keys: [3, 4]), 1)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" IN (?, ?)"#)
            XCTAssertEqual(try Pair.deleteAll(db, keys: [["a": 2]]), 1)
            XCTAssertEqual(try Player.fetchCount(db), 0)
        }
    }

    func testNullKeysRunNoSQL() throws {
        try makeDatabase().write { db in
            let missing: Int64? = nil
            clearSQLQueries()
            XCTAssertNil(try Player.fetchOne(db, key: missing))
            XCTAssertFalse(try Player.deleteOne(db, key: missing))
            XCTAssertEqual(try Player.fetchAll(db, keys: [Int64]()), [])
            XCTAssertEqual(try Player.fetchSet(db, keys: Set<Int64>()), [])
            XCTAssertEqual(try Player.deleteAll(db, keys: [Int64]()), 0)
            XCTAssertEqual(sqlQueries, [])
            // Present optionals are keys.
            XCTAssertEqual(try Player.fetchOne(db, key: Int64?.some(1))?.name, "Arthur")
        }
    }

    func testKeyErrors() throws {
        try makeDatabase().read { db in
            XCTAssertThrowsError(try Pair.fetchOne(db, key: ["b": 10])) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertTrue(error.message?.contains("table pair has no unique key on column(s) b") == true, "\(error)")
            }
            // Pair has no explicit primary key: keys are rowids.
            XCTAssertEqual(try Pair.fetchOne(db, key: 2), Pair(a: 2, b: 20))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "pair" WHERE "rowid" = ?"#)
        }
    }

    func testFetchSet() throws {
        try makeDatabase().read { db in
            XCTAssertEqual(try Player.fetchSet(db).count, 3)
            XCTAssertEqual(try Player.fetchSet(db, keys: [1, 1, 2]).map(\.id).sorted(), [1, 2])
            XCTAssertEqual(try Pair.fetchSet(db, keys: [["a": 1], ["a": 2]]).count, 2)
            XCTAssertEqual(try Player.fetchSet(db, Player.filter(Column("id") > 1)).count, 2)
            XCTAssertEqual(try Player.fetchSet(db, sql: "SELECT * FROM player").count, 3)

            XCTAssertEqual(try String.fetchSet(db, Player.select(Column("name"))), ["Arthur", "Barbara", "Craig"])
            XCTAssertEqual(try Int.fetchSet(db, SQLRequest<Int>(sql: "SELECT a FROM pair")), [1, 2])

            // FetchRequest.fetchSet of rows.
            let rows: Set<Row> = try Player.select(Column("name")).asRequest(of: Row.self).fetchSet(db)
            XCTAssertEqual(rows, [["name": "Arthur"], ["name": "Barbara"], ["name": "Craig"]])
            let rows2: Set<Row> = try SQLRequest<Row>(sql: "SELECT 1 AS x UNION ALL SELECT 1").fetchSet(db)
            XCTAssertEqual(rows2, [["x": 1]])
        }
    }
}
