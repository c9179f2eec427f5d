import Foundation

/// The options of a database connection.
///
/// ```swift
/// var config = Configuration()
/// config.readonly = true
/// config.foreignKeysEnabled = true // the default
/// config.label = "MyDatabase"
/// config.busyMode = .timeout(5)
/// config.prepareDatabase { db in
///     try db.execute(sql: "PRAGMA cache_size = -20000")
/// }
/// let dbQueue = try DatabaseQueue(path: "/path/to/db.sqlite", configuration: config)
/// ```
///
/// See <https://www.sqlite.org/c3ref/open.html>.
public struct Configuration: Sendable {
    /// Whether foreign keys are enforced (`PRAGMA foreign_keys = ON`).
    /// Default: true. See <https://www.sqlite.org/foreignkeys.html>.
    public var foreignKeysEnabled = true

    /// Whether the connection opens read-only. Default: false.
    public var readonly = false

    /// A label for the connection, used in the names of its dispatch queues.
    public var label: String? = nil

    /// Whether statement arguments appear in errors and traces.
    ///
    /// Default: false, so that sensitive values do not leak into logs.
    /// Turn it on in debug builds to see the values that failed.
    public var publicStatementArguments = false

    /// How `SQLITE_BUSY` errors are handled: how the connection behaves
    /// when the database is locked by another connection.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.busyMode = .timeout(5) // wait up to 5 seconds for the lock
    /// ```
    ///
    /// Default: ``Database/BusyMode/immediateError``.
    ///
    /// See <https://www.sqlite.org/rescode.html#busy>.
    public var busyMode: Database.BusyMode = .immediateError

    /// The journal mode applied when the connection opens. Default:
    /// ``JournalModeConfiguration/default``, which leaves the database's
    /// mode alone (database pools always use WAL).
    public var journalMode: JournalModeConfiguration = .default

    /// The maximum number of concurrent readers of a `DatabasePool`.
    /// Default: 5.
    public var maximumReaderCount = 5

    /// The kind of transaction opened by `write` and `inTransaction` when
    /// none is given. Default: ``Database/TransactionKind/deferred``.
    public var defaultTransactionKind: Database.TransactionKind = .deferred

    /// Whether double-quoted strings are accepted as string literals (a
    /// legacy SQLite misfeature). Default: false, so that a misspelled
    /// `"column"` is an error instead of a silent string.
    /// See <https://www.sqlite.org/quirks.html#dblquote>.
    public var acceptsDoubleQuotedStringLiterals = false

    /// Setup functions run on each new connection, in order.
    var setups: [@Sendable (Database) throws -> Void] = []

    /// Creates the default configuration.
    public init() { }

    /// Registers a function run on each new connection, right after it
    /// opens and before any other use: the place for pragmas, custom
    /// functions and collations.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.prepareDatabase { db in
    ///     db.add(function: myFunction)
    /// }
    /// ```
    ///
    /// - Parameter setup: A function that prepares a connection.
    public mutating func prepareDatabase(_ setup: @escaping @Sendable (Database) throws -> Void) {
        setups.append(setup)
    }

    /// The journal mode set when a connection opens.
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_journal_mode>.
    public enum JournalModeConfiguration: Sendable {
        /// Leave the journal mode of the database as it is.
        case `default`
        /// Turn WAL mode on. See <https://www.sqlite.org/wal.html>.
        case wal
    }
}
