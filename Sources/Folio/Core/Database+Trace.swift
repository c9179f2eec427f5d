import CSQLite
import Foundation

extension Database {
    /// The kinds of events reported by ``Database/trace(options:_:)``.
    public struct TracingOptions: OptionSet, Sendable {
        /// The raw SQLite option bits.
        public let rawValue: CInt

        /// Creates tracing options from raw SQLite bits.
        public init(rawValue: CInt) { self.rawValue = rawValue }

        /// Report each statement as it starts running.
        public static let statement = TracingOptions(rawValue: SQLITE_TRACE_STMT)

        /// Report each statement when it ends, with its duration.
        public static let profile = TracingOptions(rawValue: SQLITE_TRACE_PROFILE)
    }

    /// An event reported by ``Database/trace(options:_:)``.
    public enum TraceEvent: CustomStringConvertible {
        /// A statement starts running.
        case statement(Statement)

        /// A statement has run, in `duration` seconds.
        case profile(statement: Statement, duration: TimeInterval)

        /// A traced statement.
        public struct Statement: CustomStringConvertible {
            /// The SQL of the statement, with parameters as `?` or names.
            ///
            /// ```swift
            /// // SELECT * FROM player WHERE email = ?
            /// db.trace { if case .statement(let statement) = $0 { print(statement.sql) } }
            /// ```
            public var sql: String { _sql }

            /// The SQL with parameters replaced by their values.
            ///
            /// ```swift
            /// // SELECT * FROM player WHERE email = 'arthur@example.com'
            /// db.trace { if case .statement(let statement) = $0 { print(statement.expandedSQL) } }
            /// ```
            ///
            /// - Warning: It contains the values of the arguments: do not
            ///   let it leak into logs when they may be sensitive.
            ///
            /// See <https://www.sqlite.org/c3ref/expanded_sql.html>.
            public var expandedSQL: String { _expandedSQL }

            private let _sql: String
            private let _expandedSQL: String

            /// Whether arguments are public in this configuration.
            let publicArguments: Bool

            init(sql: String, expandedSQL: String, publicArguments: Bool) {
                _sql = sql
                _expandedSQL = expandedSQL
                self.publicArguments = publicArguments
            }

            /// The expanded SQL when ``Configuration/publicStatementArguments``
            /// is true, the raw SQL otherwise.
            public var description: String {
                publicArguments ? expandedSQL : sql
            }
        }

        /// A description of the event: its SQL, with the values of the
        /// arguments only when ``Configuration/publicStatementArguments``
        /// is true, and profile events prefixed with their duration.
        ///
        /// ```swift
        /// db.trace(options: [.statement, .profile]) { event in
        ///     print(event)
        ///     // SELECT * FROM player WHERE email = ?
        ///     // 0.1s SELECT * FROM player WHERE email = ?
        /// }
        /// ```
        ///
        /// Do not rely on its format, which may change.
        public var description: String {
            switch self {
            case .statement(let statement):
                return statement.description
            case let .profile(statement, duration):
                return Self.format(duration) + " " + statement.description
            }
        }

        /// A description of the event where the arguments are replaced by
        /// their values, whatever ``Configuration/publicStatementArguments``
        /// says; profile events are prefixed with their duration.
        ///
        /// ```swift
        /// db.trace(options: [.statement, .profile]) { event in
        ///     print(event.expandedDescription)
        ///     // SELECT * FROM player WHERE email = 'arthur@example.com'
        ///     // 0.1s SELECT * FROM player WHERE email = 'arthur@example.com'
        /// }
        /// ```
        ///
        /// - Warning: It may contain sensitive information: do not let it
        ///   leak into logs. Do not rely on its format, which may change.
        ///
        /// See <https://www.sqlite.org/c3ref/expanded_sql.html>.
        public var expandedDescription: String {
            switch self {
            case .statement(let statement):
                return statement.expandedSQL
            case let .profile(statement, duration):
                return Self.format(duration) + " " + statement.expandedSQL
            }
        }

        /// A duration in seconds, with up to six decimals and no trailing
        /// zero: "0.1s", "0.000123s", "2s".
        static func format(_ duration: TimeInterval) -> String {
            var digits = String(format: "%.6f", duration)
            while digits.hasSuffix("0") { digits.removeLast() }
            if digits.hasSuffix(".") { digits.removeLast() }
            return digits + "s"
        }
    }

    /// Registers a function that receives the statements that run, or
    /// removes it when `trace` is nil.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     db.trace { print("SQL: \($0)") }
    ///     try db.execute(sql: "DELETE FROM player")
    ///     // Prints "SQL: DELETE FROM player"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - options: The kinds of events to report. Default: `.statement`.
    ///   - trace: The function that receives events, or nil (the default)
    ///     to stop tracing.
    ///
    /// See <https://www.sqlite.org/c3ref/trace_v2.html>.
    public func trace(options: TracingOptions = .statement, _ trace: ((TraceEvent) -> Void)? = nil) {
        guard let sqliteConnection else { return }
        traceHandler = trace
        guard trace != nil, !options.isEmpty else {
            sqlite3_trace_v2(sqliteConnection, 0, nil, nil)
            return
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_trace_v2(sqliteConnection, UInt32(options.rawValue), { mask, context, p, x in
            guard let context, let p else { return 0 }
            let db = Unmanaged<Database>.fromOpaque(context).takeUnretainedValue()
            db.reportTrace(mask: mask, statement: OpaquePointer(p), x: x)
            return 0
        }, context)
    }

    private func reportTrace(mask: UInt32, statement: SQLiteStatement, x: UnsafeMutableRawPointer?) {
        guard let traceHandler else { return }
        // As `Statement.sql`, the SQL of the statement only: SQLite's text
        // runs from the end of the previous statement of a multi-statement
        // string to the semicolon, and both are left out (as GRDB does).
        var sql = sqlite3_sql(statement).map { Database.text(from: $0, to: nil) } ?? ""
        var expandedSQL = sql
        if let remoteSQL = remote?.tracedSQL(of: statement) {
            // The substitute of a statement that runs remotely.
            (sql, expandedSQL) = remoteSQL
        } else if let expanded = sqlite3_expanded_sql(statement) {
            expandedSQL = Database.text(from: expanded, to: nil)
            sqlite3_free(expanded)
        }
        let traced = TraceEvent.Statement(
            sql: sql,
            expandedSQL: expandedSQL,
            publicArguments: configuration.publicStatementArguments)
        if mask == UInt32(SQLITE_TRACE_STMT) {
            // Statements run by triggers are reported as "-- comments".
            if let x, String(cString: x.assumingMemoryBound(to: CChar.self)).hasPrefix("--") {
                return
            }
            traceHandler(.statement(traced))
        } else if mask == UInt32(SQLITE_TRACE_PROFILE), let x {
            let nanoseconds = x.assumingMemoryBound(to: Int64.self).pointee
            traceHandler(.profile(statement: traced, duration: TimeInterval(nanoseconds) / 1_000_000_000))
        }
    }
}
