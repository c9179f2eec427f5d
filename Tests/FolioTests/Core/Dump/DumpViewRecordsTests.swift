import Folio
import XCTest

/// The dumps of the "View Records" article of GRDB's documentation, with
/// its schema and records.
///
/// The article prints the three tables side by side, to save room; the
/// dump prints them one after the other.
final class DumpViewRecordsTests: FolioTestCase {
    private struct Team: Codable, Identifiable, FetchableRecord, PersistableRecord {
        var id: String
        var name: String
    }

    private struct Player: Codable, Identifiable, FetchableRecord, PersistableRecord {
        var id: String
        var name: String
        var teamId: String?
        var isCaptain: Bool
    }

    private struct Captain: Codable, Identifiable, FetchableRecord, PersistableRecord {
        var id: String
        var name: String
        var teamId: String
    }

    /// The schema of the "View Records" article of GRDB.
    private func makeViewRecordsDatabase() throws -> DatabaseQueue {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("Teams and players") { db in
            try db.create(table: "team") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
            }
            try db.create(table: "player") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.belongsTo("team", onDelete: .setNull)
                t.column("isCaptain", .boolean).notNull()
            }
            try db.create(indexOn: "player", columns: ["teamId"], options: .unique, condition: Column("isCaptain"))
        }
        migrator.registerMigration("Read-only captains") { db in
            try db.execute(sql: """
                CREATE VIEW captain AS
                SELECT id, name, teamId
                FROM player
                WHERE isCaptain AND teamId IS NOT NULL;
                """)
        }
        migrator.registerMigration("Captain insert") { db in
            try db.execute(sql: """
                CREATE TRIGGER captain_insert
                INSTEAD OF INSERT ON captain
                BEGIN
                    UPDATE player SET isCaptain = 0
                    WHERE teamId = NEW.teamId AND isCaptain;
                    INSERT INTO player(id, name, teamId, isCaptain)
                    VALUES (NEW.id, NEW.name, NEW.teamId, 1);
                END;
                """)
        }
        migrator.registerMigration("Captain update") { db in
            try db.execute(sql: """
                CREATE TRIGGER captain_update
                INSTEAD OF UPDATE ON captain
                BEGIN
                    UPDATE player SET isCaptain = 0
                    WHERE teamId = NEW.teamId AND isCaptain AND id <> NEW.id;
                    UPDATE player SET name = NEW.name, teamId = NEW.teamId, isCaptain = 1
                    WHERE id = NEW.id;
                END;
                """)
        }
        let dbQueue = try makeDatabaseQueue()
        try migrator.migrate(dbQueue)
        return dbQueue
    }

    func testViewRecordsInsertExample() throws {
        try makeViewRecordsDatabase().write { db in
            try Team(id: "green", name: "Green").insert(db)
            // Diane is the captain
            try Captain(id: "diane", name: "Diane", teamId: "green").insert(db)
            // Well, no: Eugene is the captain
            try Captain(id: "eugene", name: "Eugene", teamId: "green").insert(db)

            let output = DumpOutput()
            try db.dumpTables(["team", "player", "captain"], to: output)
            XCTAssertEqual(output.text, """
                team
                green|Green

                player
                diane|Diane|green|0
                eugene|Eugene|green|1

                captain
                eugene|Eugene|green

                """)
        }
    }

    func testViewRecordsUpdateExample() throws {
        try makeViewRecordsDatabase().write { db in
            try Team(id: "red", name: "Red").insert(db)
            try Team(id: "blue", name: "Blue").insert(db)
            try Captain(id: "alice", name: "Alice", teamId: "red").insert(db)
            // Bob is the Blue captain.
            let bob = Captain(id: "bob", name: "Bob", teamId: "blue")
            try bob.insert(db)
            // Bob is now Bobby, the Red captain.
            // Alice is no longer the Red captain.
            // (The article uses `updateChanges`, which needs the primary
            // key of the view from a `DatabaseSchemaSource`; this is the
            // statement it runs.)
            try db.execute(literal: "UPDATE captain SET name = \("Bobby"), teamId = \("red") WHERE id = \(bob.id)")

            let output = DumpOutput()
            try db.dumpTables(["team", "player", "captain"], to: output)
            XCTAssertEqual(output.text, """
                team
                blue|Blue
                red|Red

                player
                alice|Alice|red|0
                bob|Bobby|red|1

                captain
                bob|Bobby|red

                """)
        }
    }
}
