/// The changes to an existing table, given to the closure of
/// ``Database/alter(table:body:)``.
///
/// ```swift
/// // ALTER TABLE "player" ADD COLUMN "hasBonus" BOOLEAN
/// // ALTER TABLE "player" RENAME COLUMN "url" TO "homeURL"
/// // ALTER TABLE "player" DROP COLUMN "score"
/// try db.alter(table: "player") { t in
///     t.add(column: "hasBonus", .boolean)
///     t.rename(column: "url", to: "homeURL")
///     t.drop(column: "score")
/// }
/// ```
///
/// SQLite restricts what `ALTER TABLE` can do (an added column can not be
/// a primary key or unique, for example). For other changes, recreate the
/// table, as the Migrations guide describes.
///
/// See <https://www.sqlite.org/lang_altertable.html>.
///
/// ## Topics
/// - ``add(column:_:)``
/// - ``addColumn(sql:)``
/// - ``addColumn(literal:)``
/// - ``rename(column:to:)``
/// - ``drop(column:)``
public final class TableAlteration {
    enum Alteration {
        case add(ColumnDefinition)
        case addLiteral(SQL)
        case rename(old: String, new: String)
        case drop(String)
    }

    /// The table name.
    let name: String
    var alterations: [Alteration] = []

    init(name: String) {
        self.name = name
    }

    /// Adds a column.
    ///
    /// ```swift
    /// // ALTER TABLE "player" ADD COLUMN "email" TEXT NOT NULL DEFAULT ''
    /// t.add(column: "email", .text).notNull().defaults(to: "")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The column name.
    ///   - type: The column type, or nil.
    /// - Returns: The column, for adding constraints.
    ///
    /// See <https://www.sqlite.org/lang_altertable.html#alter_table_add_column>.
    @discardableResult
    public func add(column name: String, _ type: Database.ColumnType? = nil) -> ColumnDefinition {
        let column = ColumnDefinition(name: name, type: type)
        alterations.append(.add(column))
        return column
    }

    /// Adds a column written in SQL.
    ///
    /// ```swift
    /// // ALTER TABLE "player" ADD COLUMN email TEXT
    /// t.addColumn(sql: "email TEXT")
    /// ```
    ///
    /// - Parameter sql: A column definition.
    public func addColumn(sql: String) {
        alterations.append(.addLiteral(SQL(sql: sql)))
    }

    /// Adds a column written as an SQL literal. Interpolated values are
    /// written as SQL literals.
    ///
    /// ```swift
    /// let defaultName = "Anonymous"
    /// // ALTER TABLE "player" ADD COLUMN name TEXT DEFAULT 'Anonymous'
    /// t.addColumn(literal: "name TEXT DEFAULT \(defaultName)")
    /// ```
    ///
    /// - Parameter sqlLiteral: A column definition.
    public func addColumn(literal sqlLiteral: SQL) {
        alterations.append(.addLiteral(sqlLiteral))
    }

    /// Renames a column. References to the column in indexes, triggers,
    /// views and foreign keys are renamed as well.
    ///
    /// ```swift
    /// // ALTER TABLE "player" RENAME COLUMN "url" TO "homeURL"
    /// t.rename(column: "url", to: "homeURL")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The current name.
    ///   - newName: The new name.
    ///
    /// See <https://www.sqlite.org/lang_altertable.html#alter_table_rename_column>.
    public func rename(column name: String, to newName: String) {
        alterations.append(.rename(old: name, new: newName))
    }

    /// Drops a column. SQLite refuses to drop columns that are part of a
    /// key, an index, a constraint, a view or a trigger.
    ///
    /// ```swift
    /// // ALTER TABLE "player" DROP COLUMN "score"
    /// t.drop(column: "score")
    /// ```
    ///
    /// - Parameter name: The column name.
    ///
    /// See <https://www.sqlite.org/lang_altertable.html#alter_table_drop_column>.
    public func drop(column name: String) {
        alterations.append(.drop(name))
    }

    /// Returns the `ALTER TABLE` statements, followed by the `CREATE
    /// INDEX` statements of added indexed columns.
    func sql(_ db: Database) throws -> [String] {
        let resolver = ForeignKeyResolver(db: db, definingTable: nil)
        let prefix = "ALTER TABLE \(name.quotedDatabaseIdentifier) "
        var statements: [String] = []
        var indexes: [String] = []
        for alteration in alterations {
            switch alteration {
            case .add(let column):
                statements.append(prefix + "ADD COLUMN " + (try column.sql(db, resolver: resolver)))
                if column.isIndexed {
                    indexes.append(Database.createIndexSQL(
                        name: TableDefinition.indexName(table: name, columns: [column.name]),
                        table: name,
                        columns: [column.name],
                        options: []))
                }
            case .addLiteral(let literal):
                statements.append(prefix + "ADD COLUMN " + (try literal.inlinedSQL(db)))
            case let .rename(old, new):
                statements.append(prefix + "RENAME COLUMN \(old.quotedDatabaseIdentifier) TO \(new.quotedDatabaseIdentifier)")
            case .drop(let column):
                statements.append(prefix + "DROP COLUMN " + column.quotedDatabaseIdentifier)
            }
        }
        return statements + indexes
    }
}
