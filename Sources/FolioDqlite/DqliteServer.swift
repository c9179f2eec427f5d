/// A node of a dqlite cluster, as the leader lists it.
///
/// ```swift
/// let servers = try cluster.servers()
/// print(servers.filter { $0.role == .voter }.count)
/// ```
///
/// GRDB has no such API.
public struct DqliteServer: Sendable, Hashable {
    /// The role of a node in the cluster.
    ///
    /// GRDB has no such API.
    public enum Role: Sendable, Hashable {
        /// A node that replicates and votes in elections.
        case voter
        /// A node that replicates and does not vote.
        case standby
        /// A node that neither replicates nor votes.
        case spare
        /// A role that this client does not know.
        case unknown(UInt64)

        init(code: UInt64) {
            switch code {
            case 0: self = .voter
            case 1: self = .standby
            case 2: self = .spare
            default: self = .unknown(code)
            }
        }
    }

    /// The node's id in the cluster.
    ///
    /// GRDB has no such API.
    public var id: UInt64
    /// The node's address ("127.0.0.1:9001").
    ///
    /// GRDB has no such API.
    public var address: String
    /// The node's role.
    ///
    /// GRDB has no such API.
    public var role: Role

    /// Creates a description of a node.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let server = DqliteServer(id: 1, address: "127.0.0.1:9001", role: .voter)
    /// ```
    public init(id: UInt64, address: String, role: Role) {
        self.id = id
        self.address = address
        self.role = role
    }
}
