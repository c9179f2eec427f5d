import Folio
import Synchronization
import XCTest

/// The rules of GRDB's `Migrations.md` article that `DatabaseMigratorTests`
/// and `MigrationsGuideTests` do not already check: the foreign key modes
/// seen from inside a migration, the article's table recreation and
/// foreign key renaming procedures, and the documented `upTo:` and
/// `hasBeenSuperseded`/`hasCompletedMigrations` checks.
final class MigrationsDocTests: FolioTestCase {
    // "By default, each migration temporarily disables foreign keys";
    // "When you register a migration with .immediate foreign key checks,
    // the migration does not temporarily disable foreign keys";
    // `disablingDeferredForeignKeyChecks()` makes later migrations
    // unchecked, and leaves `.immediate` ones checked.
    func testForeignKeysSeenFromInsideMigrations() throws {
        let dbQueue = try makeDatabaseQueue()
        let seen = Mutex<[String: Bool]>([:])
        @Sendable func record(_ name: String, _ db: Database) throws {
            let on = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys")!
            seen.withLock { $0[name] = on }
        }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("deferred") { try record("deferred", $0) }
        migrator.registerMigration("immediate", foreignKeyChecks: .immediate) { try record("immediate", $0) }
        migrator = migrator.disablingDeferredForeignKeyChecks()
        migrator.registerMigration("unchecked") { try record("unchecked", $0) }
        migrator.registerMigration("checked", foreignKeyChecks: .immediate) { try record("checked", $0) }
        try migrator.migrate(dbQueue)
        XCTAssertEqual(seen.withLock { $0 }, ["deferred": false, "immediate": true, "unchecked": false, "checked": true])
        try dbQueue.read { db in
            XCTAssertEqual(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"), true)
            XCTAssertEqual(try migrator.appliedMigrations(db), ["deferred", "immediate", "unchecked", "checked"])
        }
    }

    private func registerLibrary(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("Create authors") { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("creationDate", .datetime)
                t.column("name", .text)
            }
        }
        migrator.registerMigration("Add books and author.birthYear") { db in
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("author").notNull()
                t.column("title", .text).notNull()
            }
            try db.alter(table: "author") { t in
                t.add(column: "birthYear", .integer)
            }
            try db.execute(sql: """
                INSERT INTO author (id, name) VALUES (1, 'Herman Melville');
                INSERT INTO book (authorId, title) VALUES (1, 'Moby-Dick');
                """)
        }
    }

    // "How to Recreate a Database Table": the article's migration, under
    // the default deferred checks, keeps the rows and the foreign key of
    // the table that refers to the recreated one.
    func testRecreatingATableKeepsForeignKeysThatReferToIt() throws {
        let dbQueue = try makeDatabaseQueue()
        var migrator = DatabaseMigrator()
        registerLibrary(&migrator)
        migrator.registerMigration("Add NOT NULL check on author.name") { db in
            try db.create(table: "new_author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("creationDate", .datetime)
                t.column("name", .text).notNull()
                t.column("birthYear", .integer)
            }
            try db.execute(sql: "INSERT INTO new_author SELECT * FROM author")
            try db.drop(table: "author")
            try db.rename(table: "new_author", to: "author")
        }
        try migrator.migrate(dbQueue)
        try dbQueue.read { db in
            let foreignKeys = try db.foreignKeys(on: "book")
            XCTAssertEqual(foreignKeys.map(\.destinationTable), ["author"])
            XCTAssertEqual(try db.columns(in: "author").first { $0.name == "name" }?.isNotNull, true)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT title FROM book JOIN author ON author.id = book.authorId"), ["Moby-Dick"])
            XCTAssertFalse(try db.tableExists("new_author"))
        }
    }

    // "migrations that run with .immediate foreign key checks can not be
    // used to recreate database tables": dropping the referenced table
    // violates the foreign key at once, and the migration is rolled back.
    func testImmediateChecksForbidRecreatingAReferencedTable() throws {
        let dbQueue = try makeDatabaseQueue()
        var migrator = DatabaseMigrator()
        registerLibrary(&migrator)
        migrator.registerMigration("Recreate author", foreignKeyChecks: .immediate) { db in
            try db.create(table: "new_author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("creationDate", .datetime)
                t.column("name", .text).notNull()
                t.column("birthYear", .integer)
            }
            try db.execute(sql: "INSERT INTO new_author SELECT * FROM author")
            try db.drop(table: "author")
            try db.rename(table: "new_author", to: "author")
        }
        XCTAssertThrowsError(try migrator.migrate(dbQueue)) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
        }
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["Create authors", "Add books and author.birthYear"])
            XCTAssertFalse(try db.tableExists("new_author"))
            XCTAssertTrue(try db.tableExists("author"))
        }
    }

    // "How to Rename a Foreign Key": with immediate checks, renaming the
    // referenced table and the column renames the foreign key.
    func testRenamingAForeignKeyWithImmediateChecks() throws {
        let dbQueue = try makeDatabaseQueue()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Teams") { db in
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("team")
            }
            try db.execute(sql: "INSERT INTO team (id) VALUES (1); INSERT INTO player (teamId) VALUES (1)")
        }
        migrator.registerMigration("Guilds", foreignKeyChecks: .immediate) { db in
            try db.rename(table: "team", to: "guild")
            try db.alter(table: "player") { t in
                t.rename(column: "teamId", to: "guildId")
            }
        }
        try migrator.migrate(dbQueue)
        try dbQueue.read { db in
            let foreignKeys = try db.foreignKeys(on: "player")
            XCTAssertEqual(foreignKeys.count, 1)
            XCTAssertEqual(foreignKeys.first?.destinationTable, "guild")
            XCTAssertEqual(foreignKeys.first?.originColumns, ["guildId"])
            XCTAssertEqual(foreignKeys.first?.destinationColumns, ["id"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT guildId FROM player"), 1)
        }
    }

    // "Migrations can only run forward": migrating up to an earlier
    // migration after a later one throws, and changes nothing.
    // `hasCompletedMigrations` and `hasBeenSuperseded`, as in the article.
    func testMigrationsOnlyRunForwardAndVersionChecks() throws {
        let dbQueue = try makeDatabaseQueue()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { try $0.execute(sql: "CREATE TABLE t1 (a)") }
        migrator.registerMigration("v2") { try $0.execute(sql: "CREATE TABLE t2 (a)") }
        migrator.registerMigration("v3") { try $0.execute(sql: "CREATE TABLE t3 (a)") }

        try migrator.migrate(dbQueue, upTo: "v2")
        try dbQueue.read { db in
            XCTAssertFalse(try migrator.hasCompletedMigrations(db))
            XCTAssertFalse(try migrator.hasBeenSuperseded(db))
            XCTAssertEqual(try migrator.completedMigrations(db), ["v1", "v2"])
        }
        try migrator.migrate(dbQueue, upTo: "v2")
        XCTAssertThrowsError(try migrator.migrate(dbQueue, upTo: "v1")) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, #"database is already migrated beyond migration "v1""#)
        }
        try migrator.migrate(dbQueue)
        try dbQueue.read { db in
            XCTAssertTrue(try migrator.hasCompletedMigrations(db))
            XCTAssertFalse(try migrator.hasBeenSuperseded(db))
            XCTAssertEqual(try migrator.appliedIdentifiers(db), ["v1", "v2", "v3"])
            // The reserved table holds the memory of applied migrations.
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"), ["v1", "v2", "v3"])
            XCTAssertTrue(Database.isGRDBInternalTable("grdb_migrations"))
        }

        // An older application sees a database too new.
        var oldMigrator = DatabaseMigrator()
        oldMigrator.registerMigration("v1") { try $0.execute(sql: "CREATE TABLE t1 (a)") }
        try dbQueue.read { db in
            XCTAssertTrue(try oldMigrator.hasCompletedMigrations(db))
            XCTAssertTrue(try oldMigrator.hasBeenSuperseded(db))
            XCTAssertEqual(try oldMigrator.appliedMigrations(db), ["v1"])
            XCTAssertEqual(try oldMigrator.appliedIdentifiers(db), ["v1", "v2", "v3"])
        }
    }

    // `disablingDeferredForeignKeyChecks()`, then "Perform foreign key
    // checks on some tables only": `checkForeignKeys(in:)` throws the
    // documented message and stops migrations.
    func testPartiallyCheckedMigrationStopsOnViolation() throws {
        let dbQueue = try makeDatabaseQueue()
        var migrator = DatabaseMigrator().disablingDeferredForeignKeyChecks()
        migrator.registerMigration("Partially checked") { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("author")
                t.column("name", .text)
            }
            try db.execute(sql: "INSERT INTO book (id, authorId, name) VALUES (1, 2, 'Moby-Dick')")
            try db.checkForeignKeys(in: "book")
        }
        migrator.registerMigration("Never") { try $0.execute(sql: "CREATE TABLE never (a)") }
        XCTAssertThrowsError(try migrator.migrate(dbQueue)) { error in
            XCTAssertEqual(
                (error as? DatabaseError)?.description,
                #"SQLite error 19: FOREIGN KEY constraint violation - from book(authorId) to author(id), in [id:1 authorId:2 name:"Moby-Dick"]"#)
        }
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), [])
            XCTAssertFalse(try db.tableExists("book"))
            XCTAssertFalse(try db.tableExists("never"))
        }
    }

    // "Each migration runs in a separate transaction. Should one throw an
    // error, its transaction is rollbacked, subsequent migrations do not
    // run, and the error is eventually thrown by migrate(_:)" (the error
    // itself, whatever its type).
    func testEachMigrationRunsInItsOwnTransactionAndItsErrorIsThrown() throws {
        struct MigrationFailure: Error, Equatable { }
        let dbQueue = try makeDatabaseQueue()
        let transactionStates = Mutex<[Bool]>([])
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            transactionStates.withLock { $0.append(db.isInsideTransaction) }
            try db.execute(sql: "CREATE TABLE t1 (a)")
        }
        migrator.registerMigration("v2", foreignKeyChecks: .immediate) { db in
            transactionStates.withLock { $0.append(db.isInsideTransaction) }
            try db.execute(sql: "CREATE TABLE t2 (a)")
            throw MigrationFailure()
        }
        migrator.registerMigration("v3") { db in
            try db.execute(sql: "CREATE TABLE t3 (a)")
        }
        XCTAssertThrowsError(try migrator.migrate(dbQueue)) { error in
            XCTAssertEqual(error as? MigrationFailure, MigrationFailure())
        }
        XCTAssertEqual(transactionStates.withLock { $0 }, [true, true])
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1"])
            XCTAssertTrue(try db.tableExists("t1"))
            XCTAssertFalse(try db.tableExists("t2"))
            XCTAssertFalse(try db.tableExists("t3"))
        }
    }

    // The eraseDatabaseOnSchemaChange option with a database pool: a
    // changed migration wipes the database and migrates it again.
    func testEraseDatabaseOnSchemaChangeWithADatabasePool() throws {
        let path = temporaryDatabasePath()
        func migrator(withScore: Bool) -> DatabaseMigrator {
            var migrator = DatabaseMigrator()
            migrator.eraseDatabaseOnSchemaChange = true
            migrator.registerMigration("v1") { db in
                try db.create(table: "player") { t in
                    t.autoIncrementedPrimaryKey("id")
                    t.column("name", .text)
                    if withScore { t.column("score", .integer) }
                }
            }
            return migrator
        }
        do {
            let dbPool = try DatabasePool(path: path)
            try migrator(withScore: false).migrate(dbPool)
            try dbPool.write { try $0.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
            try migrator(withScore: false).migrate(dbPool)
            XCTAssertEqual(try dbPool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM player") }, 1)
            XCTAssertTrue(try dbPool.read(migrator(withScore: true).hasSchemaChanges))
            try migrator(withScore: true).migrate(dbPool)
            try dbPool.read { db in
                XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
                XCTAssertEqual(try db.columns(in: "player").map(\.name), ["id", "name", "score"])
                XCTAssertFalse(try migrator(withScore: true).hasSchemaChanges(db))
            }
        }
    }
}
