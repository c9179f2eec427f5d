import Folio
import Foundation
import XCTest

// The record types of the seed samples (see SeedSamplesTests.swift),
// nested in `SeedRecords` so that their names (`Place`, `Author`...) do
// not collide with the types of other test files.

/// The namespace of the seed sample types.
enum SeedRecords { }

/// Stands for the CoreLocation type of the samples.
struct CLLocationCoordinate2D: Equatable {
    var latitude: Double
    var longitude: Double
}

extension SeedRecords {
    /// The table of the `Place` samples (the seeds do not show it).
    static func createPlaces(_ db: Database) throws {
        try db.create(table: "places") { t in
            t.column("id", .integer).primaryKey()
            t.column("title", .text).notNull()
            t.column("latitude", .double)
            t.column("longitude", .double)
            t.column("isFavorite", .boolean).notNull().defaults(to: false)
        }
    }
}

extension SeedRecords {
    /// The table of the `Player` samples (the seeds do not show it).
    static func createPlayers(_ db: Database) throws {
        try db.create(table: "players") { t in
            t.column("id", .integer).primaryKey()
            t.column("uuid", .text)
            t.column("name", .text)
            t.column("email", .text).unique()
            t.column("score", .integer).notNull().defaults(to: 0)
            t.column("synchronized", .boolean).notNull().defaults(to: false)
        }
    }

    /// The table of the `Country` samples (the seeds do not show it).
    static func createCountries(_ db: Database) throws {
        try db.create(table: "countries") { t in
            t.primaryKey("isoCode", .text)
            t.column("name", .text)
        }
    }
}

// MARK: - Records.md: the Record class samples

extension SeedRecords {
    /// `class Place : Record`, from "Record Class" and the introduction.
    @available(*, deprecated)
    final class RecordPlace: Record {
        var id: Int64?
        var title: String
        var coordinate: CLLocationCoordinate2D
        var isFavorite = false

        init(id: Int64? = nil, title: String, coordinate: CLLocationCoordinate2D) {
            self.id = id
            self.title = title
            self.coordinate = coordinate
            super.init()
        }

        /// The table name
        override class var databaseTableName: String {
            return "places"
        }

        /// Initialize from a database row
        // GRDB 7: `init(row:)` throws, and calls `try super.init(row:)`.
        required init(row: Row) throws {
            id = row["id"]
            title = row["title"]
            coordinate = CLLocationCoordinate2D(
                latitude: row["latitude"],
                longitude: row["longitude"])
            isFavorite = row["isFavorite"]
            try super.init(row: row)
        }

        /// The values persisted in the database
        override func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["title"] = title
            container["latitude"] = coordinate.latitude
            container["longitude"] = coordinate.longitude
            container["isFavorite"] = isFavorite
        }

        /// Update record ID after a successful insertion
        override func didInsert(with rowID: Int64, for column: String?) {
            id = rowID
        }
    }
}

extension SeedRecords {
    /// `class Player : Record`, from "Inserting Records", "Changes Tracking",
    /// and "Customizing the Persistence Methods".
    @available(*, deprecated)
    final class RecordPlayer: Record {
        var id: Int64?
        var uuid: UUID?
        var name: String?
        var email: String?
        var score: Int

        init(name: String, email: String? = nil, score: Int = 0) {
            self.name = name
            self.email = email
            self.score = score
            super.init()
        }

        override class var databaseTableName: String { "players" }

        required init(row: Row) throws {
            id = row["id"]
            uuid = (row["uuid"] as String?).flatMap(UUID.init(uuidString:))
            name = row["name"]
            email = row["email"]
            score = row["score"]
            try super.init(row: row)
        }

        override func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["uuid"] = uuid?.uuidString
            container["name"] = name
            container["email"] = email
            container["score"] = score
        }

        override func didInsert(with rowID: Int64, for column: String?) {
            id = rowID
        }

        override func insert(_ db: Database) throws {
            if uuid == nil {
                uuid = UUID()
            }
            try super.insert(db)
        }
    }
}

// MARK: - Records.md: the protocol samples

extension SeedRecords {
    /// `struct Place` of "RowConvertible Protocol", "TableMapping Protocol" and
    /// "Persistable Protocol".
    @available(*, deprecated)
    struct Place {
        var id: Int64?
        var title: String
        var coordinate: CLLocationCoordinate2D
    }
}

@available(*, deprecated)
extension SeedRecords.Place : RowConvertible {
    enum Columns {
        static let id = Column("id")
        static let title = Column("title")
        static let latitude = Column("latitude")
        static let longitude = Column("longitude")
    }

    init(row: Row) {
        id = row[Columns.id]
        title = row[Columns.title]
        coordinate = CLLocationCoordinate2D(
            latitude: row[Columns.latitude],
            longitude: row[Columns.longitude])
    }
}

@available(*, deprecated)
extension SeedRecords.Place : TableMapping {
    static let databaseTableName = "places"
}

@available(*, deprecated)
extension SeedRecords.Place : MutablePersistable {
    /// The values persisted in the database
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.title] = title
        container[Columns.latitude] = coordinate.latitude
        container[Columns.longitude] = coordinate.longitude
    }

    // Update id upon successful insertion:
    mutating func didInsert(with rowID: Int64, for column: String?) {
        id = rowID
    }
}

extension SeedRecords {
    /// The `Place` of "Record Protocols Overview", before `RowConvertible`.
    @available(*, deprecated)
    struct PlainPlace {
        var id: Int64?
        var title: String
        var coordinate: CLLocationCoordinate2D

        init(id: Int64?, title: String, coordinate: CLLocationCoordinate2D) {
            self.id = id
            self.title = title
            self.coordinate = coordinate
        }

        // Row initializer
        init(row: Row) {
            id = row["id"]
            title = row["title"]
            coordinate = CLLocationCoordinate2D(latitude: row["latitude"], longitude: row["longitude"])
        }
    }
}

extension SeedRecords {
    /// `struct Link : Persistable` of "Customizing the Persistence Methods".
    @available(*, deprecated)
    struct Link : Persistable {
        static let databaseTableName = "links"
        var url: URL

        func encode(to container: inout PersistenceContainer) {
            container["url"] = url.absoluteString
        }

        func insert(_ db: Database) throws {
            try validate()
            try performInsert(db)
        }

        func update(_ db: Database, columns: Set<String>) throws {
            try validate()
            try performUpdate(db, columns: columns)
        }

        func validate() throws {
            if url.host == nil {
                throw ValidationError("url must be absolute.")
            }
        }
    }
}

extension SeedRecords {
    struct ValidationError: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

extension SeedRecords {
    /// `struct Player : MutablePersistable` of "Conflict Resolution".
    @available(*, deprecated)
    struct ReplacingPlayer : MutablePersistable {
        static let databaseTableName = "players"
        static let persistenceConflictPolicy = PersistenceConflictPolicy(
            insert: .replace,
            update: .replace)

        var id: Int64?
        var email: String

        func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["email"] = email
        }
    }
}

extension SeedRecords {
    /// `struct Event` of "Exposing the RowID Column".
    @available(*, deprecated)
    struct Event : TableMapping, RowConvertible, MutablePersistable {
        static let databaseTableName = "events"
        static let databaseSelection: [SQLSelectable] = [AllColumns(), Column.rowID]

        var id: Int64?
        var message: String
        var date: Date

        init(message: String, date: Date) {
            self.message = message
            self.date = date
        }

        init(row: Row) {
            // GRDB 7: `row[Column.rowID]` (the seed writes `row[.rowID]`).
            id = row[Column.rowID]
            message = row["message"]
            date = Date(timeIntervalSince1970: row["date"])
        }

        func encode(to container: inout PersistenceContainer) {
            // GRDB 7: `container[Column.rowID]` (the seed writes `container[.rowID]`).
            container[Column.rowID] = id
            container["message"] = message
            container["date"] = date.timeIntervalSince1970
        }

        mutating func didInsert(with rowID: Int64, for column: String?) {
            id = rowID
        }
    }
}

extension SeedRecords {
    /// `class Book : Record` of "Exposing the RowID Column".
    @available(*, deprecated)
    final class Book : Record {
        override class var databaseTableName: String { "books" }
        override class var databaseSelection: [SQLSelectable] {
            // The seed misspells `AllColumns()`.
            return [AllColumns(), Column.rowID]
        }
    }
}

extension SeedRecords {
    /// `struct Player: RowConvertible, Persistable, Codable` of "Codable Records".
    @available(*, deprecated)
    struct CodablePlayer: RowConvertible, Persistable, Codable {
        static let databaseTableName = "players"

        let name: String
        let score: Int
    }
}

extension SeedRecords {
    /// A `Country` and `Citizenship`, for the key samples.
    @available(*, deprecated)
    struct Country: TableMapping, RowConvertible, Persistable {
        static let databaseTableName = "countries"
        var isoCode: String
        var name: String

        init(isoCode: String, name: String) {
            self.isoCode = isoCode
            self.name = name
        }

        init(row: Row) {
            isoCode = row["isoCode"]
            name = row["name"]
        }

        func encode(to container: inout PersistenceContainer) {
            container["isoCode"] = isoCode
            container["name"] = name
        }
    }
}

extension SeedRecords {
    @available(*, deprecated)
    struct Citizenship: TableMapping, RowConvertible, Persistable {
        static let databaseTableName = "citizenships"
        var playerID: Int64
        var countryISOCode: String

        init(playerID: Int64, countryISOCode: String) {
            self.playerID = playerID
            self.countryISOCode = countryISOCode
        }

        init(row: Row) {
            playerID = row["playerID"]
            countryISOCode = row["countryISOCode"]
        }

        func encode(to container: inout PersistenceContainer) {
            container["playerID"] = playerID
            container["countryISOCode"] = countryISOCode
        }
    }
}

extension SeedRecords {
    /// `struct Document` of "TableMapping Protocol": a table without explicit
    /// primary key.
    @available(*, deprecated)
    struct Document: TableMapping, RowConvertible {
        static let databaseTableName = "documents"
        var title: String
        init(row: Row) { title = row["title"] }
    }
}

// MARK: - GoodPracticesForDesigningRecordTypes.md

extension SeedRecords {
    @available(*, deprecated)
    struct Author: Codable {
        var id: Int64?
        var name: String
        var country: String?
    }
}

extension SeedRecords {
    @available(*, deprecated)
    struct GoodPracticesBook: Codable {
        static let databaseTableName = "book"
        var id: Int64?
        var authorId: Int64
        var title: String
    }

    // Add Database access
}

@available(*, deprecated)
extension SeedRecords.Author: DecodableRecord, MutablePersistableRecord {
    // Update auto-incremented id upon successful insertion
    mutating func didInsert(with rowID: Int64, for column: String?) {
        id = rowID
    }
}

@available(*, deprecated)
extension SeedRecords.GoodPracticesBook: DecodableRecord, MutablePersistableRecord {
    // Update auto-incremented id upon successful insertion
    mutating func didInsert(with rowID: Int64, for column: String?) {
        id = rowID
    }
}

// MARK: - DatabaseSchemaRecommendations.md

extension SeedRecords {
    /// A table without any explicit primary key, and its record type.
    struct RowIDPlayer: Codable {
        static let databaseTableName = "player"
        // Uniquely identifies a player.
        var rowid: Int64?
        var name: String
        var score: Int
    }
}

extension SeedRecords.RowIDPlayer: FetchableRecord, MutablePersistableRecord {
    // Required because the primary key
    // is the hidden rowid column.
    static var databaseSelection: [any SQLSelectable] {
        [.allColumns, .rowID]
    }

    // Update id upon successful insertion
    mutating func didInsert(_ inserted: InsertionSuccess) {
        rowid = inserted.rowID
    }
}
