import CSQLite

/// A cursor that lazily iterates the results of a prepared ``Statement``.
///
/// The row, value and record cursors returned by the `fetchCursor`
/// methods adopt it:
///
/// ```swift
/// try dbQueue.read { db in
///     let statement = try db.makeStatement(sql: "SELECT * FROM player")
///     let rows = try Row.fetchCursor(statement)   // RowCursor
///     print(rows.sql)                             // SELECT * FROM player
///     print(rows.columnNames)                     // ["id", "name", "score"]
///     while let row = try rows.next() {
///         let name: String = row["name"]
///     }
///
///     let scores = try Int.fetchCursor(db, sql: "SELECT score FROM player")
///     let players = try Player.all().fetchCursor(db)
/// }
/// ```
///
/// A database cursor is valid only during the database access (read or
/// write) that created it: do not store or escape it. Calling `next()`
/// after the access has returned throws a ``DatabaseError`` of code
/// `SQLITE_MISUSE`.
///
/// A database cursor resets its prepared statement with
/// [`sqlite3_reset`](https://www.sqlite.org/c3ref/reset.html) when the
/// iteration ends. Do not share one prepared statement between two
/// cursors.
///
/// ## Writing your own database cursor
///
/// A type that adopts `DatabaseCursor` provides the statement it iterates
/// (`_statement`), a stored `_isDone` flag initialized to false, and the
/// element built from each row (`_element(sqliteStatement:)`). The
/// protocol provides `next()`, `forEach(_:)` and the statement
/// information (``sql``, ``arguments``, ``columnNames``, ``columnCount``,
/// ``databaseRegion``):
///
/// ```swift
/// final class NameCursor: DatabaseCursor {
///     let _statement: Statement
///     var _isDone = false
///
///     init(statement: Statement, arguments: StatementArguments) throws {
///         try statement.setArguments(arguments)
///         _statement = statement
///     }
///
///     func _element(sqliteStatement: SQLiteStatement) throws -> String {
///         String(cString: sqlite3_column_text(sqliteStatement, 0))
///     }
/// }
///
/// let statement = try db.makeStatement(sql: "SELECT name FROM player WHERE score > ?")
/// let names = try NameCursor(statement: statement, arguments: [1000])
/// while let name = try names.next() { print(name) }
/// ```
///
/// Stepping goes through the same path as every other statement of
/// Folio: errors carry the SQL and arguments, transaction observers are
/// notified, and schema changes drop the connection's caches.
///
/// See <https://www.sqlite.org/c3ref/step.html>.
///
/// ## Topics
/// - ``sql``
/// - ``arguments``
/// - ``columnNames``
/// - ``columnCount``
/// - ``databaseRegion``
public protocol DatabaseCursor<Element>: Cursor {
    /// The type of element traversed by the cursor, inferred from the
    /// return type of `_element(sqliteStatement:)`.
    associatedtype Element

    /// Whether the iteration has ended: a stored property, initialized
    /// to false. The default ``next()`` sets it to true when the statement
    /// has no more row, or fails.
    ///
    /// ```swift
    /// var _isDone = false
    /// ```
    var _isDone: Bool { get set }

    /// The prepared statement that the cursor iterates.
    ///
    /// ```swift
    /// let _statement: Statement
    /// ```
    var _statement: Statement { get }

    /// Returns the element for the row the statement has just produced.
    ///
    /// The default ``next()`` calls it after each step that returns a row
    /// (`SQLITE_ROW`).
    ///
    /// ```swift
    /// func _element(sqliteStatement: SQLiteStatement) throws -> Int64 {
    ///     sqlite3_column_int64(sqliteStatement, 0)
    /// }
    /// ```
    ///
    /// - Parameter sqliteStatement: The statement, positioned on a row.
    ///   See <https://www.sqlite.org/c3ref/column_blob.html>.
    /// - Returns: The element.
    /// - Throws: Any error that prevents building the element.
    func _element(sqliteStatement: SQLiteStatement) throws -> Element
}

extension DatabaseCursor {
    /// The SQL query.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db, sql: "SELECT * FROM player")
    /// print(players.sql) // SELECT * FROM player
    /// ```
    public var sql: String { _statement.sql }

    /// The statement arguments.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db, sql: "SELECT * FROM player WHERE score > ?", arguments: [1000])
    /// print(players.arguments) // [1000]
    /// ```
    public var arguments: StatementArguments { _statement.arguments }

    /// The column names, ordered from left to right.
    ///
    /// ```swift
    /// let rows = try Row.fetchCursor(db, sql: "SELECT id, name FROM player")
    /// print(rows.columnNames) // ["id", "name"]
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/column_name.html>.
    public var columnNames: [String] { _statement.columnNames }

    /// The number of columns in the resulting rows.
    ///
    /// ```swift
    /// let rows = try Row.fetchCursor(db, sql: "SELECT id, name FROM player")
    /// print(rows.columnCount) // 2
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/column_count.html>.
    public var columnCount: Int { _statement.columnCount }

    /// The database region that the cursor looks into.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// print(names.databaseRegion) // player(name)
    /// ```
    ///
    /// It is what SQLite reported while the statement compiled. See
    /// <https://www.sqlite.org/c3ref/set_authorizer.html>.
    public var databaseRegion: DatabaseRegion { _statement.databaseRegion }

    // @inlinable: allows specialization, so that a cursor written outside
    // of Folio calls its own `_element(sqliteStatement:)` directly.

    /// Advances to the next element and returns it, or nil if no next
    /// element exists.
    ///
    /// Once nil has been returned, all subsequent calls return nil. The
    /// statement is reset when the iteration ends.
    ///
    /// ```swift
    /// while let name = try names.next() {
    ///     print(name)
    /// }
    /// ```
    ///
    /// - Returns: The next element, or nil.
    /// - Throws: A ``DatabaseError`` when the step fails (the iteration
    ///   then ends), or when the cursor is used outside of the database
    ///   access that created it; the error of `_element(sqliteStatement:)`.
    ///   See <https://www.sqlite.org/c3ref/step.html>.
    @inlinable
    public func next() throws -> Element? {
        if _isDone { return nil }
        let statement = _statement
        let hasRow: Bool
        do {
            hasRow = try statement.stepForDatabaseCursor()
        } catch {
            _isDone = true
            throw error
        }
        guard hasRow else {
            _isDone = true
            return nil
        }
        return try _element(sqliteStatement: statement.sqliteStatement)
    }

    // @inlinable: allows specialization, so that `Array(cursor)` compiles
    // down to a loop over the cursor's `next()`.

    /// Calls the given closure on each remaining element of the cursor, in
    /// order.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// try names.forEach { name in print(name) }
    /// ```
    ///
    /// - Parameter body: A closure called with each element.
    /// - Throws: The error of the cursor, or of `body`.
    @inlinable
    public func forEach(_ body: (Element) throws -> Void) throws {
        while let element = try next() {
            try body(element)
        }
    }
}
