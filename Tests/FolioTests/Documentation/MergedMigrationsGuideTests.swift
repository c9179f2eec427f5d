import Folio
import XCTest

/// Runs the "Merged Migrations" sample of Documentation/Migrations.md.
final class MergedMigrationsGuideTests: FolioTestCase {
    private func guideMigrator() -> DatabaseMigrator {
        // BEGIN GUIDE CODE merged
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v3", merging: ["v1", "v2"]) { db, appliedIDs in
            if !appliedIDs.contains("v1") {
                // Schema version 1
                try db.create(table: "author") { t in
                    t.autoIncrementedPrimaryKey("id")
                    t.column("name", .text).notNull()
                }
            }
            if !appliedIDs.contains("v2") {
                // Schema version 2
                try db.alter(table: "author") { t in
                    t.add(column: "country", .text)
                }
            }
            // Schema version 3
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
                t.belongsTo("author", onDelete: .cascade).notNull()
            }
        }
        migrator.registerMigration("v4") { db in
            try db.alter(table: "book") { t in
                t.add(column: "year", .integer)
            }
        }
        // END GUIDE CODE merged
        return migrator
    }

    /// The migrations of the previous versions of the application.
    private func oldMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE author (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)")
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "ALTER TABLE author ADD COLUMN country TEXT")
        }
        migrator.registerMigration("v3") { db in
            try db.execute(sql: """
                CREATE TABLE book (
                  id INTEGER PRIMARY KEY AUTOINCREMENT,
                  title TEXT NOT NULL,
                  authorId INTEGER NOT NULL REFERENCES author(id) ON DELETE CASCADE)
                """)
            try db.execute(sql: "CREATE INDEX book_on_authorId ON book(authorId)")
        }
        return migrator
    }

    private func assertMigrated(_ dbQueue: DatabaseQueue, file: StaticString = #filePath, line: UInt = #line) throws {
        try dbQueue.read { db in
            XCTAssertEqual(try db.columns(in: "author").map(\.name), ["id", "name", "country"], file: file, line: line)
            XCTAssertEqual(try db.columns(in: "book").map(\.name), ["id", "title", "authorId", "year"], file: file, line: line)
            XCTAssertTrue(try guideMigrator().hasCompletedMigrations(db), file: file, line: line)
        }
    }

    func testNewDatabase() throws {
        let dbQueue = try makeDatabaseQueue()
        try guideMigrator().migrate(dbQueue)
        try assertMigrated(dbQueue)
    }

    func testDatabaseThatAppliedSomeMergedMigrations() throws {
        for upTo in ["v1", "v2"] {
            let dbQueue = try makeDatabaseQueue()
            try oldMigrator().migrate(dbQueue, upTo: upTo)
            try guideMigrator().migrate(dbQueue)
            try assertMigrated(dbQueue)
        }
    }

    func testDatabaseThatAppliedTheMergedMigration() throws {
        let dbQueue = try makeDatabaseQueue()
        try oldMigrator().migrate(dbQueue)
        try guideMigrator().migrate(dbQueue)
        try assertMigrated(dbQueue)
        XCTAssertEqual(
            try dbQueue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") },
            ["v1", "v2", "v3", "v4"])
    }

    func testGuideShowsTheTestedCode() throws {
        try assertGuideShowsTestedCode(guide: "Documentation/Migrations.md", testFile: #filePath, names: ["merged"])
    }
}
