import Dispatch
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

    /// Whether the observations of a writer also hear the commits of
    /// other connections to the same database file: other processes, and
    /// other ``DatabasePool`` or ``DatabaseQueue`` instances.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.observesExternalChanges = true
    /// let dbPool = try DatabasePool(path: path, configuration: config)
    /// // Every ValueObservation and DatabaseRegionObservation started on
    /// // dbPool also fetches again after a commit of another process.
    /// ```
    ///
    /// A commit made by another connection is a change of an unknown
    /// region: every ``ValueObservation`` of the writer fetches again (once
    /// per external commit, or once for several that land together), and
    /// every ``DatabaseRegionObservation`` is notified. Other
    /// ``TransactionObserver``s are not called: SQLite does not tell which
    /// rows another connection changed.
    ///
    /// Detection: on Linux, an inotify watch of the database's folder
    /// wakes the writer when the database or its `-wal` file is written,
    /// and the writer checks `PRAGMA data_version`; elsewhere, or when the
    /// watch can not be set up, the writer checks `data_version` every 250
    /// milliseconds. The watch runs only while the writer has
    /// observations, and an idle watch uses no CPU.
    ///
    /// It works for a ``DatabasePool``, and for a ``DatabaseQueue`` on a
    /// file. In-memory databases have no other connection: for them, this
    /// property does nothing. Writers in several processes should also set
    /// ``busyMode`` to a timeout (`.timeout(5)`), so that a write waits for
    /// another process's write instead of failing with `SQLITE_BUSY`.
    ///
    /// Default: false.
    ///
    /// GRDB has no such API.
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_data_version>.
    public var observesExternalChanges = false

    /// The journal mode applied when the connection opens. Default:
    /// ``JournalModeConfiguration/default``, which leaves the database's
    /// mode alone (database pools always use WAL).
    public var journalMode: JournalModeConfiguration = .default

    /// The maximum number of concurrent readers of a `DatabasePool`.
    /// Default: 5.
    public var maximumReaderCount = 5

    /// The kind of transaction opened by `write` and `inTransaction` when
    /// none is given: `IMMEDIATE`, as in GRDB 7, unless
    /// ``defaultTransactionKind`` says otherwise.
    var writeTransactionKind: Database.TransactionKind = .immediate

    /// The kind of transaction opened by `write` and `inTransaction` when
    /// none is given. Default: ``Database/TransactionKind/immediate``.
    ///
    /// GRDB 7 has no such property: its writes open `IMMEDIATE`
    /// transactions, and its reads `DEFERRED` ones. This seed-era spelling
    /// is kept for the code that sets it; give the kind of a transaction to
    /// `inTransaction(_:_:)` or `writeInTransaction(_:_:)` instead. Reads
    /// ignore it.
    @available(*, deprecated, message: "Writes open IMMEDIATE transactions, as in GRDB 7: give a kind to inTransaction(_:_:) instead")
    public var defaultTransactionKind: Database.TransactionKind {
        get { writeTransactionKind }
        set { writeTransactionKind = newValue }
    }

    /// Whether double-quoted strings are accepted as string literals (a
    /// legacy SQLite misfeature). Default: false, so that a misspelled
    /// `"column"` is an error instead of a silent string.
    /// See <https://www.sqlite.org/quirks.html#dblquote>.
    public var acceptsDoubleQuotedStringLiterals = false

    /// Whether a transaction may stay open at the end of a database
    /// access. Default: false.
    ///
    /// By default, an access that leaves a transaction open is a
    /// programmer error, as in GRDB: the transaction is rolled back, and
    ///
    /// - the accesses that GRDB declares `throws` (`read`, `write`...)
    ///   throw a ``DatabaseError`` with the code `SQLITE_MISUSE`;
    /// - the accesses that GRDB declares `rethrows` (`inDatabase`,
    ///   `writeWithoutTransaction`, `unsafeRead`...) stop the program with
    ///   an explicit message, since they can not throw;
    /// - the accesses that can not report an error
    ///   (`asyncWriteWithoutTransaction`) only roll back.
    ///
    /// An access that throws its own error rolls back the transaction it
    /// left open, and throws its error.
    ///
    /// ```swift
    /// let dbQueue = try DatabaseQueue()
    /// // Stops the program: a transaction was left open at the end of a
    /// // database access
    /// dbQueue.inDatabase { db in
    ///     try? db.beginTransaction()
    /// }
    /// ```
    ///
    /// When true, a transaction may span several accesses:
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.allowsUnsafeTransactions = true
    /// let dbQueue = try DatabaseQueue(configuration: config)
    /// try dbQueue.inDatabase { db in
    ///     try db.beginTransaction()
    /// }
    /// try dbQueue.inDatabase { db in
    ///     try db.commit()
    /// }
    /// ```
    ///
    /// It has no effect on the reader connections of a ``DatabasePool``,
    /// which never leave a transaction open at the end of a read.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public var allowsUnsafeTransactions = false

    /// Whether the reader connections of a ``DatabasePool`` stay open when
    /// ``DatabasePool/releaseMemory()`` frees memory. Default: false.
    ///
    /// When false, `releaseMemory()` closes the reader connections, and
    /// new ones open on demand. When true, they stay open, and only
    /// release the memory they can. Set it when opening connections
    /// shows up in the profiles of the application.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.persistentReadOnlyConnections = true
    /// let dbPool = try DatabasePool(path: "/path/to/db.sqlite", configuration: config)
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/db_release_memory.html>.
    public var persistentReadOnlyConnections = false

    /// The quality of service of database accesses. Default:
    /// `.userInitiated`.
    ///
    /// It is ignored for the connections that have a target queue (see
    /// ``targetQueue`` and ``writeTargetQueue``): they run at the quality
    /// of service of their target queue.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.qos = .utility
    /// ```
    public var qos: DispatchQoS = .userInitiated

    /// The effective quality of service of read-only accesses: the one of
    /// ``targetQueue`` if any, ``qos`` otherwise.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.qos = .utility
    /// config.readQoS // .utility
    /// ```
    public var readQoS: DispatchQoS {
        targetQueue?.qos ?? qos
    }

    /// The effective quality of service of write accesses: the one of
    /// ``writeTargetQueue`` if any, of ``targetQueue`` if any, ``qos``
    /// otherwise.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.writeTargetQueue = DispatchQueue(label: "writes", qos: .background)
    /// config.writeQoS // .background
    /// ```
    public var writeQoS: DispatchQoS {
        (writeTargetQueue ?? targetQueue)?.qos ?? qos
    }

    /// The target of the dispatch queues of the connections, or nil (the
    /// default) for queues of their own, at the quality of service of
    /// ``qos``.
    ///
    /// Connections that are not read-only use ``writeTargetQueue``
    /// instead, when it is not nil. The target queue of a ``DatabasePool``
    /// must be concurrent: in a serial queue, reads could not run in
    /// parallel, and the pool could deadlock.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.targetQueue = DispatchQueue(label: "database", attributes: .concurrent)
    /// ```
    public var targetQueue: DispatchQueue? = nil

    /// The target of the dispatch queues of the connections that write,
    /// or nil (the default) for ``targetQueue``.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.writeTargetQueue = DispatchQueue(label: "database.writes")
    /// ```
    public var writeTargetQueue: DispatchQueue? = nil

    /// A custom schema source, which tells the primary key of database
    /// views, for example. Default: nil.
    ///
    /// ```swift
    /// struct MySchemaSource: DatabaseSchemaSource {
    ///     func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
    ///         ["id"]
    ///     }
    /// }
    /// var config = Configuration()
    /// config.schemaSource = MySchemaSource()
    /// ```
    ///
    /// Migrations run by ``DatabaseMigrator`` ignore it: they see the raw
    /// schema of SQLite. A migration that needs it can call
    /// ``Database/withSchemaSource(_:execute:)``.
    public var schemaSource: (any DatabaseSchemaSource)? = nil

    /// The clock that gives ``Database/transactionDate``. Default:
    /// ``DefaultTransactionClock``, the start date of each transaction.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.transactionClock = .custom { _ in Date(timeIntervalSince1970: 0) }
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/get_autocommit.html>.
    public var transactionClock: any TransactionClock = DefaultTransactionClock()

    /// Whether the connections listen to ``Database/suspendNotification``
    /// and ``Database/resumeNotification``. Default: false.
    ///
    /// A suspended database does its best to acquire no lock on the
    /// database file: see ``Database/suspendNotification``.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.observesSuspensionNotifications = true
    /// let dbPool = try DatabasePool(path: "/path/to/db.sqlite", configuration: config)
    ///
    /// // When the process is about to be suspended:
    /// NotificationCenter.default.post(name: Database.suspendNotification, object: nil)
    /// ```
    public var observesSuspensionNotifications = false

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

    /// Registers a function run on each new connection before the ones
    /// that ``prepareDatabase(_:)`` registered: FolioDqlite attaches the
    /// connection to its cluster first, so that the user's preparation runs
    /// on the cluster. Not public API (SPI); GRDB has no such API.
    @_spi(FolioRemote)
    public mutating func _prepareDatabaseFirst(_ setup: @escaping @Sendable (Database) throws -> Void) {
        setups.insert(setup, at: 0)
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
