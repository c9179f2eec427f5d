import Folio
import Foundation
import XCTest

// The samples of Documentation/Records.md. Each section of the guide has its
// own namespace, because sections define different versions of the same
// record types. Sample code is copied from the guide, wrapped in functions.

enum RecordsGuide {
    static func createPlayerTable(_ db: Database) throws {
        try db.create(table: "player") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
            t.column("email", .text).unique()
            t.column("score", .integer).notNull()
        }
    }

    static func createPlaceTable(_ db: Database, name: String = "place") throws {
        try db.create(table: name) { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("title", .text).notNull()
            t.column("isFavorite", .boolean).notNull().defaults(to: false)
            t.column("latitude", .double).notNull().defaults(to: 0)
            t.column("longitude", .double).notNull().defaults(to: 0)
        }
    }

    static func createCountryTable(_ db: Database) throws {
        try db.create(table: "country") { t in
            t.primaryKey("code", .text)
            t.column("name", .text).notNull()
        }
    }

    // MARK: - Introduction

    enum Introduction {
        struct Place: Codable, FetchableRecord, MutablePersistableRecord {
            var id: Int64?
            var title: String
            var isFavorite: Bool
            var latitude: Double
            var longitude: Double
        }

        static func run(_ dbQueue: DatabaseQueue) throws {
            try dbQueue.write { db in
                if var place = try Place.fetchOne(db, key: 1) {
                    place.isFavorite = true
                    try place.update(db)
                }
            }
        }
    }

    // MARK: - A Quick Tour

    enum QuickTour {
        struct Player: Codable, FetchableRecord, MutablePersistableRecord {
            var id: Int64?
            var name: String
            var email: String?
            var score: Int

            enum Columns {
                static let name = Column(CodingKeys.name)
                static let email = Column(CodingKeys.email)
                static let score = Column(CodingKeys.score)
            }

            // Remember the id given by SQLite
            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
            }
        }

        static func insert(_ db: Database) throws -> Player {
            var player = Player(id: nil, name: "Arthur", email: "arthur@example.com", score: 100)
            try player.insert(db)
            print(player.id!) // the id of the new row
            return player
        }

        static func fetch(_ db: Database) throws -> (players: [Player], arthur: Player?, bestPlayers: [Player]) {
            let players = try Player.fetchAll(db, sql: "SELECT * FROM player WHERE score > ?", arguments: [50])
            let arthur = try Player.fetchOne(db, key: 1)          // Player?
            let bestPlayers = try Player                           // [Player]
                .filter { $0.email != nil }
                .order(\.score.desc)
                .limit(10)
                .fetchAll(db)
            return (players, arthur, bestPlayers)
        }

        static func update(_ db: Database, onUpdate: (String) -> Void) throws {
            if var player = try Player.fetchOne(db, key: 1) {
                player.score += 10
                try player.update(db)         // UPDATE player SET name = ?, email = ?, score = ? WHERE id = ?
                onUpdate("update")

                try player.updateChanges(db) { // UPDATE player SET score = ? WHERE id = ?
                    $0.score += 10
                }
                onUpdate("updateChanges")
            }
        }

        static func batchUpdate(_ db: Database) throws {
            try Player.updateAll(db, Player.Columns.score.set(to: 0)) // UPDATE player SET score = 0
        }

        static func delete(_ db: Database, player: Player) throws {
            try player.delete(db)
            try Player.deleteOne(db, key: 1)
            try Player.deleteOne(db, key: ["email": "arthur@example.com"])
            try Player.deleteAll(db, keys: [2, 3])
            try Player.filter { $0.email == nil }.deleteAll(db)
        }

        static func count(_ db: Database) throws -> Int {
            let playerWithEmailCount = try Player.filter { $0.email != nil }.fetchCount(db) // Int
            return playerWithEmailCount
        }
    }

    // MARK: - The Record Protocols

    enum Protocols {
        struct Place {
            var id: Int64?
            var title: String
            var isFavorite: Bool
            var latitude: Double
            var longitude: Double
        }

        enum WithoutProtocols {
            static func fetchPlaces(_ db: Database) throws -> [Place] {
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM place")
                return rows.map { row in
                    Place(
                        id: row["id"],
                        title: row["title"],
                        isFavorite: row["isFavorite"],
                        latitude: row["latitude"],
                        longitude: row["longitude"])
                }
            }
        }

        enum WithCursor {
            static func fetchPlaces(_ db: Database) throws -> [Place] {
                let places = try Row
                    .fetchCursor(db, sql: "SELECT * FROM place")
                    .map { row in
                        Place(
                            id: row["id"],
                            title: row["title"],
                            isFavorite: row["isFavorite"],
                            latitude: row["latitude"],
                            longitude: row["longitude"])
                    }
                return try Array(places)
            }
        }

        static func fetchWithFetchableRecord(_ db: Database) throws -> [Place] {
            let places = try Place.fetchAll(db, sql: "SELECT * FROM place")
            return places
        }

        static func fetchWithTableRecord(_ db: Database) throws -> (places: [Place], place: Place?) {
            // SELECT * FROM place ORDER BY title
            let places = try Place.order(Column("title")).fetchAll(db)
            // SELECT * FROM place WHERE id = 1
            let place = try Place.fetchOne(db, key: 1)
            return (places, place)
        }

        static func persist(_ db: Database) throws -> Place {
            var place = Place(id: nil, title: "Paris", isFavorite: false, latitude: 48.8534, longitude: 2.3488)
            try place.insert(db)
            try Place.deleteOne(db, key: place.id)
            return place
        }
    }

    // MARK: - FetchableRecord

    enum Fetchable {
        struct Place: Hashable {
            var id: Int64?
            var title: String
            var isFavorite: Bool
            var latitude: Double
            var longitude: Double
        }

        static func fetchingMethods(_ db: Database) throws {
            _ = try Place.fetchCursor(db, sql: "SELECT * FROM place", arguments: []) // A Cursor of Place
            _ = try Place.fetchAll(db, sql: "SELECT * FROM place", arguments: [])    // [Place]
            _ = try Place.fetchSet(db, sql: "SELECT * FROM place", arguments: [])    // Set<Place>
            _ = try Place.fetchOne(db, sql: "SELECT * FROM place", arguments: [])    // Place?
        }

        static func statementAndRequest(_ db: Database) throws -> (Place?, [Place]) {
            let statement = try db.makeStatement(sql: "SELECT * FROM place WHERE id = ?")
            let one = try Place.fetchOne(statement, arguments: [1])                // Place?

            let request: SQLRequest<Place> = "SELECT * FROM place ORDER BY title"
            let all = try request.fetchAll(db)                                     // [Place]
            return (one, all)
        }
    }

    enum FetchableDecoding {
        struct Place {
            var id: Int64?
            var title: String
            var isFavorite: Bool
            var latitude: Double
            var longitude: Double
        }
    }

    // MARK: - TableRecord

    enum Table {
        struct Place: Decodable {
            var id: Int64?
            var title: String
        }

        struct PlaceTitle: FetchableRecord, TableRecord {
            static let databaseTableName = "place"
            static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("title")] }

            var id: Int64
            var title: String

            init(row: Row) {
                id = row["id"]
                title = row["title"]
            }
        }

        struct Country: Codable, FetchableRecord, PersistableRecord {
            var code: String
            var name: String
        }

        static func titles(_ db: Database) throws -> [PlaceTitle] {
            // SELECT id, title FROM place
            let titles = try PlaceTitle.fetchAll(db)
            return titles
        }
    }

    // MARK: - EncodableRecord and PersistableRecord

    enum Persistable {
        // The table has an auto-incremented id
        struct Player: Encodable, MutablePersistableRecord {
            var id: Int64?
            var name: String
            var score: Int

            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
            }
        }

        // The primary key is known before insertion
        struct Country: Encodable, PersistableRecord {
            var code: String
            var name: String
        }

        static func run(_ db: Database) throws -> Player {
            var player = Player(id: nil, name: "Arthur", score: 100)
            try player.insert(db)
            print(player.id!) // the inserted id

            let country = Country(code: "FR", name: "France")
            try country.insert(db)
            return player
        }
    }

    // MARK: - Persistence Methods

    enum Methods {
        struct Place: Codable, FetchableRecord, PersistableRecord, Equatable {
            var id: Int64
            var title: String
            var isFavorite: Bool
            var latitude: Double
            var longitude: Double
        }

        struct Vocabulary: Codable, FetchableRecord, PersistableRecord {
            var word: String      // primary key
            var kind: String
            var isTainted: Bool
        }
    }

    // MARK: - Persistence Callbacks

    enum Callbacks {
        struct ValidationError: Error {
            var message: String
        }

        struct Link: Encodable, PersistableRecord {
            var url: URL

            func willSave(_ db: Database) throws {
                if url.host == nil {
                    throw ValidationError(message: "url must be absolute.")
                }
            }
        }

        struct Document: Codable, MutablePersistableRecord {
            var uuid: UUID?
            var title: String

            mutating func willInsert(_ db: Database) throws {
                if uuid == nil {
                    uuid = UUID()
                }
            }
        }

        struct Event: Encodable, PersistableRecord {
            var name: String

            func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
                let start = Date()
                let inserted = try insert()
                print("Inserted row \(inserted.rowID) in \(Date().timeIntervalSince(start))s")
            }
        }

        struct PictureFile: Encodable, PersistableRecord {
            var path: String

            func willDelete(_ db: Database) throws {
                let path = self.path
                db.afterNextTransaction { _ in
                    // Only delete the file once the row is gone for good
                    try? FileManager.default.removeItem(atPath: path)
                }
            }
        }

        /// Not in the guide: records the callbacks, to check the order the
        /// guide states.
        final class CallbackLog: @unchecked Sendable {
            // @unchecked Sendable: only used from the database access that
            // runs the test.
            var events: [String] = []
        }

        struct Traced: Codable, MutablePersistableRecord {
            static let databaseTableName = "traced"
            nonisolated(unsafe) static var log = CallbackLog()
            var id: Int64?
            var name: String

            func willSave(_ db: Database) throws { Self.log.events.append("willSave") }
            func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws {
                Self.log.events.append("aroundSave before")
                _ = try save()
                Self.log.events.append("aroundSave after")
            }
            func didSave(_ saved: PersistenceSuccess) { Self.log.events.append("didSave") }
            mutating func willInsert(_ db: Database) throws { Self.log.events.append("willInsert") }
            func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
                Self.log.events.append("aroundInsert before")
                _ = try insert()
                Self.log.events.append("aroundInsert after")
            }
            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
                Self.log.events.append("didInsert")
            }
            func willUpdate(_ db: Database, columns: Set<String>) throws { Self.log.events.append("willUpdate") }
            func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws {
                Self.log.events.append("aroundUpdate before")
                _ = try update()
                Self.log.events.append("aroundUpdate after")
            }
            func didUpdate(_ updated: PersistenceSuccess) { Self.log.events.append("didUpdate") }
            func willDelete(_ db: Database) throws { Self.log.events.append("willDelete") }
            func aroundDelete(_ db: Database, delete: () throws -> Bool) throws {
                Self.log.events.append("aroundDelete before")
                _ = try delete()
                Self.log.events.append("aroundDelete after")
            }
            func didDelete(deleted: Bool) { Self.log.events.append("didDelete") }
        }
    }

    // MARK: - Conflict Resolution

    enum Conflicts {
        struct Player: Encodable, MutablePersistableRecord {
            static let persistenceConflictPolicy = PersistenceConflictPolicy(
                insert: .replace,
                update: .replace)

            var id: Int64?
            var email: String
        }

        struct IgnoredPlayer: Codable, FetchableRecord, MutablePersistableRecord {
            static let databaseTableName = "player"
            var id: Int64?
            var email: String

            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
            }
        }
    }

    // MARK: - Keys

    enum Keys {
        struct Player: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
            var name: String
            var email: String?
            var score: Int
        }

        struct Country: Codable, FetchableRecord, PersistableRecord {
            var code: String
            var name: String
        }

        struct Citizenship: Codable, FetchableRecord, PersistableRecord {
            var playerId: Int64
            var countryCode: String
        }

        enum IdentifiableRecords {
            struct Player: Codable, Identifiable, FetchableRecord, PersistableRecord {
                var id: Int64
                var name: String
            }
        }
    }

    // MARK: - The Hidden Rowid

    enum HiddenRowid {
        struct Event: FetchableRecord, MutablePersistableRecord {
            var id: Int64?
            var message: String
            var date: Date

            // 1. SELECT *, rowid FROM event
            static var databaseSelection: [any SQLSelectable] { [.allColumns, .rowID] }

            // 2. Read and write the rowid
            init(row: Row) {
                id = row[.rowID]
                message = row["message"]
                date = row["date"]
            }

            init(id: Int64?, message: String, date: Date) {
                self.id = id
                self.message = message
                self.date = date
            }

            func encode(to container: inout PersistenceContainer) {
                container[.rowID] = id
                container["message"] = message
                container["date"] = date
            }

            // 3. Remember the rowid of inserted events
            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
            }
        }

        /// An event that does not know its rowid.
        struct AnonymousEvent: Codable, FetchableRecord, PersistableRecord {
            static let databaseTableName = "event"
            var message: String
            var date: Date
        }

        struct Book: TableRecord { }

        static func run(_ db: Database) throws -> Event {
            var event = Event(id: nil, message: "Started", date: Date())
            try event.insert(db)
            print(event.id!)          // the rowid

            event.message = "Stopped"
            try event.update(db)      // UPDATE event SET message = ?, date = ? WHERE rowid = ?
            XCTAssertTrue(try event.exists(db)) // true
            return event
        }
    }

    // MARK: - Codable Records

    enum Codable1 {
        struct Player: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
            var name: String
            var score: Int
        }
    }

    enum CodingKeysRenaming {
        struct Player: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
            var name: String
            var score: Int

            enum CodingKeys: String, CodingKey {
                case id
                case name = "full_name"
                case score
            }

            enum Columns {
                static let id = Column(CodingKeys.id)
                static let name = Column(CodingKeys.name)   // the "full_name" column
                static let score = Column(CodingKeys.score)
            }
        }
    }

    enum JSONColumns {
        struct Achievement: Codable {
            var name: String
            var color: String
        }

        struct Player: Codable, FetchableRecord, PersistableRecord {
            var name: String
            var achievements: [Achievement] // a JSON column
        }
    }

    enum Strategies {
        struct Player: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
            var fullName: String
            var registrationDate: Date

            // The fullName property is stored in the full_name column
            static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
            static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

            // Dates are stored as numbers of seconds since 1970
            static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
                .timeIntervalSince1970
            }
            static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
                .timeIntervalSince1970
            }
        }
    }

    // MARK: - The Record Class

    enum RecordClass {
        class Place: Record {
            var id: Int64?
            var title: String
            var isFavorite: Bool

            init(id: Int64? = nil, title: String, isFavorite: Bool = false) {
                self.id = id
                self.title = title
                self.isFavorite = isFavorite
                super.init()
            }

            override class var databaseTableName: String { "place" }

            required init(row: Row) throws {
                id = row["id"]
                title = row["title"]
                isFavorite = row["isFavorite"]
                try super.init(row: row)
            }

            override func encode(to container: inout PersistenceContainer) throws {
                container["id"] = id
                container["title"] = title
                container["isFavorite"] = isFavorite
            }

            override func didInsert(_ inserted: InsertionSuccess) {
                super.didInsert(inserted)
                id = inserted.rowID
            }
        }

        class Player: Record {
            var uuid: UUID?
            var name: String

            init(name: String) {
                self.name = name
                super.init()
            }

            override class var databaseTableName: String { "player" }

            required init(row: Row) throws {
                uuid = row["uuid"]
                name = row["name"]
                try super.init(row: row)
            }

            override func encode(to container: inout PersistenceContainer) throws {
                container["uuid"] = uuid
                container["name"] = name
            }

            override func insert(_ db: Database) throws {
                if uuid == nil {
                    uuid = UUID()
                }
                try super.insert(db)
            }
        }
    }
}

extension RecordsGuide.Protocols.Place: FetchableRecord {
    init(row: Row) {
        id = row["id"]
        title = row["title"]
        isFavorite = row["isFavorite"]
        latitude = row["latitude"]
        longitude = row["longitude"]
    }
}

extension RecordsGuide.Protocols.Place: TableRecord { }

extension RecordsGuide.Protocols.Place: MutablePersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["title"] = title
        container["isFavorite"] = isFavorite
        container["latitude"] = latitude
        container["longitude"] = longitude
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension RecordsGuide.Fetchable.Place: FetchableRecord {
    enum Columns {
        static let id = Column("id")
        static let title = Column("title")
        static let isFavorite = Column("isFavorite")
        static let latitude = Column("latitude")
        static let longitude = Column("longitude")
    }

    init(row: Row) {
        id = row[Columns.id]
        title = row[Columns.title]
        isFavorite = row[Columns.isFavorite]
        latitude = row[Columns.latitude]
        longitude = row[Columns.longitude]
    }
}

extension RecordsGuide.FetchableDecoding.Place: FetchableRecord {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        title = try row.decode(forColumn: "title")
        isFavorite = try row.decode(forColumn: "isFavorite")
        latitude = try row.decode(forColumn: "latitude")
        longitude = try row.decode(forColumn: "longitude")
    }
}

extension RecordsGuide.Table.Place: TableRecord {
    static let databaseTableName = "places"
}

extension RecordsGuide.Table.Place: FetchableRecord { }

extension RecordsGuide.HiddenRowid.Book {
    static let databaseTableName = "book"
}

final class RecordsGuideTests: FolioTestCase {
    typealias Guide = RecordsGuide

    // MARK: Introduction

    func testIntroductionUpdatesTheFetchedPlace() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            try db.execute(sql: "INSERT INTO place (title) VALUES ('Paris')")
        }
        try Guide.Introduction.run(dbQueue)
        XCTAssertEqual(
            lastSQLQuery(matching: "UPDATE"),
            #"UPDATE "place" SET "title" = ?, "isFavorite" = ?, "latitude" = ?, "longitude" = ? WHERE "id" = ?"#)
        try dbQueue.read { db in
            XCTAssertEqual(try Bool.fetchOne(db, sql: "SELECT isFavorite FROM place"), true)
        }
    }

    // MARK: A Quick Tour

    func testQuickTour() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlayerTable(db)

            let player = try Guide.QuickTour.insert(db)
            XCTAssertEqual(player.id, 1)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "player" ("id", "name", "email", "score") VALUES (?, ?, ?, ?)"#)

            try db.execute(sql: "INSERT INTO player (name, email, score) VALUES ('Barbara', NULL, 1000), ('Craig', 'craig@example.com', 10)")
            let fetched = try Guide.QuickTour.fetch(db)
            XCTAssertEqual(fetched.players.map(\.name), ["Arthur", "Barbara"])
            XCTAssertEqual(fetched.arthur?.name, "Arthur")
            XCTAssertEqual(fetched.bestPlayers.map(\.name), ["Arthur", "Craig"])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT * FROM "player" WHERE "email" IS NOT NULL ORDER BY "score" DESC LIMIT 10"#)

            var updates: [String: String] = [:]
            try Guide.QuickTour.update(db) { updates[$0] = self.lastSQLQuery }
            XCTAssertEqual(updates["update"], #"UPDATE "player" SET "name" = ?, "email" = ?, "score" = ? WHERE "id" = ?"#)
            XCTAssertEqual(updates["updateChanges"], #"UPDATE "player" SET "score" = ? WHERE "id" = ?"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 120)

            XCTAssertEqual(try Guide.QuickTour.count(db), 2)

            try Guide.QuickTour.batchUpdate(db)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ?"#)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT score FROM player"), [0, 0, 0])

            try Guide.QuickTour.delete(db, player: player)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "email" IS NULL"#)
            XCTAssertEqual(try Guide.QuickTour.Player.fetchCount(db), 0)
        }
    }

    // MARK: The Record Protocols

    func testRecordProtocolsSection() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            try db.execute(sql: """
                INSERT INTO place (title, isFavorite, latitude, longitude) VALUES ('Rome', 1, 41.9, 12.5), ('Berlin', 0, 52.5, 13.4)
                """)

            let expected = ["Rome", "Berlin"]
            XCTAssertEqual(try Guide.Protocols.WithoutProtocols.fetchPlaces(db).map(\.title), expected)
            XCTAssertEqual(try Guide.Protocols.WithCursor.fetchPlaces(db).map(\.title), expected)
            XCTAssertEqual(try Guide.Protocols.fetchWithFetchableRecord(db).map(\.title), expected)

            let (places, place) = try Guide.Protocols.fetchWithTableRecord(db)
            XCTAssertEqual(places.map(\.title), ["Berlin", "Rome"])
            XCTAssertEqual(place?.title, "Rome")
            XCTAssertEqual(place?.isFavorite, true)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "place" WHERE "id" = ?"#)

            let paris = try Guide.Protocols.persist(db)
            XCTAssertEqual(paris.id, 3)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "place" WHERE "id" = ?"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM place"), 2)
        }
    }

    // MARK: FetchableRecord

    func testFetchableRecordSection() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            try db.execute(sql: "INSERT INTO place (title) VALUES ('Rome'), ('Berlin')")

            try Guide.Fetchable.fetchingMethods(db)
            let (one, all) = try Guide.Fetchable.statementAndRequest(db)
            XCTAssertEqual(one?.title, "Rome")
            XCTAssertEqual(all.map(\.title), ["Berlin", "Rome"])
            XCTAssertEqual(try Guide.Fetchable.Place.fetchSet(db, sql: "SELECT * FROM place").count, 2)

            // The throwing decoding names the column and the value
            try db.execute(sql: "INSERT INTO place (title, latitude) VALUES ('Nowhere', 'north')")
            XCTAssertThrowsError(try Guide.FetchableDecoding.Place.fetchAll(db, sql: "SELECT * FROM place")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
                XCTAssertTrue("\(error)".contains("latitude"), "\(error)")
            }
        }
    }

    func testFetchedRowIsReusedAndMustBeCopied() throws {
        // "the same Row instance is given to each call of init(row:)"
        struct KeepsRow: FetchableRecord {
            var row: Row
            init(row: Row) { self.row = row.copy() }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let records = try Array(KeepsRow.fetchCursor(db, sql: "SELECT 1 AS a UNION ALL SELECT 2"))
            XCTAssertEqual(records.map { $0.row["a"] as Int }, [1, 2])
        }
    }

    // MARK: TableRecord

    func testTableRecordSection() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            try Guide.createPlaceTable(db, name: "places")
            try Guide.createCountryTable(db)
            try db.execute(sql: """
                INSERT INTO place (title) VALUES ('Rome'), ('Berlin'), ('Oslo'), ('Lima');
                INSERT INTO places (title) VALUES ('Paris');
                INSERT INTO country (code, name) VALUES ('FR', 'France'), ('US', 'United States'), ('IT', 'Italy');
                """)

            XCTAssertEqual(Guide.Table.Place.databaseTableName, "places")
            XCTAssertEqual(try Guide.Table.Place.fetchAll(db).map(\.title), ["Paris"])

            XCTAssertEqual(try Guide.Table.titles(db).map(\.title), ["Rome", "Berlin", "Oslo", "Lima"])
            XCTAssertEqual(lastSQLQuery, #"SELECT "id", "title" FROM "place""#)

            typealias Place = RecordsGuide.Protocols.Place
            typealias Country = RecordsGuide.Table.Country
            XCTAssertEqual(try Place.fetchOne(db, key: 1)?.title, "Rome")              // Place?
            XCTAssertEqual(try Place.fetchAll(db, keys: [1, 2, 3]).map(\.title), ["Rome", "Berlin", "Oslo"]) // [Place]
            XCTAssertEqual(try Place.exists(db, key: 1), true)                         // Bool
            XCTAssertEqual(try Country.fetchOne(db, key: "FR")?.name, "France")        // Country?
            XCTAssertEqual(try Country.fetchAll(db, keys: ["FR", "US"]).map(\.code).sorted(), ["FR", "US"]) // [Country]
        }
    }

    // MARK: EncodableRecord and PersistableRecord

    func testPersistableRecordSection() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
            try Guide.createCountryTable(db)
            let player = try Guide.Persistable.run(db)
            XCTAssertEqual(player.id, 1)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "country" ("code", "name") VALUES (?, ?)"#)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM country WHERE code = 'FR'"), "France")
        }
    }

    func testInsertionSuccessDescribesTheInsertedRow() throws {
        struct Player: Encodable, MutablePersistableRecord {
            var id: Int64?
            var name: String
            var score: Int
            var inserted: [String] = []
            enum CodingKeys: String, CodingKey { case id, name, score }
            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
                self.inserted = [inserted.rowIDColumn ?? "nil"] + inserted.persistenceContainer.columns
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
            var player = Player(id: nil, name: "Arthur", score: 1)
            try player.insert(db)
            XCTAssertEqual(player.id, 1)
            XCTAssertEqual(player.inserted, ["id", "id", "name", "score"])
        }
    }

    // MARK: Persistence Methods

    func testPersistenceMethods() throws {
        typealias Place = RecordsGuide.Methods.Place
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            var place = Place(id: 1, title: "Paris", isFavorite: false, latitude: 48.8534, longitude: 2.3488)

            // INSERT
            try place.insert(db)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "place" ("id", "title", "isFavorite", "latitude", "longitude") VALUES (?, ?, ?, ?, ?)"#)
            var other = place
            other.id = 2
            let insertedPlace = try other.inserted(db) // returns an inserted copy, for `let` constants
            XCTAssertEqual(insertedPlace, other)
            other.id = 3
            let fetchedPlace = try other.insertAndFetch(db) // INSERT ... RETURNING *: default and generated values included
            XCTAssertEqual(fetchedPlace, other)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "place" ("id", "title", "isFavorite", "latitude", "longitude") VALUES (?, ?, ?, ?, ?) RETURNING *"#)

            // UPDATE
            place.title = "Paris, France"
            try place.update(db)                       // all columns
            XCTAssertEqual(lastSQLQuery, #"UPDATE "place" SET "title" = ?, "isFavorite" = ?, "latitude" = ?, "longitude" = ? WHERE "id" = ?"#)
            try place.update(db, columns: ["title"])   // some columns
            XCTAssertEqual(lastSQLQuery, #"UPDATE "place" SET "title" = ? WHERE "id" = ?"#)
            try place.updateChanges(db) { $0.isFavorite = true } // modified columns only, if any
            XCTAssertEqual(lastSQLQuery, #"UPDATE "place" SET "isFavorite" = ? WHERE "id" = ?"#)
            XCTAssertTrue(place.isFavorite)

            // INSERT or UPDATE
            try place.save(db)
            XCTAssertEqual(lastSQLQuery(matching: "UPDATE"), #"UPDATE "place" SET "title" = ?, "isFavorite" = ?, "latitude" = ?, "longitude" = ? WHERE "id" = ?"#)
            var newPlace = place
            newPlace.id = 4
            let savedPlace = try newPlace.saved(db)
            XCTAssertEqual(savedPlace, newPlace)
            XCTAssertEqual(lastSQLQuery(matching: "INSERT"), #"INSERT INTO "place" ("id", "title", "isFavorite", "latitude", "longitude") VALUES (?, ?, ?, ?, ?)"#)

            // INSERT ... ON CONFLICT DO UPDATE
            place.title = "Lutetia"
            try place.upsert(db)
            XCTAssertTrue(lastSQLQuery!.hasPrefix(#"INSERT INTO "place" ("id", "title", "isFavorite", "latitude", "longitude") VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET"#), lastSQLQuery!)
            XCTAssertEqual(try Place.fetchOne(db, key: 1)?.title, "Lutetia")

            // DELETE
            let deleted = try place.delete(db)         // Bool
            XCTAssertTrue(deleted)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "place" WHERE "id" = ?"#)

            // Existence check
            let exists = try place.exists(db)          // Bool
            XCTAssertFalse(exists)

            // Batch methods
            XCTAssertEqual(try Place.updateAll(db, Column("isFavorite").set(to: false)), 3) // Int
            XCTAssertEqual(try Place.deleteOne(db, key: 2), true)            // Bool
            XCTAssertEqual(try Place.deleteAll(db, keys: [3, 4]), 2)
            XCTAssertEqual(try Place.deleteAll(db), 0)                    // Int: the number of deleted rows
        }
    }

    func testUpdateThrowsRecordNotFound() throws {
        typealias Place = RecordsGuide.Methods.Place
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            var place = Place(id: 42, title: "Atlantis", isFavorite: false, latitude: 0, longitude: 0)
            XCTAssertThrowsError(try place.update(db)) { error in
                guard case RecordError.recordNotFound(databaseTableName: "place", key: let key) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(key, ["id": 42.databaseValue])
            }
            XCTAssertThrowsError(try place.updateChanges(db) { $0.title = "Mu" }) { error in
                guard case RecordError.recordNotFound = error else { return XCTFail("\(error)") }
            }
            // save inserts when no row was updated
            try place.save(db)
            XCTAssertEqual(try Place.fetchCount(db), 1)
            // The failed updateChanges has modified the record
            XCTAssertEqual(place.title, "Mu")
            // updateChanges without changes runs no statement, and returns false
            clearSQLQueries()
            XCTAssertFalse(try place.updateChanges(db) { $0.title = "Mu" })
            XCTAssertEqual(sqlQueries, [])
        }
    }

    func testConstraintViolationThrowsDatabaseError() throws {
        typealias Player = RecordsGuide.QuickTour.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlayerTable(db)
            var player = Player(id: nil, name: "Arthur", email: "arthur@example.com", score: 0)
            try player.insert(db)
            var duplicate = Player(id: nil, name: "Arthur", email: "arthur@example.com", score: 0)
            XCTAssertThrowsError(try duplicate.insert(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
            }
        }
    }

    func testUpsert() throws {
        typealias Vocabulary = RecordsGuide.Methods.Vocabulary
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE vocabulary (
                    word TEXT NOT NULL PRIMARY KEY,
                    kind TEXT NOT NULL,
                    isTainted BOOLEAN DEFAULT 0,
                    count INT DEFAULT 1)
                """)
            // INSERT INTO vocabulary (word, kind, isTainted) VALUES ('jovial', 'adjective', 0)
            // ON CONFLICT DO UPDATE SET kind = excluded.kind, isTainted = excluded.isTainted
            try Vocabulary(word: "jovial", kind: "adjective", isTainted: false).upsert(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"INSERT INTO "vocabulary" ("word", "kind", "isTainted") VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET "kind" = "excluded"."kind", "isTainted" = "excluded"."isTainted" RETURNING "rowid""#)

            let vocabulary = Vocabulary(word: "jovial", kind: "adjective", isTainted: true)
            let upserted = try vocabulary.upsertAndFetch(db, onConflict: ["word"], doUpdate: { _ in
                [Column("count") += 1, Column("isTainted").noOverwrite]
            })
            XCTAssertEqual(upserted.isTainted, false)
            let row = try Row.fetchOne(db, sql: "SELECT * FROM vocabulary")!
            XCTAssertEqual(row, ["word": "jovial", "kind": "adjective", "isTainted": 0, "count": 2])
        }
    }

    // MARK: Persistence Callbacks

    func testCallbacksSection() throws {
        typealias Callbacks = RecordsGuide.Callbacks
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "link") { t in t.column("url", .text) }
            try db.create(table: "document") { t in
                t.column("uuid", .blob)
                t.column("title", .text)
            }
            try db.create(table: "event") { t in t.column("name", .text) }
            try db.create(table: "pictureFile") { t in t.column("path", .text) }

            try Callbacks.Link(url: URL(string: "https://example.com")!).insert(db) // OK
            XCTAssertThrowsError(try Callbacks.Link(url: URL(string: "example")!).insert(db)) { error in // throws ValidationError
                XCTAssertEqual((error as? Callbacks.ValidationError)?.message, "url must be absolute.")
            }
            XCTAssertThrowsError(try Callbacks.Link(url: URL(string: "example")!).save(db))
            XCTAssertThrowsError(try Callbacks.Link(url: URL(string: "example")!).upsert(db))
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM link"), 1)

            var document = Callbacks.Document(uuid: nil, title: "Draft")
            try document.insert(db)
            XCTAssertNotNil(document.uuid)
            XCTAssertEqual(try UUID.fetchOne(db, sql: "SELECT uuid FROM document"), document.uuid)

            try Callbacks.Event(name: "launch").insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM event"), "launch")
        }
    }

    func testDeleteCallbackActsOnCommit() throws {
        let dbQueue = try makeDatabaseQueue()
        let directory = URL(fileURLWithPath: temporaryDatabasePath()).deletingLastPathComponent()
        let path = directory.appendingPathComponent("picture.jpg").path
        _ = FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3]))
        let file = RecordsGuide.Callbacks.PictureFile(path: path)
        try dbQueue.write { db in
            try db.create(table: "pictureFile") { t in t.primaryKey("path", .text) }
            try file.insert(db)
        }
        // A rolled back deletion leaves the file
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction {
                _ = try file.delete(db)
                XCTAssertTrue(FileManager.default.fileExists(atPath: path))
                return .rollback
            }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        // A committed one deletes it, after the commit
        try dbQueue.write { db in
            _ = try file.delete(db)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testCallbacksRunInTheDocumentedOrder() throws {
        typealias Traced = RecordsGuide.Callbacks.Traced
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "traced") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text)
            }
            Traced.log = .init()
            var record = Traced(id: nil, name: "a")
            try record.insert(db)
            XCTAssertEqual(Traced.log.events, [
                "willSave", "aroundSave before",
                "willInsert", "aroundInsert before", "aroundInsert after", "didInsert",
                "aroundSave after", "didSave",
            ])

            Traced.log = .init()
            try record.update(db)
            XCTAssertEqual(Traced.log.events, [
                "willSave", "aroundSave before",
                "willUpdate", "aroundUpdate before", "aroundUpdate after", "didUpdate",
                "aroundSave after", "didSave",
            ])

            // save: the update callbacks, then, if no row was updated (the
            // update throws inside aroundUpdate), the insertion ones; the
            // save callbacks run once.
            Traced.log = .init()
            record.id = 42
            try record.save(db)
            XCTAssertEqual(Traced.log.events, [
                "willSave", "aroundSave before",
                "willUpdate", "aroundUpdate before",
                "willInsert", "aroundInsert before", "aroundInsert after", "didInsert",
                "aroundSave after", "didSave",
            ])

            Traced.log = .init()
            _ = try record.delete(db)
            XCTAssertEqual(Traced.log.events, ["willDelete", "aroundDelete before", "aroundDelete after", "didDelete"])

            // Batch methods do not call callbacks
            Traced.log = .init()
            try Traced.deleteAll(db)
            try Traced.updateAll(db, Column("name").set(to: "b"))
            XCTAssertEqual(Traced.log.events, [])
        }
    }

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
            XCTAssertEqual(lastSQLQuery, #"INSERT OR REPLACE INTO "player" ("id", "email") VALUES (?, ?)"#)
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM player"), [3])

            // INSERT OR IGNORE INTO player ...
            var other = Player(id: nil, email: "arthur@example.com")
            try other.insert(db, onConflict: .ignore)
            XCTAssertEqual(lastSQLQuery, #"INSERT OR IGNORE INTO "player" ("id", "email") VALUES (?, ?)"#)
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
            var skipped2 = Player(id: nil, email: "arthur@example.com")
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
            XCTAssertEqual(updateSQL, #"UPDATE "event" SET "message" = ?, "date" = ? WHERE "rowid" = ?"#)

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
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "player" ("id", "full_name", "score") VALUES (?, ?, ?)"#)

            let arthur = try Player.filter(Player.Columns.name == "Arthur").fetchOne(db)
            XCTAssertEqual(arthur?.id, 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "full_name" = ? LIMIT 1"#)

            // The Folio note: $0.name is the column named "name", which does
            // not exist; $0.full_name is the renamed column.
            XCTAssertThrowsError(try Player.filter { $0.name == "Arthur" }.fetchOne(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
            }
            XCTAssertEqual(try Player.filter { $0.full_name == "Arthur" }.fetchOne(db)?.id, 1)
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
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "player" ("id", "full_name", "registration_date") VALUES (?, ?, ?)"#)
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT registration_date FROM player"), 1000)
            let player = try Player.fetchOne(db, key: 1)
            XCTAssertEqual(player?.fullName, "Arthur")
            XCTAssertEqual(player?.registrationDate, Date(timeIntervalSince1970: 1000))
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
                XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ? WHERE "id" = ?"#)
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
            XCTAssertEqual(place.databaseChanges, ["isFavorite": false.databaseValue])       // ["isFavorite": false]

            // UPDATE place SET isFavorite = 1 WHERE id = ?
            XCTAssertTrue(try place.updateChanges(db)) // true
            XCTAssertEqual(lastSQLQuery, #"UPDATE "place" SET "isFavorite" = ? WHERE "id" = ?"#)
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

extension FolioTestCase {
    /// The last recorded SQL statement that starts with a prefix.
    func lastSQLQuery(matching prefix: String) -> String? {
        sqlQueries.last { $0.hasPrefix(prefix) }
    }
}
