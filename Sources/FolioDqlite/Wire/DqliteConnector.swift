import Foundation

/// Finds the leader of a cluster and connects to it, as go-dqlite does:
/// ask each known node which node leads; connect to that one and check
/// that it says so itself; try again, with a growing pause, until the
/// leader search timeout.
struct DqliteConnector: Sendable {
    /// The addresses to ask first, as given to ``DqliteDatabase``.
    let seeds: [String]
    let configuration: DqliteConfiguration
    let clientID: UInt64

    /// A connection to the leader, with `database` open.
    ///
    /// - Parameter known: nodes learnt from the cluster (CLUSTER), asked
    ///   after the seeds.
    /// - Throws: ``DqliteError/noLeader(_:)`` when no leader answers
    ///   within the leader search timeout; a `DatabaseError` when OPEN
    ///   fails.
    func connectToLeader(database: String, known: [String]) throws -> DqliteConnection {
        let deadline = Date().addingTimeInterval(configuration.leaderSearchTimeout)
        var addresses = seeds
        for address in known where !addresses.contains(address) { addresses.append(address) }
        var pause = 0.05
        var failures: [String] = []
        while true {
            for address in addresses {
                if let connection = try attempt(address: address, failures: &failures) {
                    try connection.open(database: database)
                    return connection
                }
                if Date() >= deadline { break }
            }
            if Date() >= deadline {
                let detail = failures.suffix(addresses.count).joined(separator: "; ")
                throw DqliteError.noLeader(
                    "no node of \(addresses) answered as the leader within \(configuration.leaderSearchTimeout) s"
                        + " (no quorum, or no node running)" + (detail.isEmpty ? "" : ": \(detail)"))
            }
            Thread.sleep(forTimeInterval: min(pause, max(0, deadline.timeIntervalSinceNow)))
            pause = min(pause * 2, 0.5)
        }
    }

    /// Connects to `address`; returns the connection when the node leads,
    /// or the connection to the leader it names when that one confirms.
    private func attempt(address: String, failures: inout [String]) throws -> DqliteConnection? {
        let connection: DqliteConnection
        do {
            connection = try DqliteConnection(address: address, timeouts: configuration)
        } catch {
            failures.append("\(error)")
            return nil
        }
        do {
            guard let leader = try connection.leader() else {
                failures.append("\(address) knows no leader")
                connection.close()
                return nil
            }
            if leader.address == address {
                try connection.registerClient(id: clientID)
                return connection
            }
            connection.close()
            let candidate = try DqliteConnection(address: leader.address, timeouts: configuration)
            guard try candidate.leader()?.address == leader.address else {
                failures.append("\(leader.address), named by \(address), does not lead")
                candidate.close()
                return nil
            }
            try candidate.registerClient(id: clientID)
            return candidate
        } catch {
            failures.append("\(address): \(error)")
            connection.close()
            return nil
        }
    }
}
