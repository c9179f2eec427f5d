import CSQLite
import Folio
import XCTest

/// `insertAll`, `upsertAll` and their `…AndFetch` variants (issue 27).
final class BulkInsertionTests: FolioTestCase {
    struct Player: Codable, MutablePersistableRecord, FetchableRecord, Equatable {
        var id: Int64?
        var name: String
        var score: Int?

        init(id: Int64? = nil, name: String, score: Int? = nil) {
            self.id = id
            self.name = name
            self.score = score
        }

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }

    private func createPlayers(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE player (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                score INTEGER DEFAULT 42)
            """)
    }

    /// The INSERT statements recorded so far.
    private var insertQueries: [String] { sqlQueries.filter { $0.hasPrefix("INSERT") } }

    /// Each record's id names the row that holds its name.
    private func assertIDsMatchRows(_ players: [Player], _ db: Database, file: StaticString = #filePath, line: UInt = #line) throws {
        for player in players {
            let id = try XCTUnwrap(player.id, file: file, line: line)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM player WHERE id = ?", arguments: [id]), player.name, file: file, line: line)
        }
    }

    func testInsertAllSetsIDsInPlaceWithOneStatement() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
            try db.execute(sql: "INSERT INTO player VALUES (10, 'Zoe', 0)")
            var players = [Player(name: "Arthur", score: 1), Player(name: "Barbara", score: 2), Player(name: "Craig", score: 3)]
            clearSQLQueries()
            try players.insertAll(db)
            XCTAssertEqual(insertQueries, [#"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?), (?,?,?), (?,?,?) RETURNING "rowid""#])
            XCTAssertEqual(players.map(\.id), [11, 12, 13])
            try assertIDsMatchRows(players, db)
        }
    }

    func testNonContiguousMutableCollection() throws {
        // Dictionary.Values is a MutableCollection without contiguous
        // storage: the records are written back in place.
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            var players = ["a": Player(name: "Arthur"), "b": Player(name: "Barbara")]
            try players.values.insertAll(db)
            XCTAssertEqual(Set(players.values.compactMap(\.id)), [1, 2])
            try assertIDsMatchRows(Array(players.values), db)
        }
    }

    func testEmptyCollectionRunsNothing() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            var players: [Player] = []
            clearSQLQueries()
            try players.insertAll(db)
            try players.upsertAll(db)
            XCTAssertEqual(try players.insertAllAndFetch(db), [])
            XCTAssertEqual(sqlQueries, [])
        }
    }

    func testIDsMatchedByKeyUnderShuffledRowIDs() throws {
        // Known ids in shuffled order, next to nil ids: each record gets
        // the rowid of its own row, whatever the order of the returned rows.
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            var players = [
                Player(id: 50, name: "A"), Player(name: "B"), Player(id: 7, name: "C"),
                Player(name: "D"), Player(id: 1000, name: "E"), Player(id: 3, name: "F"), Player(name: "G"),
            ]
            try players.insertAll(db)
            XCTAssertEqual(players.map(\.id), [50, 51, 7, 52, 1000, 3, 1001])
            try assertIDsMatchRows(players, db)
        }
    }

    func testRowIDsOfTextPrimaryKeyMatchedByKey() throws {
        struct Country: Codable, PersistableRecord {
            var code: String
            var name: String
            nonisolated(unsafe) static var rowIDs: [String: Int64] = [:]
            func didInsert(_ inserted: InsertionSuccess) { Country.rowIDs[code] = inserted.rowID }
        }
        Country.rowIDs = [:]
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT)")
            try db.execute(sql: "INSERT INTO country (rowid, code, name) VALUES (100, 'XX', 'Nowhere')")
            let countries = ["FR", "DE", "IT", "ES"].shuffled().map { Country(code: $0, name: $0) }
            try countries.insertAll(db) // a `let`: the non-mutating variant
            XCTAssertEqual(Country.rowIDs.count, 4)
            for (code, rowID) in Country.rowIDs {
                XCTAssertEqual(try String.fetchOne(db, sql: "SELECT code FROM country WHERE rowid = ?", arguments: [rowID]), code)
            }
        }
    }

    func testWithoutRowIDCompositeKey() throws {
        struct Citizenship: Codable, PersistableRecord {
            var citizenID: Int
            var countryCode: String
            nonisolated(unsafe) static var inserted: [String] = []
            func didInsert(_ inserted: InsertionSuccess) { Citizenship.inserted.append(String(citizenID) + countryCode) }
        }
        Citizenship.inserted = []
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE citizenship (citizenID INTEGER, countryCode TEXT, PRIMARY KEY (citizenID, countryCode)) WITHOUT ROWID;
                INSERT INTO citizenship VALUES (1, 'FR');
                """)
            let records = [
                Citizenship(citizenID: 2, countryCode: "DE"), Citizenship(citizenID: 1, countryCode: "FR"),
                Citizenship(citizenID: 1, countryCode: "DE"),
            ]
            clearSQLQueries()
            try records.insertAll(db, onConflict: .ignore)
            XCTAssertTrue(insertQueries[0].hasPrefix(#"INSERT OR IGNORE INTO "citizenship" ("citizenID", "countryCode") VALUES (?,?), (?,?), (?,?) RETURNING"#), insertQueries[0])
            // The existing (1, FR) is ignored: no didInsert for it.
            XCTAssertEqual(Citizenship.inserted, ["2DE", "1DE"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM citizenship"), 3)
        }
    }

    func testChunksFollowTheConnectionVariableLimit() throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // 3 columns: 2 rows per statement.
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, 7)
        }
        let dbQueue = try makeDatabaseQueue(configuration: configuration)
        try dbQueue.write { db in
            try createPlayers(db)
            var players = (1...5).map { (n: Int) in Player(name: "P" + String(n), score: n) }
            clearSQLQueries()
            try players.insertAll(db)
            XCTAssertEqual(insertQueries, [
                #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?), (?,?,?) RETURNING "rowid""#,
                #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?), (?,?,?) RETURNING "rowid""#,
                #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) RETURNING "rowid""#,
            ])
            XCTAssertEqual(players.map(\.id), [1, 2, 3, 4, 5])
            try assertIDsMatchRows(players, db)
            // Lowered again, at run time: one row per statement.
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, 3)
            var more = [Player(name: "Q1"), Player(name: "Q2")]
            clearSQLQueries()
            try more.insertAll(db)
            XCTAssertEqual(insertQueries.count, 2)
            XCTAssertEqual(more.map(\.id), [6, 7])
        }
    }

    func testMixedColumnSetsKeepDidInsertOrder() throws {
        struct Item: MutablePersistableRecord {
            var id: Int64?
            var name: String
            var score: Int?
            nonisolated(unsafe) static var log: [String] = []
            static let databaseTableName = "player"
            func encode(to container: inout PersistenceContainer) {
                container["id"] = id
                container["name"] = name
                if let score { container["score"] = score } // skipped: the default applies
            }
            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
                Item.log.append(name)
            }
        }
        Item.log = []
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            var items = [
                Item(name: "A", score: 1), Item(name: "B"), Item(name: "C", score: 3), Item(name: "D"), Item(name: "E", score: 5),
            ]
            clearSQLQueries()
            try items.insertAll(db)
            XCTAssertEqual(insertQueries, [
                #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?), (?,?,?), (?,?,?) RETURNING "rowid""#,
                #"INSERT INTO "player" ("id", "name") VALUES (?,?), (?,?) RETURNING "rowid""#,
            ])
            XCTAssertEqual(Item.log, ["A", "B", "C", "D", "E"])
            for item in items {
                let row = try XCTUnwrap(try Row.fetchOne(db, sql: "SELECT name, score FROM player WHERE id = ?", arguments: [item.id]))
                XCTAssertEqual(row["name"] as String, item.name)
                XCTAssertEqual(row["score"] as Int, item.score ?? 42)
            }
        }
    }

    func testConflictPolicies() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 0)")

            // IGNORE: the ignored record keeps its nil id.
            var players = [Player(name: "Barbara"), Player(name: "Arthur"), Player(name: "Craig")]
            try players.insertAll(db, onConflict: .ignore)
            XCTAssertEqual(players.map(\.id), [2, nil, 3])
            try assertIDsMatchRows([players[0], players[2]], db)

            // REPLACE: every record is inserted.
            var replacing = [Player(name: "Arthur", score: 9), Player(name: "Dan")]
            try replacing.insertAll(db, onConflict: .replace)
            try assertIDsMatchRows(replacing, db)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE name = 'Arthur'"), 9)

            // ABORT (the default), FAIL and ROLLBACK throw a constraint error.
            for resolution: Database.ConflictResolution? in [nil, .abort, .fail] {
                var failing = [Player(name: "Eve"), Player(name: "Dan")]
                XCTAssertThrowsError(try failing.insertAll(db, onConflict: resolution)) { error in
                    XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
                }
                XCTAssertEqual(failing.map(\.id), [nil, nil])
                if resolution != .fail {
                    XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player WHERE name = 'Eve'"), 0)
                } else {
                    // FAIL keeps the rows that precede the failing one.
                    try db.execute(sql: "DELETE FROM player WHERE name = 'Eve'")
                }
            }
        }
        // ROLLBACK ends the transaction.
        XCTAssertThrowsError(try dbQueue.write { db in
            var failing = [Player(name: "Fay"), Player(name: "Dan")]
            try failing.insertAll(db, onConflict: .rollback)
        })
        try dbQueue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player WHERE name = 'Fay'"), 0)
        }
    }

    func testPersistenceConflictPolicyOfTheType() throws {
        struct IgnoringPlayer: Codable, MutablePersistableRecord {
            static let databaseTableName = "player"
            static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .ignore, update: .abort)
            var id: Int64?
            var name: String
            mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            var players = [IgnoringPlayer(name: "Arthur"), IgnoringPlayer(name: "Barbara")]
            clearSQLQueries()
            try players.insertAll(db)
            XCTAssertEqual(insertQueries.count, 2)
            XCTAssertTrue(insertQueries.allSatisfy { $0.hasPrefix("INSERT OR IGNORE") }, "\(sqlQueries)")
            XCTAssertEqual(players.map(\.id), [nil, 2])
        }
    }

    func testCallbacksPerRecordInOrder() throws {
        final class Log: @unchecked Sendable { var events: [String] = [] }
        struct Traced: Codable, MutablePersistableRecord {
            static let databaseTableName = "player"
            nonisolated(unsafe) static var log = Log()
            nonisolated(unsafe) static var failingName: String?
            var id: Int64?
            var name: String
            func willSave(_ db: Database) throws { Traced.log.events.append("willSave \(name)") }
            mutating func willInsert(_ db: Database) throws {
                if name == Traced.failingName { throw DatabaseError(message: "refused \(name)") }
                Traced.log.events.append("willInsert \(name)")
            }
            func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws {
                Traced.log.events.append("aroundSave \(name)")
                _ = try save()
            }
            func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
                let inserted = try insert()
                Traced.log.events.append("aroundInsert \(name) \(inserted.rowID)")
            }
            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
                Traced.log.events.append("didInsert \(name)")
            }
            func didSave(_ saved: PersistenceSuccess) { Traced.log.events.append("didSave \(name)") }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            var records = [Traced(name: "A"), Traced(name: "B")]
            try records.insertAll(db)
            XCTAssertEqual(Traced.log.events, [
                "willSave A", "willInsert A", "willSave B", "willInsert B",
                "aroundSave A", "aroundInsert A 1", "didInsert A", "didSave A",
                "aroundSave B", "aroundInsert B 2", "didInsert B", "didSave B",
            ])

            // A callback that throws stops the batch before the statement.
            Traced.log = Log()
            Traced.failingName = "D"
            var failing = [Traced(name: "C"), Traced(name: "D"), Traced(name: "E")]
            clearSQLQueries()
            XCTAssertThrowsError(try failing.insertAll(db))
            XCTAssertEqual(sqlQueries, [])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 2)
            XCTAssertEqual(failing.map(\.id), [nil, nil, nil])
        }
    }

    func testConstraintErrorNamesTheRecordAndTheSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'P5')")
            // Record 5 repeats an existing name.
            var players = (1...10).map { Player(name: "P\($0 == 3 ? 5 : $0 + 10)") }
            players[2] = Player(name: "P5")
            players[4] = Player(name: "P15")
            do {
                try players.insertAll(db)
                XCTFail("Expected error")
            } catch let error as DatabaseError {
                XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
                XCTAssertTrue(error.message!.hasPrefix("record 3 of 10: UNIQUE constraint failed: player.name"), error.message!)
                XCTAssertEqual(error.sql, #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#)
            }
            // Nothing of the failed statement remains.
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 1)

            // NOT NULL: the first record with NULL there.
            struct Anonymous: Encodable, PersistableRecord {
                static let databaseTableName = "player"
                var name: String?
            }
            do {
                try [Anonymous(name: "x"), Anonymous(name: "y"), Anonymous(name: nil)].insertAll(db)
                XCTFail("Expected error")
            } catch let error as DatabaseError {
                XCTAssertTrue(error.message!.hasPrefix("record 3 of 3: NOT NULL constraint failed"), error.message!)
            }
            // Duplicates inside the batch.
            do {
                try [Anonymous(name: "z"), Anonymous(name: "w"), Anonymous(name: "z")].insertAll(db)
                XCTFail("Expected error")
            } catch let error as DatabaseError {
                XCTAssertTrue(error.message!.hasPrefix("record 3 of 3: UNIQUE"), error.message!)
            }
        }
        // Inside `write`, all or nothing.
        XCTAssertThrowsError(try dbQueue.write { db in
            var players = [Player(name: "New")]
            try players.insertAll(db)
            var failing = [Player(name: "Newer"), Player(name: "P5")]
            try failing.insertAll(db)
        })
        try dbQueue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 1)
        }
    }

    func testUpsertAll() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
            try db.execute(sql: "INSERT INTO player VALUES (2, 'Old', 0), (4, 'Old', 0)")
            var players = (1...4).map { Player(id: Int64($0), name: "P\($0)", score: $0) } + [Player(name: "New", score: 5)]
            clearSQLQueries()
            try players.upsertAll(db)
            XCTAssertEqual(insertQueries.count, 1)
            XCTAssertTrue(insertQueries[0].contains("VALUES (?,?,?), (?,?,?), (?,?,?), (?,?,?), (?,?,?) ON CONFLICT DO UPDATE SET"), insertQueries[0])
            XCTAssertEqual(players.map(\.id), [1, 2, 3, 4, 5])
            XCTAssertEqual(try Player.fetchAll(db, sql: "SELECT * FROM player ORDER BY id"), players)

            let merged = try [Player(id: 2, name: "Two", score: 20), Player(name: "Six", score: 6)].upsertAllAndFetch(db)
            XCTAssertEqual(merged, [Player(id: 2, name: "Two", score: 20), Player(id: 6, name: "Six", score: 6)])
        }
    }

    /// A `var` collection of `PersistableRecord` matches both the in-place
    /// methods of `MutableCollection` and the non-mutating ones of
    /// `Collection`: each call compiles without ambiguity (the in-place
    /// methods are disfavored) and writes the records.
    func testVarCollectionOfPersistableRecordsCallsEveryMethod() throws {
        struct Country: Codable, PersistableRecord, FetchableRecord, Equatable {
            var code: String
            var name: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL)")
            var countries = [Country(code: "FR", name: "France"), Country(code: "DE", name: "Germany")]
            try countries.insertAll(db)
            countries[0].name = "République française"
            try countries.upsertAll(db)
            XCTAssertEqual(try Country.fetchAll(db, sql: "SELECT * FROM country ORDER BY code"), [countries[1], countries[0]])

            var more = [Country(code: "IT", name: "Italy")]
            XCTAssertEqual(try more.insertAllAndFetch(db, as: Country.self), more)
            more = [Country(code: "ES", name: "Spain")]
            XCTAssertEqual(try more.insertAllAndFetch(db, selection: [Column("name")]) { $0[0] as String }, ["Spain"])
            more[0].name = "España"
            XCTAssertEqual(try more.upsertAllAndFetch(db, as: Country.self), more)
            XCTAssertEqual(try more.insertAllAndFetch(db, onConflict: .ignore), [])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM country"), 4)
        }
    }

    func testUpsertAllMergesNilIDOnOtherUniqueKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            try db.execute(sql: "INSERT INTO player VALUES (7, 'Arthur', 0)")
            var players = [Player(name: "Barbara", score: 1), Player(name: "Arthur", score: 2)]
            try players.upsertAll(db)
            XCTAssertEqual(players.map(\.id), [8, 7])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 7"), 2)
        }
    }

    func testInsertAllAndFetchInInputOrder() throws {
        struct PartialPlayer: Encodable, PersistableRecord {
            static let databaseTableName = "player"
            var name: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (5, 'Zoe')")
            let players = [Player(id: 9, name: "A"), Player(name: "B"), Player(id: 1, name: "C")]
            let saved = try players.insertAllAndFetch(db)
            XCTAssertEqual(saved, [Player(id: 9, name: "A"), Player(id: 10, name: "B"), Player(id: 1, name: "C")])
            XCTAssertEqual(players[1].id, nil) // not modified

            let fetched = try [PartialPlayer(name: "D"), PartialPlayer(name: "E")].insertAllAndFetch(db, as: Player.self)
            // The default score applies to the columns that PartialPlayer does not encode.
            XCTAssertEqual(fetched, [Player(id: 11, name: "D", score: 42), Player(id: 12, name: "E", score: 42)])

            var more = [Player(name: "F"), Player(name: "Zoe"), Player(name: "G")]
            let names = try more.insertAllAndFetch(db, onConflict: .ignore, selection: [Column("name"), Column("id") + 1]) { row in
                "\(row[0] as String) \(row[1] as Int) \(row.count)"
            }
            XCTAssertEqual(names, ["F 14 2", "G 15 2"])
            XCTAssertEqual(more.map(\.id), [13, nil, 14])
        }
    }

    func testTransactionObserversSeeEveryRowAndObservationOneValue() throws {
        final class Counter: TransactionObserver, @unchecked Sendable {
            var insertions = 0
            var commits = 0
            func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
            func databaseDidChange(with event: DatabaseEvent) { if event.kind == .insert { insertions += 1 } }
            func databaseDidCommit(_ db: Database) { commits += 1 }
            func databaseDidRollback(_ db: Database) { }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try createPlayers(db) }
        let counter = Counter()
        dbQueue.add(transactionObserver: counter)

        final class Values: @unchecked Sendable {
            let lock = NSLock()
            var counts: [Int] = []
        }
        let values = Values()
        let initial = expectation(description: "initial")
        let changed = expectation(description: "changed")
        let cancellable = ValueObservation
            .tracking { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM player")! }
            .start(in: dbQueue, scheduling: .async(onQueue: DispatchQueue(label: "bulk")), onError: { XCTFail("\($0)") }, onChange: { count in
                values.lock.lock(); values.counts.append(count); values.lock.unlock()
                if count == 0 { initial.fulfill() } else { changed.fulfill() }
            })
        wait(for: [initial], timeout: 5)
        try dbQueue.write { db in
            var players = (1...100).map { Player(name: "P\($0)") }
            try players.insertAll(db)
        }
        wait(for: [changed], timeout: 5)
        cancellable.cancel()
        XCTAssertEqual(counter.insertions, 100)
        XCTAssertEqual(counter.commits, 1)
        values.lock.lock(); defer { values.lock.unlock() }
        XCTAssertEqual(values.counts, [0, 100])
    }

    func testStatementsAreCachedPerChunkShape() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try createPlayers(db)
            var first = [Player(name: "A"), Player(name: "B")]
            try first.insertAll(db)
            var second = [Player(name: "C"), Player(name: "D")]
            try second.insertAll(db)
            XCTAssertEqual(second.map(\.id), [3, 4])
            // The shape survives a schema change (SQLite recompiles it).
            try db.execute(sql: "CREATE INDEX playerScore ON player(score)")
            var third = [Player(name: "E"), Player(name: "F")]
            try third.insertAll(db)
            XCTAssertEqual(third.map(\.id), [5, 6])
        }
    }

    func testRecordClass() throws {
        final class Book: Record, @unchecked Sendable {
            var id: Int64?
            var title: String
            init(title: String) { self.title = title; super.init() }
            required init(row: Row) throws { id = row["id"]; title = row["title"]; try super.init(row: row) }
            override class var databaseTableName: String { "book" }
            override func encode(to container: inout PersistenceContainer) throws {
                container["id"] = id
                container["title"] = title
            }
            override func didInsert(_ inserted: InsertionSuccess) {
                super.didInsert(inserted)
                id = inserted.rowID
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT)")
            let books = [Book(title: "A"), Book(title: "B")]
            try books.insertAll(db)
            XCTAssertEqual(books.map(\.id), [1, 2])
            XCTAssertFalse(books[0].hasDatabaseChanges)
        }
    }
}
