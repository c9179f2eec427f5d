/// The identifier of an SQLite schema: `main`, `temp`, or an attached
/// database.
///
/// ```swift
/// let schemaID = DatabaseSchemaID.main
/// schemaID.name            // "main"
/// schemaID.schemaTableName // "sqlite_master"
///
/// let attachedID = DatabaseSchemaID.attached("archive")
/// attachedID.name            // "\"archive\""
/// attachedID.schemaTableName // "\"archive\".sqlite_master"
/// ```
///
/// See <https://sqlite.org/lang_naming.html>.
public struct DatabaseSchemaID: Hashable, Sendable {
    private enum Kind: Hashable, Sendable {
        case main
        case temp
        case attached(String)
    }

    private let kind: Kind

    private init(kind: Kind) {
        self.kind = kind
    }

    /// The identifier of the "main" schema: the database file of the
    /// connection.
    ///
    /// ```swift
    /// let objectID = DatabaseObjectID(name: "player", schemaID: .main)
    /// ```
    public static let main = DatabaseSchemaID(kind: .main)

    /// The identifier of the "temp" schema, which holds temporary tables,
    /// views, indexes and triggers.
    ///
    /// ```swift
    /// let objectID = DatabaseObjectID(name: "scratch", schemaID: .temp)
    /// ```
    ///
    /// See <https://sqlite.org/lang_createtable.html#temporary_tables>.
    public static let temp = DatabaseSchemaID(kind: .temp)

    /// The identifier of an attached database.
    ///
    /// ```swift
    /// try db.execute(sql: "ATTACH DATABASE 'archive.sqlite' AS archive")
    /// let schemaID = DatabaseSchemaID.attached("archive")
    /// ```
    ///
    /// - Parameter name: The name given to the database by `ATTACH
    ///   DATABASE`.
    /// - Returns: A schema identifier.
    ///
    /// See <https://sqlite.org/lang_attach.html>.
    public static func attached(_ name: String) -> DatabaseSchemaID {
        DatabaseSchemaID(kind: .attached(name))
    }

    /// The name of the schema, unquoted, as the `in schemaName:`
    /// arguments of the introspection methods take it.
    var unquotedName: String {
        switch kind {
        case .main: return "main"
        case .temp: return "temp"
        case .attached(let name): return name
        }
    }

    /// The name of the schema, ready for inclusion in SQL: `main`, `temp`,
    /// or the quoted name of an attached database.
    ///
    /// ```swift
    /// let sql = "SELECT * FROM \(schemaID.name).player"
    /// // SELECT * FROM main.player
    /// ```
    public var name: String {
        switch kind {
        case .main: return "main"
        case .temp: return "temp"
        case .attached(let name): return name.quotedDatabaseIdentifier
        }
    }

    /// The name of the table that stores the schema, ready for inclusion
    /// in SQL: `sqlite_master`, `sqlite_temp_master`, or
    /// `"name".sqlite_master` for an attached database.
    ///
    /// ```swift
    /// let sql = "SELECT name FROM \(schemaID.schemaTableName) WHERE type = 'view'"
    /// ```
    ///
    /// See <https://sqlite.org/schematab.html>.
    public var schemaTableName: String {
        switch kind {
        case .main: return "sqlite_master"
        case .temp: return "sqlite_temp_master"
        case .attached(let name): return "\(name.quotedDatabaseIdentifier).sqlite_master"
        }
    }
}
