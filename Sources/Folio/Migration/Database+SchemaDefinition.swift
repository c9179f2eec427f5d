// The schema DSL: Database methods that create, alter and drop tables,
// indexes and views. Virtual tables are in VirtualTableModule.swift.

extension Database {
    // MARK: - Tables

    /// Creates a table.
    ///
    /// ```swift
    /// // CREATE TABLE "player" (
    /// //   "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    /// //   "name" TEXT NOT NULL,
    /// //   "score" INTEGER NOT NULL
    /// // )
    /// try db.create(table: "player") { t in
    ///     t.autoIncrementedPrimaryKey("id")
    ///     t.column("name", .text).notNull()
    ///     t.column("score", .integer).notNull()
    /// }
    /// ```
    ///
    /// Indexes defined with ``ColumnDefinition/indexed()`` and
    /// ``TableDefinition/belongsTo(_:inTable:onDelete:onUpdate:deferred:indexed:)``
    /// are created after the table.
    ///
    /// - Parameters:
    ///   - name: The table name.
    ///   - options: Table options, such as `.ifNotExists` or `.strict`.
    ///   - body: A closure that defines the columns and constraints.
    /// - Throws: The error of `body`, or a ``DatabaseError``, for example
    ///   when the table already exists.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html>.
    public func create(
        table name: String,
        options: TableOptions = [],
        body: (TableDefinition) throws -> Void) throws
    {
        let definition = TableDefinition(name: name, options: options)
        try body(definition)
        let (createTable, createIndexes) = try definition.sql(self)
        try execute(sql: createTable)
        for createIndex in createIndexes {
            try execute(sql: createIndex)
        }
    }

    /// Renames a table.
    ///
    /// ```swift
    /// // ALTER TABLE "referer" RENAME TO "referrer"
    /// try db.rename(table: "referer", to: "referrer")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The current name.
    ///   - newName: The new name.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_altertable.html#alter_table_rename>.
    public func rename(table name: String, to newName: String) throws {
        try execute(sql: "ALTER TABLE \(name.quotedDatabaseIdentifier) RENAME TO \(newName.quotedDatabaseIdentifier)")
    }

    /// Modifies a table.
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
    /// - Parameters:
    ///   - name: The table name.
    ///   - body: A closure that lists the changes.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_altertable.html>.
    public func alter(table name: String, body: (TableAlteration) -> Void) throws {
        let alteration = TableAlteration(name: name)
        body(alteration)
        for statement in try alteration.sql(self) {
            try execute(sql: statement)
        }
    }

    /// Deletes a table, with its indexes and triggers.
    ///
    /// ```swift
    /// // DROP TABLE "obsolete"
    /// try db.drop(table: "obsolete")
    /// ```
    ///
    /// - Parameter name: The table name.
    /// - Throws: A ``DatabaseError``, for example when the table does not
    ///   exist.
    ///
    /// See <https://www.sqlite.org/lang_droptable.html>.
    public func drop(table name: String) throws {
        try execute(sql: "DROP TABLE \(name.quotedDatabaseIdentifier)")
    }

    // MARK: - Indexes

    /// Creates an index.
    ///
    /// ```swift
    /// // CREATE UNIQUE INDEX "byEmail" ON "player"("email")
    /// try db.create(index: "byEmail", on: "player", columns: ["email"], options: .unique)
    ///
    /// // A partial index:
    /// // CREATE INDEX "activePlayer" ON "player"("score") WHERE "isActive"
    /// try db.create(index: "activePlayer", on: "player", columns: ["score"], condition: Column("isActive"))
    /// ```
    ///
    /// - Parameters:
    ///   - name: The index name.
    ///   - table: The indexed table.
    ///   - columns: The indexed columns.
    ///   - options: Index options, such as `.unique`.
    ///   - condition: The condition of a partial index, or nil. Values are
    ///     written as SQL literals. Write raw SQL as `SQL("isActive")`: a
    ///     string is a value, not SQL.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_createindex.html> and
    /// <https://www.sqlite.org/partialindex.html>.
    public func create(
        index name: String,
        on table: String,
        columns: [String],
        options: IndexOptions = [],
        condition: (any SQLExpressible)? = nil) throws
    {
        try execute(sql: Database.createIndexSQL(
            name: name,
            table: table,
            indexedColumns: TableDefinition.columnList(columns),
            options: options,
            condition: condition.map { try SQL(expression: $0.sqlExpression).inlinedSQL(self) }))
    }

    /// Creates an index on expressions, or on columns with a collation.
    ///
    /// ```swift
    /// // CREATE INDEX "index_player_on_email" ON "player"("email" COLLATE NOCASE)
    /// try db.create(
    ///     index: "index_player_on_email",
    ///     on: "player",
    ///     expressions: [Column("email").collating(.nocase)])
    ///
    /// // CREATE INDEX "index_player_on_total_score" ON "player"("score" + "bonus")
    /// try db.create(
    ///     index: "index_player_on_total_score",
    ///     on: "player",
    ///     expressions: [Column("score") + Column("bonus")])
    /// ```
    ///
    /// SQLite uses an index on an expression for queries that contain the
    /// same expression.
    ///
    /// - Parameters:
    ///   - name: The index name.
    ///   - table: The indexed table.
    ///   - expressions: The indexed expressions. Values are written as SQL
    ///     literals.
    ///   - options: Index options, such as `.unique`.
    ///   - condition: The condition of a partial index, or nil.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/expridx.html>.
    public func create(
        index name: String,
        on table: String,
        expressions: [any SQLExpressible],
        options: IndexOptions = [],
        condition: (any SQLExpressible)? = nil) throws
    {
        let indexedExpressions = try expressions
            .map { try SQL(expression: $0.sqlExpression).inlinedSQL(self) }
            .joined(separator: ", ")
        try execute(sql: Database.createIndexSQL(
            name: name,
            table: table,
            indexedColumns: indexedExpressions,
            options: options,
            condition: condition.map { try SQL(expression: $0.sqlExpression).inlinedSQL(self) }))
    }

    /// Creates an index named `index_<table>_on_<columns>`.
    ///
    /// ```swift
    /// // CREATE UNIQUE INDEX "index_player_on_teamId_position" ON "player"("teamId", "position")
    /// try db.create(indexOn: "player", columns: ["teamId", "position"], options: .unique)
    ///
    /// // One captain per team:
    /// // CREATE UNIQUE INDEX "index_player_on_teamId" ON "player"("teamId") WHERE "isCaptain"
    /// try db.create(indexOn: "player", columns: ["teamId"], options: .unique, condition: Column("isCaptain"))
    /// ```
    ///
    /// - Parameters:
    ///   - table: The indexed table.
    ///   - columns: The indexed columns.
    ///   - options: Index options, such as `.unique`.
    ///   - condition: The condition of a partial index, or nil.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_createindex.html>.
    public func create(
        indexOn table: String,
        columns: [String],
        options: IndexOptions = [],
        condition: (any SQLExpressible)? = nil) throws
    {
        try create(
            index: Database.defaultIndexName(table: table, columns: columns),
            on: table,
            columns: columns,
            options: options,
            condition: condition)
    }

    /// Deletes an index.
    ///
    /// ```swift
    /// // DROP INDEX "byEmail"
    /// try db.drop(index: "byEmail")
    /// ```
    ///
    /// - Parameter name: The index name.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_dropindex.html>.
    public func drop(index name: String) throws {
        try execute(sql: "DROP INDEX \(name.quotedDatabaseIdentifier)")
    }

    /// Deletes the index created by
    /// ``create(indexOn:columns:options:condition:)``.
    ///
    /// ```swift
    /// // DROP INDEX "index_player_on_email"
    /// try db.drop(indexOn: "player", columns: ["email"])
    /// ```
    ///
    /// - Parameters:
    ///   - table: The indexed table.
    ///   - columns: The indexed columns.
    /// - Throws: A ``DatabaseError``.
    public func drop(indexOn table: String, columns: [String]) throws {
        try drop(index: Database.defaultIndexName(table: table, columns: columns))
    }

    /// `index_player_on_teamId_position`
    static func defaultIndexName(table: String, columns: [String]) -> String {
        "index_\(table)_on_\(columns.joined(separator: "_"))"
    }

    /// `CREATE [UNIQUE] INDEX [IF NOT EXISTS] "name" ON "table"("a", "b") [WHERE condition]`
    static func createIndexSQL(
        name: String,
        table: String,
        columns: [String],
        options: IndexOptions) -> String
    {
        createIndexSQL(name: name, table: table, indexedColumns: TableDefinition.columnList(columns), options: options, condition: nil)
    }

    /// `CREATE [UNIQUE] INDEX [IF NOT EXISTS] "name" ON "table"(<indexedColumns>) [WHERE condition]`
    static func createIndexSQL(
        name: String,
        table: String,
        indexedColumns: String,
        options: IndexOptions,
        condition: String?) -> String
    {
        var sql = "CREATE "
        if options.contains(.unique) {
            sql += "UNIQUE "
        }
        sql += "INDEX "
        if options.contains(.ifNotExists) {
            sql += "IF NOT EXISTS "
        }
        sql += "\(name.quotedDatabaseIdentifier) ON \(table.quotedDatabaseIdentifier)(\(indexedColumns))"
        if let condition {
            sql += " WHERE " + condition
        }
        return sql
    }

    // MARK: - Views

    /// Creates a view from an SQL literal.
    ///
    /// ```swift
    /// // CREATE VIEW "hero" AS SELECT * FROM player WHERE isHero
    /// try db.create(view: "hero", asLiteral: "SELECT * FROM player WHERE isHero")
    ///
    /// // Interpolated values are written as SQL literals:
    /// // CREATE VIEW "champion" AS SELECT * FROM player WHERE score > 1000
    /// let threshold = 1000
    /// try db.create(view: "champion", asLiteral: "SELECT * FROM player WHERE score > \(threshold)")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The view name.
    ///   - options: View options, such as `.temporary`.
    ///   - columns: The names of the view columns, or nil for the names of
    ///     the selected columns.
    ///   - sqlLiteral: The `SELECT` statement of the view.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_createview.html>.
    public func create(
        view name: String,
        options: ViewOptions = [],
        columns: [String]? = nil,
        asLiteral sqlLiteral: SQL) throws
    {
        var sql = "CREATE "
        if options.contains(.temporary) {
            sql += "TEMPORARY "
        }
        sql += "VIEW "
        if options.contains(.ifNotExists) {
            sql += "IF NOT EXISTS "
        }
        sql += name.quotedDatabaseIdentifier
        if let columns {
            sql += "(" + TableDefinition.columnList(columns) + ")"
        }
        sql += " AS " + (try sqlLiteral.inlinedSQL(self))
        try execute(sql: sql)
    }

    /// Creates a view from a request: a query interface request, or an
    /// SQL request.
    ///
    /// ```swift
    /// // CREATE VIEW "adult" AS SELECT * FROM "player" WHERE "age" >= 18
    /// try db.create(view: "adult", as: Player.filter { $0.age >= 18 })
    ///
    /// // CREATE VIEW "hero" AS SELECT * FROM player WHERE isHero
    /// try db.create(view: "hero", as: SQLRequest<Row>(sql: "SELECT * FROM player WHERE isHero"))
    /// ```
    ///
    /// The values of the request are written as SQL literals: SQLite does
    /// not accept parameters in a view.
    ///
    /// - Parameters:
    ///   - name: The view name.
    ///   - options: View options, such as `.temporary`.
    ///   - columns: The names of the view columns, or nil for the names of
    ///     the selected columns.
    ///   - request: The request of the view.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_createview.html>.
    public func create(
        view name: String,
        options: ViewOptions = [],
        columns: [String]? = nil,
        as request: any SQLSubqueryable) throws
    {
        try create(view: name, options: options, columns: columns, asLiteral: SQL(subquery: request.sqlSubquery))
    }

    /// Deletes a view.
    ///
    /// ```swift
    /// // DROP VIEW "hero"
    /// try db.drop(view: "hero")
    /// ```
    ///
    /// - Parameter name: The view name.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_dropview.html>.
    public func drop(view name: String) throws {
        try execute(sql: "DROP VIEW \(name.quotedDatabaseIdentifier)")
    }
}
