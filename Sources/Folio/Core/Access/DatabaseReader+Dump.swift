// Database dumps from a database queue or pool: the `Database` dump
// methods, run in one database access.
//
// The access is `unsafeReentrantRead`, so that a dump also works from
// inside another access to the same reader (in the debugger, for
// example). Outside of a transaction, the dump runs in a deferred
// transaction: all its queries see the same state of the database, even
// when a pool writes concurrently.

extension DatabaseReader {
    /// Prints the results of SQL statements.
    ///
    /// ```swift
    /// // 1|Arthur|500
    /// // 2|Barbara|1000
    /// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id")
    /// ```
    ///
    /// See ``Database/dumpSQL(_:format:to:)``.
    ///
    /// - Parameters:
    ///   - sql: SQL statements, with their arguments.
    ///   - format: The output format (``DebugDumpFormat`` by default).
    ///   - stream: The output, or nil for the standard output.
    /// - Throws: A ``DatabaseError`` on invalid SQL, when a statement
    ///   fails, or when the format fails.
    public func dumpSQL(
        _ sql: SQL,
        format: some DumpFormat = .debug(),
        to stream: (any TextOutputStream)? = nil) throws
    {
        try dumpAccess { db in
            try db.dumpSQL(sql, format: format, to: stream)
        }
    }

    /// Prints the results of a request.
    ///
    /// ```swift
    /// // 1|Arthur|500
    /// // 2|Barbara|1000
    /// try dbQueue.dumpRequest(Player.orderByPrimaryKey())
    /// ```
    ///
    /// See ``Database/dumpRequest(_:format:to:)``.
    ///
    /// - Parameters:
    ///   - request: A request.
    ///   - format: The output format (``DebugDumpFormat`` by default).
    ///   - stream: The output, or nil for the standard output.
    /// - Throws: A ``DatabaseError`` when the request fails, or when the
    ///   format fails.
    public func dumpRequest(
        _ request: some FetchRequest,
        format: some DumpFormat = .debug(),
        to stream: (any TextOutputStream)? = nil) throws
    {
        try dumpAccess { db in
            try db.dumpRequest(request, format: format, to: stream)
        }
    }

    /// Prints the rows of tables and views.
    ///
    /// ```swift
    /// // player
    /// // 1|Arthur|500
    /// // 2|Barbara|1000
    /// //
    /// // team
    /// // 1|Red
    /// // 2|Blue
    /// try dbQueue.dumpTables(["player", "team"])
    /// ```
    ///
    /// See ``Database/dumpTables(_:format:tableHeader:stableOrder:to:)``.
    ///
    /// - Parameters:
    ///   - tables: The names of tables and views (case-insensitive).
    ///   - format: The output format (``DebugDumpFormat`` by default).
    ///   - tableHeader: Whether table names are printed.
    ///   - stableOrder: Whether the rows of views are sorted by all their
    ///     columns.
    ///   - stream: The output, or nil for the standard output.
    /// - Throws: A ``DatabaseError`` with the code `SQLITE_ERROR` and the
    ///   message "no such table: …" when a name is neither a table nor a
    ///   view, or when the format fails.
    public func dumpTables(
        _ tables: [String],
        format: some DumpFormat = .debug(),
        tableHeader: DumpTableHeaderOptions = .automatic,
        stableOrder: Bool = false,
        to stream: (any TextOutputStream)? = nil) throws
    {
        try dumpAccess { db in
            try db.dumpTables(tables, format: format, tableHeader: tableHeader, stableOrder: stableOrder, to: stream)
        }
    }

    /// Prints the schema and the rows of all the tables of the main
    /// database.
    ///
    /// ```swift
    /// // sqlite_master
    /// // CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
    /// //
    /// // player
    /// // 1|Arthur|500
    /// // 2|Barbara|1000
    /// try dbQueue.dumpContent()
    /// ```
    ///
    /// See ``Database/dumpContent(format:to:)``.
    ///
    /// - Parameters:
    ///   - format: The output format of the rows (``DebugDumpFormat`` by
    ///     default).
    ///   - stream: The output, or nil for the standard output.
    /// - Throws: A ``DatabaseError`` when a query fails, or when the
    ///   format fails.
    public func dumpContent(
        format: some DumpFormat = .debug(),
        to stream: (any TextOutputStream)? = nil) throws
    {
        try dumpAccess { db in
            try db.dumpContent(format: format, to: stream)
        }
    }

    /// Prints the schema of the main database.
    ///
    /// ```swift
    /// // sqlite_master
    /// // CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
    /// try dbQueue.dumpSchema()
    /// ```
    ///
    /// See ``Database/dumpSchema(to:)``.
    ///
    /// - Parameter stream: The output, or nil for the standard output.
    /// - Throws: A ``DatabaseError`` when a query fails.
    public func dumpSchema(to stream: (any TextOutputStream)? = nil) throws {
        try dumpAccess { db in
            try db.dumpSchema(to: stream)
        }
    }

    /// Runs a dump in one database access, in a transaction unless one is
    /// already open.
    private func dumpAccess(_ dump: (Database) throws -> Void) throws {
        try unsafeReentrantRead { db in
            if db.isInsideTransaction {
                try dump(db)
            } else {
                try db.inTransaction(.deferred) {
                    try dump(db)
                    return .commit
                }
            }
        }
    }
}
