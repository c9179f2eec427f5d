import FolioMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

// The expansions of `@DatabaseRecord`, as source text next to their input
// (the diagnostics are in DatabaseRecordDiagnosticsTests.swift).

final class DatabaseRecordExpansionTests: XCTestCase {

    /// The record of the issue: every generated member.
    func testIssueRecord() {
        assertDatabaseRecordExpansion(
            #"""
            @DatabaseRecord
            struct Player: Identifiable, Equatable {
                var id: Int64?
                var name: String
                @DatabaseColumn("score_total") var score: Int
                var teamId: Int64?
                @DatabaseTransient var cache: [String] = []
                var info: Info
            }
            """#,
            expandedSource: #"""
            struct Player: Identifiable, Equatable {
                var id: Int64?
                var name: String
                var score: Int
                var teamId: Int64?
                var cache: [String] = []
                var info: Info
            }

            extension Player: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord {
                static var databaseTableName: String {
                    "player"
                }

                enum Columns {
                    static let id = Column("id")
                    static let name = Column("name")
                    static let score = Column("score_total")
                    static let teamId = Column("teamId")
                    static let info = Column("info")
                }

                init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["id", "name", "score_total", "teamId", "info"]
                    }
                    self.id = try row.decodeColumnIfPresent(Int64.self, at: 0, of: indexes, record: Self.self)
                    self.name = try row.decodeColumn(String.self, at: 1, of: indexes, record: Self.self)
                    self.score = try row.decodeColumn(Int.self, at: 2, of: indexes, record: Self.self)
                    self.teamId = try row.decodeColumnIfPresent(Int64.self, at: 3, of: indexes, record: Self.self)
                    self.info = try row.decodeColumn(Info.self, at: 4, of: indexes, record: Self.self)
                }

                func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumnIfPresent(id, forColumn: "id", record: Self.self)
                    try container.encodeColumn(name, forColumn: "name", record: Self.self)
                    try container.encodeColumn(score, forColumn: "score_total", record: Self.self)
                    try container.encodeColumnIfPresent(teamId, forColumn: "teamId", record: Self.self)
                    try container.encodeColumn(info, forColumn: "info", record: Self.self)
                }

                mutating func didInsert(_ inserted: InsertionSuccess) {
                    self.id = inserted.rowID
                }
            }
            """#)
    }

    /// `@DatabaseRecord(table:)` names the table.
    func testTableArgument() {
        assertDatabaseRecordExpansion(
            #"""
            @DatabaseRecord(table: "players")
            struct Player {
                var id: Int64?
                var name: String
            }
            """#,
            expandedSource: #"""
            struct Player {
                var id: Int64?
                var name: String
            }

            extension Player: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord {
                static var databaseTableName: String {
                    "players"
                }

                enum Columns {
                    static let id = Column("id")
                    static let name = Column("name")
                }

                init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["id", "name"]
                    }
                    self.id = try row.decodeColumnIfPresent(Int64.self, at: 0, of: indexes, record: Self.self)
                    self.name = try row.decodeColumn(String.self, at: 1, of: indexes, record: Self.self)
                }

                func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumnIfPresent(id, forColumn: "id", record: Self.self)
                    try container.encodeColumn(name, forColumn: "name", record: Self.self)
                }

                mutating func didInsert(_ inserted: InsertionSuccess) {
                    self.id = inserted.rowID
                }
            }
            """#)
    }

    /// Without an auto-incremented id: `PersistableRecord`, no `didInsert`; `let` properties are columns.
    func testPersistableRecordWithoutAutoIncrementedID() {
        assertDatabaseRecordExpansion(
            #"""
            @DatabaseRecord
            struct Country {
                let code: String
                var name: String
                var population: Int?
            }
            """#,
            expandedSource: #"""
            struct Country {
                let code: String
                var name: String
                var population: Int?
            }

            extension Country: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord, PersistableRecord {
                static var databaseTableName: String {
                    "country"
                }

                enum Columns {
                    static let code = Column("code")
                    static let name = Column("name")
                    static let population = Column("population")
                }

                init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["code", "name", "population"]
                    }
                    self.code = try row.decodeColumn(String.self, at: 0, of: indexes, record: Self.self)
                    self.name = try row.decodeColumn(String.self, at: 1, of: indexes, record: Self.self)
                    self.population = try row.decodeColumnIfPresent(Int.self, at: 2, of: indexes, record: Self.self)
                }

                func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumn(code, forColumn: "code", record: Self.self)
                    try container.encodeColumn(name, forColumn: "name", record: Self.self)
                    try container.encodeColumnIfPresent(population, forColumn: "population", record: Self.self)
                }
            }
            """#)
    }

    /// A non-optional id is not auto-incremented.
    func testNonOptionalIDIsNotAutoIncremented() {
        assertDatabaseRecordExpansion(
            #"""
            @DatabaseRecord
            struct Team {
                var id: Int64
                var name: String
            }
            """#,
            expandedSource: #"""
            struct Team {
                var id: Int64
                var name: String
            }

            extension Team: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord, PersistableRecord {
                static var databaseTableName: String {
                    "team"
                }

                enum Columns {
                    static let id = Column("id")
                    static let name = Column("name")
                }

                init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["id", "name"]
                    }
                    self.id = try row.decodeColumn(Int64.self, at: 0, of: indexes, record: Self.self)
                    self.name = try row.decodeColumn(String.self, at: 1, of: indexes, record: Self.self)
                }

                func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumn(id, forColumn: "id", record: Self.self)
                    try container.encodeColumn(name, forColumn: "name", record: Self.self)
                }
            }
            """#)
    }

    /// An `Int?` id, and the access level of a public struct.
    func testIntIDAndPublicAccess() {
        assertDatabaseRecordExpansion(
            #"""
            @DatabaseRecord
            public struct Book: Sendable {
                public var id: Int?
                public let title: String
                public var year: Optional<Int>
            }
            """#,
            expandedSource: #"""
            public struct Book: Sendable {
                public var id: Int?
                public let title: String
                public var year: Optional<Int>
            }

            extension Book: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord {
                public static var databaseTableName: String {
                    "book"
                }

                public enum Columns {
                    static let id = Column("id")
                    static let title = Column("title")
                    static let year = Column("year")
                }

                public init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["id", "title", "year"]
                    }
                    self.id = try row.decodeColumnIfPresent(Int.self, at: 0, of: indexes, record: Self.self)
                    self.title = try row.decodeColumn(String.self, at: 1, of: indexes, record: Self.self)
                    self.year = try row.decodeColumnIfPresent(Int.self, at: 2, of: indexes, record: Self.self)
                }

                public func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumnIfPresent(id, forColumn: "id", record: Self.self)
                    try container.encodeColumn(title, forColumn: "title", record: Self.self)
                    try container.encodeColumnIfPresent(year, forColumn: "year", record: Self.self)
                }

                public mutating func didInsert(_ inserted: InsertionSuccess) {
                    self.id = Int(inserted.rowID)
                }
            }
            """#)
    }

    /// Which properties are columns: multiple bindings, optionals (`T!`, `T?`), nested and generic types; not static, computed, lazy or transient properties. Observed properties are stored.
    func testPropertyKinds() {
        assertDatabaseRecordExpansion(
            #"""
            @DatabaseRecord
            struct Sample {
                static let version = 3
                var a, b: Int
                var date: Date
                var kind: Kind
                var info: Info!
                var tags: [String]
                var scores: [String: Int]?
                var nested: Outer.Inner
                var observed: Int {
                    didSet { print(observed) }
                }
                var computed: Int { a + b }
                lazy var cached: Int = 0
                @DatabaseTransient var scratch: String?
                var `default`: Bool

                enum Kind: String {
                    case a, b
                }
            }
            """#,
            expandedSource: #"""
            struct Sample {
                static let version = 3
                var a, b: Int
                var date: Date
                var kind: Kind
                var info: Info!
                var tags: [String]
                var scores: [String: Int]?
                var nested: Outer.Inner
                var observed: Int {
                    didSet { print(observed) }
                }
                var computed: Int { a + b }
                lazy var cached: Int = 0
                var scratch: String?
                var `default`: Bool

                enum Kind: String {
                    case a, b
                }
            }

            extension Sample: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord, PersistableRecord {
                static var databaseTableName: String {
                    "sample"
                }

                enum Columns {
                    static let a = Column("a")
                    static let b = Column("b")
                    static let date = Column("date")
                    static let kind = Column("kind")
                    static let info = Column("info")
                    static let tags = Column("tags")
                    static let scores = Column("scores")
                    static let nested = Column("nested")
                    static let observed = Column("observed")
                    static let `default` = Column("default")
                }

                init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["a", "b", "date", "kind", "info", "tags", "scores", "nested", "observed", "default"]
                    }
                    self.a = try row.decodeColumn(Int.self, at: 0, of: indexes, record: Self.self)
                    self.b = try row.decodeColumn(Int.self, at: 1, of: indexes, record: Self.self)
                    self.date = try row.decodeColumn(Date.self, at: 2, of: indexes, record: Self.self)
                    self.kind = try row.decodeColumn(Kind.self, at: 3, of: indexes, record: Self.self)
                    self.info = try row.decodeColumnIfPresent(Info.self, at: 4, of: indexes, record: Self.self)
                    self.tags = try row.decodeColumn([String].self, at: 5, of: indexes, record: Self.self)
                    self.scores = try row.decodeColumnIfPresent([String: Int].self, at: 6, of: indexes, record: Self.self)
                    self.nested = try row.decodeColumn(Outer.Inner.self, at: 7, of: indexes, record: Self.self)
                    self.observed = try row.decodeColumn(Int.self, at: 8, of: indexes, record: Self.self)
                    self.`default` = try row.decodeColumn(Bool.self, at: 9, of: indexes, record: Self.self)
                }

                func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumn(a, forColumn: "a", record: Self.self)
                    try container.encodeColumn(b, forColumn: "b", record: Self.self)
                    try container.encodeColumn(date, forColumn: "date", record: Self.self)
                    try container.encodeColumn(kind, forColumn: "kind", record: Self.self)
                    try container.encodeColumnIfPresent(info, forColumn: "info", record: Self.self)
                    try container.encodeColumn(tags, forColumn: "tags", record: Self.self)
                    try container.encodeColumnIfPresent(scores, forColumn: "scores", record: Self.self)
                    try container.encodeColumn(nested, forColumn: "nested", record: Self.self)
                    try container.encodeColumn(observed, forColumn: "observed", record: Self.self)
                    try container.encodeColumn(`default`, forColumn: "default", record: Self.self)
                }
            }
            """#)
    }

    /// A nested struct: the extension names the full type; the table name lowercases the first word.
    func testNestedType() {
        assertDatabaseRecordExpansion(
            #"""
            enum Namespace {
                @DatabaseRecord
                struct HTTPRequest {
                    var id: Int64?
                    var url: String
                }
            }
            """#,
            expandedSource: #"""
            enum Namespace {
                struct HTTPRequest {
                    var id: Int64?
                    var url: String
                }
            }

            extension Namespace.HTTPRequest: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord {
                static var databaseTableName: String {
                    "httpRequest"
                }

                enum Columns {
                    static let id = Column("id")
                    static let url = Column("url")
                }

                init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["id", "url"]
                    }
                    self.id = try row.decodeColumnIfPresent(Int64.self, at: 0, of: indexes, record: Self.self)
                    self.url = try row.decodeColumn(String.self, at: 1, of: indexes, record: Self.self)
                }

                func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumnIfPresent(id, forColumn: "id", record: Self.self)
                    try container.encodeColumn(url, forColumn: "url", record: Self.self)
                }

                mutating func didInsert(_ inserted: InsertionSuccess) {
                    self.id = inserted.rowID
                }
            }
            """#)
    }

    /// A `Codable` record: the generated members do not depend on its coding keys.
    func testCodableRecord() {
        assertDatabaseRecordExpansion(
            #"""
            @DatabaseRecord
            struct Player: Codable {
                var id: Int64?
                @DatabaseColumn("full_name") var name: String
            }
            """#,
            expandedSource: #"""
            struct Player: Codable {
                var id: Int64?
                var name: String
            }

            extension Player: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord {
                static var databaseTableName: String {
                    "player"
                }

                enum Columns {
                    static let id = Column("id")
                    static let name = Column("full_name")
                }

                init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["id", "full_name"]
                    }
                    self.id = try row.decodeColumnIfPresent(Int64.self, at: 0, of: indexes, record: Self.self)
                    self.name = try row.decodeColumn(String.self, at: 1, of: indexes, record: Self.self)
                }

                func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumnIfPresent(id, forColumn: "id", record: Self.self)
                    try container.encodeColumn(name, forColumn: "full_name", record: Self.self)
                }

                mutating func didInsert(_ inserted: InsertionSuccess) {
                    self.id = inserted.rowID
                }
            }
            """#)
    }

    /// Conformances the struct declares are not repeated (the compiler passes only the missing ones).
    func testDeclaredConformances() {
        assertDatabaseRecordExpansion(
            #"""
            @DatabaseRecord
            struct Player: FetchableRecord {
                var id: Int64?
                var name: String
            }
            """#,
            expandedSource: #"""
            struct Player: FetchableRecord {
                var id: Int64?
                var name: String
            }

            extension Player: TableRecord, EncodableRecord, MutablePersistableRecord {
                static var databaseTableName: String {
                    "player"
                }

                enum Columns {
                    static let id = Column("id")
                    static let name = Column("name")
                }

                init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["id", "name"]
                    }
                    self.id = try row.decodeColumnIfPresent(Int64.self, at: 0, of: indexes, record: Self.self)
                    self.name = try row.decodeColumn(String.self, at: 1, of: indexes, record: Self.self)
                }

                func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumnIfPresent(id, forColumn: "id", record: Self.self)
                    try container.encodeColumn(name, forColumn: "name", record: Self.self)
                }

                mutating func didInsert(_ inserted: InsertionSuccess) {
                    self.id = inserted.rowID
                }
            }
            """#,
            conformances: ["TableRecord", "EncodableRecord", "MutablePersistableRecord"])
    }

    /// A struct that declares `PersistableRecord` gets no mutating `didInsert`.
    func testDeclaredPersistableRecordKeepsItsDidInsert() {
        assertDatabaseRecordExpansion(
            #"""
            @DatabaseRecord
            struct Player: PersistableRecord {
                var id: Int64?
                var name: String
            }
            """#,
            expandedSource: #"""
            struct Player: PersistableRecord {
                var id: Int64?
                var name: String
            }

            extension Player: FetchableRecord {
                static var databaseTableName: String {
                    "player"
                }

                enum Columns {
                    static let id = Column("id")
                    static let name = Column("name")
                }

                init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["id", "name"]
                    }
                    self.id = try row.decodeColumnIfPresent(Int64.self, at: 0, of: indexes, record: Self.self)
                    self.name = try row.decodeColumn(String.self, at: 1, of: indexes, record: Self.self)
                }

                func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumnIfPresent(id, forColumn: "id", record: Self.self)
                    try container.encodeColumn(name, forColumn: "name", record: Self.self)
                }
            }
            """#,
            conformances: ["FetchableRecord"])
    }

    /// Names are Swift string literals, escapes included.
    func testColumnNameEscaping() {
        assertDatabaseRecordExpansion(
            #"""
            @DatabaseRecord(table: "my \"table\"")
            struct Row2 {
                @DatabaseColumn("quoted \"name\"") var name: String
            }
            """#,
            expandedSource: #"""
            struct Row2 {
                var name: String
            }

            extension Row2: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord, PersistableRecord {
                static var databaseTableName: String {
                    "my \"table\""
                }

                enum Columns {
                    static let name = Column("quoted \"name\"")
                }

                init(row: Row) throws {
                    let indexes = row.columnIndexes(of: Self.self) {
                        ["quoted \"name\""]
                    }
                    self.name = try row.decodeColumn(String.self, at: 0, of: indexes, record: Self.self)
                }

                func encode(to container: inout PersistenceContainer) throws {
                    try container.encodeColumn(name, forColumn: "quoted \"name\"", record: Self.self)
                }
            }
            """#)
    }
}
