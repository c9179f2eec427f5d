import CSQLite

extension Database {
    /// A function that receives the errors and warnings that SQLite logs:
    /// a result code and a terse message.
    ///
    /// ```swift
    /// Database.logError = { resultCode, message in
    ///     print("SQLite error \(resultCode): \(message)")
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/errlog.html>.
    public typealias LogErrorFunction = @Sendable (ResultCode, String) -> Void

    /// The function that receives the errors and warnings that SQLite
    /// logs, such as failed statements, misuses, and automatic indexes.
    ///
    /// Set it early in the life of the application, before any database
    /// connection opens:
    ///
    /// ```swift
    /// Database.logError = { resultCode, message in
    ///     print("SQLite error \(resultCode): \(message)")
    /// }
    /// let dbQueue = try DatabaseQueue(path: "/path/to/db.sqlite")
    /// ```
    ///
    /// - Warning: `Database.logError` must be set before any database
    ///   connection opens, those of Folio and those of other libraries of
    ///   the process alike: SQLite accepts an error log only before it
    ///   initializes. Setting it afterwards is an SQLite misuse, and has
    ///   no effect. Once installed, the function can be replaced or set to
    ///   nil (which stops logging) at any time.
    ///
    /// See <https://www.sqlite.org/errlog.html> and
    /// <https://www.sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfiglog>.
    nonisolated(unsafe) public static var logError: LogErrorFunction? = nil {
        didSet {
            guard logError != nil, !isErrorLogInstalled else { return }
            // SQLITE_MISUSE when SQLite has initialized already: as
            // documented above, the function then has no effect.
            isErrorLogInstalled = _folio_config_log({ _, code, message in
                guard let logError = Database.logError else { return }
                logError(ResultCode(rawValue: code), message.map { String(cString: $0) } ?? "")
            }, nil) == SQLITE_OK
        }
    }

    /// Whether SQLite calls ``logError``: it was set before SQLite
    /// initialized.
    nonisolated(unsafe) private static var isErrorLogInstalled = false
}
