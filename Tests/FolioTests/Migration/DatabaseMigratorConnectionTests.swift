import Dispatch
import Folio
import XCTest

/// The migrator with the connections a GRDB user gives it: target queues,
/// in-memory and temporary databases.
final class DatabaseMigratorConnectionTests: FolioTestCase {
    private func playerMigrator(withScore: Bool) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.eraseDatabaseOnSchemaChange = true
        migrator.registerMigration("createPlayer") { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                if withScore { t.column("score", .integer) }
            }
        }
        return migrator
    }

    /// `eraseDatabaseOnSchemaChange` builds a private database to compare
    /// schemas: it does not use the target queues of the configuration,
    /// which the migration occupies (it deadlocked, a libdispatch trap).
    private func assertErasesOnSchemaChange(_ writer: some DatabaseWriter, file: StaticString = #filePath, line: UInt = #line) throws {
        try playerMigrator(withScore: false).migrate(writer)
        try writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        try playerMigrator(withScore: false).migrate(writer)
        XCTAssertEqual(try writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM player") }, 1, file: file, line: line)
        try playerMigrator(withScore: true).migrate(writer)
        try writer.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0, file: file, line: line)
            XCTAssertEqual(try db.columns(in: "player").map(\.name), ["id", "name", "score"], file: file, line: line)
        }
    }

    func testEraseDatabaseOnSchemaChangeWithATargetQueue() throws {
        var config = Configuration()
        config.targetQueue = DispatchQueue(label: "target")
        try assertErasesOnSchemaChange(DatabaseQueue(path: temporaryDatabasePath(), configuration: config))
        try assertErasesOnSchemaChange(DatabasePool(path: temporaryDatabasePath(), configuration: config))
    }

    func testEraseDatabaseOnSchemaChangeWithAWriteTargetQueue() throws {
        var config = Configuration()
        config.writeTargetQueue = DispatchQueue(label: "writes")
        try assertErasesOnSchemaChange(DatabaseQueue(path: temporaryDatabasePath(), configuration: config))
        try assertErasesOnSchemaChange(DatabasePool(path: temporaryDatabasePath(), configuration: config))
    }

    func testEraseDatabaseOnSchemaChangeWithASharedConcurrentTargetQueue() throws {
        var config = Configuration()
        config.targetQueue = DispatchQueue(label: "target", attributes: .concurrent)
        try assertErasesOnSchemaChange(DatabasePool(path: temporaryDatabasePath(), configuration: config))
    }

    /// Migrators run on in-memory databases (`DatabaseQueue()`, named
    /// in-memory databases) and on SQLite's temporary databases (the empty
    /// path), erase included.
    func testMigratorOnInMemoryAndTemporaryDatabases() throws {
        try assertErasesOnSchemaChange(DatabaseQueue())
        try assertErasesOnSchemaChange(DatabaseQueue(named: "migrator-\(UUID().uuidString)"))
        try assertErasesOnSchemaChange(DatabaseQueue(path: ""))
        try assertErasesOnSchemaChange(DatabaseQueue(path: ":memory:"))
    }
}
