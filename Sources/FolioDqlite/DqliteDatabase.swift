import Foundation
@_spi(FolioRemote) import Folio

/// A database replicated by a dqlite cluster, used as any Folio writer.
///
/// ```swift
/// import Folio
/// import FolioDqlite
///
/// let cluster = try DqliteDatabase(
///     servers: ["127.0.0.1:9001", "127.0.0.1:9002", "127.0.0.1:9003"],
///     database: "library")
/// try migrator.migrate(cluster)
/// try cluster.write { db in try Author(name: "Herman Melville").insert(db) }
/// let authors = try cluster.read { db in try Author.fetchAll(db) }
/// ```
///
/// Inside `read` and `write`, `db` is Folio's `Database`: raw SQL, rows,
/// records, the query interface, associations, migrations, transactions
/// and savepoints work as on a file. Folio prepares each statement on a
/// local in-memory connection that holds a copy of the cluster's schema,
/// and the statement runs on the cluster's leader (dqlite's wire protocol,
/// one connection to the leader): every read and every write goes to the
/// leader, so a read sees every write acknowledged before it.
///
/// Failures:
///
/// - A read that loses the leader runs again on the new leader.
/// - A write transaction that loses the leader before its COMMIT is
///   acknowledged is not applied, and throws ``DqliteError/leadershipLost``;
///   `write` runs it again only when ``DqliteConfiguration/retryWrites``
///   says that the write closures are idempotent.
/// - When no node answers as the leader within
///   ``DqliteConfiguration/leaderSearchTimeout``, the access throws
///   ``DqliteError/noLeader(_:)``.
/// - `SQLITE_BUSY` (another client writes) is retried for up to
///   ``DqliteConfiguration/busyTimeout``.
///
/// Observations (`ValueObservation`, `DatabaseRegionObservation`) see the
/// writes of this `DqliteDatabase` at once, and those of other clients at
/// the next poll (``DqliteConfiguration/changePollingInterval``, 1 second
/// by default).
///
/// What a connection to a cluster cannot do throws a `DatabaseError` that
/// says so: custom SQL functions and collations, the pre-update hook and
/// changesets, backups, `sqlite3` handles. See `Documentation/Cluster.md`.
///
/// GRDB has no such API.
public final class DqliteDatabase: DatabaseWriter, _DatabaseWriterForwarding {
    /// The local connection, attached to the cluster.
    private let queue: DatabaseQueue
    private let executor: DqliteStatementExecutor
    private let poller: DqliteChangePoller?

    /// The name of the database on the cluster.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// print(cluster.databaseName) // "library"
    /// ```
    public let databaseName: String

    /// How this database talks to its cluster.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// print(cluster.dqliteConfiguration.retryWrites)
    /// ```
    public let dqliteConfiguration: DqliteConfiguration

    /// Connects to the leader of a dqlite cluster and opens a database,
    /// created on first use.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let cluster = try DqliteDatabase(
    ///     servers: ["127.0.0.1:9001", "127.0.0.1:9002", "127.0.0.1:9003"],
    ///     database: "library")
    /// ```
    ///
    /// - Parameters:
    ///   - servers: Addresses ("host:port") of nodes of the cluster: one is
    ///     enough, the others are learnt from the leader.
    ///   - database: The name of the database on the cluster.
    ///   - configuration: Folio's configuration: `foreignKeysEnabled` (on
    ///     by default: `PRAGMA foreign_keys = ON` on each connection to a
    ///     leader), `prepareDatabase`, `label`, `readonly`... It may not set
    ///     `observesExternalChanges` (see ``DqliteConfiguration/changePollingInterval``).
    ///   - dqliteConfiguration: Timeouts, retries and polling.
    /// - Throws: ``DqliteError/noLeader(_:)`` when no leader answers within
    ///   the leader search timeout; a `DatabaseError` when the database can
    ///   not be opened or its schema read.
    public init(
        servers: [String],
        database: String,
        configuration: Configuration = Configuration(),
        dqliteConfiguration: DqliteConfiguration = DqliteConfiguration()) throws
    {
        guard !servers.isEmpty else {
            throw DqliteError.noLeader("no server address was given")
        }
        self.databaseName = database
        self.dqliteConfiguration = dqliteConfiguration
        let connector = DqliteConnector(
            seeds: servers,
            configuration: dqliteConfiguration,
            clientID: UInt64.random(in: 1...UInt64.max))
        let executor = DqliteStatementExecutor(
            connector: connector,
            databaseName: database,
            configuration: dqliteConfiguration,
            foreignKeysEnabled: configuration.foreignKeysEnabled)
        self.executor = executor
        var localConfiguration = configuration
        // Attached first, so that the user's `prepareDatabase` runs on the cluster.
        localConfiguration._prepareDatabaseFirst { db in
            try db._attachRemote(executor, maximumParameterCount: DqliteProtocol.maximumParameterCount)
        }
        queue = try DatabaseQueue(configuration: localConfiguration)
        if let interval = dqliteConfiguration.changePollingInterval {
            poller = DqliteChangePoller(queue: queue, executor: executor, interval: interval)
        } else {
            poller = nil
        }
    }

    deinit {
        poller?.cancel()
        executor.close()
    }

    /// The local connection, which receives each access (see
    /// `_DatabaseWriterForwarding`): the accesses that this class does not
    /// retry itself (`read`, `write`, `writeWithoutTransaction`, and their
    /// `async` variants) go straight to it. `asyncWriteWithoutTransaction`
    /// reports no error, so it is never retried;
    /// `barrierWriteWithoutTransaction` waits for no read, since the local
    /// connection is a `DatabaseQueue`.
    public var _forwardedWriter: any DatabaseWriter { queue }

    /// The nodes of the cluster, as its leader lists them.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let voters = try cluster.servers().filter { $0.role == .voter }
    /// ```
    ///
    /// - Throws: A ``DqliteError`` when no leader answers.
    public func servers() throws -> [DqliteServer] {
        try queue.writeWithoutTransaction { _ in try executor.servers() }
    }

    /// The address of the leader that receives the statements now, if
    /// connected.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// print(cluster.leaderAddress ?? "not connected")
    /// ```
    public var leaderAddress: String? {
        queue.writeWithoutTransaction { _ in executor.leaderAddress }
    }

    /// Closes the connection to the leader, and the local connection.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// try cluster.close()
    /// ```
    ///
    /// - Throws: A `DatabaseError` when a statement is still open.
    public func close() throws {
        poller?.cancel()
        try queue.close()
        executor.close()
    }

    // MARK: - Reads

    /// Runs a function that reads, on the leader. A read that loses the
    /// leader runs again on the new leader.
    ///
    /// ```swift
    /// let count = try cluster.read { db in try Author.fetchCount(db) }
    /// ```
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a `DatabaseError`, or a ``DqliteError``.
    public func read<T>(_ value: (Database) throws -> T) throws -> T {
        try retryingLostLeadership(if: true) { try queue.read(value) }
    }

    /// Runs a function that reads, on the leader, without blocking the
    /// current task. A read that loses the leader runs again on the new
    /// leader.
    ///
    /// ```swift
    /// let count = try await cluster.read { db in try Author.fetchCount(db) }
    /// ```
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a `DatabaseError`, a ``DqliteError``,
    ///   or `CancellationError`.
    public func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await retryingLostLeadership(if: true) { try await queue.read(value) }
    }

    // MARK: - Writes

    /// Runs a function that writes, outside of any transaction, on the
    /// leader. When the leader is lost before it acknowledged a COMMIT, the
    /// function runs again if ``DqliteConfiguration/retryWrites`` is set;
    /// otherwise ``DqliteError/leadershipLost`` is thrown.
    ///
    /// ```swift
    /// try cluster.writeWithoutTransaction { db in
    ///     try db.execute(sql: "DELETE FROM book WHERE id = ?", arguments: [1])
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`.
    public func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try retryingLostLeadership(if: dqliteConfiguration.retryWrites) { try queue.writeWithoutTransaction(updates) }
    }

    /// Runs a function that writes, outside of any transaction, on the
    /// leader, without blocking the current task; retried as
    /// `writeWithoutTransaction(_:)` is.
    ///
    /// ```swift
    /// try await cluster.writeWithoutTransaction { db in
    ///     try db.execute(sql: "DELETE FROM book")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DqliteError``, or
    ///   `CancellationError`.
    public func writeWithoutTransaction<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await retryingLostLeadership(if: dqliteConfiguration.retryWrites) { try await queue.writeWithoutTransaction(updates) }
    }

    /// Runs a function that writes in a transaction, on the leader, without
    /// blocking the current task; retried as `write(_:)` is.
    ///
    /// ```swift
    /// try await cluster.write { db in try Author(name: "Herman Melville").insert(db) }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DqliteError``, or
    ///   `CancellationError`.
    public func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await retryingLostLeadership(if: dqliteConfiguration.retryWrites) { try await queue.write(updates) }
    }

    // MARK: - Retries

    /// The number of times an access runs again after it lost the leader.
    private static let maximumRetryCount = 5

    /// Runs `access`, and runs it again, up to `maximumRetryCount` times,
    /// when it throws ``DqliteError/leadershipLost`` and `isRetried` is
    /// true.
    private func retryingLostLeadership<T>(if isRetried: Bool, _ access: () throws -> T) rethrows -> T {
        var retries = Self.maximumRetryCount
        while true {
            do {
                return try access()
            } catch DqliteError.leadershipLost where isRetried && retries > 0 {
                retries -= 1
            }
        }
    }

    /// The `async` variant of `retryingLostLeadership(if:_:)`.
    private func retryingLostLeadership<T>(if isRetried: Bool, _ access: () async throws -> T) async rethrows -> T {
        var retries = Self.maximumRetryCount
        while true {
            do {
                return try await access()
            } catch DqliteError.leadershipLost where isRetried && retries > 0 {
                retries -= 1
            }
        }
    }
}
