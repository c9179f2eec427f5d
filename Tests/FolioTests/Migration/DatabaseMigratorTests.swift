import Folio
import XCTest

final class DatabaseMigratorTests: FolioTestCase {
    /// v1 creates the library, v2 adds author.country and a review table.
    private func libraryMigrator(upToV2: Bool = true) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
                t.belongsTo("author", onDelete: .cascade).notNull()
            }
        }
        if upToV2 {
            migrator.registerMigration("v2") { db in
                try db.alter(table: "author") { t in
                    t.add(column: "country", .text)
                }
                try db.create(table: "review") { t in
                    t.autoIncrementedPrimaryKey("id")
                    t.belongsTo("book", onDelete: .cascade).notNull()
                    t.column("stars", .integer).notNull().check(sql: "stars BETWEEN 1 AND 5")
                }
            }
        }
        return migrator
    }

    func testMigrateRunsMigrationsInOrderAndRecordsThem() throws {
        let migrator = libraryMigrator()
        XCTAssertEqual(migrator.migrations, ["v1", "v2"])
        let dbQueue = try makeDatabaseQueue()
        try migrator.migrate(dbQueue)

        XCTAssertEqual(schemaSQLQueries, [
            #"CREATE TABLE "grdb_migrations" ("identifier" TEXT NOT NULL PRIMARY KEY)"#,
            #"CREATE TABLE "author" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL)"#,
            #"CREATE TABLE "book" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL, "authorId" INTEGER NOT NULL REFERENCES "author"("id") ON DELETE CASCADE)"#,
            #"CREATE INDEX "book_on_authorId" ON "book"("authorId")"#,
            #"ALTER TABLE "author" ADD COLUMN "country" TEXT"#,
            #"CREATE TABLE "review" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "bookId" INTEGER NOT NULL REFERENCES "book"("id") ON DELETE CASCADE, "stars" INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5))"#,
            #"CREATE INDEX "review_on_bookId" ON "review"("bookId")"#,
        ])
        // One transaction per migration, with foreign keys off (switched
        // once for consecutive migrations: see MigrationForeignKeysTests).
        XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("BEGIN") || $0.hasPrefix("COMMIT") || $0.hasPrefix("PRAGMA foreign_keys =") }, [
            "PRAGMA foreign_keys = OFF",
            "BEGIN IMMEDIATE TRANSACTION", "COMMIT TRANSACTION",
            "BEGIN IMMEDIATE TRANSACTION", "COMMIT TRANSACTION",
            "PRAGMA foreign_keys = ON",
        ])
        XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("INSERT") }, [
            #"INSERT INTO "grdb_migrations" ("identifier") VALUES (?)"#,
            #"INSERT INTO "grdb_migrations" ("identifier") VALUES (?)"#,
        ])

        try dbQueue.read { db in
            XCTAssertEqual(try db.columnSummaries("grdb_migrations"), [ColumnSummary("identifier", "TEXT", notNull: true, pk: 1)])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"), ["v1", "v2"])
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1", "v2"])
            XCTAssertEqual(try migrator.appliedIdentifiers(db), ["v1", "v2"])
            XCTAssertEqual(try migrator.completedMigrations(db), ["v1", "v2"])
            XCTAssertTrue(try migrator.hasCompletedMigrations(db))
            XCTAssertFalse(try migrator.hasBeenSuperseded(db))
            XCTAssertEqual(try db.columns(in: "author").map(\.name), ["id", "name", "country"])
            XCTAssertEqual(try db.foreignKeySummaries("review"), [#"["bookId"] -> book["id"]"#])
        }
    }

    func testMigratingAgainDoesNothing() throws {
        let migrator = libraryMigrator()
        let dbQueue = try makeDatabaseQueue()
        try migrator.migrate(dbQueue)
        clearSQLQueries()
        try migrator.migrate(dbQueue)
        XCTAssertEqual(schemaSQLQueries, [])
        XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("INSERT") || $0.hasPrefix("BEGIN") || $0.hasPrefix("PRAGMA foreign_keys =") }, [])
    }

    func testMigratingANewDatabaseDoesNotReadTheMigrationsTableItCreates() throws {
        let migrator = libraryMigrator()
        let dbQueue = try makeDatabaseQueue()
        clearSQLQueries()
        try migrator.migrate(dbQueue)
        XCTAssertFalse(sqlQueries.contains { $0.contains("FROM \"grdb_migrations\"") })
        XCTAssertEqual(try dbQueue.read(migrator.appliedMigrations), ["v1", "v2"])
    }

    func testMigratingADatabaseWithAnEmptyMigrationsTableRunsAllMigrations() throws {
        let migrator = libraryMigrator()
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        }
        clearSQLQueries()
        try migrator.migrate(dbQueue)
        XCTAssertTrue(sqlQueries.contains { $0.contains("FROM \"grdb_migrations\"") })
        XCTAssertFalse(sqlQueries.contains { $0.hasPrefix("CREATE TABLE \"grdb_migrations\"") })
        XCTAssertEqual(try dbQueue.read(migrator.appliedMigrations), ["v1", "v2"])
    }

    func testMigrateUpToStopsAtTarget() throws {
        let migrator = libraryMigrator()
        let dbQueue = try makeDatabaseQueue()
        try migrator.migrate(dbQueue, upTo: "v1")
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1"])
            XCTAssertFalse(try migrator.hasCompletedMigrations(db))
            XCTAssertFalse(try db.tableExists("review"))
        }
        try migrator.migrate(dbQueue, upTo: "v2")
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1", "v2"])
            XCTAssertTrue(try db.tableExists("review"))
        }
        // Migrations only run forward. GRDB's Migrations.md: `// ^ fatal
        // error: database is already migrated beyond migration "v1"`
        // (Folio throws the documented message instead of trapping).
        let error = assertDatabaseError(.SQLITE_ERROR) {
            try migrator.migrate(dbQueue, upTo: "v1")
        }
        XCTAssertEqual(error?.message, #"database is already migrated beyond migration "v1""#)
        XCTAssertEqual(error?.description, #"SQLite error 1: database is already migrated beyond migration "v1""#)
    }

    func testFailingMigrationRollsBackCompletelyAndKeepsEarlierMigrations() throws {
        struct MigrationError: Error { }
        var migrator = libraryMigrator(upToV2: false)
        migrator.registerMigration("v2") { db in
            try db.create(table: "review") { t in t.autoIncrementedPrimaryKey("id") }
            try db.execute(sql: "INSERT INTO author (name) VALUES ('Herman Melville')")
            throw MigrationError()
        }
        migrator.registerMigration("v3") { db in
            try db.create(table: "publisher") { t in t.autoIncrementedPrimaryKey("id") }
        }
        let dbQueue = try makeDatabaseQueue()
        XCTAssertThrowsError(try migrator.migrate(dbQueue)) { error in
            XCTAssertTrue(error is MigrationError, "\(error)")
        }
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1"])
            XCTAssertTrue(try db.tableExists("author"))
            XCTAssertFalse(try db.tableExists("review"))
            XCTAssertFalse(try db.tableExists("publisher"))
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM author"), 0)
            XCTAssertEqual(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"), true)
        }
    }

    func testFailingStatementInMigrationThrowsItsDatabaseError() throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE player (name TEXT)")
            try db.execute(sql: "INSERT INTO missing VALUES (1)")
        }
        let dbQueue = try makeDatabaseQueue()
        let error = assertDatabaseError(.SQLITE_ERROR) {
            try migrator.migrate(dbQueue)
        }
        XCTAssertEqual(error?.message, "no such table: missing")
        XCTAssertEqual(error?.sql, "INSERT INTO missing VALUES (1)")
        XCTAssertFalse(try dbQueue.read { try $0.tableExists("player") })
    }

    func testDeferredForeignKeyViolationThrowsDescriptiveError() throws {
        var migrator = libraryMigrator(upToV2: false)
        migrator.registerMigration("orphan books") { db in
            try db.execute(sql: "INSERT INTO author (id, name) VALUES (1, 'Herman Melville')")
            try db.execute(sql: "INSERT INTO book (id, title, authorId) VALUES (1, 'Moby-Dick', 1)")
            try db.execute(sql: "INSERT INTO book (id, title, authorId) VALUES (2, 'Nemo', 2)")
        }
        let dbQueue = try makeDatabaseQueue()
        let error = assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
            try migrator.migrate(dbQueue)
        }
        // As GRDB's Migrations article shows it: the message names the
        // tables, the columns and the row, without the migration.
        XCTAssertEqual(error?.message, #"FOREIGN KEY constraint violation - from book(authorId) to author(id), in [id:2 title:"Nemo" authorId:2]"#)
        XCTAssertEqual(error.map(String.init(describing:)), #"SQLite error 19: FOREIGN KEY constraint violation - from book(authorId) to author(id), in [id:2 title:"Nemo" authorId:2]"#)
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book"), 0)
            XCTAssertEqual(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"), true)
        }
    }

    func testDeferredForeignKeyChecksAllowTemporaryViolations() throws {
        var migrator = libraryMigrator(upToV2: false)
        migrator.registerMigration("data") { db in
            // Book before its author: fine until the migration ends.
            try db.execute(sql: "INSERT INTO book (id, title, authorId) VALUES (1, 'Moby-Dick', 1)")
            try db.execute(sql: "INSERT INTO author (id, name) VALUES (1, 'Herman Melville')")
        }
        let dbQueue = try makeDatabaseQueue()
        try migrator.migrate(dbQueue)
        XCTAssertTrue(sqlQueries.contains("PRAGMA foreign_key_check"))
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM book") }, 1)
    }

    func testImmediateForeignKeyChecksFailAtTheStatement() throws {
        var migrator = libraryMigrator(upToV2: false)
        migrator.registerMigration("data", foreignKeyChecks: .immediate) { db in
            try db.execute(sql: "INSERT INTO book (id, title, authorId) VALUES (1, 'Moby-Dick', 1)")
        }
        let dbQueue = try makeDatabaseQueue()
        try migrator.migrate(dbQueue, upTo: "v1")
        clearSQLQueries()
        let error = assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
            try migrator.migrate(dbQueue)
        }
        XCTAssertEqual(error?.sql, "INSERT INTO book (id, title, authorId) VALUES (1, 'Moby-Dick', 1)")
        XCTAssertFalse(sqlQueries.contains { $0.hasPrefix("PRAGMA foreign_key") })
        XCTAssertEqual(try dbQueue.read(migrator.appliedMigrations), ["v1"])
    }

    func testDisablingDeferredForeignKeyChecksCommitsViolations() throws {
        var migrator = libraryMigrator(upToV2: false).disablingDeferredForeignKeyChecks()
        migrator.registerMigration("unchecked") { db in
            try db.execute(sql: "INSERT INTO book (id, title, authorId) VALUES (1, 'Moby-Dick', 1)")
        }
        migrator.registerMigration("checked", foreignKeyChecks: .immediate) { db in
            try db.execute(sql: "INSERT INTO book (id, title, authorId) VALUES (2, 'Typee', 1)")
        }
        let dbQueue = try makeDatabaseQueue()
        assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
            try migrator.migrate(dbQueue)
        }
        // Only v1, registered before disablingDeferredForeignKeyChecks(), checks.
        XCTAssertEqual(sqlQueries.filter { $0 == "PRAGMA foreign_key_check" }.count, 1)
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1", "unchecked"])
            assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
                try db.checkForeignKeys()
            }
        }
    }

    func testForeignKeysDisabledByConfigurationAreNotChecked() throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        var migrator = libraryMigrator(upToV2: false)
        migrator.registerMigration("orphan") { db in
            try db.execute(sql: "INSERT INTO book (id, title, authorId) VALUES (1, 'Moby-Dick', 1)")
        }
        let dbQueue = try makeDatabaseQueue(configuration: configuration)
        try migrator.migrate(dbQueue)
        XCTAssertFalse(sqlQueries.contains { $0.hasPrefix("PRAGMA foreign_key") && $0 != "PRAGMA foreign_keys" })
        XCTAssertEqual(try dbQueue.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") }, false)
    }

    func testDatabaseMigratedByGRDBIsReadCorrectly() throws {
        let dbQueue = try makeDatabaseQueue()
        // The state GRDB leaves after running migration "v1".
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1');
                CREATE TABLE author (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, authorId INTEGER NOT NULL REFERENCES author(id) ON DELETE CASCADE);
                INSERT INTO author (name) VALUES ('Herman Melville');
                """)
        }
        let migrator = libraryMigrator()
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1"])
            XCTAssertFalse(try migrator.hasCompletedMigrations(db))
        }
        try migrator.migrate(dbQueue) // v1 would fail if it ran again
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1", "v2"])
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT * FROM author"), ["id": 1, "name": "Herman Melville", "country": nil])
        }
    }

    func testUpgradePathKeepsRowsAndEndsWithNewSchema() throws {
        let path = temporaryDatabasePath()
        do {
            // Version 1 of the application
            let dbQueue = try DatabaseQueue(path: path)
            try libraryMigrator(upToV2: false).migrate(dbQueue)
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO author (id, name) VALUES (1, 'Herman Melville')")
                try db.execute(sql: "INSERT INTO book (title, authorId) VALUES ('Moby-Dick', 1), ('Typee', 1)")
            }
            try dbQueue.close()
        }
        // Version 2 of the application
        let dbQueue = try DatabaseQueue(path: path)
        let migrator = libraryMigrator()
        XCTAssertFalse(try dbQueue.read(migrator.hasCompletedMigrations))
        try migrator.migrate(dbQueue)
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1", "v2"])
            XCTAssertEqual(try db.columnSummaries("author"), [
                ColumnSummary("id", "INTEGER", pk: 1),
                ColumnSummary("name", "TEXT", notNull: true),
                ColumnSummary("country", "TEXT"),
            ])
            XCTAssertEqual(try db.columns(in: "review").map(\.name), ["id", "bookId", "stars"])
            XCTAssertEqual(try db.indexSummaries("review"), [#"review_on_bookId["bookId"]"#])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT title FROM book ORDER BY id"), ["Moby-Dick", "Typee"])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM author"), "Herman Melville")
        }
    }

    func testSupersededDatabaseIsLeftUnchanged() throws {
        // A newer version of the application migrated the database.
        var newMigrator = libraryMigrator()
        newMigrator.registerMigration("v3") { db in
            try db.create(table: "publisher") { t in t.autoIncrementedPrimaryKey("id") }
        }
        let dbQueue = try makeDatabaseQueue()
        try newMigrator.migrate(dbQueue)

        // The older version does not know v3, and registers a v3-bis of
        // its own that the newer version has replaced.
        var oldMigrator = libraryMigrator()
        oldMigrator.registerMigration("v3-bis") { db in
            try db.create(table: "editor") { t in t.autoIncrementedPrimaryKey("id") }
        }
        try dbQueue.read { db in
            XCTAssertTrue(try oldMigrator.hasBeenSuperseded(db))
            XCTAssertEqual(try oldMigrator.appliedMigrations(db), ["v1", "v2"])
            XCTAssertEqual(try oldMigrator.appliedIdentifiers(db), ["v1", "v2", "v3"])
            XCTAssertFalse(try oldMigrator.hasCompletedMigrations(db))
            XCTAssertTrue(try libraryMigrator().hasCompletedMigrations(db))
        }
        clearSQLQueries()
        try oldMigrator.migrate(dbQueue)
        try libraryMigrator().migrate(dbQueue)
        XCTAssertEqual(schemaSQLQueries, [])
        XCTAssertFalse(sqlQueries.contains { $0.hasPrefix("INSERT") || $0.hasPrefix("BEGIN") })
        try dbQueue.read { db in
            XCTAssertFalse(try db.tableExists("editor"))
            XCTAssertTrue(try db.tableExists("publisher"))
        }
    }

    func testCompletedMigrationsStopAtTheFirstUnappliedMigration() throws {
        var migrator = DatabaseMigrator()
        for identifier in ["a", "b", "c"] {
            migrator.registerMigration(identifier) { _ in }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try migrator.appliedIdentifiers(db), [])
            XCTAssertEqual(try migrator.completedMigrations(db), [])
            XCTAssertFalse(try migrator.hasCompletedMigrations(db))
            XCTAssertFalse(try db.tableExists("grdb_migrations")) // reading creates nothing

            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('a'), ('c')")
            XCTAssertEqual(try migrator.appliedMigrations(db), ["a", "c"])
            XCTAssertEqual(try migrator.completedMigrations(db), ["a"])
            XCTAssertFalse(try migrator.hasCompletedMigrations(db))
        }
        try migrator.migrate(dbQueue)
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.completedMigrations(db), ["a", "b", "c"])
            XCTAssertTrue(try migrator.hasCompletedMigrations(db))
        }
    }

    func testMigratorWithoutMigrations() throws {
        let migrator = DatabaseMigrator()
        let dbQueue = try makeDatabaseQueue()
        try migrator.migrate(dbQueue)
        try dbQueue.read { db in
            XCTAssertTrue(try migrator.hasCompletedMigrations(db))
            XCTAssertEqual(try migrator.appliedMigrations(db), [])
        }
    }

    // MARK: - eraseDatabaseOnSchemaChange

    /// A migrator whose single migration creates a player table, with or
    /// without a score column.
    private func playerMigrator(identifier: String = "createPlayer", withScore: Bool) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.eraseDatabaseOnSchemaChange = true
        migrator.registerMigration(identifier) { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                if withScore {
                    t.column("score", .integer)
                }
            }
        }
        return migrator
    }

    private func playerCount(_ dbQueue: DatabaseQueue) throws -> Int {
        try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM player")! }
    }

    func testEraseDatabaseOnSchemaChangeKeepsDatabaseWhenMigrationsAreUnchanged() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try playerMigrator(withScore: false).migrate(dbQueue)
        try dbQueue.write { try $0.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        XCTAssertFalse(try dbQueue.read(playerMigrator(withScore: false).hasSchemaChanges))
        try playerMigrator(withScore: false).migrate(dbQueue)
        XCTAssertEqual(try playerCount(dbQueue), 1)
    }

    func testEraseDatabaseOnSchemaChangeErasesAndMigratesAgainWhenAMigrationChanges() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try playerMigrator(withScore: false).migrate(dbQueue)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            try db.execute(sql: "CREATE TABLE leftover (a)")
        }
        let changedMigrator = playerMigrator(withScore: true)
        XCTAssertTrue(try dbQueue.read(changedMigrator.hasSchemaChanges))
        try changedMigrator.migrate(dbQueue)
        XCTAssertEqual(try playerCount(dbQueue), 0)
        try dbQueue.read { db in
            XCTAssertEqual(try db.columns(in: "player").map(\.name), ["id", "name", "score"])
            XCTAssertFalse(try db.tableExists("leftover"))
            XCTAssertEqual(try changedMigrator.appliedMigrations(db), ["createPlayer"])
            XCTAssertFalse(try changedMigrator.hasSchemaChanges(db))
        }
    }

    func testEraseDatabaseOnSchemaChangeErasesWhenAMigrationIsRenamed() throws {
        let dbQueue = try makeDatabaseQueue()
        try playerMigrator(withScore: false).migrate(dbQueue)
        try dbQueue.write { try $0.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        let renamedMigrator = playerMigrator(identifier: "initial", withScore: false)
        XCTAssertTrue(try dbQueue.read(renamedMigrator.hasSchemaChanges))
        try renamedMigrator.migrate(dbQueue)
        XCTAssertEqual(try playerCount(dbQueue), 0)
        XCTAssertEqual(try dbQueue.read(renamedMigrator.appliedIdentifiers), ["initial"])
    }

    func testChangedMigrationsAreIgnoredWithoutEraseOption() throws {
        let dbQueue = try makeDatabaseQueue()
        try playerMigrator(withScore: false).migrate(dbQueue)
        try dbQueue.write { try $0.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        var changedMigrator = playerMigrator(withScore: true)
        changedMigrator.eraseDatabaseOnSchemaChange = false
        try changedMigrator.migrate(dbQueue)
        XCTAssertEqual(try playerCount(dbQueue), 1)
        XCTAssertEqual(try dbQueue.read { try $0.columns(in: "player").map(\.name) }, ["id", "name"])
    }

    func testEraseDeletesAllSchemaObjectsAndContent() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try libraryMigrator().migrate(dbQueue)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO author (name) VALUES ('Herman Melville')")
            try db.create(view: "authorName", asLiteral: "SELECT name FROM author")
        }
        try dbQueue.erase()
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sqlite_master") }, 0)
        try libraryMigrator().migrate(dbQueue)
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM author") }, 0)
    }
}
