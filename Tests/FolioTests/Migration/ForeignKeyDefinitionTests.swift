import Folio
import XCTest

final class ForeignKeyDefinitionTests: FolioTestCase {
    func testBelongsToRowIDTableCreatesIntegerColumnForeignKeyAndIndex() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            clearSQLQueries()
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("team")
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "teamId" INTEGER REFERENCES "team"("id"))"#,
                #"CREATE INDEX "player_on_teamId" ON "player"("teamId")"#,
            ])
            XCTAssertEqual(try db.columnSummaries("player"), [
                ColumnSummary("id", "INTEGER", pk: 1),
                ColumnSummary("teamId", "INTEGER"),
            ])
            XCTAssertEqual(try db.foreignKeySummaries("player"), [#"["teamId"] -> team["id"]"#])
            XCTAssertEqual(try db.indexSummaries("player"), [#"player_on_teamId["teamId"]"#])

            try db.execute(sql: "INSERT INTO team (id) VALUES (1)")
            try db.execute(sql: "INSERT INTO player (teamId) VALUES (1)")
            try db.execute(sql: "INSERT INTO player (teamId) VALUES (NULL)")
            assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
                try db.execute(sql: "INSERT INTO player (teamId) VALUES (2)")
            }
        }
    }

    func testBelongsToTakesTypeAndNameFromReferencedPrimaryKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "country") { t in
                t.primaryKey("code", .text)
            }
            try db.create(table: "player") { t in
                t.belongsTo("country").notNull()
            }
            XCTAssertEqual(schemaSQLQueries.suffix(2), [
                #"CREATE TABLE "player" ("countryCode" TEXT NOT NULL REFERENCES "country"("code"))"#,
                #"CREATE INDEX "player_on_countryCode" ON "player"("countryCode")"#,
            ])
            assertDatabaseError(.SQLITE_CONSTRAINT_NOTNULL) {
                try db.execute(sql: "INSERT INTO player (countryCode) VALUES (NULL)")
            }
        }
    }

    func testBelongsToCompositePrimaryKeyCreatesTableForeignKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "team") { t in
                t.column("league", .text).notNull()
                t.column("name", .text).notNull()
                t.primaryKey(["league", "name"])
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("team", onDelete: .cascade).notNull(onConflict: .fail)
            }
            XCTAssertEqual(schemaSQLQueries.suffix(2), [
                #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "teamLeague" TEXT NOT NULL ON CONFLICT FAIL, "teamName" TEXT NOT NULL ON CONFLICT FAIL, FOREIGN KEY ("teamLeague", "teamName") REFERENCES "team"("league", "name") ON DELETE CASCADE)"#,
                #"CREATE INDEX "player_on_teamLeague_teamName" ON "player"("teamLeague", "teamName")"#,
            ])
            XCTAssertEqual(try db.foreignKeySummaries("player"), [#"["teamLeague", "teamName"] -> team["league", "name"]"#])
            try db.execute(sql: "INSERT INTO team VALUES ('NBA', 'Bulls')")
            try db.execute(sql: "INSERT INTO player (teamLeague, teamName) VALUES ('NBA', 'Bulls')")
            try db.execute(sql: "DELETE FROM team")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
        }
    }

    func testBelongsToInTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("captain", inTable: "player", onDelete: .setNull, onUpdate: .cascade, deferred: true)
            }
            XCTAssertEqual(schemaSQLQueries.suffix(2), [
                #"CREATE TABLE "team" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "captainId" INTEGER REFERENCES "player"("id") ON DELETE SET NULL ON UPDATE CASCADE DEFERRABLE INITIALLY DEFERRED)"#,
                #"CREATE INDEX "team_on_captainId" ON "team"("captainId")"#,
            ])
            XCTAssertEqual(try db.foreignKeySummaries("team"), [#"["captainId"] -> player["id"]"#])
        }
    }

    func testBelongsToSameTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "node") { t in
                t.primaryKey("uuid", .text)
                t.belongsTo("parent", inTable: "node", onDelete: .cascade)
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "node" ("uuid" TEXT PRIMARY KEY NOT NULL, "parentUuid" TEXT REFERENCES "node"("uuid") ON DELETE CASCADE)"#,
                #"CREATE INDEX "node_on_parentUuid" ON "node"("parentUuid")"#,
            ])
            try db.execute(sql: "INSERT INTO node VALUES ('root', NULL), ('child', 'root')")
            try db.execute(sql: "DELETE FROM node WHERE uuid = 'root'")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM node"), 0)
        }
    }

    func testBelongsToUnknownTableReferencesItsPrimaryKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.belongsTo("team").notNull()
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "player" ("teamId" INTEGER NOT NULL REFERENCES "team")"#,
                #"CREATE INDEX "player_on_teamId" ON "player"("teamId")"#,
            ])
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            XCTAssertEqual(try db.foreignKeySummaries("player"), [#"["teamId"] -> team["id"]"#])
            try db.execute(sql: "INSERT INTO team (id) VALUES (1)")
            try db.execute(sql: "INSERT INTO player (teamId) VALUES (1)")
            assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
                try db.execute(sql: "INSERT INTO player (teamId) VALUES (2)")
            }
        }
    }

    func testBelongsToViewReferencesItAsAnUnknownTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE country (code TEXT PRIMARY KEY NOT NULL)")
            try db.execute(sql: "CREATE VIEW team AS SELECT code AS name FROM country")
            clearSQLQueries()
            try db.create(table: "player") { t in
                t.belongsTo("team")
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "player" ("teamId" INTEGER REFERENCES "team")"#,
                #"CREATE INDEX "player_on_teamId" ON "player"("teamId")"#,
            ])
        }
    }

    func testBelongsToWithoutRowIDTableReferencesItsPrimaryKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE country (code TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID")
            clearSQLQueries()
            try db.create(table: "player") { t in
                t.belongsTo("country")
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "player" ("countryCode" TEXT REFERENCES "country"("code"))"#,
                #"CREATE INDEX "player_on_countryCode" ON "player"("countryCode")"#,
            ])
        }
    }

    func testBelongsToWithoutIndex() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "team") { t in t.autoIncrementedPrimaryKey("id") }
            clearSQLQueries()
            try db.create(table: "player") { t in
                t.belongsTo("team", indexed: false)
            }
            XCTAssertEqual(schemaSQLQueries, [#"CREATE TABLE "player" ("teamId" INTEGER REFERENCES "team"("id"))"#])
            XCTAssertEqual(try db.indexes(on: "player"), [])
        }
    }

    func testBelongsToIsNotIndexedWhenAUniqueKeyStartsWithItsColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "team") { t in t.autoIncrementedPrimaryKey("id") }
            clearSQLQueries()
            try db.create(table: "player") { t in
                t.belongsTo("team")
                t.column("position", .integer)
                t.uniqueKey(["teamId", "position"])
            }
            XCTAssertEqual(schemaSQLQueries, [#"CREATE TABLE "player" ("teamId" INTEGER REFERENCES "team"("id"), "position" INTEGER, UNIQUE ("teamId", "position"))"#])
        }
    }

    func testBelongsToInPrimaryKeyBody() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in t.autoIncrementedPrimaryKey("id") }
            try db.create(table: "team") { t in t.primaryKey("id", .text) }
            clearSQLQueries()
            try db.create(table: "membership") { t in
                t.primaryKey {
                    t.belongsTo("player", onDelete: .cascade)
                    t.belongsTo("team", onDelete: .cascade)
                }
                t.column("role", .text).notNull()
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "membership" ("playerId" INTEGER NOT NULL REFERENCES "player"("id") ON DELETE CASCADE, "teamId" TEXT NOT NULL REFERENCES "team"("id") ON DELETE CASCADE, "role" TEXT NOT NULL, PRIMARY KEY ("playerId", "teamId"))"#,
                // No index on playerId: the primary key index starts with it.
                #"CREATE INDEX "membership_on_teamId" ON "membership"("teamId")"#,
            ])
            XCTAssertEqual(try db.primaryKey("membership").columns, ["playerId", "teamId"])
            XCTAssertEqual(try db.foreignKeySummaries("membership").sorted(), [
                #"["playerId"] -> player["id"]"#,
                #"["teamId"] -> team["id"]"#,
            ])
            XCTAssertEqual(try db.indexSummaries("membership"), [
                #"membership_on_teamId["teamId"]"#,
                #"sqlite_autoindex_membership_1["playerId", "teamId"] unique"#,
            ])
        }
    }

    func testBelongsToReferencingCompositePrimaryKeyOfSameTableDefinition() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "version") { t in
                t.primaryKey {
                    t.column("major", .integer)
                    t.column("minor", .integer)
                }
                t.belongsTo("previous", inTable: "version")
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "version" ("major" INTEGER NOT NULL, "minor" INTEGER NOT NULL, "previousMajor" INTEGER, "previousMinor" INTEGER, PRIMARY KEY ("major", "minor"), FOREIGN KEY ("previousMajor", "previousMinor") REFERENCES "version"("major", "minor"))"#,
                #"CREATE INDEX "version_on_previousMajor_previousMinor" ON "version"("previousMajor", "previousMinor")"#,
            ])
        }
    }

    func testOnDeleteCascadeDeletesBooksWithTheirAuthor() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
                t.belongsTo("author", onDelete: .cascade).notNull()
            }
            try db.execute(sql: "INSERT INTO author (id, name) VALUES (1, 'Herman Melville'), (2, 'Jules Verne')")
            try db.execute(sql: "INSERT INTO book (title, authorId) VALUES ('Moby-Dick', 1), ('Typee', 1), ('Nemo', 2)")
            try db.execute(sql: "DELETE FROM author WHERE id = 1")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT title FROM book"), ["Nemo"])
        }
    }

    func testDeferredForeignKeyIsCheckedAtCommit() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "author") { t in t.autoIncrementedPrimaryKey("id") }
            try db.create(table: "book") { t in t.belongsTo("author", deferred: true) }
        }
        // Book first, author second: fine, since the check happens at commit.
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO book (authorId) VALUES (1)")
            try db.execute(sql: "INSERT INTO author (id) VALUES (1)")
        }
        let error = assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO book (authorId) VALUES (2)")
            }
        }
        XCTAssertEqual(error?.sql, "COMMIT TRANSACTION")
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book") }, 1)
    }
}
