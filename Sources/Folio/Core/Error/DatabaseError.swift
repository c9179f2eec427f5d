import CSQLite

/// An error thrown by SQLite, with the statement and arguments that caused it.
///
/// ```swift
/// do {
///     try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: [nil])
/// } catch let error as DatabaseError {
///     error.resultCode          // .SQLITE_CONSTRAINT
///     error.extendedResultCode  // .SQLITE_CONSTRAINT_NOTNULL
///     error.message             // "NOT NULL constraint failed: player.name"
///     error.sql                 // "INSERT INTO player (name) VALUES (?)"
///     print(error)
///     // SQLite error 19: NOT NULL constraint failed: player.name - while
///     // executing `INSERT INTO player (name) VALUES (?)`
/// }
/// ```
///
/// Statement arguments are kept out of ``arguments`` and ``description``
/// unless ``Configuration/publicStatementArguments`` is true, so that
/// sensitive values do not leak into logs. ``expandedDescription`` shows
/// them anyway, for the debugging sessions that need them.
///
/// Match result codes in `catch` clauses:
///
/// ```swift
/// catch DatabaseError.SQLITE_CONSTRAINT_FOREIGNKEY { ... }
/// catch DatabaseError.SQLITE_CONSTRAINT { ... }  // any constraint
/// ```
///
/// See <https://www.sqlite.org/rescode.html>.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// The extended result code, such as `SQLITE_CONSTRAINT_UNIQUE`.
    public let extendedResultCode: ResultCode

    /// The SQLite message, such as "UNIQUE constraint failed: player.email".
    public let message: String?

    /// The SQL of the statement that failed, if any.
    public let sql: String?

    /// The arguments of the statement that failed, when they are public
    /// (see ``Configuration/publicStatementArguments``), nil otherwise.
    public let arguments: StatementArguments?

    /// The arguments of the statement that failed, when they are kept out
    /// of ``arguments`` and ``description``: only
    /// ``expandedDescription`` shows them.
    let hiddenArguments: StatementArguments?

    /// The primary result code, such as `SQLITE_CONSTRAINT`.
    ///
    /// ```swift
    /// catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT { ... }
    /// ```
    ///
    /// See <https://www.sqlite.org/rescode.html>.
    public var resultCode: ResultCode {
        extendedResultCode.primaryResultCode
    }

    /// Creates a database error.
    ///
    /// ```swift
    /// throw DatabaseError(resultCode: .SQLITE_ERROR, message: "invalid score")
    /// throw DatabaseError(resultCode: .SQLITE_CONSTRAINT) // message: "constraint failed"
    /// ```
    ///
    /// - Parameters:
    ///   - resultCode: A primary or extended result code. Default:
    ///     `SQLITE_ERROR`.
    ///   - message: A message. When nil, the message is the English
    ///     description of the result code, from SQLite.
    ///   - sql: The SQL that failed.
    ///   - arguments: The arguments of the SQL.
    ///   - publicStatementArguments: Whether the arguments are visible in
    ///     ``arguments`` and ``description``. Default: false: only
    ///     ``expandedDescription`` shows them.
    ///
    /// See <https://www.sqlite.org/c3ref/errcode.html>.
    public init(
        resultCode: ResultCode = .SQLITE_ERROR,
        message: String? = nil,
        sql: String? = nil,
        arguments: StatementArguments? = nil,
        publicStatementArguments: Bool = false)
    {
        self.extendedResultCode = resultCode
        self.message = message ?? String(cString: sqlite3_errstr(resultCode.rawValue))
        self.sql = sql
        if let arguments, !arguments.isEmpty {
            self.arguments = publicStatementArguments ? arguments : nil
            self.hiddenArguments = publicStatementArguments ? nil : arguments
        } else {
            self.arguments = nil
            self.hiddenArguments = nil
        }
    }

    init(
        resultCode: ResultCode,
        message: String?,
        sql: String?,
        arguments: StatementArguments?,
        publicArguments: Bool)
    {
        self.init(
            resultCode: resultCode, message: message, sql: sql,
            arguments: arguments, publicStatementArguments: publicArguments)
    }

    /// Whether the error has the code `SQLITE_ABORT` or `SQLITE_INTERRUPT`:
    /// the database was interrupted (see ``DatabaseReader/interrupt()``),
    /// or suspended (see ``Database/suspendNotification``).
    ///
    /// ```swift
    /// do {
    ///     try dbQueue.write { db in ... }
    /// } catch let error as DatabaseError where error.isInterruptionError {
    ///     // Try again later
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/rescode.html#abort> and
    /// <https://www.sqlite.org/rescode.html#interrupt>.
    public var isInterruptionError: Bool {
        switch resultCode {
        case .SQLITE_ABORT, .SQLITE_INTERRUPT:
            return true
        default:
            return false
        }
    }

    /// A description a developer can act on: code, message, SQL, and the
    /// arguments when they are public, as GRDB writes it.
    ///
    /// ```swift
    /// print(error)
    /// // SQLite error 19: FOREIGN KEY constraint failed -
    /// // while executing `INSERT INTO pet (masterId, name) VALUES (?, ?)`
    ///
    /// // With Configuration.publicStatementArguments:
    /// // SQLite error 19: FOREIGN KEY constraint failed -
    /// // while executing `INSERT INTO pet (masterId, name) VALUES (?, ?)`
    /// // with arguments [1, "Bobby"]
    /// ```
    ///
    /// Do not rely on its format, which may change.
    public var description: String {
        var result = descriptionPrefix
        if let arguments {
            result += " with arguments \(arguments)"
        }
        return result
    }

    /// The description of the error, with the arguments of the statement,
    /// even when they are not public.
    ///
    /// ```swift
    /// print(error.expandedDescription)
    /// // SQLite error 19: NOT NULL constraint failed: player.score - while
    /// // executing `UPDATE player SET score = ? WHERE email = ?` with
    /// // arguments [NULL, "arthur@example.com"]
    /// ```
    ///
    /// - Warning: It may contain sensitive information: do not let it leak
    ///   into logs. Do not rely on its format, which may change.
    public var expandedDescription: String {
        var result = descriptionPrefix
        if let arguments = arguments ?? hiddenArguments {
            result += " with arguments \(arguments)"
        }
        return result
    }

    /// The code, the message and the SQL.
    private var descriptionPrefix: String {
        var result = "SQLite error \(resultCode.rawValue)"
        if let message {
            result += ": \(message)"
        }
        if let sql {
            result += " - while executing `\(sql)`"
        }
        return result
    }

    /// Returns an error built from the current state of a connection.
    static func lastError(
        _ connection: OpaquePointer?,
        code: CInt,
        sql: String? = nil,
        arguments: StatementArguments? = nil,
        publicArguments: Bool = false) -> DatabaseError
    {
        let extendedCode = connection.map { sqlite3_extended_errcode($0) } ?? code
        // sqlite3_extended_errcode is only meaningful when it agrees with the
        // code we got: it may lag behind in some paths.
        let resultCode = (extendedCode & 0xFF) == (code & 0xFF) ? extendedCode : code
        let message = connection.map { String(cString: sqlite3_errmsg($0)) }
            ?? String(cString: sqlite3_errstr(code))
        return DatabaseError(
            resultCode: ResultCode(rawValue: resultCode),
            message: message,
            sql: sql,
            arguments: arguments,
            publicStatementArguments: publicArguments)
    }
}
