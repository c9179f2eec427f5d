/// How a ``DqliteDatabase`` talks to its cluster: timeouts, the retry of
/// write transactions, and the polling for the changes of other clients.
///
/// ```swift
/// var dqlite = DqliteConfiguration()
/// dqlite.retryWrites = true            // the write closures are idempotent
/// dqlite.leaderSearchTimeout = 5
/// let cluster = try DqliteDatabase(servers: ["127.0.0.1:9001"], database: "library",
///                                  dqliteConfiguration: dqlite)
/// ```
///
/// GRDB has no such API.
public struct DqliteConfiguration: Sendable {
    /// The time, in seconds, to establish a TCP connection to one node.
    /// Default: 2.
    ///
    /// GRDB has no such API.
    public var connectTimeout: Double = 2

    /// The time, in seconds, a node may take to answer one request. A node
    /// that does not answer in time is dropped, and the leader is searched
    /// again. Default: 10.
    ///
    /// GRDB has no such API.
    public var requestTimeout: Double = 10

    /// The time, in seconds, to find the leader, each time one is needed
    /// (the first access, and after the leader was lost). When no node
    /// answers as the leader in time (no quorum, no node running), the
    /// access throws ``DqliteError/noLeader(_:)``. Default: 10 (an election
    /// takes a few seconds).
    ///
    /// GRDB has no such API.
    public var leaderSearchTimeout: Double = 10

    /// Whether `write` runs a transaction again when the leader was lost
    /// before it acknowledged the COMMIT. Set it only when every write
    /// closure is idempotent: a lost acknowledgement may hide a commit
    /// that did happen. When false (the default), such a write throws
    /// ``DqliteError/leadershipLost``.
    ///
    /// GRDB has no such API.
    public var retryWrites = false

    /// The interval, in seconds, at which the cluster is asked whether
    /// other clients committed, so that observations see their changes;
    /// nil: never (observations see the changes of this
    /// ``DqliteDatabase`` only). Default: 1.
    ///
    /// GRDB has no such API.
    public var changePollingInterval: Double? = 1

    /// The time, in seconds, during which a statement that meets
    /// `SQLITE_BUSY` (another client writes) is sent again. Default: 5.
    ///
    /// GRDB has no such API.
    public var busyTimeout: Double = 5

    /// Whether statements are prepared once per connection on the leader
    /// (PREPARE, then EXEC and QUERY with the statement's id) rather than
    /// sent as SQL each time (EXEC_SQL and QUERY_SQL). Default: true.
    ///
    /// GRDB has no such API.
    public var preparesStatements = true

    /// Creates the default configuration.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let dqlite = DqliteConfiguration()
    /// ```
    public init() { }
}
