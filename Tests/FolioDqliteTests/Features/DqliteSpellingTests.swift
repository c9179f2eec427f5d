import Foundation
import XCTest
import Folio
import FolioDqlite
import Library

/// Issue 31 (a dqlite cluster), called with the exact spellings the issue
/// gives, as code outside the project calls them: `import Folio` and
/// `import FolioDqlite` only. The cluster is the real one that
/// `DqliteClusterTestCase` starts (a test fails, never skips, without
/// `dqlite-demo`).
final class DqliteSpellingTests: DqliteClusterTestCase {
    private func useWriter(_ writer: some DatabaseWriter & Sendable) throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT 1")! }
    }

    private func uniqueName() -> String { "spelling-\(UUID().uuidString.prefix(8))" }

    func testTheIssueSample() throws {
        let addresses = try cluster.addresses
        XCTAssertEqual(addresses.count, 3)
        let migrator = LibrarySchema.migrator
        let cluster = try DqliteDatabase(servers: [addresses[0], addresses[1], addresses[2]],
                                         database: uniqueName())          // conforms to DatabaseWriter
        try migrator.migrate(cluster)
        let manager = try LibraryManager(dbWriter: cluster)             // the sample, unchanged
        _ = manager
        // The issue writes `try Author(name: "Herman Melville").insert(db)`: the
        // Library's Author is a MutablePersistableRecord (its id is set on
        // insert), whose `insert` is mutating and can not run on a temporary,
        // as in GRDB. A variable does it; `inserted(db)` too (Cluster.md).
        try cluster.write { db in var author = Author(name: "Herman Melville"); try author.insert(db) }
        let authors = try cluster.read { db in try Author.including(all: Author.books).fetchAll(db) }
        XCTAssertEqual(authors.map(\.name), ["Herman Melville"])
        XCTAssertEqual(try useWriter(cluster), 1)
    }

    func testConnectionDefaultsAndDatabaseFeatures() throws {
        let database = try makeDatabase()
        try database.write { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA foreign_keys"), 1)   // foreign keys on
            try db.execute(sql: "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT)")
            // Savepoints: an inner rollback keeps the outer transaction.
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO author (name) VALUES ('Rolled back')")
                return .rollback
            }
            var authors = (1...300).map { Author(name: "Author \($0)") }
            try authors.insertAll(db)                                   // more than 255 values: split
            XCTAssertEqual(authors.compactMap(\.id).count, 300)
        }
        let ids = Array(Int64(1)...Int64(300))
        XCTAssertEqual(try database.read { db in try Author.filter(ids: ids).fetchCount(db) }, 300)
        XCTAssertEqual(try database.read { db in try Author.filter(Column("name") == "Rolled back").fetchCount(db) }, 0)
    }

    func testConfigurationAndErrorSpellings() throws {
        var dqliteConfiguration = DqliteConfiguration()
        XCTAssertFalse(dqliteConfiguration.retryWrites)
        dqliteConfiguration.retryWrites = true
        let database = try DqliteDatabase(
            servers: cluster.addresses, database: uniqueName(),
            configuration: Configuration(), dqliteConfiguration: dqliteConfiguration)
        XCTAssertTrue(database.dqliteConfiguration.retryWrites)
        let error: DqliteError = .leadershipLost
        XCTAssertTrue(error.description.contains("leader"), error.description)
    }

    func testWhatARemoteConnectionCannotDoThrowsADatabaseError() throws {
        let database = try makeDatabase()
        try database.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        XCTAssertThrowsError(try database.write { db in
            _ = try db.recordChanges(in: nil) { db in try db.execute(sql: "INSERT INTO t DEFAULT VALUES") }
        }) { error in
            XCTAssertTrue(error is DatabaseError, "\(error)")
        }
        XCTAssertThrowsError(try database.makeChangeRecorder(tables: nil)) { error in
            XCTAssertTrue(error is DatabaseError, "\(error)")
        }
    }
}
