import Folio
import Foundation
import XCTest

/// The wrap-up template of GRDB's "Single-Row Tables" article, written as
/// a GRDB user writes it, run against Folio.
final class SingleRowTableDocTests: FolioTestCase {
    fileprivate struct AppConfiguration: Codable {
        // Support for the single row guarantee
        private var id = 1

        // The stored properties
        private var storedFlag: Bool?

        init(storedFlag: Bool?) {
            self.storedFlag = storedFlag
        }
    }

    private func makeConfigurationDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("appConfiguration") { db in
            try db.create(table: "appConfiguration") { t in
                // Single row guarantee: have inserts replace the existing row,
                // and make sure the id column is always 1.
                t.primaryKey("id", .integer, onConflict: .replace)
                    .check { $0 == 1 }

                // The configuration columns
                t.column("storedFlag", .boolean)
            }
        }
        try migrator.migrate(dbQueue)
        return dbQueue
    }

    func testTableDefinitionSQL() throws {
        let dbQueue = try makeConfigurationDatabase()
        XCTAssertTrue(sqlQueries.contains("""
            CREATE TABLE "appConfiguration" (\
            "id" INTEGER PRIMARY KEY ON CONFLICT REPLACE CHECK ("id" = 1), \
            "storedFlag" BOOLEAN)
            """), "\(sqlQueries)")
        try dbQueue.write { db in
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO appConfiguration (id) VALUES (2)")) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
            }
        }
    }

    func testReadDefaultWhenEmpty() throws {
        let dbQueue = try makeConfigurationDatabase()
        let config = try dbQueue.read { db in
            try AppConfiguration.find(db)
        }
        XCTAssertTrue(config.flag)
        XCTAssertEqual(try dbQueue.read { try AppConfiguration.fetchCount($0) }, 0)
    }

    func testUpdateChangesInsertsMissingDefaultRowFirst() throws {
        let dbQueue = try makeConfigurationDatabase()
        try dbQueue.write { db in
            var config = try AppConfiguration.find(db)
            let changed = try config.updateChanges(db) {
                $0.flag = false
            }
            XCTAssertTrue(changed)
            XCTAssertEqual(try AppConfiguration.fetchCount(db), 1)
            XCTAssertFalse(try AppConfiguration.find(db).flag)
            XCTAssertEqual(try Bool.fetchOne(db, sql: "SELECT storedFlag FROM appConfiguration WHERE id = 1"), false)
        }
    }

    func testEveryPersistenceMethodKeepsOneRow() throws {
        let dbQueue = try makeConfigurationDatabase()
        try dbQueue.write { db in
            var config = try AppConfiguration.find(db)
            config.flag = false
            try config.save(db)
            try config.update(db)
            try config.insert(db)
            try config.upsert(db)
            config.flag = true
            try config.insert(db) // ON CONFLICT REPLACE
            XCTAssertEqual(try AppConfiguration.fetchCount(db), 1)
            XCTAssertTrue(try AppConfiguration.find(db).flag)
            config.resetFlag()
            try config.update(db)
            XCTAssertNil(try Bool.fetchOne(db, sql: "SELECT storedFlag FROM appConfiguration"))
            XCTAssertTrue(try AppConfiguration.find(db).flag)
        }
    }
}

// Support for default values
extension SingleRowTableDocTests.AppConfiguration {
    var flag: Bool {
        get { storedFlag ?? true /* the default value */ }
        set { storedFlag = newValue }
    }

    mutating func resetFlag() {
        storedFlag = nil
    }
}

extension SingleRowTableDocTests.AppConfiguration {
    /// The default configuration
    static let `default` = SingleRowTableDocTests.AppConfiguration(storedFlag: nil)
}

// Database Access
extension SingleRowTableDocTests.AppConfiguration: FetchableRecord, PersistableRecord {
    // Customize the default PersistableRecord behavior
    func willUpdate(_ db: Database, columns: Set<String>) throws {
        // Insert the default configuration if it does not exist yet.
        if try !exists(db) {
            try Self.default.insert(db)
        }
    }

    /// Returns the persisted configuration, or the default one if the
    /// database table is empty.
    static func find(_ db: Database) throws -> Self {
        try fetchOne(db) ?? .default
    }
}
