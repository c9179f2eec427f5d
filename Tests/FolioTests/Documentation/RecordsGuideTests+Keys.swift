import Folio
import Foundation
import XCTest

// Conflict resolution, keys, the hidden rowid, Codable records, comparison and
// the Record class: the second half of the Records guide tests.
extension RecordsGuideTests {
    // MARK: Conflict Resolution

    func testTableLevelConflictResolution() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            // CREATE TABLE player (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT UNIQUE ON CONFLICT REPLACE)
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text).unique(onConflict: .replace)
            }
            XCTAssertEqual(
                lastSQLQuery,
                #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "email" TEXT UNIQUE ON CONFLICT REPLACE)"#)

            // Both inserts succeed: the second one replaces the first row
            try db.execute(sql: "INSERT INTO player (email) VALUES (?)", arguments: ["arthur@example.com"])
            try db.execute(sql: "INSERT INTO player (email) VALUES (?)", arguments: ["arthur@example.com"])
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM player"), [2])
        }
    }

    func testStatementLevelConflictResolution() throws {
        typealias Player = RecordsGuide.Conflicts.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            // CREATE TABLE player (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT UNIQUE)
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text).unique()
            }
            try db.execute(sql: "INSERT OR REPLACE INTO player (email) VALUES (?)", arguments: ["arthur@example.com"])
            try db.execute(sql: "INSERT OR REPLACE INTO player (email) VALUES (?)", arguments: ["arthur@example.com"])
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM player"), [2])

            var player = Player(id: nil, email: "arthur@example.com")
            // INSERT OR REPLACE INTO player ...
            try player.insert(db)
            XCTAssertEqual(lastSQLQuery, #"INSERT OR REPLACE INTO "player" ("id", "email") VALUES (?,?)"#)
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM player"), [3])

            // INSERT OR IGNORE INTO player ...
            var other = Player(id: nil, email: "arthur@example.com")
            try other.insert(db, onConflict: .ignore)
            XCTAssertEqual(lastSQLQuery, #"INSERT OR IGNORE INTO "player" ("id", "email") VALUES (?,?)"#)
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM player"), [3])
        }
    }

    func testIgnoredInsertionAndInsertAndFetch() throws {
        typealias Player = RecordsGuide.Conflicts.IgnoredPlayer
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text).unique()
            }
            var arthur = Player(id: nil, email: "arthur@example.com")
            try arthur.insert(db)
            try db.execute(sql: "INSERT INTO player (email) VALUES ('barbara@example.com')")

            // Folio does not call didInsert for a skipped insertion.
            var skipped = Player(id: nil, email: "arthur@example.com")
            try skipped.insert(db, onConflict: .ignore)
            XCTAssertNil(skipped.id)
            XCTAssertNotNil(arthur.id)

            // insertAndFetch throws RecordError.recordNotFound instead
            let skipped2 = Player(id: nil, email: "arthur@example.com")
            XCTAssertThrowsError(try skipped2.insertAndFetch(db, onConflict: .ignore)) { error in
                guard case RecordError.recordNotFound = error else { return XCTFail("\(error)") }
            }
        }
    }

    func testReplaceDeletionsAreNotReportedToTransactionObservers() throws {
        final class DeletionObserver: TransactionObserver, @unchecked Sendable {
            // @unchecked Sendable: only used from the database access of the test.
            var deletedRowIDs: [Int64] = []
            func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
            func databaseDidChange(with event: DatabaseEvent) {
                if event.kind == .delete { deletedRowIDs.append(event.rowID) }
            }
            func databaseDidCommit(_ db: Database) { }
            func databaseDidRollback(_ db: Database) { }
        }
        typealias Player = RecordsGuide.Conflicts.Player
        let dbQueue = try makeDatabaseQueue()
        let observer = DeletionObserver()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text).unique()
            }
            db.add(transactionObserver: observer)
            var player1 = Player(id: nil, email: "arthur@example.com")
            try player1.insert(db)
            var player2 = Player(id: nil, email: "arthur@example.com")
            try player2.insert(db) // replaces player1
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM player"), [2])
        }
        XCTAssertEqual(observer.deletedRowIDs, [])
    }

    // MARK: Keys

    func testKeysSection() throws {
        typealias Player = RecordsGuide.Keys.Player
        typealias Country = RecordsGuide.Keys.Country
        typealias Citizenship = RecordsGuide.Keys.Citizenship
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("email", .text)
                t.column("score", .integer).notNull()
            }
            try db.create(indexOn: "player", columns: ["email"], options: .unique)
            try Guide.createCountryTable(db)
            try db.execute(sql: "CREATE TABLE citizenship (playerId INTEGER, countryCode TEXT, PRIMARY KEY (playerId, countryCode))")
            try Player(id: 1, name: "Arthur", email: "arthur@example.com", score: 0).insert(db)
            try Country(code: "FR", name: "France").insert(db)
            try Country(code: "US", name: "United States").insert(db)
            try Citizenship(playerId: 1, countryCode: "FR").insert(db)

            XCTAssertEqual(try Player.fetchOne(db, key: 1)?.name, "Arthur")                 // Player?
            XCTAssertEqual(try Country.fetchAll(db, keys: ["FR", "US"]).count, 2)    // [Country]

            XCTAssertNotNil(try Citizenship.fetchOne(db, key: ["playerId": 1, "countryCode": "FR"])) // Citizenship?
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "citizenship" WHERE ("playerId" = ?) AND ("countryCode" = ?)"#)
            XCTAssertEqual(try Citizenship.deleteOne(db, key: ["playerId": 1, "countryCode": "FR"]), true)

            XCTAssertEqual(try Player.fetchOne(db, key: ["email": "arthur@example.com"])?.id, 1) // Player?

            XCTAssertEqual(try Player.deleteOne(db, key: 1), true)                // Bool

            // Not a unique key: an error that names the table and the columns
            XCTAssertThrowsError(try Player.fetchOne(db, key: ["name": "Arthur"])) { error in
                XCTAssertTrue(error is DatabaseError, "\(error)")
                XCTAssertTrue("\(error)".contains("player"), "\(error)")
                XCTAssertTrue("\(error)".contains("name"), "\(error)")
            }
        }
    }

    func testIdentifiableRecords() throws {
        typealias Player = RecordsGuide.Keys.IdentifiableRecords.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
            for (id, name) in [(1, "Arthur"), (2, "Barbara"), (3, "Craig")] {
                try Player(id: Int64(id), name: name).insert(db)
            }
            XCTAssertEqual(try Player.fetchOne(db, id: 1)?.name, "Arthur")              // Player?
            XCTAssertEqual(try Player.fetchAll(db, ids: [1, 2, 3]).count, 3)     // [Player]
            XCTAssertEqual(try Player.find(db, id: 1).name, "Arthur")                  // Player, or throws RecordError.recordNotFound
            XCTAssertThrowsError(try Player.find(db, id: 42)) { error in
                guard case RecordError.recordNotFound = error else { return XCTFail("\(error)") }
            }
            XCTAssertEqual(try Player.exists(db, id: 1), true)                // Bool
            XCTAssertEqual(try Player.deleteOne(db, id: 1), true)             // Bool
            XCTAssertEqual(try Player.filter(id: 2).fetchOne(db)?.name, "Barbara")       // a request
            XCTAssertEqual(try Player.selectID().fetchAll(db), [2, 3])          // [Int64]
            XCTAssertEqual(lastSQLQuery, #"SELECT "id" FROM "player""#)
        }
    }

    // MARK: The Hidden Rowid

    func testHiddenRowid() throws {
        typealias HiddenRowid = RecordsGuide.HiddenRowid
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            // No explicit primary key
            try db.create(table: "event") { t in
                t.column("message", .text)
                t.column("date", .datetime)
            }

            // Virtual tables can not declare one
            try db.create(virtualTable: "book", using: FTS4()) { t in
                t.column("title")
                t.column("body")
            }

            let event = try HiddenRowid.run(db)
            XCTAssertEqual(event.id, 1)
            let updateSQL = sqlQueries.last { $0.hasPrefix("UPDATE") }
            XCTAssertEqual(updateSQL, #"UPDATE "event" SET "message"=?, "date"=? WHERE "rowid"=?"#)

            // SELECT * FROM event WHERE rowid = 1
            let fetched = try HiddenRowid.Event.fetchOne(db, key: 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT *, "rowid" FROM "event" WHERE "rowid" = ?"#)
            XCTAssertEqual(fetched?.message, "Stopped")
            XCTAssertEqual(fetched?.id, 1)

            // DELETE FROM book WHERE rowid = 1
            try db.execute(sql: "INSERT INTO book (title, body) VALUES ('Moby-Dick', 'Call me Ishmael.')")
            XCTAssertEqual(try HiddenRowid.Book.deleteOne(db, key: 1), true)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "book" WHERE "rowid" = ?"#)

            // Without the rowid: update throws, save inserts, exists is false
            let anonymous = HiddenRowid.AnonymousEvent(message: "Anonymous", date: Date())
            try anonymous.insert(db)
            XCTAssertThrowsError(try anonymous.update(db))
            XCTAssertFalse(try anonymous.exists(db))
            let count = try HiddenRowid.AnonymousEvent.fetchCount(db)
            try anonymous.save(db)
            XCTAssertEqual(try HiddenRowid.AnonymousEvent.fetchCount(db), count + 1)
        }
    }

    // MARK: Codable Records

    func testCodableRecords() throws {
        typealias Player = RecordsGuide.Codable1.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
            try Player(id: 1, name: "Arthur", score: 100).insert(db)
            let players = try Player.fetchAll(db)
            XCTAssertEqual(players.map(\.name), ["Arthur"])
        }
    }

    func testCodingKeysRenameColumns() throws {
        typealias Player = RecordsGuide.CodingKeysRenaming.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("full_name", .text).notNull()
                t.column("score", .integer).notNull()
            }
            try Player(id: 1, name: "Arthur", score: 100).insert(db)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "player" ("id", "full_name", "score") VALUES (?,?,?)"#)

            let arthur = try Player.filter(Player.Columns.name == "Arthur").fetchOne(db)
            XCTAssertEqual(arthur?.id, 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "full_name" = ? LIMIT 1"#)

            // The Folio note: $0.name is Player.Columns.name, the renamed
            // column.
            XCTAssertEqual(try Player.filter { $0.name == "Arthur" }.fetchOne(db)?.id, 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "full_name" = ? LIMIT 1"#)
        }
    }

    func testDatesAreStoredAsText() throws {
        struct Event: Codable, FetchableRecord, PersistableRecord {
            var date: Date
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "event") { t in t.column("date", .datetime) }
            let date = Date(timeIntervalSince1970: 1_709_388_300) // 2024-03-02 14:05:00 UTC
            try Event(date: date).insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT date FROM event"), "2024-03-02 14:05:00.000")
            XCTAssertEqual(try Event.fetchOne(db)?.date, date)
        }
    }

    func testJSONColumns() throws {
        typealias JSONColumns = RecordsGuide.JSONColumns
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.column("name", .text)
                t.column("achievements", .text)
            }
            // INSERT INTO player (name, achievements)
            // VALUES ('Arthur', '[{"color":"gold","name":"Use Codable Records"}]')
            try JSONColumns.Player(name: "Arthur", achievements: [JSONColumns.Achievement(name: "Use Codable Records", color: "gold")]).insert(db)
            XCTAssertEqual(
                try String.fetchOne(db, sql: "SELECT achievements FROM player"),
                #"[{"color":"gold","name":"Use Codable Records"}]"#)
            XCTAssertEqual(try JSONColumns.Player.fetchOne(db)?.achievements.first?.name, "Use Codable Records")
        }
    }

    func testCodingStrategies() throws {
        typealias Player = RecordsGuide.Strategies.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("full_name", .text).notNull()
                t.column("registration_date", .double).notNull()
            }
            try Player(id: 1, fullName: "Arthur", registrationDate: Date(timeIntervalSince1970: 1000)).insert(db)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "player" ("id", "full_name", "registration_date") VALUES (?,?,?)"#)
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT registration_date FROM player"), 1000)
            let player = try Player.fetchOne(db, key: 1)
            XCTAssertEqual(player?.fullName, "Arthur")
            XCTAssertEqual(player?.registrationDate, Date(timeIntervalSince1970: 1000))
        }
    }

    func testUUIDStrategyAppliesToKeysButNotToOtherRequests() throws {
        struct Player: Codable, Identifiable, FetchableRecord, PersistableRecord {
            static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
                .uppercaseString
            }
            var id: UUID
            var name: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
            }
            let uuid = UUID()
            try Player(id: uuid, name: "Arthur").insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT id FROM player"), uuid.uuidString)
            // The strategy does not apply to other requests: compare with the text
            XCTAssertNil(try Player.filter { $0.id == uuid }.fetchOne(db))
            XCTAssertEqual(try Player.filter { $0.id == uuid.uuidString }.fetchOne(db)?.name, "Arthur")
            // The strategy applies to keys: the UUID is compared as text
            XCTAssertEqual(try Player.fetchOne(db, id: uuid)?.name, "Arthur")
            XCTAssertEqual(try Player.filter(id: uuid).fetchOne(db)?.name, "Arthur")
            XCTAssertEqual(try Player.deleteAll(db, ids: [uuid]), 1)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Player.fetchCount(db), 0)
        }
    }

    // MARK: Comparing Records and Updating Changes

    func testComparingRecords() throws {
        typealias Player = RecordsGuide.QuickTour.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlayerTable(db)
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 100)")

            if let oldPlayer = try Player.fetchOne(db, key: 1) {
                var newPlayer = oldPlayer
                newPlayer.score = 1000

                XCTAssertFalse(newPlayer.databaseEquals(oldPlayer))            // false
                XCTAssertEqual(try newPlayer.databaseChanges(from: oldPlayer), ["score": 100.databaseValue])  // ["score": 100]: the old values

                // UPDATE player SET score = 1000 WHERE id = 1
                XCTAssertTrue(try newPlayer.updateChanges(db, from: oldPlayer))
                XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score"=? WHERE "id"=?"#)
            } else {
                XCTFail()
            }

            if var player = try Player.fetchOne(db, key: 1) {
                let updated = try player.updateChanges(db) {
                    $0.score = 1000
                }
                XCTAssertFalse(updated) // true if the score was not already 1000
                XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            }
        }
    }

    func testDatabaseChangesWithClosure() throws {
        typealias Player = RecordsGuide.QuickTour.Player
        var player = Player(id: 1, name: "Arthur", email: nil, score: 100)
        let changes = try player.databaseChanges {
            $0.score = 1000
            $0.name = "Arthur" // the same value: not a change
        }
        print(changes) // ["score": 100]: the old values
        XCTAssertEqual(changes, ["score": 100.databaseValue])
        XCTAssertEqual(player.score, 1000)
    }

    func testUpdateChangesWithClosureOfRecordClass() throws {
        typealias Place = RecordsGuide.RecordClass.Place
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            var place = Place(title: "Paris")
            try place.insert(db)
            let updated = try place.updateChanges(db) { $0.isFavorite = true }
            XCTAssertTrue(updated)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "place" SET "isFavorite"=? WHERE "id"=?"#)
            XCTAssertFalse(place.hasDatabaseChanges)
            XCTAssertEqual(try Bool.fetchOne(db, sql: "SELECT isFavorite FROM place"), true)
        }
    }

    // MARK: The Record Class

    func testRecordClassChangeTracking() throws {
        typealias Place = RecordsGuide.RecordClass.Place
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)

            let place = Place(title: "Paris")
            XCTAssertTrue(place.hasDatabaseChanges)    // true: not saved yet

            try place.insert(db)
            XCTAssertEqual(place.id, 1)
            XCTAssertFalse(place.hasDatabaseChanges)    // false

            place.title = "Paris"
            XCTAssertFalse(place.hasDatabaseChanges)    // false: same value

            place.isFavorite = true
            XCTAssertTrue(place.hasDatabaseChanges)    // true
            XCTAssertEqual(try place.databaseChanges, ["isFavorite": false.databaseValue])       // ["isFavorite": false]

            // UPDATE place SET isFavorite = 1 WHERE id = ?
            XCTAssertTrue(try place.updateChanges(db)) // true
            XCTAssertEqual(lastSQLQuery, #"UPDATE "place" SET "isFavorite"=? WHERE "id"=?"#)
            XCTAssertFalse(place.hasDatabaseChanges)    // false

            let fetched = try Place.fetchOne(db, key: 1)!
            XCTAssertFalse(fetched.hasDatabaseChanges)
            XCTAssertEqual(fetched.isFavorite, true)
        }
    }

    func testRecordSubclassOverridesInsert() throws {
        typealias Player = RecordsGuide.RecordClass.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.column("uuid", .blob).primaryKey()
                t.column("name", .text)
            }
            let player = Player(name: "Arthur")
            try player.insert(db)
            XCTAssertNotNil(player.uuid)
            XCTAssertEqual(try Player.fetchOne(db)?.uuid, player.uuid)
            // save calls the overridden insert too
            let other = Player(name: "Barbara")
            try other.save(db)
            XCTAssertNotNil(other.uuid)
        }
    }

    // MARK: List of Record Methods

    func testListOfRecordMethodsFootnotes() throws {
        typealias Player = RecordsGuide.QuickTour.Player
        typealias Country = RecordsGuide.Table.Country
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlayerTable(db)
            try Guide.createCountryTable(db)
            try db.execute(sql: """
                INSERT INTO player (id, name, email, score) VALUES (1, 'Arthur', 'arthur@example.com', 10), (2, 'Barbara', NULL, 20);
                INSERT INTO country (code, name) VALUES ('FR', 'France'), ('US', 'United States');
                """)
            // ¹
            XCTAssertEqual(try Player.fetchOne(db, key: 1)?.name, "Arthur")                               // Player?
            XCTAssertEqual(try Player.fetchOne(db, key: ["email": "arthur@example.com"])?.id, 1) // Player?
            XCTAssertEqual(try Country.fetchAll(db, keys: ["FR", "US"]).count, 2)                  // [Country]

            // ²
            let request = Player.filter { $0.email != nil }.order(\.name)
            let players = try request.fetchAll(db)  // [Player]
            let count = try request.fetchCount(db)  // Int
            XCTAssertEqual(players.map(\.name), ["Arthur"])
            XCTAssertEqual(count, 1)

            // ³
            let player = try Player.fetchOne(db, sql: "SELECT * FROM player WHERE id = ?", arguments: [1]) // Player?
            XCTAssertEqual(player?.name, "Arthur")

            // ⁴
            let statement = try db.makeStatement(sql: "SELECT * FROM player WHERE id = ?")
            let player2 = try Player.fetchOne(statement, arguments: [1]) // Player?
            XCTAssertEqual(player2?.name, "Arthur")
        }
    }
}
