/// A type that tells what SQLite can not introspect in the database
/// schema, such as the primary key of a view.
///
/// Views have no primary key: record types that read from a view can not
/// use `find(_:id:)`, `fetchOne(_:id:)`, the persistence methods, and
/// the other features that need one, until a schema source tells it:
///
/// ```swift
/// struct MySchemaSource: DatabaseSchemaSource {
///     func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
///         view.name == "captain" ? ["id"] : nil
///     }
/// }
///
/// var config = Configuration()
/// config.schemaSource = MySchemaSource()
/// let dbQueue = try DatabaseQueue(path: "/path/to/db.sqlite", configuration: config)
///
/// let alice = try dbQueue.read { db in
///     try Captain.find(db, id: "alice")
/// }
/// ```
///
/// Migrations run by ``DatabaseMigrator`` ignore the schema source, and
/// see the raw schema of SQLite. A migration that needs it calls
/// ``Database/withSchemaSource(_:execute:)``:
///
/// ```swift
/// migrator.registerMigration("My migration") { db in
///     try db.withSchemaSource(MySchemaSource()) {
///         // Here the schema source is in effect.
///     }
/// }
/// ```
///
/// See <https://www.sqlite.org/lang_createview.html>.
///
/// ## Topics
/// - ``columnsForPrimaryKey(_:inView:)``
/// - ``then(_:)``
public protocol DatabaseSchemaSource: Sendable {
    /// Returns the names of the columns of the primary key of a view, an
    /// empty array when the view has no primary key, or nil to leave the
    /// view alone. The default implementation returns nil.
    ///
    /// ```swift
    /// struct MySchemaSource: DatabaseSchemaSource {
    ///     func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
    ///         if view.name == "captain" { return ["id"] }
    ///         return nil // not a view of this source
    ///     }
    /// }
    /// ```
    ///
    /// The columns must be a genuine primary key: columns of the view,
    /// without NULL, that identify each row. A column that the view does
    /// not have makes ``Database/primaryKey(_:in:)`` throw.
    ///
    /// A source written for a library should return nil for the views it
    /// does not know, so that applications can chain it with their own
    /// source (see ``then(_:)``).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - view: The identifier of a view.
    /// - Returns: Column names, or nil.
    /// - Throws: Any error, which the introspection method that asked
    ///   rethrows.
    func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]?
}

extension DatabaseSchemaSource {
    /// Returns nil: the source does not tell the primary key of views.
    ///
    /// ```swift
    /// struct EmptySource: DatabaseSchemaSource { } // changes nothing
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - view: The identifier of a view.
    /// - Returns: nil.
    public func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
        nil
    }

    /// Returns a schema source that asks `other` when this source returns
    /// nil.
    ///
    /// ```swift
    /// let schemaSource = librarySchemaSource.then(appSchemaSource)
    /// var config = Configuration()
    /// config.schemaSource = schemaSource
    /// ```
    ///
    /// - Parameter other: Another schema source.
    /// - Returns: A schema source.
    public func then(_ other: some DatabaseSchemaSource) -> some DatabaseSchemaSource {
        ChainedSchemaSource(first: self, second: other)
    }
}

/// The schema source of ``DatabaseSchemaSource/then(_:)``.
struct ChainedSchemaSource<First: DatabaseSchemaSource, Second: DatabaseSchemaSource>: DatabaseSchemaSource {
    let first: First
    let second: Second

    func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
        if let columns = try first.columnsForPrimaryKey(db, inView: view) {
            return columns
        }
        return try second.columnsForPrimaryKey(db, inView: view)
    }
}
