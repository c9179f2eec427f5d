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

        // A partial player, that does not know the score column
        struct PartialPlayer: Encodable, MutablePersistableRecord {
            static let databaseTableName = "player"
            var id: Int64?
            var name: String
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
