import Folio
import FolioMacros
import Foundation

// The macro records of the behaviour tests.

/// The record of the issue: an auto-incremented id, a renamed column, a
/// foreign key, a transient property and a JSON column.
@DatabaseRecord
struct Player: Identifiable, Equatable {
    var id: Int64?
    var name: String
    @DatabaseColumn("score_total") var score: Int
    var teamId: Int64?
    @DatabaseTransient var cache: [String] = []
    var info: Info

    struct Info: Codable, Equatable {
        var level: Int
        var tags: [String]
    }
}

extension Player {
    static let team = belongsTo(Team.self)
}

@DatabaseRecord(table: "teams")
struct Team: Equatable {
    let id: Int64
    var name: String
    var kind: Kind
    var founded: Date?

    /// A nested enum with a raw value, without DatabaseValueConvertible.
    enum Kind: String {
        case club, national
    }
}

extension Team {
    static let players = hasMany(Player.self)
}

/// Every kind of property type.
@DatabaseRecord
struct Sample: Equatable {
    var id: Int64?
    let int: Int
    var int32: Int32
    var double: Double
    var bool: Bool
    var string: String
    var data: Data
    var uuid: UUID
    var date: Date
    var optionalDate: Date?
    var url: URL
    var decimal: Decimal?
    var grape: Grape
    var optionalGrape: Grape?
    var color: Color
    var email: Email?
    var tags: [String]
    var scores: [String: Int]?
    var point: Point

    /// Raw value, Codable.
    enum Grape: String, Codable { case merlot, syrah }
    /// Int raw value, DatabaseValueConvertible.
    enum Color: Int, DatabaseValueConvertible { case red = 1, blue = 2 }
    /// A Codable struct that is a database value of its own.
    struct Email: DatabaseValueConvertible, Equatable {
        var address: String
        var databaseValue: DatabaseValue { address.databaseValue }
        static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Email? {
            String.fromDatabaseValue(dbValue).map(Email.init(address:))
        }
    }
    struct Point: Codable, Equatable { var x: Double; var y: Double }
}

/// A record that stores its dates as timestamps.
@DatabaseRecord
struct Event: Equatable {
    var id: Int64
    var date: Date
    var end: Date?

    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSince1970
    }
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }
}

/// A record that also declares Codable: the generated members win.
@DatabaseRecord
struct CodablePlayer: Codable, Equatable {
    var id: Int64?
    @DatabaseColumn("full_name") var name: String

    enum CodingKeys: String, CodingKey {
        case id
        case name = "codable_name"
    }
}

/// A public record, nested in a namespace, with an `Int?` id.
enum Namespace {
    @DatabaseRecord(table: "book")
    public struct Book: Equatable, Sendable {
        public var id: Int?
        public var title: String
        public var year: Int?
    }
}

extension Sample {
    /// The hand-written `init(row:)` of the same columns, for the
    /// equivalence test: by name, with Folio's row subscripts.
    static func handWritten(row: Row) throws -> Sample {
        func json<T: Decodable>(_ type: T.Type, _ column: String) throws -> T? {
            guard let text: String = row[column] else { return nil }
            return try Sample.databaseJSONDecoder(for: column).decode(T.self, from: Data(text.utf8))
        }
        return try Sample(
            id: row["id"],
            int: row["int"],
            int32: row["int32"],
            double: row["double"],
            bool: row["bool"],
            string: row["string"],
            data: row["data"],
            uuid: row["uuid"],
            date: row["date"],
            optionalDate: row["optionalDate"],
            url: row["url"],
            decimal: row["decimal"],
            grape: Grape(rawValue: row["grape"])!,
            optionalGrape: (row["optionalGrape"] as String?).flatMap(Grape.init(rawValue:)),
            color: Color(rawValue: row["color"])!,
            email: (row["email"] as String?).map(Email.init(address:)),
            tags: json([String].self, "tags")!,
            scores: json([String: Int].self, "scores"),
            point: json(Point.self, "point")!)
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: "sample") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("int", .integer).notNull()
            t.column("int32", .integer).notNull()
            t.column("double", .double).notNull()
            t.column("bool", .boolean).notNull()
            t.column("string", .text).notNull()
            t.column("data", .blob).notNull()
            t.column("uuid", .blob).notNull()
            t.column("date", .datetime).notNull()
            t.column("optionalDate", .datetime)
            t.column("url", .text).notNull()
            t.column("decimal", .text)
            t.column("grape", .text).notNull()
            t.column("optionalGrape", .text)
            t.column("color", .integer).notNull()
            t.column("email", .text)
            t.column("tags", .jsonText).notNull()
            t.column("scores", .jsonText)
            t.column("point", .jsonText).notNull()
        }
    }

    /// A sample whose values depend on `i`, with NULLs on odd rows.
    static func make(_ i: Int) -> Sample {
        let odd = i % 2 == 1
        return Sample(
            id: nil,
            int: i * 1_000_003 - 500,
            int32: Int32(truncatingIfNeeded: i * 7919),
            double: Double(i) / 7,
            bool: odd,
            string: "name \(i) é",
            data: Data([UInt8(i % 256), 0, 255]),
            uuid: UUID(uuid: (UInt8(i % 256), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)),
            date: Date(timeIntervalSince1970: Double(i) * 86_400.5),
            optionalDate: odd ? nil : Date(timeIntervalSince1970: Double(i) * 1_000),
            url: URL(string: "https://example.com/\(i)")!,
            decimal: odd ? nil : Decimal(i) / 4,
            grape: odd ? .merlot : .syrah,
            optionalGrape: odd ? nil : .merlot,
            color: odd ? .red : .blue,
            email: odd ? nil : Email(address: "p\(i)@example.com"),
            tags: Array(repeating: "t", count: i % 3),
            scores: odd ? nil : ["a": i],
            point: Point(x: Double(i), y: -Double(i)))
    }
}
