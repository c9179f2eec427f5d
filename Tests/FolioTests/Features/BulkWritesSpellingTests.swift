import Folio
import XCTest

/// Issue 27 (bulk writes with ids back), called with the exact spellings the
/// issue gives, as code outside the project calls them: `import Folio` only.
final class BulkWritesSpellingTests: FolioTestCase {
    struct Player: Codable, MutablePersistableRecord, FetchableRecord, Equatable {
        var id: Int64?
        var name: String
        var score: Int = 0

        nonisolated(unsafe) static var insertedNames: [String] = []

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
            Player.insertedNames.append(name)
        }
    }

    struct PartialPlayer: Encodable, MutablePersistableRecord {
        static let databaseTableName = "player"
        var name: String
    }

    struct Country: Codable, PersistableRecord, FetchableRecord, Equatable {
        var code: String
        var name: String
    }

    struct Failing: Encodable, MutablePersistableRecord {
        static let databaseTableName = "player"
        var name: String
        func willInsert(_ db: Database) throws {
            if name == "Bad" { throw DatabaseError(message: "willInsert refused \(name)") }
        }
    }

    struct IgnoringPlayer: Encodable, MutablePersistableRecord {
        static let databaseTableName = "player"
        static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .ignore, update: .abort)
        var id: Int64?
        var name: String
        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL);
                """)
        }
        Player.insertedNames = []
        return dbQueue
    }

    func testInsertAllSetsIdsInPlaceAndCallsDidInsertInOrder() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            // Shuffled rowids: the next rowid is not the count of rows.
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (100, 'Zoe')")
            var players = [Player(name: "Arthur"), Player(name: "Barbara")]   // MutablePersistableRecord
            clearSQLQueries()
            try players.insertAll(db)                          // ids set in place; didInsert called per record, in order
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("INSERT") }.count, 1, "one statement: \(sqlQueries)")
            XCTAssertEqual(Player.insertedNames, ["Arthur", "Barbara"])
            XCTAssertEqual(players.map(\.id), [101, 102])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM player WHERE id = 102"), "Barbara")
        }
    }

    func testInsertAllOnConflictIgnoreKeepsNilIds() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
            var players = [Player(name: "Arthur"), Player(name: "Barbara"), Player(name: "Craig")]
            try players.insertAll(db, onConflict: .ignore)     // ignored rows keep a nil id
            XCTAssertNotNil(players[0].id)
            XCTAssertNil(players[1].id)
            XCTAssertNotNil(players[2].id)
            XCTAssertEqual(Player.insertedNames, ["Arthur", "Craig"])
            XCTAssertEqual(try Player.fetchCount(db), 3)
        }
    }

    func testPersistenceConflictPolicyAppliesAsForInsert() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
            var players = [IgnoringPlayer(name: "Arthur"), IgnoringPlayer(name: "Barbara")]
            try players.insertAll(db)
            XCTAssertNotNil(players[0].id)
            XCTAssertNil(players[1].id)
        }
    }

    func testInsertAllAndFetchReturnsRowsInInputOrder() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (5, 'Zoe')")
            // A set id before a nil one: the returned rows are matched by key.
            let players = [Player(id: 2, name: "Arthur", score: 10), Player(name: "Barbara"), Player(id: 1, name: "Craig")]
            let saved: [Player] = try players.insertAllAndFetch(db)        // RETURNING *, in input order
            XCTAssertEqual(saved, [
                Player(id: 2, name: "Arthur", score: 10),
                Player(id: 6, name: "Barbara"),
                Player(id: 1, name: "Craig"),
            ])
            // The collection is not modified.
            XCTAssertNil(players[1].id)
        }
    }

    func testInsertAllAndFetchAsAndSelection() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var partial = [PartialPlayer(name: "Arthur"), PartialPlayer(name: "Barbara")]
            let players = try partial.insertAllAndFetch(db, as: Player.self)
            XCTAssertEqual(players, [Player(id: 1, name: "Arthur"), Player(id: 2, name: "Barbara")])

            var more = [PartialPlayer(name: "Craig"), PartialPlayer(name: "Dan")]
            let names = try more.insertAllAndFetch(db, selection: [Column("name"), Column("id")]) { row in
                "\(row[1] as Int64):\(row[0] as String)"
            }
            XCTAssertEqual(names, ["3:Craig", "4:Dan"])

            var ignored = [PartialPlayer(name: "Craig"), PartialPlayer(name: "Eve")]
            let fetched = try ignored.insertAllAndFetch(db, onConflict: .ignore, as: Player.self)
            XCTAssertEqual(fetched.map(\.name), ["Eve"])
        }
    }

    func testUpsertAllSetsIdsIncludingMergedRows() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (7, 'Barbara', 1), (8, 'Craig', 2)")
            var players = [Player(name: "Arthur", score: 10), Player(name: "Barbara", score: 20), Player(id: 8, name: "Craig", score: 30)]
            try players.upsertAll(db)                          // INSERT … ON CONFLICT DO UPDATE, ids set
            XCTAssertEqual(players.map(\.id), [9, 7, 8])
            XCTAssertEqual(
                try Row.fetchAll(db, sql: "SELECT id, name, score FROM player ORDER BY id"),
                [["id": 7, "name": "Barbara", "score": 20], ["id": 8, "name": "Craig", "score": 30], ["id": 9, "name": "Arthur", "score": 10]])
        }
    }

    func testUpsertAllAndFetch() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 1)")
            let players = [Player(id: 1, name: "Arthur", score: 100), Player(name: "Barbara", score: 5)]
            let merged: [Player] = try players.upsertAllAndFetch(db)
            XCTAssertEqual(merged, [Player(id: 1, name: "Arthur", score: 100), Player(id: 2, name: "Barbara", score: 5)])
            var partial = [PartialPlayer(name: "Barbara")]
            XCTAssertEqual(try partial.upsertAllAndFetch(db, as: Player.self), [Player(id: 2, name: "Barbara", score: 5)])
        }
    }

    func testPersistableRecordNonMutatingVariants() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let immutableRecords = [Country(code: "FR", name: "France"), Country(code: "DE", name: "Germany")]
            try immutableRecords.insertAll(db)                 // PersistableRecord: a non-mutating variant
            try immutableRecords.insertAll(db, onConflict: .ignore)
            let renamed = [Country(code: "FR", name: "République française")]
            try renamed.upsertAll(db)
            XCTAssertEqual(try Country.order(Column("code")).fetchAll(db), [
                Country(code: "DE", name: "Germany"), Country(code: "FR", name: "République française"),
            ])
            let codes = try [Country(code: "IT", name: "Italy")].insertAllAndFetch(db, as: Country.self)
            XCTAssertEqual(codes, [Country(code: "IT", name: "Italy")])
        }
    }

    func testAnyCollectionAndMutableCollection() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var players = [Player(name: "Arthur"), Player(name: "Barbara"), Player(name: "Craig")]
            try players[1...].insertAll(db)                    // an ArraySlice, in place
            XCTAssertEqual(players.map(\.id), [nil, 1, 2])
            var contiguous: ContiguousArray = [Player(name: "Dan")]
            try contiguous.insertAll(db)
            XCTAssertEqual(contiguous[0].id, 3)
            let set: Set = ["Eve", "Fay"]
            let saved = try set.map { Player(name: $0) }.insertAllAndFetch(db)
            XCTAssertEqual(Set(saved.map(\.name)), set)
        }
    }

    func testSequenceForms() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            // Sequences whose count is not known up front.
            try (1...3).lazy.map { Country(code: "C\($0)", name: "Country \($0)") }.insertAll(db)
            try AnySequence([Country(code: "C1", name: "Renamed")]).upsertAll(db)
            XCTAssertEqual(try Country.order(Column("code")).fetchAll(db).map(\.name), ["Renamed", "Country 2", "Country 3"])
            let saved = try sequence(first: 1, next: { $0 < 3 ? $0 + 1 : nil })
                .lazy.map { Player(name: "P\($0)") }
                .insertAllAndFetch(db)
            XCTAssertEqual(saved.map(\.id), [1, 2, 3])
            let merged = try AnySequence([Player(name: "P2", score: 9)]).upsertAllAndFetch(db)
            XCTAssertEqual(merged, [Player(id: 2, name: "P2", score: 9)])
        }
    }

    func testEmptyCollectionRunsNothing() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var players: [Player] = []
            clearSQLQueries()
            try players.insertAll(db)
            try players.upsertAll(db)
            XCTAssertEqual(try players.insertAllAndFetch(db), [])
            XCTAssertEqual(try players.upsertAllAndFetch(db), [])
            XCTAssertEqual(sqlQueries, [])
        }
    }

    func testConstraintErrorNamesTheRecordAndNothingRemains() throws {
        let dbQueue = try makeDatabase()
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Keep')")
            var players = (1...10).map { Player(name: $0 == 3 ? "Keep" : "P\($0)") }
            try players.insertAll(db)
        }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
            XCTAssertTrue(error.message?.hasPrefix("record 3 of 10") == true, error.message ?? "")
            XCTAssertTrue(error.sql?.hasPrefix("INSERT INTO \"player\"") == true, error.sql ?? "")
        }
        // Inside `write`, all or nothing.
        XCTAssertEqual(try dbQueue.read { try Player.fetchCount($0) }, 0)
    }

    func testThrowingCallbackStopsTheBatchBeforeTheStatement() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var records = [Failing(name: "Good"), Failing(name: "Bad")]
            clearSQLQueries()
            XCTAssertThrowsError(try records.insertAll(db))
            XCTAssertFalse(sqlQueries.contains { $0.hasPrefix("INSERT") }, "\(sqlQueries)")
            XCTAssertEqual(try Player.fetchCount(db), 0)
        }
    }

    @MainActor
    func testOneObservedValuePerTransaction() throws {
        let dbQueue = try makeDatabase()
        let expectation = expectation(description: "values")
        expectation.expectedFulfillmentCount = 2
        nonisolated(unsafe) var counts: [Int] = []
        let cancellable = ValueObservation.tracking { try Player.fetchCount($0) }.start(
            in: dbQueue, scheduling: .immediate,
            onError: { XCTFail("\($0)") },
            onChange: { counts.append($0); expectation.fulfill() })
        try dbQueue.write { db in
            var players = (1...50).map { Player(name: "P\($0)") }
            try players.insertAll(db)
        }
        wait(for: [expectation], timeout: 5)
        cancellable.cancel()
        XCTAssertEqual(counts, [0, 50])
    }
}
