import Folio
import Foundation
import XCTest

/// Runs the code of Documentation/Migrations.md.
final class MigrationsGuideTests: FolioTestCase {
    /// The migrator of the "Changes SQLite Can Not Do in Place" section.
    private func recipeMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // BEGIN GUIDE CODE
        migrator.registerMigration("v1") { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text)
                t.column("email", .text).unique()
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
                t.belongsTo("author", onDelete: .cascade).notNull()
            }
        }

        migrator.registerMigration("v2") { db in
            // Step 2: the new table
            try db.create(table: "new_author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("email", .text)
            }
            // Step 3: copy the rows, with a name for everyone
            try db.execute(sql: """
                INSERT INTO new_author (id, name, email)
                SELECT id, IFNULL(name, 'Anonymous'), email FROM author
                """)
            // Steps 4 and 5: replace the old table
            try db.drop(table: "author")
            try db.rename(table: "new_author", to: "author")
            // Step 6: the unique index that replaces the unique constraint
            try db.create(indexOn: "author", columns: ["email"], options: .unique)
        }
        // END GUIDE CODE
        return migrator
    }

    func testRecreateTableRecipeKeepsReferencingRows() throws {
        let migrator = recipeMigrator()
        let dbQueue = try makeTemporaryDatabaseQueue()
        try migrator.migrate(dbQueue, upTo: "v1")
        try dbQueue.write { db in
            try db.execute(sql: """
                INSERT INTO author (id, name, email) VALUES (1, 'Herman Melville', 'herman@example.com'), (2, NULL, NULL);
                INSERT INTO book (title, authorId) VALUES ('Moby-Dick', 1), ('Typee', 1), ('Anonymous Diary', 2);
                """)
        }
        clearSQLQueries()
        try migrator.migrate(dbQueue)

        XCTAssertEqual(schemaSQLQueries, [
            #"CREATE TABLE "new_author" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "email" TEXT)"#,
            #"DROP TABLE "author""#,
            #"ALTER TABLE "new_author" RENAME TO "author""#,
            #"CREATE UNIQUE INDEX "index_author_on_email" ON "author"("email")"#,
        ])
        XCTAssertTrue(sqlQueries.contains("PRAGMA foreign_key_check"))
        try dbQueue.write { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1", "v2"])
            XCTAssertEqual(try db.columnSummaries("author"), [
                ColumnSummary("id", "INTEGER", pk: 1),
                ColumnSummary("name", "TEXT", notNull: true),
                ColumnSummary("email", "TEXT"),
            ])
            let indexes = try db.indexes(on: "author")
            XCTAssertEqual(indexes.map(\.name), ["index_author_on_email"])
            XCTAssertEqual(indexes.map(\.origin), [.createIndex])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM author ORDER BY id"), ["Herman Melville", "Anonymous"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book"), 3)
            XCTAssertEqual(try db.foreignKeySummaries("book"), [#"["authorId"] -> author["id"]"#])

            // The new schema is enforced, and the foreign key still works.
            assertDatabaseError(.SQLITE_CONSTRAINT_NOTNULL) {
                try db.execute(sql: "INSERT INTO author (name) VALUES (NULL)")
            }
            try db.execute(sql: "DELETE FROM author WHERE id = 1")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT title FROM book"), ["Anonymous Diary"])
            try db.drop(index: "index_author_on_email") // droppable, unlike the constraint
        }
    }

    func testRecreateTableRecipeFailsWhenRowsLoseTheirReference() throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text)
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("author", onDelete: .cascade).notNull()
            }
        }
        migrator.registerMigration("v2") { db in
            try db.create(table: "new_author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
            // Forgets the authors without name, and their books.
            try db.execute(sql: "INSERT INTO new_author SELECT id, name FROM author WHERE name IS NOT NULL")
            try db.drop(table: "author")
            try db.rename(table: "new_author", to: "author")
        }
        let dbQueue = try makeDatabaseQueue()
        try migrator.migrate(dbQueue, upTo: "v1")
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO author (id, name) VALUES (1, 'Herman Melville'), (2, NULL)")
            try db.execute(sql: "INSERT INTO book (id, authorId) VALUES (1, 1), (2, 2)")
        }
        let error = assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
            try migrator.migrate(dbQueue)
        }
        XCTAssertEqual(error?.message, #"FOREIGN KEY constraint violation - from book(authorId) to author(id), in [id:2 authorId:2]"#)
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1"])
            XCTAssertFalse(try db.tableExists("new_author"))
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM author"), 2)
        }
    }

    func testGuideShowsTheTestedCode() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Documentation/Migrations.md"), encoding: .utf8)
        let marker = "<!-- This code runs in Tests/FolioTests/Documentation/MigrationsGuideTests.swift -->\n```swift\n"
        let guideStart = try XCTUnwrap(guide.range(of: marker)).upperBound
        let guideEnd = try XCTUnwrap(guide.range(of: "\n```", range: guideStart..<guide.endIndex)).lowerBound
        let guideCode = String(guide[guideStart..<guideEnd])

        let source = try String(contentsOf: testFile, encoding: .utf8)
        let sourceStart = try XCTUnwrap(source.range(of: "// BEGIN GUIDE CODE\n")).upperBound
        let sourceEnd = try XCTUnwrap(source.range(of: "// END GUIDE CODE", range: sourceStart..<source.endIndex)).lowerBound
        let testedCode = String(source[sourceStart..<sourceEnd])

        func normalized(_ code: String) -> [String] {
            code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        XCTAssertEqual(normalized(guideCode), normalized(testedCode))
    }
}
