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
            public let sql: String

            /// The SQL with parameters replaced by their values.
            ///
            /// It contains the values of the arguments: do not log it when
            /// they may be sensitive.
            public let expandedSQL: String

            /// Whether arguments are public in this configuration.
            let publicArguments: Bool

            /// The expanded SQL when ``Configuration/publicStatementArguments``
            /// is true, the raw SQL otherwise.
            public var description: String {
                publicArguments ? expandedSQL : sql
            }
        }

        /// The SQL of the event (see ``Statement/description``).
        public var description: String {
            switch self {
            case .statement(let statement):
                return statement.description
            case let .profile(statement, duration):
                return String(format: "%.3fs ", duration) + statement.description
            }
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
    ///   - trace: The function that receives events, or nil.
    ///
    /// See <https://www.sqlite.org/c3ref/trace_v2.html>.
    public func trace(options: TracingOptions = .statement, _ trace: ((TraceEvent) -> Void)?) {
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
        let sql = sqlite3_sql(statement).map { String(cString: $0) } ?? ""
        var expandedSQL = sql
        if let expanded = sqlite3_expanded_sql(statement) {
            expandedSQL = String(cString: expanded)
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
