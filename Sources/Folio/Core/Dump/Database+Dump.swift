// Database dumps: the results of SQL, of requests, and the content of
// tables and of the whole database, printed in a ``DumpFormat``, for
// debugging and for tests that compare text.

extension Database {
    // MARK: - Dumping SQL and requests

    /// Prints the results of SQL statements.
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     // 1|Arthur|500
    ///     // 2|Barbara|1000
    ///     try db.dumpSQL("SELECT * FROM player ORDER BY id")
    /// }
    /// ```
    ///
    /// The SQL may hold several statements, run one after the other: the
    /// results of each statement that returns rows are printed one after
    /// the other, without an empty line between them (as in GRDB).
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     // 1|Arthur|1000
    ///     // 2|Barbara|500
    ///     // 1000
    ///     try db.dumpSQL("""
    ///         CREATE TABLE player(id, name, score);
    ///         INSERT INTO player VALUES (1, 'Arthur', 1000);
    ///         INSERT INTO player VALUES (2, 'Barbara', 500);
    ///         SELECT * FROM player ORDER BY id;
    ///         SELECT MAX(score) FROM player;
    ///         """)
    /// }
    /// ```
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
        var stream = DumpStream(stream)
        var format = format
        let (sqlString, arguments) = try sql.build(self)
        try forEachStatement(sql: sqlString, arguments: arguments) { statement, _ in
            _ = try dumpRows(of: statement, hiddenColumnCount: 0, copiesRows: false, layout: nil, finalizes: true, format: &format, stream: &stream)
        }
    }

    /// Prints the results of a request.
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     // 1|Arthur|500
    ///     // 2|Barbara|1000
    ///     try db.dumpRequest(Player.orderByPrimaryKey())
    /// }
    /// ```
    ///
    /// All the columns of the request are printed, those of joined
    /// associations (`including(required:)`) included. The rows of the
    /// associations that the request prefetches (`including(all:)`) come
    /// next, after an empty line and the association key (the key path,
    /// such as `books.reviews`, for an association prefetched by a
    /// prefetched association), in the order of their own query:
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     // 1|Victor Hugo
    ///     //
    ///     // books
    ///     // 1|1|Les Misérables
    ///     // 2|1|Notre-Dame de Paris
    ///     try db.dumpRequest(Author.including(all: Author.books).withStableOrder())
    /// }
    /// ```
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
        var stream = DumpStream(stream)
        var format = format
        let prepared = try request.makePreparedRequest(self, forSingleResult: false)
        try dump([prepared], keyPath: nil, format: &format, stream: &stream)
    }

    // MARK: - Dumping tables

    /// Prints the rows of tables and views.
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     // 1|Arthur|500
    ///     // 2|Barbara|1000
    ///     try db.dumpTables(["player"])
    ///
    ///     // player
    ///     // 1|Arthur|500
    ///     // 2|Barbara|1000
    ///     //
    ///     // team
    ///     // 1|Red
    ///     // 2|Blue
    ///     try db.dumpTables(["player", "team"])
    /// }
    /// ```
    ///
    /// Tables are printed in the given order. With
    /// ``DumpTableHeaderOptions/automatic``, the name of each table (as
    /// given) comes before its rows when there are several tables; with
    /// ``DumpTableHeaderOptions/always``, it always does. An empty line
    /// separates two tables.
    ///
    /// The rows of a table are sorted by primary key (the rowid when the
    /// table has no explicit primary key), so that the output does not
    /// depend on the way SQLite stores them. The rows of a view are
    /// printed in the order of the view, which may be undefined, unless
    /// `stableOrder` is true: they are then sorted by all their columns,
    /// from left to right.
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
    ///   view (before anything is printed), or when the format fails.
    public func dumpTables(
        _ tables: [String],
        format: some DumpFormat = .debug(),
        tableHeader: DumpTableHeaderOptions = .automatic,
        stableOrder: Bool = false,
        to stream: (any TextOutputStream)? = nil) throws
    {
        var stream = DumpStream(stream)
        var format = format
        let queries = try tables.map { name in
            try (name: name, sql: dumpQuery(table: name, stableOrder: stableOrder))
        }
        let printsNames = tableHeader == .always || tables.count > 1
        for (name, sql) in queries {
            if printsNames {
                stream.margin()
                stream.write(name + "\n")
            }
            _ = try dumpRows(of: cachedStatement(sql: sql), hiddenColumnCount: 0, copiesRows: false, layout: nil, finalizes: true, format: &format, stream: &stream)
        }
    }

    /// Prints the schema and the rows of all the tables of the main
    /// database.
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     // sqlite_master
    ///     // CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
    ///     //
    ///     // player
    ///     // 1|Arthur|500
    ///     // 2|Barbara|1000
    ///     try db.dumpContent()
    /// }
    /// ```
    ///
    /// The schema comes first, as ``dumpSchema(to:)`` prints it. Then come
    /// the tables, sorted by name (case-insensitive), each one after an
    /// empty line and its name, with its rows sorted by primary key (the
    /// rowid when the table has no explicit primary key). Views are not
    /// printed, since their rows come from the tables.
    ///
    /// Internal tables are left out: those of SQLite and Folio (whose
    /// names start with `sqlite_` or `grdb_`, such as `sqlite_sequence` and
    /// `grdb_migrations`), and the shadow tables of virtual tables (such
    /// as those of full-text search tables, see
    /// <https://www.sqlite.org/vtab.html#xshadowname>). Virtual tables
    /// are printed.
    ///
    /// - Parameters:
    ///   - format: The output format of the rows (``DebugDumpFormat`` by
    ///     default). The schema is printed as SQL, whatever the format.
    ///   - stream: The output, or nil for the standard output.
    /// - Throws: A ``DatabaseError`` when a query fails, or when the
    ///   format fails.
    public func dumpContent(
        format: some DumpFormat = .debug(),
        to stream: (any TextOutputStream)? = nil) throws
    {
        var stream = DumpStream(stream)
        var format = format
        let hiddenTables = try dumpHiddenTables()
        try dumpSchema(hiddenTables: hiddenTables, to: &stream)
        let tables = try String.fetchAll(self, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name COLLATE NOCASE
            """)
        for table in tables where !hiddenTables.contains(table.lowercased()) && !Database.isDumpInternal(table) {
            stream.margin()
            stream.write(table + "\n")
            let sql = try dumpQuery(table: table, stableOrder: true)
            _ = try dumpRows(of: cachedStatement(sql: sql), hiddenColumnCount: 0, copiesRows: false, layout: nil, finalizes: true, format: &format, stream: &stream)
        }
    }

    /// Prints the schema of the main database: the SQL of its tables,
    /// indexes, views and triggers, each followed by a semicolon, after the
    /// line `sqlite_master`.
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     // sqlite_master
    ///     // CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
    ///     // CREATE INDEX player_on_name ON player(name);
    ///     // CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
    ///     try db.dumpSchema()
    /// }
    /// ```
    ///
    /// The SQL is printed as SQLite stores it in the `sqlite_master`
    /// table: the text of the `CREATE` statement, with its line breaks and
    /// quotes. Objects are grouped by table (the table or view first, then
    /// its indexes, then its triggers), and sorted by table name, then by
    /// name (case-insensitive).
    ///
    /// Internal objects are left out: those of SQLite and Folio (whose
    /// names start with `sqlite_` or `grdb_`, and the indexes and triggers
    /// of such tables), the indexes that SQLite creates for UNIQUE and
    /// PRIMARY KEY constraints (they have no SQL), and the shadow tables of
    /// virtual tables (such as those of full-text search tables).
    ///
    /// See <https://www.sqlite.org/schematab.html>.
    ///
    /// - Parameter stream: The output, or nil for the standard output.
    /// - Throws: A ``DatabaseError`` when a query fails.
    public func dumpSchema(to stream: (any TextOutputStream)? = nil) throws {
        var stream = DumpStream(stream)
        try dumpSchema(hiddenTables: dumpHiddenTables(), to: &stream)
    }

    // MARK: - Implementation

    /// The columns that sort the rows of a table or view in a stable
    /// order: its primary key (`rowid` when the table has no explicit
    /// primary key), or all its columns when it has no primary key (a
    /// view).
    ///
    /// - Parameter tableName: A table or view name.
    /// - Returns: Column names.
    /// - Throws: A ``DatabaseError`` when the table does not exist.
    func stableOrderColumns(_ tableName: String) throws -> [String] {
        let primaryKey = try self.primaryKey(tableName)
        if !primaryKey.columns.isEmpty {
            return primaryKey.columns
        }
        return try columns(in: tableName).map(\.name)
    }

    /// The query that dumps a table or view: sorted by primary key for a
    /// table, by all columns for a view when `stableOrder` is true.
    private func dumpQuery(table name: String, stableOrder: Bool) throws -> String {
        let isTable = try tableExists(name)
        let isView = try !isTable && viewExists(name)
        guard isTable || isView else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: \(name)")
        }
        var sql = "SELECT * FROM \(name.quotedDatabaseIdentifier)"
        if isTable || stableOrder {
            let columns = try stableOrderColumns(name)
            sql += " ORDER BY " + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        }
        return sql
    }

    /// Whether a schema object is internal to SQLite or Folio.
    private static func isDumpInternal(_ name: String) -> Bool {
        isSQLiteInternalTable(name) || isGRDBInternalTable(name)
    }

    /// The lowercased names of the shadow tables of the main database
    /// (`PRAGMA table_list` lists them from SQLite 3.37).
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_table_list>.
    private func dumpHiddenTables() throws -> Set<String> {
        let names = try String.fetchAll(self, sql: """
            SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'
            """)
        return Set(names.map { $0.lowercased() })
    }

    private func dumpSchema(hiddenTables: Set<String>, to stream: inout DumpStream) throws {
        stream.write("sqlite_master\n")
        let rows = try Row.fetchAll(self, sql: """
            SELECT name, tbl_name, sql FROM sqlite_master
            WHERE sql IS NOT NULL
            ORDER BY
              tbl_name COLLATE NOCASE,
              CASE type WHEN 'table' THEN 0 WHEN 'view' THEN 0 WHEN 'index' THEN 1 ELSE 2 END,
              name COLLATE NOCASE
            """)
        for row in rows {
            let name: String = try row.decode(atIndex: 0)
            let tableName: String = try row.decode(atIndex: 1)
            let sql: String = try row.decode(atIndex: 2)
            if Database.isDumpInternal(name) || Database.isDumpInternal(tableName)
                || hiddenTables.contains(name.lowercased()) || hiddenTables.contains(tableName.lowercased())
            {
                continue
            }
            stream.write(sql + ";\n")
        }
    }

    /// Dumps the rows of prepared requests as one result (several requests
    /// hold the rows of one prefetched association when its parent keys do
    /// not fit in one query), then the rows of their prefetched
    /// associations.
    ///
    /// - Parameter keyPath: The key path of the association whose rows
    ///   are dumped, or nil for the rows of the dumped request.
    private func dump(
        _ requests: [PreparedRequest],
        keyPath: String?,
        format: inout some DumpFormat,
        stream: inout DumpStream) throws
    {
        var prefetches: [(key: String, requests: [PreparedRequest])] = []
        for (index, prepared) in requests.enumerated() {
            let rows = try dumpRows(
                of: prepared.statement,
                hiddenColumnCount: prepared.hiddenColumnCount,
                copiesRows: prepared.supplementaryDumpRequests != nil,
                layout: try prepared.adapter?.rowLayout(for: prepared.statement),
                finalizes: index == requests.count - 1,
                format: &format,
                stream: &stream)
            guard let dumpRequests = prepared.supplementaryDumpRequests else { continue }
            for (key, childRequests) in try dumpRequests(self, rows) {
                if let index = prefetches.firstIndex(where: { $0.key == key }) {
                    prefetches[index].requests += childRequests
                } else {
                    prefetches.append((key, childRequests))
                }
            }
        }
        for (key, childRequests) in prefetches {
            let childKeyPath = keyPath.map { "\($0).\(key)" } ?? key
            stream.margin()
            stream.write(childKeyPath + "\n")
            try dump(childRequests, keyPath: childKeyPath, format: &format, stream: &stream)
        }
    }

    /// Steps a statement, and gives each row to the format.
    ///
    /// - Parameters:
    ///   - statement: A statement, arguments set.
    ///   - hiddenColumnCount: The number of trailing columns that the
    ///     built-in formats do not print.
    ///   - copiesRows: Whether the rows are copied and returned.
    ///   - layout: The layout of copied rows.
    ///   - finalizes: Whether the format finalizes the statement.
    /// - Returns: The copied rows.
    private func dumpRows(
        of statement: Statement,
        hiddenColumnCount: Int,
        copiesRows: Bool,
        layout: RowLayout?,
        finalizes: Bool,
        format: inout some DumpFormat,
        stream: inout DumpStream) throws -> [Row]
    {
        stream.hiddenColumnCount = hiddenColumnCount
        defer { stream.hiddenColumnCount = 0 }
        var stepper = _StatementStepper(statement: statement)
        defer { stepper.finish() }
        var rows: [Row] = []
        while try stepper.step() {
            try format.writeRow(self, statement: statement, to: &stream)
            if copiesRows {
                rows.append(Row(copiedFrom: statement, layout: layout))
            }
        }
        if finalizes {
            format.finalize(self, statement: statement, to: &stream)
        }
        return rows
    }
}
