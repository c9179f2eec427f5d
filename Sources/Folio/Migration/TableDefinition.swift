/// The definition of a new table, given to the closure of
/// ``Database/create(table:options:body:)``.
///
/// ```swift
/// try db.create(table: "player") { t in
///     t.autoIncrementedPrimaryKey("id")
///     t.column("name", .text).notNull()
///     t.column("score", .integer).notNull().defaults(to: 0)
///     t.belongsTo("team").notNull()
/// }
/// ```
///
/// Columns come in the order they are defined, followed by the table
/// constraints: primary key, unique keys, foreign keys, checks, and raw
/// SQL constraints. Indexes are created after the table.
///
/// See <https://www.sqlite.org/lang_createtable.html>.
///
/// ## Topics
/// - ``autoIncrementedPrimaryKey(_:onConflict:)``
/// - ``primaryKey(_:_:onConflict:)``
/// - ``primaryKey(onConflict:body:)``
/// - ``primaryKey(_:onConflict:)``
/// - ``column(_:_:)``
/// - ``column(sql:)``
/// - ``column(literal:)``
/// - ``belongsTo(_:inTable:onDelete:onUpdate:deferred:indexed:)``
/// - ``uniqueKey(_:onConflict:)``
/// - ``foreignKey(_:references:columns:onDelete:onUpdate:deferred:)``
/// - ``check(_:)-(SQLExpressible)``
/// - ``check(sql:)``
/// - ``constraint(sql:)``
/// - ``constraint(literal:)``
public final class TableDefinition {
    /// A column, in the order of definition.
    enum Element {
        case column(ColumnDefinition)
        case columnLiteral(SQL)
        case foreignKey(ForeignKeyDefinition)
    }

    /// A part of a composite primary key.
    enum PrimaryKeyMember {
        case column(String)
        case foreignKey(ForeignKeyDefinition)
    }

    struct PrimaryKeyConstraint {
        var members: [PrimaryKeyMember]
        var conflictResolution: Database.ConflictResolution?
    }

    struct UniqueKey {
        var columns: [String]
        var conflictResolution: Database.ConflictResolution?
    }

    struct TableForeignKey {
        var columns: [String]
        var clause: ForeignKeyClause
    }

    /// The table name.
    let name: String
    let options: TableOptions
    var elements: [Element] = []
    var primaryKeyConstraint: PrimaryKeyConstraint?
    /// The members of the primary key being defined by
    /// ``primaryKey(onConflict:body:)``, while its closure runs.
    var primaryKeyBodyMembers: [PrimaryKeyMember]?
    var uniqueKeys: [UniqueKey] = []
    var foreignKeys: [TableForeignKey] = []
    var checkConstraints: [SQL] = []
    var literalConstraints: [SQL] = []

    init(name: String, options: TableOptions) {
        self.name = name
        self.options = options
    }

    // MARK: - Primary keys

    /// Adds an auto-incremented primary key column: an `INTEGER PRIMARY
    /// KEY AUTOINCREMENT` column, whose values are never reused.
    ///
    /// ```swift
    /// // "id" INTEGER PRIMARY KEY AUTOINCREMENT
    /// t.autoIncrementedPrimaryKey("id")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The column name.
    ///   - conflictResolution: An optional `ON CONFLICT` clause.
    /// - Returns: The column, for adding more constraints.
    ///
    /// See <https://www.sqlite.org/autoinc.html>.
    @discardableResult
    public func autoIncrementedPrimaryKey(
        _ name: String,
        onConflict conflictResolution: Database.ConflictResolution? = nil) -> ColumnDefinition
    {
        column(name, .integer).primaryKey(onConflict: conflictResolution, autoincrement: true)
    }

    /// Adds a primary key column.
    ///
    /// ```swift
    /// // "uuid" TEXT PRIMARY KEY NOT NULL
    /// t.primaryKey("uuid", .text)
    /// ```
    ///
    /// Columns that are not `INTEGER` get a NOT NULL constraint, because
    /// SQLite would otherwise accept NULL in them. An `INTEGER` column
    /// becomes an alias for the rowid.
    ///
    /// - Parameters:
    ///   - name: The column name.
    ///   - type: The column type.
    ///   - conflictResolution: An optional `ON CONFLICT` clause.
    /// - Returns: The column, for adding more constraints.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#the_primary_key>.
    @discardableResult
    public func primaryKey(
        _ name: String,
        _ type: Database.ColumnType,
        onConflict conflictResolution: Database.ConflictResolution? = nil) -> ColumnDefinition
    {
        let column = column(name, type).primaryKey(onConflict: conflictResolution)
        if type != .integer {
            column.notNull()
        }
        return column
    }

    /// Defines a primary key on the columns and foreign keys added by a
    /// closure. They all get a NOT NULL constraint.
    ///
    /// ```swift
    /// // CREATE TABLE "membership" (
    /// //   "playerId" INTEGER NOT NULL REFERENCES "player"("id"),
    /// //   "teamId" INTEGER NOT NULL REFERENCES "team"("id"),
    /// //   "role" TEXT NOT NULL,
    /// //   PRIMARY KEY ("playerId", "teamId")
    /// // )
    /// // CREATE INDEX "membership_on_teamId" ON "membership"("teamId")
    /// try db.create(table: "membership") { t in
    ///     t.primaryKey {
    ///         t.belongsTo("player")
    ///         t.belongsTo("team")
    ///     }
    ///     t.column("role", .text).notNull()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - conflictResolution: An optional `ON CONFLICT` clause.
    ///   - body: A closure that defines the primary key columns.
    /// - Throws: The error of the closure.
    public func primaryKey(
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        body: () throws -> Void) rethrows
    {
        primaryKeyBodyMembers = []
        defer { primaryKeyBodyMembers = nil }
        try body()
        primaryKeyConstraint = PrimaryKeyConstraint(
            members: primaryKeyBodyMembers ?? [],
            conflictResolution: conflictResolution)
    }

    /// Defines a primary key on existing columns.
    ///
    /// ```swift
    /// // PRIMARY KEY ("teamName", "position")
    /// t.column("teamName", .text).notNull()
    /// t.column("position", .integer).notNull()
    /// t.primaryKey(["teamName", "position"])
    /// ```
    ///
    /// - Parameters:
    ///   - columns: The primary key columns.
    ///   - conflictResolution: An optional `ON CONFLICT` clause.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#the_primary_key>.
    public func primaryKey(_ columns: [String], onConflict conflictResolution: Database.ConflictResolution? = nil) {
        primaryKeyConstraint = PrimaryKeyConstraint(
            members: columns.map { .column($0) },
            conflictResolution: conflictResolution)
    }

    // MARK: - Columns

    /// Adds a column.
    ///
    /// ```swift
    /// // "name" TEXT
    /// t.column("name", .text)
    /// // "value" (no type)
    /// t.column("value")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The column name.
    ///   - type: The column type, or nil.
    /// - Returns: The column, for adding constraints.
    ///
    /// See <https://www.sqlite.org/datatype3.html>.
    @discardableResult
    public func column(_ name: String, _ type: Database.ColumnType? = nil) -> ColumnDefinition {
        let column = ColumnDefinition(name: name, type: type)
        if primaryKeyBodyMembers != nil {
            column.notNull()
            primaryKeyBodyMembers?.append(.column(name))
        }
        elements.append(.column(column))
        return column
    }

    /// Adds a column written in SQL.
    ///
    /// ```swift
    /// t.column(sql: "name TEXT NOT NULL")
    /// ```
    ///
    /// - Parameter sql: A column definition.
    public func column(sql: String) {
        elements.append(.columnLiteral(SQL(sql: sql)))
    }

    /// Adds a column written as an SQL literal. Interpolated values are
    /// written as SQL literals.
    ///
    /// ```swift
    /// let defaultName = "Anonymous"
    /// // name TEXT DEFAULT 'Anonymous'
    /// t.column(literal: "name TEXT DEFAULT \(defaultName)")
    /// ```
    ///
    /// - Parameter sqlLiteral: A column definition.
    public func column(literal sqlLiteral: SQL) {
        elements.append(.columnLiteral(sqlLiteral))
    }

    /// Adds the columns of a foreign key to another table, named after the
    /// foreign key and the primary key of the referenced table, and
    /// indexes them.
    ///
    /// ```swift
    /// // CREATE TABLE "player" (
    /// //   "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    /// //   "teamId" INTEGER REFERENCES "team"("id") ON DELETE CASCADE,
    /// //   "countryCode" TEXT NOT NULL REFERENCES "country"("code")
    /// // )
    /// // CREATE INDEX "player_on_teamId" ON "player"("teamId")
    /// // CREATE INDEX "player_on_countryCode" ON "player"("countryCode")
    /// try db.create(table: "player") { t in
    ///     t.autoIncrementedPrimaryKey("id")
    ///     t.belongsTo("team", onDelete: .cascade)
    ///     t.belongsTo("country").notNull()
    /// }
    /// ```
    ///
    /// Without `inTable`, the referenced table is the table named `name`
    /// when it exists (or is the table being created), or else the table
    /// named after its plural: `t.belongsTo("parent")` references `parent`,
    /// or `parents`, and its column is `parentId` either way. When neither
    /// table exists yet, the foreign key references the table `name`, to
    /// be created later.
    ///
    /// The columns are `<name><PrimaryKeyColumn>` (`teamId` for a `team`
    /// table whose primary key is `id`), with the type of the referenced
    /// primary key (`INTEGER` for rowid primary keys). A composite primary
    /// key gives several columns, and a table-level `FOREIGN KEY`. When a
    /// table named with `inTable` does not exist yet, the column is
    /// `<name>Id INTEGER`, and refers to the primary key of the table,
    /// whatever it will be.
    ///
    /// Inside ``primaryKey(onConflict:body:)``, the columns are part of the
    /// primary key.
    ///
    /// - Parameters:
    ///   - name: The name of the foreign key, and the prefix of its
    ///     columns.
    ///   - table: The referenced table, or nil for the table named `name`,
    ///     or its plural.
    ///   - deleteAction: An optional `ON DELETE` action.
    ///   - updateAction: An optional `ON UPDATE` action.
    ///   - deferred: Whether the constraint is only checked when the
    ///     transaction commits.
    ///   - indexed: Whether an index named `<table>_on_<columns>` is
    ///     created. No index is created when the columns start the primary
    ///     key or a unique key of the table, since that one serves.
    /// - Returns: The foreign key, for adding NOT NULL.
    ///
    /// See <https://www.sqlite.org/foreignkeys.html>.
    @discardableResult
    public func belongsTo(
        _ name: String,
        inTable table: String? = nil,
        onDelete deleteAction: Database.ForeignKeyAction? = nil,
        onUpdate updateAction: Database.ForeignKeyAction? = nil,
        deferred: Bool = false,
        indexed: Bool = true) -> ForeignKeyDefinition
    {
        let foreignKey = ForeignKeyDefinition(
            name: name,
            table: table,
            onDelete: deleteAction,
            onUpdate: updateAction,
            deferred: deferred,
            indexed: indexed)
        if primaryKeyBodyMembers != nil {
            foreignKey.notNull()
            primaryKeyBodyMembers?.append(.foreignKey(foreignKey))
        }
        elements.append(.foreignKey(foreignKey))
        return foreignKey
    }

    // MARK: - Table constraints

    /// Adds a unique key on several columns.
    ///
    /// ```swift
    /// // UNIQUE ("a", "b") ON CONFLICT REPLACE
    /// t.uniqueKey(["a", "b"], onConflict: .replace)
    /// ```
    ///
    /// - Parameters:
    ///   - columns: The columns.
    ///   - conflictResolution: An optional `ON CONFLICT` clause.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#unique_constraints>.
    public func uniqueKey(_ columns: [String], onConflict conflictResolution: Database.ConflictResolution? = nil) {
        uniqueKeys.append(UniqueKey(columns: columns, conflictResolution: conflictResolution))
    }

    /// Adds a foreign key on several columns.
    ///
    /// ```swift
    /// // FOREIGN KEY ("a", "b") REFERENCES "parent"("c", "d")
    /// t.foreignKey(["a", "b"], references: "parent", columns: ["c", "d"])
    /// ```
    ///
    /// - Parameters:
    ///   - columns: The columns of this table.
    ///   - table: The referenced table.
    ///   - destinationColumns: The referenced columns, or nil for the
    ///     primary key of the referenced table.
    ///   - deleteAction: An optional `ON DELETE` action.
    ///   - updateAction: An optional `ON UPDATE` action.
    ///   - deferred: Whether the constraint is only checked when the
    ///     transaction commits.
    ///
    /// See <https://www.sqlite.org/foreignkeys.html>.
    public func foreignKey(
        _ columns: [String],
        references table: String,
        columns destinationColumns: [String]? = nil,
        onDelete deleteAction: Database.ForeignKeyAction? = nil,
        onUpdate updateAction: Database.ForeignKeyAction? = nil,
        deferred: Bool = false)
    {
        foreignKeys.append(TableForeignKey(
            columns: columns,
            clause: ForeignKeyClause(
                destinationTable: table,
                destinationColumns: destinationColumns,
                onDelete: deleteAction,
                onUpdate: updateAction,
                deferred: deferred)))
    }

    /// Adds a CHECK constraint built with the query interface.
    ///
    /// ```swift
    /// // CHECK ("a" + "b" < 10)
    /// t.check(Column("a") + Column("b") < 10)
    /// ```
    ///
    /// Values are written in the schema as SQL literals: SQLite does not
    /// accept parameters in a CHECK constraint. A string is a value, not
    /// SQL: `t.check("a > 0")` checks the constant `'a > 0'`. Write raw
    /// SQL with ``check(sql:)``.
    ///
    /// - Parameter condition: A boolean expression.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#check_constraints>.
    public func check(_ condition: some SQLSpecificExpressible) {
        addCheck(SQL(expression: condition.sqlExpression))
    }

    /// Adds a CHECK constraint on a value, which is no expression of the
    /// columns: use ``check(_:)-(SQLSpecificExpressible)`` with an
    /// expression, or ``check(sql:)``.
    ///
    /// ```swift
    /// // CHECK (1)
    /// t.check(true)
    /// ```
    ///
    /// - Parameter condition: A value.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#check_constraints>.
    @available(*, deprecated, message: "Check an expression of the columns, or use check(sql:)")
    public func check(_ condition: some SQLExpressible) {
        addCheck(SQL(expression: condition.sqlExpression))
    }

    /// Adds a CHECK constraint written in SQL.
    ///
    /// ```swift
    /// // CHECK (a + b < 10)
    /// t.check(sql: "a + b < 10")
    /// ```
    ///
    /// - Parameter sql: An SQL boolean expression.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#check_constraints>.
    public func check(sql: String) {
        addCheck(SQL(sql: sql))
    }

    /// Adds a table constraint written in SQL.
    ///
    /// ```swift
    /// t.constraint(sql: "CHECK (a + b < 10)")
    /// ```
    ///
    /// - Parameter sql: A table constraint.
    public func constraint(sql: String) {
        literalConstraints.append(SQL(sql: sql))
    }

    /// Adds a table constraint written as an SQL literal. Interpolated
    /// values are written as SQL literals.
    ///
    /// ```swift
    /// let limit = 10
    /// // CHECK (a + b < 10)
    /// t.constraint(literal: "CHECK (a + b < \(limit))")
    /// ```
    ///
    /// - Parameter sqlLiteral: A table constraint.
    public func constraint(literal sqlLiteral: SQL) {
        literalConstraints.append(sqlLiteral)
    }

    /// Adds a CHECK constraint from an SQL literal.
    func addCheck(_ condition: SQL) {
        checkConstraints.append(condition)
    }
}
