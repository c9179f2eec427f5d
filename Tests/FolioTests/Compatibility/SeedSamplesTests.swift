import Folio
import Foundation
import XCTest

// The Swift samples of the seed `Records.md`, and the persistence samples
// of the other seeds, compiled against Folio and run.
//
// - `...` in the samples is replaced with real code, and
//   `CLLocationCoordinate2D` with the local struct below.
// - The samples use seed-era spellings, deprecated in Folio. They are
//   written in `@available(*, deprecated)` declarations, which may use
//   deprecated API without warning, and are called through the
//   `SeedSampleRunning` protocol, whose requirements are not deprecated.
// - Tables are created with the schema DSL: as the seeds write them when
//   they show them, and in `SeedRecords.create...` otherwise.
// - Adaptations that GRDB 7 forces are marked "GRDB 7:" (see
//   Documentation/SeedEraAPI.md).

// MARK: - Running the samples

/// The samples, behind requirements that are not deprecated.
protocol SeedSampleRunning {
    func introduction(_ test: SeedSamplesTests) throws
    func insertingFetchingUpdatingDeletingCounting(_ test: SeedSamplesTests) throws
    func recordProtocolsOverview(_ test: SeedSamplesTests) throws
    func rowConvertibleAndTableMapping(_ test: SeedSamplesTests) throws
    func persistableProtocol(_ test: SeedSamplesTests) throws
    func customizingPersistenceMethods(_ test: SeedSamplesTests) throws
    func conflictResolution(_ test: SeedSamplesTests) throws
    func recordClassAndChangesTracking(_ test: SeedSamplesTests) throws
    func implicitRowID(_ test: SeedSamplesTests) throws
    func listOfRecordMethods(_ test: SeedSamplesTests) throws
    func codableRecords(_ test: SeedSamplesTests) throws
    func goodPractices(_ test: SeedSamplesTests) throws
    func schemaRecommendations(_ test: SeedSamplesTests) throws
}

extension SeedRecords {
    struct Samples: SeedSampleRunning {
        @available(*, deprecated)
        func introduction(_ test: SeedSamplesTests) throws {
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                try SeedRecords.createPlaces(db)
                try RecordPlace(title: "Paris", coordinate: CLLocationCoordinate2D(latitude: 48.85341, longitude: 2.3488)).insert(db)
            }
            try dbQueue.inDatabase { db in
                if let place = try RecordPlace.fetchOne(db, key: 1) {
                    place.isFavorite = true
                    try place.update(db)
                }
            }
            try dbQueue.read { db in
                XCTAssertEqual(try Bool.fetchOne(db, sql: "SELECT isFavorite FROM places"), true)
            }
        }

        @available(*, deprecated)
        func insertingFetchingUpdatingDeletingCounting(_ test: SeedSamplesTests) throws {
            typealias Player = RecordPlayer
            let emailColumn = Column("email")
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                try SeedRecords.createPlayers(db)
                try SeedRecords.createCountries(db)
                try Country(isoCode: "ES", name: "Spain").insert(db)
                try Country(isoCode: "FR", name: "France").insert(db)
                try Country(isoCode: "US", name: "United States").insert(db)

                // Inserting Records
                let player = Player(name: "Arthur", email: "arthur@example.com")
                try player.insert(db)
                XCTAssertEqual(player.id, 1)
                XCTAssertNotNil(player.uuid)
                try Player(name: "Barbara").insert(db)

                // Fetching Records
                let players = try Player.fetchAll(db, "SELECT * FROM players WHERE score >= ?", arguments: [0])
                XCTAssertEqual(players.map(\.name), ["Arthur", "Barbara"])
                let spain = try Country.fetchOne(db, key: "ES")
                XCTAssertEqual(spain?.name, "Spain")
                let players2 = try Player
                    .filter(Column("email") != nil)
                    .order(Column("name"))
                    .fetchAll(db)
                XCTAssertEqual(players2.map(\.name), ["Arthur"])

                // Updating Records
                do {
                    let player = try Player.fetchOne(db, key: 1)!
                    player.name = "Arthur"
                    XCTAssertFalse(player.hasPersistentChangedValues)
                    if player.hasPersistentChangedValues {
                        try player.update(db)
                    }
                    player.name = "Arthur Dent"
                    try player.update(db)
                    test.clearSQLQueries()
                    try db.execute("UPDATE players SET synchronized = 1")
                    XCTAssertEqual(test.sqlQueries, ["UPDATE players SET synchronized = 1"])
                }

                // Counting Records
                let playerWithEmailCount = try Player.filter(emailColumn != nil).fetchCount(db)  // Int
                XCTAssertEqual(playerWithEmailCount, 1)

                // Deleting Records
                do {
                    let player = try Player.fetchOne(db, key: 1)!
                    XCTAssertTrue(try player.delete(db))
                }
                try Player(name: "Craig", email: "craig@example.com").insert(db)
                XCTAssertTrue(try Player.deleteOne(db, key: 2))
                XCTAssertTrue(try Player.deleteOne(db, key: ["email": "craig@example.com"]))
                XCTAssertEqual(try Country.deleteAll(db, keys: ["FR", "US"]), 2)
                try Player(name: "David").insert(db)
                XCTAssertEqual(try Player.filter(emailColumn == nil).deleteAll(db), 1)
                XCTAssertEqual(try Player.fetchCount(db), 0)
                XCTAssertEqual(try Country.fetchCount(db), 1)
            }
        }

        @available(*, deprecated)
        func recordProtocolsOverview(_ test: SeedSamplesTests) throws {
            func fetchPlaceRows(_ db: Database) throws -> [Row] {
                return try Row.fetchAll(db, "SELECT * FROM places")
            }
            // Dedicated model
            func fetchPlacesFromRows(_ db: Database) throws -> [PlainPlace] {
                let rows = try Row.fetchAll(db, "SELECT * FROM places")
                return rows.map { row in
                    PlainPlace(
                        id: row["id"],
                        title: row["title"],
                        coordinate: CLLocationCoordinate2D(
                            latitude: row["latitude"],
                            longitude: row["longitude"]))
                }
            }
            // Row initializer
            func fetchPlacesWithInitializer(_ db: Database) throws -> [PlainPlace] {
                let rows = try Row.fetchAll(db, "SELECT * FROM places")
                return rows.map { PlainPlace(row: $0) }
            }
            // Cursor for efficiency
            func fetchPlacesWithCursor(_ db: Database) throws -> [PlainPlace] {
                let rowCursor = try Row.fetchCursor(db, "SELECT * FROM places")
                let placeCursor = rowCursor.map { PlainPlace(row: $0) }
                return try Array(placeCursor)
            }
            func fetchPlaces(_ db: Database) throws -> [Place] {
                return try Place.fetchAll(db, "SELECT * FROM places")
            }

            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                try SeedRecords.createPlaces(db)
                var paris = Place(id: nil, title: "Paris", coordinate: CLLocationCoordinate2D(latitude: 48.85341, longitude: 2.3488))
                try paris.insert(db)
                XCTAssertEqual(try fetchPlaceRows(db).count, 1)
                XCTAssertEqual(try fetchPlacesFromRows(db).map(\.title), ["Paris"])
                XCTAssertEqual(try fetchPlacesWithInitializer(db).map(\.coordinate), [paris.coordinate])
                XCTAssertEqual(try fetchPlacesWithCursor(db).map(\.id), [1])
                XCTAssertEqual(try fetchPlaces(db).map(\.title), ["Paris"])

                // SELECT * FROM places ORDER BY title
                let request = Place.order(Column("title"))
                XCTAssertEqual(try request.fetchAll(db).map(\.title), ["Paris"])

                // The seed writes `Place.delete(db, key: 1)`: GRDB 7 `deleteOne(_:key:)`.
                try Place.deleteOne(db, key: 1)
                _ = try Place(id: nil, title: "Rome", coordinate: CLLocationCoordinate2D(latitude: 41.9, longitude: 12.5)).inserted(db)
                XCTAssertEqual(try fetchPlaces(db).map(\.title), ["Rome"])
            }
        }

        @available(*, deprecated)
        func rowConvertibleAndTableMapping(_ test: SeedSamplesTests) throws {
            typealias Player = RecordPlayer
            let nameColumn = Column("title")
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                try SeedRecords.createPlaces(db)
                try SeedRecords.createPlayers(db)
                try SeedRecords.createCountries(db)
                try db.create(table: "documents") { t in
                    t.column("title", .text)
                }
                try db.create(table: "citizenships") { t in
                    t.column("playerID", .integer)
                    t.column("countryISOCode", .text)
                    t.primaryKey(["playerID", "countryISOCode"])
                }
                try db.execute(sql: """
                    INSERT INTO places (title, latitude, longitude) VALUES ('Paris', 48.85341, 2.3488);
                    INSERT INTO countries VALUES ('FR', 'France'), ('US', 'United States');
                    INSERT INTO documents VALUES ('Report');
                    INSERT INTO citizenships VALUES (1, 'FR');
                    """)
                try Player(name: "Arthur").insert(db)
                try Player(name: "Barbara").insert(db)
                try Player(name: "Craig").insert(db)

                XCTAssertEqual(try Place.fetchAll(db, "SELECT * FROM places").count, 1)
                XCTAssertEqual(try Place.fetchOne(db, "SELECT * FROM places WHERE id = ?", arguments: [1])?.title, "Paris")
                XCTAssertEqual(try Array(Row.fetchCursor(db, "SELECT * FROM places")).count, 1)

                // SELECT * FROM places WHERE name = 'Paris'
                let paris = try Place.filter(nameColumn == "Paris").fetchOne(db)
                XCTAssertEqual(paris?.coordinate, CLLocationCoordinate2D(latitude: 48.85341, longitude: 2.3488))

                XCTAssertEqual(try Player.fetchOne(db, key: 1)?.name, "Arthur")              // Player?
                XCTAssertEqual(try Player.fetchAll(db, keys: [1, 2, 3]).count, 3)     // [Player]
                XCTAssertEqual(try Country.fetchOne(db, key: "FR")?.name, "France")          // Country?
                XCTAssertEqual(try Country.fetchAll(db, keys: ["FR", "US"]).count, 2) // [Country]
                // SELECT * FROM documents WHERE rowid = 1
                XCTAssertEqual(try Document.fetchOne(db, key: 1)?.title, "Report")            // Document?
                // SELECT * FROM citizenships WHERE playerID = 1 AND countryISOCode = 'FR'
                XCTAssertNotNil(try Citizenship.fetchOne(db, key: ["playerID": 1, "countryISOCode": "FR"])) // Citizenship?
            }
        }

        @available(*, deprecated)
        func persistableProtocol(_ test: SeedSamplesTests) throws {
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                try SeedRecords.createPlaces(db)
                var paris = Place(
                    id: nil,
                    title: "Paris",
                    coordinate: CLLocationCoordinate2D(latitude: 48.8534100, longitude: 2.3488000))

                test.clearSQLQueries()
                try paris.insert(db)
                XCTAssertEqual(test.persistenceSQLQueries, [#"INSERT INTO "places" ("id", "title", "latitude", "longitude") VALUES (?,?,?,?)"#])
                XCTAssertEqual(paris.id, 1)   // some value

                // Persistence Methods
                var place = paris
                place.id = nil
                try place.insert(db)               // INSERT
                XCTAssertEqual(place.id, 2)
                place.title = "Paris, France"
                try place.update(db)               // UPDATE
                try place.update(db, columns: ["title"]) // UPDATE
                try place.save(db)                 // Inserts or updates
                XCTAssertTrue(try place.exists(db))
                XCTAssertTrue(try place.delete(db))               // DELETE
                XCTAssertFalse(try place.exists(db))

                // Type methods
                try Place.deleteOne(db, key: 1)     // DELETE
                try paris.insert(db)
                try Place.deleteAll(db, keys: [1])  // DELETE
                try Place.deleteAll(db)             // DELETE
                XCTAssertEqual(try Place.fetchCount(db), 0)
            }
        }

        @available(*, deprecated)
        func customizingPersistenceMethods(_ test: SeedSamplesTests) throws {
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                try SeedRecords.createPlayers(db)
                try db.create(table: "links") { t in
                    t.column("url", .text).primaryKey()
                }

                // Record subclass: the overridden insert sets the UUID, for
                // insert and for save.
                let player = RecordPlayer(name: "Arthur")
                try player.insert(db)
                let uuid = try XCTUnwrap(player.uuid)
                let barbara = RecordPlayer(name: "Barbara")
                try barbara.save(db)
                XCTAssertNotNil(barbara.uuid)
                XCTAssertEqual(try String.fetchOne(db, sql: "SELECT uuid FROM players WHERE id = 1"), uuid.uuidString)

                // Persistable with performInsert and performUpdate
                let relative = Link(url: URL(string: "relative/path")!)
                XCTAssertThrowsError(try relative.insert(db)) { error in
                    XCTAssertEqual(error as? ValidationError, ValidationError("url must be absolute."))
                }
                XCTAssertThrowsError(try relative.update(db, columns: ["url"]))
                let absolute = Link(url: URL(string: "https://example.com/")!)
                try absolute.insert(db)
                XCTAssertEqual(try String.fetchAll(db, sql: "SELECT url FROM links"), ["https://example.com/"])
            }
        }

        @available(*, deprecated)
        func conflictResolution(_ test: SeedSamplesTests) throws {
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                // CREATE TABLE players (
                //     id INTEGER PRIMARY KEY,
                //     email TEXT UNIQUE ON CONFLICT REPLACE
                // )
                try db.create(table: "players") { t in
                    t.column("id", .integer).primaryKey()
                    t.column("email", .text).unique(onConflict: .replace) // <--
                }

                // Despite the unique index on email, both inserts succeed.
                // The second insert replaces the first row:
                try db.execute("INSERT INTO players (email) VALUES (?)", arguments: ["arthur@example.com"])
                try db.execute("INSERT INTO players (email) VALUES (?)", arguments: ["arthur@example.com"])
                XCTAssertEqual(try Int64.fetchAll(db, "SELECT id FROM players"), [2])
            }
            try dbQueue.write { db in
                try db.drop(table: "players")

                // CREATE TABLE players (
                //     id INTEGER PRIMARY KEY,
                //     email TEXT UNIQUE
                // )
                // The seed forgets `.unique()`, that its comment and its
                // "despite the unique index" require.
                try db.create(table: "players") { t in
                    t.column("id", .integer).primaryKey()
                    t.column("email", .text).unique()
                }

                // Again, despite the unique index on email, both inserts succeed.
                try db.execute("INSERT OR REPLACE INTO players (email) VALUES (?)", arguments: ["arthur@example.com"])
                try db.execute("INSERT OR REPLACE INTO players (email) VALUES (?)", arguments: ["arthur@example.com"])
                XCTAssertEqual(try Int64.fetchAll(db, "SELECT id FROM players"), [2])

                // INSERT OR REPLACE INTO players (...) VALUES (...)
                var player = ReplacingPlayer(id: nil, email: "arthur@example.com")
                test.clearSQLQueries()
                try player.insert(db)
                XCTAssertEqual(test.persistenceSQLQueries, [#"INSERT OR REPLACE INTO "players" ("id", "email") VALUES (?,?)"#])
                XCTAssertEqual(try Int64.fetchAll(db, "SELECT id FROM players"), [3])
            }
        }

        @available(*, deprecated)
        func recordClassAndChangesTracking(_ test: SeedSamplesTests) throws {
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                try SeedRecords.createPlaces(db)
                try SeedRecords.createPlayers(db)
                let place = RecordPlace(title: "Paris", coordinate: CLLocationCoordinate2D(latitude: 48.85341, longitude: 2.3488))
                try place.insert(db)
                XCTAssertEqual(place.id, 1)

                let player = RecordPlayer(name: "Barbara", score: 750)
                XCTAssertTrue(player.hasPersistentChangedValues) // true

                try player.insert(db)
                XCTAssertFalse(player.hasPersistentChangedValues) // false

                player.name = "Barbara"
                XCTAssertFalse(player.hasPersistentChangedValues) // false

                player.score = 1000
                XCTAssertTrue(player.hasPersistentChangedValues) // true
                XCTAssertEqual(player.persistentChangedValues, ["score": 750.databaseValue])    // ["score": 750]

                // Saves the player if it has changes that have not been saved:
                if player.hasPersistentChangedValues {
                    try player.save(db)
                }
                XCTAssertFalse(player.hasPersistentChangedValues)
                XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM players"), 1000)
            }
        }

        @available(*, deprecated)
        func implicitRowID(_ test: SeedSamplesTests) throws {
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                // No explicit primary key
                try db.create(table: "events") { t in
                    t.column("message", .text)
                    t.column("date", .datetime)
                }

                // No way to define an explicit primary key
                try db.create(virtualTable: "books", using: FTS4()) { t in
                    t.column("title")
                    t.column("author")
                    t.column("body")
                }
                try db.execute(sql: "INSERT INTO books (title) VALUES ('Moby Dick')")
                var event = Event(message: "foo", date: Date())

                // Insertion sets the record id:
                try event.insert(db)
                XCTAssertEqual(event.id, 1) // some value

                // Record can be updated:
                event.message = "bar"
                try event.update(db)

                // Record knows if it exists:
                XCTAssertTrue(try event.exists(db)) // true

                // SELECT *, rowid FROM events
                test.clearSQLQueries()
                let events = try Event.fetchAll(db)
                XCTAssertEqual(test.persistenceSQLQueries, [#"SELECT *, "rowid" FROM "events""#])
                XCTAssertEqual(events.map(\.id), [1])
                XCTAssertEqual(events.map(\.message), ["bar"])

                // DELETE FROM books WHERE rowid = 1
                XCTAssertTrue(try Book.deleteOne(db, key: 1))
                XCTAssertEqual(try Row.fetchAll(db, "SELECT *, rowid FROM books"), [])
                XCTAssertEqual(Book.databaseSelection.count, 2)
            }
        }

        @available(*, deprecated)
        func listOfRecordMethods(_ test: SeedSamplesTests) throws {
            typealias Player = RecordPlayer
            let emailColumn = Column("email")
            let nameColumn = Column("name")
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                try SeedRecords.createPlayers(db)
                try SeedRecords.createCountries(db)
                try Player(name: "Arthur", email: "arthur@example.com").insert(db)
                try Player(name: "Barbara").insert(db)
                try Country(isoCode: "FR", name: "France").insert(db)
                try Country(isoCode: "US", name: "United States").insert(db)

                XCTAssertEqual(try Player.fetchOne(db, key: 1)?.name, "Arthur")                               // Player?
                XCTAssertEqual(try Player.fetchOne(db, key: ["email": "arthur@example.com"])?.id, 1) // Player?
                XCTAssertEqual(try Country.fetchAll(db, keys: ["FR", "US"]).count, 2)                  // [Country]

                let request = Player.filter(emailColumn != nil).order(nameColumn)
                let players = try request.fetchAll(db)  // [Player]
                let count = try request.fetchCount(db)  // Int
                XCTAssertEqual(players.map(\.name), ["Arthur"])
                XCTAssertEqual(count, 1)

                // The seed forgets `db`: `Player.fetchOne("SELECT ...", arguments: [1])`.
                let player = try Player.fetchOne(db, "SELECT * FROM players WHERE id = ?", arguments: [1]) // Player?
                XCTAssertEqual(player?.name, "Arthur")

                let statement = try db.makeSelectStatement("SELECT * FROM players WHERE id = ?")
                let player2 = try Player.fetchOne(statement, arguments: [1])  // Player?
                XCTAssertEqual(player2?.name, "Arthur")
            }
        }

        @available(*, deprecated)
        func codableRecords(_ test: SeedSamplesTests) throws {
            typealias Player = CodablePlayer
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                try SeedRecords.createPlayers(db)
            }
            // ... so that you can save and fetch players:
            try dbQueue.inDatabase { db in
                test.clearSQLQueries()
                try Player(name: "Arthur", score: 100).insert(db)
                XCTAssertEqual(test.persistenceSQLQueries, [#"INSERT INTO "players" ("name", "score") VALUES (?,?)"#])
                let players = try Player.fetchAll(db)
                XCTAssertEqual(players.map(\.name), ["Arthur"])
                XCTAssertEqual(players.map(\.score), [100])
            }
        }

        @available(*, deprecated)
        func goodPractices(_ test: SeedSamplesTests) throws {
            typealias Book = GoodPracticesBook
            let dbQueue = try test.makeDatabaseQueue()
            var migrator = DatabaseMigrator()

            migrator.registerMigration("createLibrary") { db in
                try db.create(table: "author") { t in             // (1)
                    t.autoIncrementedPrimaryKey("id")             // (2)
                    t.column("name", .text).notNull()             // (3)
                    t.column("country", .text)                    // (4)
                }

                try db.create(table: "book") { t in
                    t.autoIncrementedPrimaryKey("id")
                    t.column("title", .text).notNull()            // (5)
                    t.column("authorId", .integer)                // (6)
                        .notNull()                                // (7)
                        .indexed()                                // (8)
                        .references("author", onDelete: .cascade) // (9)
                }
            }

            try migrator.migrate(dbQueue)
            try dbQueue.write { db in
                var author = Author(id: nil, name: "Hermann Melville", country: "United States")
                try author.insert(db)
                XCTAssertNotNil(author.id) // Guaranteed non-nil id
                var book = Book(id: nil, authorId: author.id!, title: "Moby-Dick")
                try book.insert(db)
                XCTAssertEqual(book.id, 1)

                // SQLite guarantees that all books have an author.
                var orphan = Book(id: nil, authorId: 42, title: "Orphan")
                XCTAssertThrowsError(try orphan.insert(db)) { error in
                    XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
                }

                // Deleting an author deletes her books.
                XCTAssertTrue(try author.delete(db))
                XCTAssertEqual(try Book.fetchCount(db), 0)
            }
        }

        func schemaRecommendations(_ test: SeedSamplesTests) throws {
            let dbQueue = try test.makeDatabaseQueue()
            try dbQueue.write { db in
                // A table without any explicit primary key
                try db.create(table: "player") { t in
                    t.column("name", .text).notNull()
                    t.column("score", .integer).notNull()
                }
                var player = RowIDPlayer(rowid: nil, name: "Arthur", score: 100)
                try player.insert(db)
                XCTAssertEqual(player.rowid, 1)
            }
            try dbQueue.write { db in
                // SELECT *, rowid FROM player WHERE rowid = 1
                // (The seed writes `fetchOne(db, id: 1)`, which requires
                // Identifiable.)
                if let player = try RowIDPlayer.fetchOne(db, key: 1) {
                    // DELETE FROM player WHERE rowid = 1
                    test.clearSQLQueries()
                    let deleted = try player.delete(db)
                    XCTAssertTrue(deleted) // true
                    XCTAssertEqual(test.persistenceSQLQueries, [#"DELETE FROM "player" WHERE "rowid"=?"#])
                } else {
                    XCTFail("missing player")
                }
            }
        }
    }
}

final class SeedSamplesTests: FolioTestCase {
    private let samples: any SeedSampleRunning = SeedRecords.Samples()

    func testRecordsIntroduction() throws { try samples.introduction(self) }
    func testRecordsInsertingFetchingUpdatingDeletingCounting() throws { try samples.insertingFetchingUpdatingDeletingCounting(self) }
    func testRecordsProtocolsOverview() throws { try samples.recordProtocolsOverview(self) }
    func testRecordsRowConvertibleAndTableMapping() throws { try samples.rowConvertibleAndTableMapping(self) }
    func testRecordsPersistableProtocol() throws { try samples.persistableProtocol(self) }
    func testRecordsCustomizingPersistenceMethods() throws { try samples.customizingPersistenceMethods(self) }
    func testRecordsConflictResolution() throws { try samples.conflictResolution(self) }
    func testRecordsRecordClassAndChangesTracking() throws { try samples.recordClassAndChangesTracking(self) }
    func testRecordsImplicitRowID() throws { try samples.implicitRowID(self) }
    func testRecordsListOfRecordMethods() throws { try samples.listOfRecordMethods(self) }
    func testRecordsCodableRecords() throws { try samples.codableRecords(self) }
    func testGoodPracticesForDesigningRecordTypes() throws { try samples.goodPractices(self) }
    func testDatabaseSchemaRecommendations() throws { try samples.schemaRecommendations(self) }
}
