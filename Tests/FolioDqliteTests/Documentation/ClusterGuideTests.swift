import Foundation
import XCTest
import Folio
import FolioDqlite
import Library

// The samples of Documentation/Cluster.md, run against a real cluster.
final class ClusterGuideTests: DqliteClusterTestCase {
    /// Asserts that each block of the guide that follows
    /// `<!-- This code runs in <this file>: <name> -->` is the code between
    /// `// BEGIN GUIDE CODE <name>` and `// END GUIDE CODE <name>` below.
    func testGuideShowsTestedCode() throws {
        let testURL = URL(fileURLWithPath: #filePath)
        let root = testURL.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Documentation/Cluster.md"), encoding: .utf8)
        let source = try String(contentsOf: testURL, encoding: .utf8)
        func normalized(_ code: Substring) -> [String] {
            code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        for name in ["connect", "configuration", "observation", "leadershipLost"] {
            let marker = "<!-- This code runs in Tests/FolioDqliteTests/Documentation/ClusterGuideTests.swift: \(name) -->\n```swift\n"
            let guideStart = try XCTUnwrap(guide.range(of: marker), name).upperBound
            let guideEnd = try XCTUnwrap(guide.range(of: "\n```", range: guideStart..<guide.endIndex)).lowerBound
            let sourceStart = try XCTUnwrap(source.range(of: "// BEGIN GUIDE CODE \(name)\n"), name).upperBound
            let sourceEnd = try XCTUnwrap(source.range(of: "// END GUIDE CODE \(name)\n", range: sourceStart..<source.endIndex)).lowerBound
            XCTAssertEqual(normalized(guide[guideStart..<guideEnd]), normalized(source[sourceStart..<sourceEnd]), name)
        }
    }

    func testConnect() throws {
        let servers = try cluster.addresses
        // BEGIN GUIDE CODE connect
        let cluster = try DqliteDatabase(
            servers: servers,            // ["127.0.0.1:9001", "127.0.0.1:9002", "127.0.0.1:9003"]
            database: "library")
        try LibrarySchema.migrator.migrate(cluster)
        try cluster.write { db in
            _ = try Author(name: "Herman Melville", country: "United States").inserted(db)
        }
        let authors = try cluster.read { db in
            try Author.including(all: Author.books).fetchAll(db)
        }
        // END GUIDE CODE connect
        XCTAssertEqual(authors.map(\.name), ["Herman Melville"])
        XCTAssertEqual(Set(try cluster.servers().map(\.address)), Set(servers))
    }

    func testConfiguration() throws {
        let servers = try cluster.addresses
        // BEGIN GUIDE CODE configuration
        var dqlite = DqliteConfiguration()
        dqlite.connectTimeout = 2              // seconds, to reach one node
        dqlite.requestTimeout = 10             // seconds, for a node to answer
        dqlite.leaderSearchTimeout = 10        // seconds, to find the leader
        dqlite.busyTimeout = 5                 // seconds, to retry SQLITE_BUSY
        dqlite.changePollingInterval = 0.5     // seconds; nil: never poll
        dqlite.retryWrites = false             // true only if every write closure is idempotent
        var config = Configuration()
        config.foreignKeysEnabled = true       // the default: PRAGMA foreign_keys = ON on each connection
        let cluster = try DqliteDatabase(
            servers: servers, database: "library",
            configuration: config, dqliteConfiguration: dqlite)
        // END GUIDE CODE configuration
        XCTAssertEqual(cluster.dqliteConfiguration.changePollingInterval, 0.5)
        XCTAssertEqual(try cluster.read { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") }, 1)
    }

    func testObservation() throws {
        let cluster = try makeDatabase()
        try LibrarySchema.migrator.migrate(cluster)
        // BEGIN GUIDE CODE observation
        let observation = ValueObservation.tracking { db in try Author.fetchCount(db) }
        let cancellable = observation.start(
            in: cluster, scheduling: .async(onQueue: .main),
            onError: { error in print(error) },
            onChange: { count in print("\(count) authors") })
        // END GUIDE CODE observation
        let seen = expectation(description: "first value")
        let check = ValueObservation.tracking { db in try Author.fetchCount(db) }
            .start(in: cluster, scheduling: .async(onQueue: DispatchQueue(label: "check")),
                   onError: { XCTFail("\($0)") }, onChange: { count in if count == 0 { seen.fulfill() } })
        wait(for: [seen], timeout: 10)
        check.cancel()
        cancellable.cancel()
    }

    // BEGIN GUIDE CODE leadershipLost
    func addAuthor(named name: String, to cluster: DqliteDatabase) throws {
        while true {
            do {
                try cluster.write { db in _ = try Author(name: name).inserted(db) }
                return
            } catch DqliteError.leadershipLost {
                // Not acknowledged: applied, or not at all. Look before writing again.
                let isThere = try cluster.read { db in
                    try Author.filter(Column("name") == name).fetchCount(db) > 0
                }
                if isThere { return }
            }
        }
    }
    // END GUIDE CODE leadershipLost

    func testLeadershipLostSample() throws {
        let cluster = try makeDatabase()
        try LibrarySchema.migrator.migrate(cluster)
        try addAuthor(named: "Elsa Morante", to: cluster)
        XCTAssertEqual(try cluster.read { db in try Author.fetchCount(db) }, 1)
    }
}
