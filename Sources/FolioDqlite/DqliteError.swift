import Foundation

/// An error of the cluster that is not an error of SQLite: the leader was
/// lost, no leader could be found, a node could not be reached, or a node
/// answered what dqlite's protocol does not allow.
///
/// Errors of SQLite on the leader (a constraint, a syntax error...) are
/// thrown as a `DatabaseError` with SQLite's extended result code and
/// message, as a local connection throws them.
///
/// ```swift
/// do {
///     try cluster.write { db in try Author(name: "Herman Melville").insert(db) }
/// } catch DqliteError.leadershipLost {
///     // Not applied: write again, or tell the user.
/// }
/// ```
///
/// GRDB has no such API.
public enum DqliteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The leader was lost before it acknowledged the COMMIT of a write
    /// transaction: the transaction is not applied (dqlite replicates a
    /// transaction at its COMMIT, in full or not at all).
    /// ``DqliteDatabase`` runs the transaction again only when
    /// ``DqliteConfiguration/retryWrites`` says so.
    case leadershipLost

    /// No node of the cluster answered as the leader before the leader
    /// search timed out: the cluster has no quorum, or no node runs.
    case noLeader(String)

    /// A node could not be reached, or the connection to it broke.
    case connectionFailed(String)

    /// A node answered what dqlite's protocol does not allow.
    case protocolViolation(String)

    /// What a connection to a cluster cannot do.
    case unsupported(String)

    /// A description of the error.
    ///
    /// ```swift
    /// print(DqliteError.leadershipLost)
    /// ```
    public var description: String {
        switch self {
        case .leadershipLost:
            "dqlite: the leader was lost before it acknowledged the transaction, which is not applied"
        case .noLeader(let detail):
            "dqlite: no leader found: \(detail)"
        case .connectionFailed(let detail):
            "dqlite: connection failed: \(detail)"
        case .protocolViolation(let detail):
            "dqlite: protocol violation: \(detail)"
        case .unsupported(let detail):
            "dqlite: unsupported: \(detail)"
        }
    }
}

extension DqliteError: LocalizedError {
    /// The description of the error.
    ///
    /// ```swift
    /// print(error.localizedDescription)
    /// ```
    public var errorDescription: String? { description }
}
