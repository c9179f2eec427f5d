import Foundation
import XCTest
import Folio
@testable import FolioDqlite

/// A test case whose tests share one three-node cluster (started once for
/// the class, stopped in the class tear-down), each test on a database of
/// its own.
class DqliteClusterTestCase: XCTestCase {
    nonisolated(unsafe) static var sharedCluster: DqliteTestCluster?
    nonisolated(unsafe) static var startError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            sharedCluster = try DqliteTestCluster()
        } catch {
            startError = error
        }
    }

    override class func tearDown() {
        sharedCluster?.stop()
        sharedCluster = nil
        startError = nil
        super.tearDown()
    }

    /// The class's cluster; a test fails (never skips) when it could not
    /// start, with the install line when dqlite-demo is missing.
    var cluster: DqliteTestCluster {
        get throws {
            if let cluster = Self.sharedCluster { return cluster }
            throw Self.startError ?? DqliteError.noLeader("the test cluster did not start")
        }
    }

    /// A database of the cluster for the running test.
    func makeDatabase(
        configuration: Configuration = Configuration(),
        dqliteConfiguration: DqliteConfiguration = DqliteConfiguration()) throws -> DqliteDatabase
    {
        let name = name.components(separatedBy: CharacterSet.alphanumerics.inverted).filter { !$0.isEmpty }.joined(separator: "-")
        return try DqliteDatabase(
            servers: cluster.addresses,
            database: "\(name)-\(UUID().uuidString.prefix(8))",
            configuration: configuration,
            dqliteConfiguration: dqliteConfiguration)
    }
}
