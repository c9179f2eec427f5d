import Folio
import XCTest

// The samples of the section "Writing Many Records at Once" of
// Documentation/Records.md, copied from the guide, each line run on its
// own data.

extension RecordsGuide {
    enum BulkWrites {
        struct Player: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
            var id: Int64?
            var name: String
            var score: Int = 0

            init(id: Int64? = nil, name: String) {
                self.id = id
                self.name = name
            }

            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
            }
        }

        struct Country: Codable, PersistableRecord {
            var code: String
            var name: String
        }

        static func fresh() -> [Player] {
            [Player(name: "Arthur"), Player(name: "Barbara")]
        }
    }
}

final class RecordsGuideBulkWritesTests: FolioTestCase {
    typealias Player = RecordsGuide.BulkWrites.Player
    typealias Country = RecordsGuide.BulkWrites.Country

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique()
                t.column("score", .integer).notNull()
            }
            try RecordsGuide.createCountryTable(db)
        }
        return dbQueue
    }

    func testWritingManyRecordsAtOnce() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var players = [Player(name: "Arthur"), Player(name: "Barbara")]
            clearSQLQueries()
            // INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?), (?,?,?) RETURNING "rowid"
            try players.insertAll(db)                          // ids set in place
            XCTAssertEqual(sqlQueries.last, #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?), (?,?,?) RETURNING "rowid""#)
            XCTAssertEqual(players.map(\.id), [1, 2])

            players = [Player(name: "Arthur"), Player(name: "Craig")]
            try players.insertAll(db, onConflict: .ignore)     // ignored records keep a nil id
            // AUTOINCREMENT: the ignored row burnt the id 3, as with `insert`.
            XCTAssertEqual(players.map(\.id), [nil, 4])

            players = [Player(name: "Dan"), Player(name: "Eve")]
            let saved: [Player] = try players.insertAllAndFetch(db)       // RETURNING *, in input order
            XCTAssertEqual(saved.map(\.id), [5, 6])
            XCTAssertEqual(saved.map(\.name), ["Dan", "Eve"])

            players = [Player(id: 1, name: "Arthur"), Player(name: "Fay")]
            players[0].score = 10
            try players.upsertAll(db)                          // INSERT … ON CONFLICT DO UPDATE
            XCTAssertEqual(players.map(\.id), [1, 7])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 10)

            players = [Player(id: 2, name: "Barbara"), Player(name: "Gus")]
            let merged: [Player] = try players.upsertAllAndFetch(db)
            XCTAssertEqual(merged.map(\.id), [2, 8])

            let countries = [Country(code: "FR", name: "France"), Country(code: "DE", name: "Germany")]
            try countries.insertAll(db)                        // PersistableRecord: the collection may be a `let`
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM country"), 2)
        }
    }

    func testConstraintErrorOfTheGuide() throws {
        let dbQueue = try makeDatabase()
        XCTAssertThrowsError(try dbQueue.write { db in
            var players = RecordsGuide.BulkWrites.fresh()
            try players.insertAll(db)
            var again = [Player(name: "Craig"), Player(name: "Arthur")]
            try again.insertAll(db)
        }) { error in
            let error = error as! DatabaseError
            XCTAssertEqual(error.message, "record 2 of 2: UNIQUE constraint failed: player.name")
            XCTAssertEqual(error.sql, #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#)
        }
        // Inside `write`, all or nothing.
        try dbQueue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
        }
    }
}
