import CSQLite
import Foundation

extension Database {
    /// The maximum number of statements kept in the statement cache.
    static let statementCacheCapacity = 512

    /// Compiles one SQL statement.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player WHERE id = ?")
    /// let row = try Row.fetchOne(statement, arguments: [1])
    /// ```
    ///
    /// - Parameter sql: One SQL statement. A trailing semicolon and
    ///   comments are allowed.
    /// - Returns: A prepared statement.
    /// - Throws: A ``DatabaseError`` on invalid SQL, when the string
    ///   contains more than one statement, or when it holds a NUL
    ///   character followed by more SQL (which SQLite would ignore).
    ///   See <https://www.sqlite.org/c3ref/prepare.html>.
    public func makeStatement(sql: String) throws -> Statement {
        try prepareSingleStatement(sql: sql, persistent: false)
    }

    /// Compiles one SQL statement built from an ``SQL`` literal, and binds
    /// its arguments.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(literal: "SELECT * FROM player WHERE id = \(id)")
    /// ```
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A prepared statement, with its arguments set.
    /// - Throws: A ``DatabaseError``.
    public func makeStatement(literal sqlLiteral: SQL) throws -> Statement {
        let (sql, arguments) = try sqlLiteral.build(self)
        let statement = try makeStatement(sql: sql)
        try statement.setArguments(arguments)
        return statement
    }

    /// Returns a prepared statement from the connection's cache, compiling
    /// it on first use.
    ///
    /// Reusing statements saves the cost of SQL compilation: use it for SQL
    /// that runs many times.
    ///
    /// Cached statements follow schema changes. This connection's own
    /// schema changes empty the cache. When another connection changes the
    /// schema (another ``DatabaseQueue`` on the same file, the writer of a
    /// ``DatabasePool`` while this connection reads), SQLite compiles the
    /// statement again at its first step: the rows, the records, and the
    /// statement's ``Statement/columnNames`` and ``Statement/columnCount``
    /// then follow the new columns of a `SELECT *`, and the schema cache
    /// is checked again before its next use. A schema version changed by
    /// another connection, when the schema cache reads it, empties the
    /// statement cache.
    ///
    /// ```swift
    /// for name in names {
    ///     let statement = try db.cachedStatement(sql: "INSERT INTO player (name) VALUES (?)")
    ///     try statement.execute(arguments: [name])
    /// }
    /// ```
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: A prepared statement, reset.
    /// - Throws: A ``DatabaseError`` on invalid SQL, or SQL that holds a
    ///   NUL character followed by more SQL.
    public func cachedStatement(sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            // A statement iterated by a cursor can not be reused: give a
            // fresh one instead of breaking the cursor.
            if statement.isReusable {
                statement.reset()
                return statement
            }
            return try prepareSingleStatement(sql: sql, persistent: false)
        }
        let statement = try prepareSingleStatement(sql: sql, persistent: true)
        cache(statement, forSQL: sql)
        return statement
    }

    /// Returns a cached statement built from an ``SQL`` literal, with its
    /// arguments set.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A prepared statement.
    /// - Throws: A ``DatabaseError``.
    public func cachedStatement(literal sqlLiteral: SQL) throws -> Statement {
        let (sql, arguments) = try sqlLiteral.build(self)
        let statement = try cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        return statement
    }

    private func cache(_ statement: Statement, forSQL sql: String) {
        if statementCache.count >= Database.statementCacheCapacity {
            statementCache.removeAll(keepingCapacity: true)
        }
        statementCache.set(statement, forSQL: sql)
    }

    /// Removes all statements from the cache, releasing their memory.
    func clearStatementCache() {
        statementCache.removeAll()
        clearTransactionControlStatements()
    }

    /// Runs one or several SQL statements, separated by semicolons.
    ///
    /// ```swift
    /// try db.execute(sql: """
    ///     CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    ///     INSERT INTO player (name) VALUES (?);
    ///     INSERT INTO player (name) VALUES (?);
    ///     """, arguments: ["Arthur", "Barbara"])
    /// ```
    ///
    /// Positional arguments are consumed in order by the statements; named
    /// arguments are shared by all statements.
    ///
    /// - Parameters:
    ///   - sql: SQL statements.
    ///   - arguments: Statement arguments.
    /// - Throws: A ``DatabaseError`` on invalid SQL, on arguments that do
    ///   not fit, or when a statement fails. SQL that holds a NUL
    ///   character followed by more SQL (which SQLite would ignore) throws
    ///   before any statement runs.
    public func execute(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        // Fast path: SQL that already ran as a single statement.
        if let statement = statementCache[sql], statement.isReusable {
            try statement.execute(arguments: arguments)
            return
        }
        try executeStatements(sql: sql, arguments: arguments)
    }

    /// Runs SQL built from an ``SQL`` literal, whose interpolated values
    /// are bound as arguments (never pasted into the SQL text).
    ///
    /// ```swift
    /// try db.execute(literal: "INSERT INTO player (name, score) VALUES (\(name), \(score))")
    /// ```
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Throws: A ``DatabaseError``.
    public func execute(literal sqlLiteral: SQL) throws {
        let (sql, arguments) = try sqlLiteral.build(self)
        try execute(sql: sql, arguments: arguments)
    }

    /// Returns a cursor of the prepared statements of an SQL string that
    /// holds one or several statements, separated by semicolons.
    ///
    /// ```swift
    /// let statements = try db.allStatements(sql: """
    ///     INSERT INTO player (name) VALUES (?);
    ///     INSERT INTO player (name) VALUES (?);
    ///     INSERT INTO player (name) VALUES (?);
    ///     """, arguments: ["Arthur", "Barbara", "O'Brien"])
    /// while let statement = try statements.next() {
    ///     try statement.execute()
    /// }
    /// ```
    ///
    /// Each statement compiles when the cursor reaches it, so a statement
    /// can depend on the execution of the previous ones (a `CREATE TABLE`
    /// followed by an `INSERT` into the table).
    ///
    /// The `arguments` parameter must be nil, or all arguments must be
    /// set: each statement takes its positional values in order, and the
    /// named values it needs, as in ``execute(sql:arguments:)``. The
    /// returned cursor throws when a statement lacks a value, and when
    /// values are left after the last statement:
    ///
    /// ```swift
    /// // OK
    /// try db.allStatements(sql: """
    ///     SELECT COUNT(*) FROM player WHERE score < ?;
    ///     SELECT COUNT(*) FROM player WHERE score > ?;
    ///     """)
    /// try db.allStatements(sql: """
    ///     SELECT COUNT(*) FROM player WHERE score < ?;
    ///     SELECT COUNT(*) FROM player WHERE score > ?;
    ///     """, arguments: [1000, 1000])
    ///
    /// // NOT OK: the cursor throws at the second statement
    /// try db.allStatements(sql: """
    ///     SELECT COUNT(*) FROM player WHERE score < ?;
    ///     SELECT COUNT(*) FROM player WHERE score > ?;
    ///     """, arguments: [1000])
    /// ```
    ///
    /// - Parameters:
    ///   - sql: An SQL string.
    ///   - arguments: Statement arguments, or nil.
    /// - Returns: A cursor of prepared ``Statement``.
    /// - Throws: A ``DatabaseError`` whenever an SQLite error occurs. See
    ///   <https://www.sqlite.org/c3ref/prepare.html>.
    public func allStatements(sql: String, arguments: StatementArguments? = nil) throws -> SQLStatementCursor {
        _ = try checkOpen()
        return SQLStatementCursor(database: self, sql: sql, arguments: arguments)
    }

    /// Returns a cursor of the prepared statements of an ``SQL`` literal
    /// that holds one or several statements, separated by semicolons.
    ///
    /// SQL literals embed raw values in the SQL without any risk of syntax
    /// errors or SQL injection:
    ///
    /// ```swift
    /// let statements = try db.allStatements(literal: """
    ///     INSERT INTO player (name) VALUES (\("Arthur"));
    ///     INSERT INTO player (name) VALUES (\("Barbara"));
    ///     INSERT INTO player (name) VALUES (\("O'Brien"));
    ///     """)
    /// while let statement = try statements.next() {
    ///     try statement.execute()
    /// }
    /// ```
    ///
    /// In the literal, no argument must be set, or all arguments must be
    /// set. The returned cursor throws otherwise:
    ///
    /// ```swift
    /// // NOT OK: the second statement has no value
    /// try db.allStatements(literal: """
    ///     SELECT COUNT(*) FROM player WHERE score < \(1000);
    ///     SELECT COUNT(*) FROM player WHERE score > ?;
    ///     """)
    /// ```
    ///
    /// - Parameter sqlLiteral: An ``SQL`` literal.
    /// - Returns: A cursor of prepared ``Statement``.
    /// - Throws: A ``DatabaseError`` whenever an SQLite error occurs. See
    ///   <https://www.sqlite.org/c3ref/prepare.html>.
    public func allStatements(literal sqlLiteral: SQL) throws -> SQLStatementCursor {
        let (sql, arguments) = try sqlLiteral.build(self)
        return try allStatements(sql: sql, arguments: arguments.isEmpty ? nil : arguments)
    }

    private func executeStatements(sql: String, arguments: StatementArguments) throws {
        try forEachStatement(sql: sql, arguments: arguments) { statement, isLone in
            while try statement.step() { }
            // Cache a lone statement, so that running it again is cheap.
            if isLone {
                cache(statement, forSQL: sql)
            }
        }
    }

    /// Compiles the statements of the SQL one after the other, binds their
    /// arguments, and gives each one to `body`, which runs it, before the
    /// next one compiles (a statement may depend on the effects of the
    /// previous ones).
    ///
    /// - Parameters:
    ///   - sql: SQL statements.
    ///   - arguments: Statement arguments: positional arguments are
    ///     consumed in order by the statements; named arguments are shared
    ///     by all statements.
    ///   - body: Runs a statement. Its second argument tells whether the
    ///     statement is the only one of the SQL.
    /// - Throws: A ``DatabaseError`` on invalid SQL, on arguments that do
    ///   not fit, or the error of `body`.
    func forEachStatement(
        sql: String,
        arguments: StatementArguments,
        _ body: (Statement, _ isLone: Bool) throws -> Void) throws
    {
        let connection = try checkOpen()
        var values = arguments.values[...]
        var usedNames = Set<String>()
        var statementCount = 0
        try sql.utf8CString.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            try Database.checkNoTextAfterNUL(buffer, sql: sql)
            var current = start
            while current.pointee != 0 {
                var sqliteStatement: SQLiteStatement?
                var tail: UnsafePointer<CChar>?
                authorizer.startRecording()
                let code = sqlite3_prepare_v3(connection, current, -1, 0, &sqliteStatement, &tail)
                guard code == SQLITE_OK else {
                    // The tail of a failed compilation points where the
                    // error was found: report the rest of the SQL instead.
                    let error = DatabaseError.lastError(connection, code: code, sql: Database.text(from: current, to: nil))
                    guard let remote else { throw error }
                    // A custom collation that may sort the rows locally.
                    let (statement, length) = try remote.makeLocallyOrderedStatement(sql: String(cString: current), error: error)
                    current += length
                    statementCount += 1
                    try statement.consumeArguments(&values, named: arguments.namedValues, allArguments: arguments)
                    usedNames.formUnion(statement.parameterNames.compactMap { $0 })
                    let isLast = Database.isBlank(current)
                    if isLast {
                        try Database.checkAllArgumentsUsed(arguments, remaining: values, usedNames: usedNames, sql: sql)
                    }
                    try body(statement, statementCount == 1 && isLast)
                    continue
                }
                let statementSQL = Database.text(from: current, to: tail)
                guard let sqliteStatement, let tail else { break } // only comments left
                current = tail
                statementCount += 1
                let statement = try makeStatement(prepared: sqliteStatement, sql: statementSQL)
                try statement.consumeArguments(&values, named: arguments.namedValues, allArguments: arguments)
                usedNames.formUnion(statement.parameterNames.compactMap { $0 })
                if Database.isBlank(tail) {
                    // The last statement: refuse extra arguments before it runs.
                    try Database.checkAllArgumentsUsed(arguments, remaining: values, usedNames: usedNames, sql: sql)
                }
                try body(statement, statementCount == 1 && Database.isBlank(tail))
            }
        }
        try Database.checkAllArgumentsUsed(arguments, remaining: values, usedNames: usedNames, sql: sql)
    }

    /// Throws when positional arguments remain, or when a named argument
    /// matches no parameter.
    static func checkAllArgumentsUsed(
        _ arguments: StatementArguments,
        remaining values: ArraySlice<DatabaseValue>,
        usedNames: Set<String>,
        sql: String) throws
    {
        if !values.isEmpty {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "wrong number of statement arguments: \(arguments.values.count)",
                sql: sql)
        }
        let unknown = arguments.namedValues.keys.filter { !usedNames.contains($0) }.sorted()
        if !unknown.isEmpty {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "unknown statement argument\(unknown.count > 1 ? "s" : ""): \(unknown.joined(separator: ", "))",
                sql: sql)
        }
    }

    /// Compiles one SQL statement, and throws when the SQL holds another.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement.
    ///   - persistent: Whether the statement will be kept and reused
    ///     (`SQLITE_PREPARE_PERSISTENT`).
    func prepareSingleStatement(sql: String, persistent: Bool) throws -> Statement {
        let connection = try checkOpen()
        return try sql.utf8CString.withUnsafeBufferPointer { buffer in
            let start = buffer.baseAddress!
            try Database.checkNoTextAfterNUL(buffer, sql: sql)
            var sqliteStatement: SQLiteStatement?
            var tail: UnsafePointer<CChar>?
            let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
            authorizer.startRecording()
            let code = sqlite3_prepare_v3(connection, start, -1, flags, &sqliteStatement, &tail)
            guard code == SQLITE_OK else {
                let error = DatabaseError.lastError(connection, code: code, sql: sql)
                guard let remote else { throw error }
                // A custom collation that may sort the rows locally.
                let (statement, length) = try remote.makeLocallyOrderedStatement(sql: String(cString: start), error: error)
                var extra: SQLiteStatement?
                let extraCode = sqlite3_prepare_v3(connection, start + length, -1, 0, &extra, nil)
                sqlite3_finalize(extra)
                if extra != nil || extraCode != SQLITE_OK {
                    throw DatabaseError(
                        resultCode: .SQLITE_MISUSE,
                        message: "Multiple statements found. To execute multiple statements, use Database.execute(sql:) or Database.allStatements(sql:) instead.",
                        sql: sql)
                }
                return statement
            }
            guard let sqliteStatement else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "empty statement", sql: sql)
            }
            let statement = try makeStatement(prepared: sqliteStatement, sql: Database.text(from: start, to: tail))
            if let tail, !Database.isBlank(tail) {
                // Comments and white space are fine; another statement is not.
                var extra: SQLiteStatement?
                let extraCode = sqlite3_prepare_v3(connection, tail, -1, 0, &extra, nil)
                if extra != nil || extraCode != SQLITE_OK {
                    sqlite3_finalize(extra)
                    throw DatabaseError(
                        resultCode: .SQLITE_MISUSE,
                        message: "Multiple statements found. To execute multiple statements, use Database.execute(sql:) or Database.allStatements(sql:) instead.",
                        sql: sql)
                }
            }
            return statement
        }
    }

    /// The statement of a handle that was just prepared, with what the
    /// authorizer recorded: a local statement, or, on a connection
    /// attached to a remote engine, a statement that runs remotely
    /// (`RemoteConnection.makeStatement`).
    private func makeStatement(prepared sqliteStatement: SQLiteStatement, sql: String) throws -> Statement {
        if let remote {
            return try remote.makeStatement(prepared: sqliteStatement, sql: sql)
        }
        return Statement(database: self, sqliteStatement: sqliteStatement, sql: sql)
    }

    /// Throws when the SQL holds a NUL character followed by anything but
    /// white space.
    ///
    /// SQLite reads SQL text up to the first NUL, and silently ignores the
    /// rest: `DELETE FROM book WHERE id = 1\0 OR 1 = 1` would delete one
    /// book and report success. The check runs before anything is
    /// prepared, so that such SQL runs nothing. `memchr` scans the bytes
    /// much faster than SQLite compiles them.
    ///
    /// - Parameters:
    ///   - buffer: The NUL-terminated UTF-8 bytes of `sql`.
    ///   - sql: The SQL, for the error.
    private static func checkNoTextAfterNUL(_ buffer: UnsafeBufferPointer<CChar>, sql: String) throws {
        let count = buffer.count - 1 // the terminating NUL
        guard count > 0, let base = buffer.baseAddress, let found = memchr(base, 0, count) else { return }
        let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        for index in offset..<count {
            switch UInt8(bitPattern: buffer[index]) {
            case 0x00, 0x20, 0x09...0x0D: // NUL, space, \t...\r
                continue
            default:
                throw DatabaseError(
                    resultCode: .SQLITE_ERROR,
                    message: "SQL contains a NUL character at offset \(offset), followed by more SQL that SQLite would ignore",
                    sql: sql)
            }
        }
    }

    /// The text between two pointers in a C string, without leading and
    /// trailing white space and semicolons.
    ///
    /// Trims bytes: the only white space SQLite accepts around a statement
    /// is ASCII (space, tab, newlines, form feed), and Foundation's
    /// `trimmingCharacters(in:)` costs more than preparing the statement.
    static func text(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>?) -> String {
        let count = end.map { start.distance(to: $0) } ?? strlen(start)
        return start.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            func isTrimmed(_ byte: UInt8) -> Bool {
                byte == 0x20 || (0x09...0x0D).contains(byte) || byte == 0x3B // space, \t...\r, ;
            }
            var lower = 0
            var upper = count
            while lower < upper, isTrimmed(bytes[lower]) { lower += 1 }
            while upper > lower, isTrimmed(bytes[upper - 1]) { upper -= 1 }
            return String(decoding: UnsafeBufferPointer(start: bytes + lower, count: upper - lower), as: UTF8.self)
        }
    }

    /// Whether a C string holds only white space and semicolons.
    static func isBlank(_ pointer: UnsafePointer<CChar>) -> Bool {
        var p = pointer
        while p.pointee != 0 {
            switch UInt8(bitPattern: p.pointee) {
            case 0x20, 0x09, 0x0A, 0x0D, 0x3B: p += 1
            default: return false
            }
        }
        return true
    }
}
