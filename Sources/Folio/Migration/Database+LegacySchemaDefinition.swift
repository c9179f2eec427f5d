// The schema DSL methods of GRDB's legacy interface, with boolean
// arguments instead of option sets. They are kept for the code written for
// them: prefer the methods that take options
// (Database+SchemaDefinition.swift, VirtualTableModule.swift).

extension Database {
    /// Creates a table, with boolean options.
    ///
    /// ```swift
    /// // CREATE TEMPORARY TABLE IF NOT EXISTS "place" (
    /// //   "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    /// //   "title" TEXT
    /// // )
    /// try db.create(table: "place", temporary: true, ifNotExists: true) { t in
    ///     t.autoIncrementedPrimaryKey("id")
    ///     t.column("title", .text)
    /// }
    /// ```
    ///
    /// This is a legacy interface: prefer ``create(table:options:body:)``.
    ///
    /// - Parameters:
    ///   - name: The table name.
    ///   - temporary: If true, creates a temporary table.
    ///   - ifNotExists: If true, no error is thrown when the table already
    ///     exists.
    ///   - withoutRowID: If true, creates a `WITHOUT ROWID` table.
    ///   - body: A closure that defines the columns and constraints.
    /// - Throws: The error of `body`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html> and
    /// <https://www.sqlite.org/withoutrowid.html>.
    @_disfavoredOverload
    public func create(
        table name: String,
        temporary: Bool = false,
        ifNotExists: Bool = false,
        withoutRowID: Bool = false,
        body: (TableDefinition) throws -> Void) throws
    {
        var options: TableOptions = []
        if temporary { options.insert(.temporary) }
        if ifNotExists { options.insert(.ifNotExists) }
        if withoutRowID { options.insert(.withoutRowID) }
        try create(table: name, options: options, body: body)
    }

    /// Creates an index, with boolean options.
    ///
    /// ```swift
    /// // CREATE UNIQUE INDEX IF NOT EXISTS "byEmail" ON "player"("email")
    /// try db.create(index: "byEmail", on: "player", columns: ["email"], unique: true, ifNotExists: true)
    /// ```
    ///
    /// This is a legacy interface: prefer
    /// ``create(indexOn:columns:options:condition:)``.
    ///
    /// - Parameters:
    ///   - name: The index name.
    ///   - table: The indexed table.
    ///   - columns: The indexed columns.
    ///   - unique: If true, creates a unique index.
    ///   - ifNotExists: If true, no error is thrown when the index already
    ///     exists.
    ///   - condition: The condition of a partial index, or nil.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_createindex.html> and
    /// <https://www.sqlite.org/partialindex.html>.
    @_disfavoredOverload
    public func create(
        index name: String,
        on table: String,
        columns: [String],
        unique: Bool = false,
        ifNotExists: Bool = false,
        condition: (any SQLExpressible)? = nil) throws
    {
        var options: IndexOptions = []
        if unique { options.insert(.unique) }
        if ifNotExists { options.insert(.ifNotExists) }
        try create(index: name, on: table, columns: columns, options: options, condition: condition)
    }

    /// Creates a virtual table from a module name, with a boolean option.
    ///
    /// ```swift
    /// // CREATE VIRTUAL TABLE IF NOT EXISTS "vocabulary" USING fts4
    /// try db.create(virtualTable: "vocabulary", ifNotExists: true, using: "fts4")
    /// ```
    ///
    /// This is a legacy interface: prefer
    /// ``create(virtualTable:options:using:)``.
    ///
    /// - Parameters:
    ///   - name: The table name.
    ///   - ifNotExists: If true, no error is thrown when the table already
    ///     exists.
    ///   - module: The module name, followed by its arguments if any.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_createvtab.html>.
    @_disfavoredOverload
    public func create(virtualTable name: String, ifNotExists: Bool = false, using module: String) throws {
        try create(virtualTable: name, options: ifNotExists ? .ifNotExists : [], using: module)
    }

    /// Creates a virtual table with a module, such as ``FTS5``, with a
    /// boolean option.
    ///
    /// ```swift
    /// try db.create(virtualTable: "book", ifNotExists: true, using: FTS4()) { t in
    ///     t.column("title")
    ///     t.column("body")
    /// }
    /// ```
    ///
    /// This is a legacy interface: prefer
    /// ``create(virtualTable:options:using:_:)``.
    ///
    /// - Parameters:
    ///   - tableName: The table name.
    ///   - ifNotExists: If true, no error is thrown when the table already
    ///     exists.
    ///   - module: The module.
    ///   - body: A closure that defines the table, or nil.
    /// - Throws: The error of `body`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_createvtab.html>.
    @_disfavoredOverload
    public func create<Module: VirtualTableModule>(
        virtualTable tableName: String,
        ifNotExists: Bool = false,
        using module: Module,
        _ body: ((Module.TableDefinition) throws -> Void)? = nil) throws
    {
        try create(virtualTable: tableName, options: ifNotExists ? .ifNotExists : [], using: module, body)
    }
}
