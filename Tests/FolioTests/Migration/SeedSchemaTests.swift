import Folio
import XCTest

/// The schema samples of the specification pages (the seeds), as written
/// there, with the schema they describe.
final class SeedSchemaTests: FolioTestCase {
    // MARK: - GoodPracticesForDesigningRecordTypes: Trust SQLite More Than Yourself

    func testCreateLibraryMigration() throws {
        let dbQueue = try makeDatabaseQueue()

        var migrator = DatabaseMigrator()

        migrator.registerMigration("createLibrary") { db in
            try db.create(table: "author") { t in             // (1)
                t.autoIncrementedPrimaryKey("id")             // (2)
                t.column("name", .text).notNull()             // (3)
                t.column("country", .text)                    // (4)
            }

            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()            // (5)
                t.column("authorId", .integer)                // (6)
                    .notNull()                                // (7)
                    .indexed()                                // (8)
                    .references("author", onDelete: .cascade) // (9)
            }
        }

        try migrator.migrate(dbQueue)

        XCTAssertEqual(schemaSQLQueries.dropFirst(), [
            #"CREATE TABLE "author" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "country" TEXT)"#,
            #"CREATE TABLE "book" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL, "authorId" INTEGER NOT NULL REFERENCES "author"("id") ON DELETE CASCADE)"#,
            #"CREATE INDEX "book_on_authorId" ON "book"("authorId")"#,
        ])
        try dbQueue.write { db in
            XCTAssertEqual(try db.columnSummaries("author"), [
                ColumnSummary("id", "INTEGER", pk: 1),
                ColumnSummary("name", "TEXT", notNull: true),
                ColumnSummary("country", "TEXT"),
            ])
            XCTAssertEqual(try db.columnSummaries("book"), [
                ColumnSummary("id", "INTEGER", pk: 1),
                ColumnSummary("title", "TEXT", notNull: true),
                ColumnSummary("authorId", "INTEGER", notNull: true),
            ])
            XCTAssertEqual(try db.primaryKey("book").rowIDColumn, "id")
            XCTAssertEqual(try db.indexSummaries("book"), [#"book_on_authorId["authorId"]"#])
            XCTAssertEqual(try db.foreignKeySummaries("book"), [#"["authorId"] -> author["id"]"#])

            // SQLite guarantees consistent data:
            try db.execute(sql: "INSERT INTO author (id, name) VALUES (1, 'Herman Melville')")
            try db.execute(sql: "INSERT INTO book (title, authorId) VALUES ('Moby-Dick', 1)")
            // An author must have a name
            assertDatabaseError(.SQLITE_CONSTRAINT_NOTNULL) {
                try db.execute(sql: "INSERT INTO author (name) VALUES (NULL)")
            }
            // A book must have a title
            assertDatabaseError(.SQLITE_CONSTRAINT_NOTNULL) {
                try db.execute(sql: "INSERT INTO book (title, authorId) VALUES (NULL, 1)")
            }
            // All books have an author
            assertDatabaseError(.SQLITE_CONSTRAINT_NOTNULL) {
                try db.execute(sql: "INSERT INTO book (title, authorId) VALUES ('Typee', NULL)")
            }
            // No book refers to a missing author
            assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
                try db.execute(sql: "INSERT INTO book (title, authorId) VALUES ('Nemo', 2)")
            }
            // Deleting an author deletes their books
            try db.execute(sql: "DELETE FROM author WHERE id = 1")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book"), 0)
        }
    }

    func testCreateLibraryMigrationOfEarlierGuide() throws {
        let dbQueue = try makeDatabaseQueue()

        var migrator = DatabaseMigrator()

        migrator.registerMigration("createLibrary") { db in
            try db.create(table: "author") { t in             // (1)
                t.autoIncrementedPrimaryKey("id")             // (2)
                t.column("name", .text).notNull()             // (3)
            }

            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()            // (4)
                t.column("authorId", .integer)                // (5)
                    .notNull()                                // (6)
                    .indexed()                                // (7)
                    .references("author", onDelete: .cascade) // (8)
            }
        }

        try migrator.migrate(dbQueue)

        try dbQueue.read { db in
            XCTAssertEqual(try db.columns(in: "author").map(\.name), ["id", "name"])
            XCTAssertEqual(try db.columns(in: "book").map(\.name), ["id", "title", "authorId"])
            XCTAssertEqual(try db.indexSummaries("book"), [#"book_on_authorId["authorId"]"#])
            XCTAssertEqual(try db.foreignKeySummaries("book"), [#"["authorId"] -> author["id"]"#])
        }
    }

    // MARK: - DatabaseAccessLayerTutorial: The Database Schema

    func testTutorialInitialMigrationMatchesRawSQLVersion() throws {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("initial") { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
        }

        var rawMigrator = DatabaseMigrator()

        rawMigrator.registerMigration("initial") { db in
            try db.execute(sql: """
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    score INTEGER NOT NULL
                )
                """)
        }

        let dbQueue = try makeDatabaseQueue()
        try migrator.migrate(dbQueue)
        XCTAssertEqual(schemaSQLQueries.last, #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "score" INTEGER NOT NULL)"#)
        let rawQueue = try makeDatabaseQueue()
        try rawMigrator.migrate(rawQueue)

        let schema = try dbQueue.read { db in (try db.columnSummaries("player"), try db.primaryKey("player")) }
        let rawSchema = try rawQueue.read { db in (try db.columnSummaries("player"), try db.primaryKey("player")) }
        XCTAssertEqual(schema.0, rawSchema.0)
        XCTAssertEqual(schema.1, rawSchema.1)
        XCTAssertEqual(schema.0, [
            ColumnSummary("id", "INTEGER", pk: 1),
            ColumnSummary("name", "TEXT", notNull: true),
            ColumnSummary("score", "INTEGER", notNull: true),
        ])
        XCTAssertEqual(try dbQueue.read { try Bool.fetchOne($0, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_sequence'") }, true)
    }

    // MARK: - DatabaseSchemaRecommendations

    func testTableNamesSamples() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // RECOMMENDED
            try db.create(table: "player") { t in
                // table columns and constraints
                t.column("name", .text)
            }

            // REQUIRES EXTRA CONFIGURATION
            try db.create(table: "players") { t in
                // table columns and constraints
                t.column("name", .text)
            }
            XCTAssertTrue(try db.tableExists("player"))
            XCTAssertTrue(try db.tableExists("players"))
        }
    }

    func testColumnNamesSamples() throws {
        let recommended = try makeDatabaseQueue()
        try recommended.inDatabase { db in
            // RECOMMENDED
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("fullName", .text).notNull()
                t.column("score", .integer).notNull()
                t.column("creationDate", .datetime).notNull()
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "fullName" TEXT NOT NULL, "score" INTEGER NOT NULL, "creationDate" DATETIME NOT NULL)"#)
        }
        let other = try makeDatabaseQueue()
        try other.inDatabase { db in
            // REQUIRES EXTRA CONFIGURATION
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("full_name", .text).notNull()
                t.column("score", .integer).notNull()
                t.column("creation_date", .datetime).notNull()
            }
            XCTAssertEqual(try db.columns(in: "player").map(\.name), ["id", "full_name", "score", "creation_date"])
        }
    }

    func testExplicitPrimaryKeysSamples() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // RECOMMENDED
            try db.create(table: "player") { t in
                // Auto-incremented primary key
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }

            try db.create(table: "team") { t in
                // Single-column primary key
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
            }

            try db.create(table: "membership") { t in
                // Composite primary key
                t.primaryKey {
                    t.belongsTo("player")
                    t.belongsTo("team")
                }
                t.column("role", .text).notNull()
            }

            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL)"#,
                #"CREATE TABLE "team" ("id" TEXT PRIMARY KEY NOT NULL, "name" TEXT NOT NULL)"#,
                #"CREATE TABLE "membership" ("playerId" INTEGER NOT NULL REFERENCES "player"("id"), "teamId" TEXT NOT NULL REFERENCES "team"("id"), "role" TEXT NOT NULL, PRIMARY KEY ("playerId", "teamId"))"#,
                #"CREATE INDEX "membership_on_teamId" ON "membership"("teamId")"#,
            ])
            XCTAssertEqual(try db.primaryKey("player").rowIDColumn, "id")
            XCTAssertEqual(try db.primaryKey("team").columns, ["id"])
            XCTAssertEqual(try db.primaryKey("membership").columns, ["playerId", "teamId"])
            XCTAssertEqual(try db.columnSummaries("membership"), [
                ColumnSummary("playerId", "INTEGER", notNull: true, pk: 1),
                ColumnSummary("teamId", "TEXT", notNull: true, pk: 2),
                ColumnSummary("role", "TEXT", notNull: true),
            ])
            XCTAssertEqual(try db.foreignKeySummaries("membership").sorted(), [
                #"["playerId"] -> player["id"]"#,
                #"["teamId"] -> team["id"]"#,
            ])
            XCTAssertEqual(try db.indexSummaries("membership"), [
                #"membership_on_teamId["teamId"]"#,
                #"sqlite_autoindex_membership_1["playerId", "teamId"] unique"#,
            ])

            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            try db.execute(sql: "INSERT INTO team (id, name) VALUES ('reds', 'Reds')")
            try db.execute(sql: "INSERT INTO membership (playerId, teamId, role) VALUES (1, 'reds', 'captain')")
            assertDatabaseError(.SQLITE_CONSTRAINT_PRIMARYKEY) {
                try db.execute(sql: "INSERT INTO membership (playerId, teamId, role) VALUES (1, 'reds', 'goalkeeper')")
            }
            assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
                try db.execute(sql: "INSERT INTO membership (playerId, teamId, role) VALUES (2, 'reds', 'captain')")
            }
        }
    }

    func testTableWithoutExplicitPrimaryKeySample() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // A table without any explicit primary key
            try db.create(table: "player") { t in
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("name" TEXT NOT NULL, "score" INTEGER NOT NULL)"#)
            let primaryKey = try db.primaryKey("player")
            XCTAssertEqual(primaryKey.columns, ["rowid"])
            XCTAssertTrue(primaryKey.isRowID)
        }
    }

    func testPrimaryKeyNamingSamples() throws {
        let recommended = try makeDatabaseQueue()
        try recommended.inDatabase { db in
            // RECOMMENDED
            try db.create(table: "player") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
            }
            XCTAssertEqual(try db.primaryKey("player").columns, ["id"])
        }
        let other = try makeDatabaseQueue()
        try other.inDatabase { db in
            // REQUIRES EXTRA CONFIGURATION
            try db.create(table: "player") { t in
                t.primaryKey("uuid", .text)
                t.column("name", .text).notNull()
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("uuid" TEXT PRIMARY KEY NOT NULL, "name" TEXT NOT NULL)"#)
            XCTAssertEqual(try db.primaryKey("player").columns, ["uuid"])
        }
    }

    func testUniqueKeysSamples() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            clearSQLQueries()

            // RECOMMENDED
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("team").notNull()
                t.column("position", .integer).notNull()
                // Players must have distinct names
                t.column("name", .text).unique()
            }

            // One single player at any given position in a team
            try db.create(
                indexOn: "player",
                columns: ["teamId", "position"],
                options: .unique)

            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "teamId" INTEGER NOT NULL REFERENCES "team"("id"), "position" INTEGER NOT NULL, "name" TEXT UNIQUE)"#,
                #"CREATE INDEX "player_on_teamId" ON "player"("teamId")"#,
                #"CREATE UNIQUE INDEX "index_player_on_teamId_position" ON "player"("teamId", "position")"#,
            ])
            XCTAssertTrue(try db.table("player", hasUniqueKey: ["name"]))
            XCTAssertTrue(try db.table("player", hasUniqueKey: ["teamId", "position"]))
            try db.execute(sql: "INSERT INTO team (id) VALUES (1)")
            try db.execute(sql: "INSERT INTO player (teamId, position, name) VALUES (1, 1, 'Arthur')")
            assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player (teamId, position, name) VALUES (1, 1, 'Barbara')")
            }
            assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player (teamId, position, name) VALUES (1, 2, 'Arthur')")
            }
        }
    }

    func testUniqueConstraintCanNotBeDroppedButUniqueIndexCan() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // Unique constraint on player(name) can not be dropped.
            try db.create(table: "player") { t in
                t.column("name", .text).unique()
            }

            // Unique index on team(name) can be dropped.
            try db.create(table: "team") { t in
                t.column("name", .text)
            }
            try db.create(indexOn: "team", columns: ["name"], options: .unique)

            let playerIndex = try XCTUnwrap(db.indexes(on: "player").first)
            XCTAssertEqual(playerIndex.origin, .uniqueConstraint)
            assertDatabaseError(.SQLITE_ERROR) {
                try db.drop(index: playerIndex.name)
            }
            try db.drop(indexOn: "team", columns: ["name"])
            XCTAssertFalse(try db.table("team", hasUniqueKey: ["name"]))
        }
    }

    func testForeignKeysSamples() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("color", .text).notNull()
            }

            // RECOMMENDED
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                // A player must refer to an existing team
                t.belongsTo("team").notNull()
            }

            XCTAssertEqual(schemaSQLQueries.suffix(2), [
                #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "teamId" INTEGER NOT NULL REFERENCES "team"("id"))"#,
                #"CREATE INDEX "player_on_teamId" ON "player"("teamId")"#,
            ])
            XCTAssertEqual(try db.foreignKeySummaries("player"), [#"["teamId"] -> team["id"]"#])
            assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
                try db.execute(sql: "INSERT INTO player (name, teamId) VALUES ('Arthur', 1)")
            }
        }
        let other = try makeDatabaseQueue()
        try other.inDatabase { db in
            // REQUIRES EXTRA CONFIGURATION
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                // No foreign key
                t.column("teamId", .integer).notNull()
            }
            XCTAssertEqual(try db.foreignKeys(on: "player"), [])
        }
    }

    // MARK: - Records: Conflict Resolution

    func testTableLevelConflictPolicySample() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // CREATE TABLE players (
            //     id INTEGER PRIMARY KEY,
            //     email TEXT UNIQUE ON CONFLICT REPLACE
            // )
            try db.create(table: "players") { t in
                t.column("id", .integer).primaryKey()
                t.column("email", .text).unique(onConflict: .replace) // <--
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "players" ("id" INTEGER PRIMARY KEY, "email" TEXT UNIQUE ON CONFLICT REPLACE)"#)

            // Despite the unique index on email, both inserts succeed.
            // The second insert replaces the first row:
            try db.execute(sql: "INSERT INTO players (email) VALUES (?)", arguments: ["arthur@example.com"])
            try db.execute(sql: "INSERT INTO players (email) VALUES (?)", arguments: ["arthur@example.com"])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM players"), [["id": 2, "email": "arthur@example.com"]])
        }
    }

    func testQueryLevelConflictPolicySample() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // CREATE TABLE players (
            //     id INTEGER PRIMARY KEY,
            //     email TEXT UNIQUE
            // )
            try db.create(table: "players") { t in
                t.column("id", .integer).primaryKey()
                t.column("email", .text)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "players" ("id" INTEGER PRIMARY KEY, "email" TEXT)"#)
            // The sample's comment describes a unique email, which the
            // sample code omits: add the index it relies on.
            try db.create(indexOn: "players", columns: ["email"], options: .unique)

            // Again, despite the unique index on email, both inserts succeed.
            try db.execute(sql: "INSERT OR REPLACE INTO players (email) VALUES (?)", arguments: ["arthur@example.com"])
            try db.execute(sql: "INSERT OR REPLACE INTO players (email) VALUES (?)", arguments: ["arthur@example.com"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM players"), 1)
        }
    }

    // MARK: - Records: The Implicit RowID Primary Key

    func testTableWithoutExplicitPrimaryKeyHasRowID() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // No explicit primary key
            try db.create(table: "events") { t in
                t.column("message", .text)
                t.column("date", .datetime)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "events" ("message" TEXT, "date" DATETIME)"#)
            XCTAssertTrue(try db.primaryKey("events").isRowID)
        }
    }
}
