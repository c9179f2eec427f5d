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
/// Statement arguments are kept out of errors unless
/// ``Configuration/publicStatementArguments`` is true, so that
/// sensitive values do not leak into logs.
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

    /// The arguments of the statement that failed, when the configuration
    /// makes them public (see ``Configuration/publicStatementArguments``).
    public let arguments: StatementArguments?

    /// Whether the failing statement had arguments that were kept private.
    let hasRedactedArguments: Bool

    /// The primary result code, such as `SQLITE_CONSTRAINT`.
    public var resultCode: ResultCode {
        extendedResultCode.primaryResultCode
    }

    /// Creates a database error.
    ///
    /// ```swift
    /// throw DatabaseError(resultCode: .SQLITE_ERROR, message: "invalid score")
    /// ```
    ///
    /// - Parameters:
    ///   - resultCode: A primary or extended result code.
    ///   - message: A message.
    ///   - sql: The SQL that failed.
    ///   - arguments: The arguments of the SQL.
    public init(
        resultCode: ResultCode = .SQLITE_ERROR,
        message: String? = nil,
        sql: String? = nil,
        arguments: StatementArguments? = nil)
    {
        self.extendedResultCode = resultCode
        self.message = message
        self.sql = sql
        self.arguments = arguments
        self.hasRedactedArguments = false
    }

    init(
        resultCode: ResultCode,
        message: String?,
        sql: String?,
        arguments: StatementArguments?,
        publicArguments: Bool)
    {
        self.extendedResultCode = resultCode
        self.message = message
        self.sql = sql
        if let arguments, !arguments.isEmpty {
            self.arguments = publicArguments ? arguments : nil
            self.hasRedactedArguments = !publicArguments
        } else {
            self.arguments = nil
            self.hasRedactedArguments = false
        }
    }

    /// A description a developer can act on: code, message, SQL, arguments.
    public var description: String {
        var result = "SQLite error \(resultCode.rawValue)"
        if let message {
            result += ": \(message)"
        }
        if let sql {
            result += " - while executing `\(sql)`"
        }
        if let arguments, !arguments.isEmpty {
            result += " with arguments \(arguments)"
        } else if hasRedactedArguments {
            result += " (arguments hidden: set Configuration.publicStatementArguments to see them)"
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
            publicArguments: publicArguments)
    }
}
