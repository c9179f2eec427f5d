import Folio

/// Makes a struct a record: `FetchableRecord` and `PersistableRecord`
/// (or `MutablePersistableRecord` when it has an auto-incremented `id`),
/// with its table name, its `Columns`, an `init(row:)` that reads columns
/// by index and an `encode(to:)` that needs no `Encodable`.
/// GRDB has no such API.
///
/// ```swift
/// import Folio
/// import FolioMacros
///
/// @DatabaseRecord
/// struct Player {
///     var id: Int64?
///     var name: String
///     @DatabaseColumn("score_total") var score: Int
///     @DatabaseTransient var cache: [String] = []
/// }
///
/// let players = try Player.filter { $0.score > 1000 }.fetchAll(db)
/// ```
///
/// The table is the type name with a lowercased first word (`player`),
/// as for any record; `@DatabaseRecord(table: "players")` names another.
/// See `Documentation/RecordMacro.md`.
@attached(
    extension,
    conformances: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord, PersistableRecord,
    names: named(databaseTableName), named(Columns), named(databaseColumnNames), named(init(row:)),
    named(encode(to:)), named(didInsert(_:)))
public macro DatabaseRecord() = #externalMacro(module: "FolioMacrosPlugin", type: "DatabaseRecordMacro")

/// Makes a struct a record stored in the given table (see
/// ``DatabaseRecord()``). GRDB has no such API.
///
/// ```swift
/// @DatabaseRecord(table: "players")
/// struct Player { var id: Int64; var name: String }
/// ```
///
/// - Parameter table: The name of the database table.
@attached(
    extension,
    conformances: FetchableRecord, TableRecord, EncodableRecord, MutablePersistableRecord, PersistableRecord,
    names: named(databaseTableName), named(Columns), named(databaseColumnNames), named(init(row:)),
    named(encode(to:)), named(didInsert(_:)))
public macro DatabaseRecord(table: String) = #externalMacro(module: "FolioMacrosPlugin", type: "DatabaseRecordMacro")

/// Stores a property of a `@DatabaseRecord` struct in a column of another
/// name. GRDB has no such API.
///
/// ```swift
/// @DatabaseRecord
/// struct Player {
///     var id: Int64
///     @DatabaseColumn("score_total") var score: Int // Player.Columns.score is Column("score_total")
/// }
/// ```
///
/// - Parameter name: The column name.
@attached(peer)
public macro DatabaseColumn(_ name: String) = #externalMacro(module: "FolioMacrosPlugin", type: "DatabaseColumnMacro")

/// Leaves a property of a `@DatabaseRecord` struct out of the database:
/// it is not a column, and takes its initial value when a record is
/// fetched. GRDB has no such API.
///
/// ```swift
/// @DatabaseRecord
/// struct Player {
///     var id: Int64
///     @DatabaseTransient var cache: [String] = []
/// }
/// ```
@attached(peer)
public macro DatabaseTransient() = #externalMacro(module: "FolioMacrosPlugin", type: "DatabaseTransientMacro")
