import Folio
import XCTest

private struct Captain: Codable, Identifiable, FetchableRecord, PersistableRecord, Equatable {
    var id: String
    var name: String
    var teamId: String
}

private struct CaptainSchemaSource: DatabaseSchemaSource {
    func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
        ["id"]
    }
}

/// Records mapped on views, written through INSTEAD OF triggers (GRDB's
/// ViewRecords article): their writes report their changes, although
/// SQLite counts no change for a statement on a view.
final class ViewRecordPersistenceTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.schemaSource = CaptainSchemaSource()
        let dbQueue = try makeDatabaseQueue(configuration: configuration)
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id TEXT PRIMARY KEY, name TEXT NOT NULL, teamId TEXT, isCaptain BOOLEAN NOT NULL);
                CREATE VIEW captain AS SELECT id, name, teamId FROM player WHERE isCaptain AND teamId IS NOT NULL;
                CREATE TRIGGER captain_insert INSTEAD OF INSERT ON captain BEGIN
                    UPDATE player SET isCaptain = 0 WHERE teamId = NEW.teamId AND isCaptain;
                    INSERT INTO player(id, name, teamId, isCaptain) VALUES (NEW.id, NEW.name, NEW.teamId, 1);
                END;
                CREATE TRIGGER captain_update INSTEAD OF UPDATE ON captain BEGIN
                    UPDATE player SET isCaptain = 0 WHERE teamId = NEW.teamId AND isCaptain AND id <> NEW.id;
                    UPDATE player SET name = NEW.name, teamId = NEW.teamId, isCaptain = 1 WHERE id = NEW.id;
                END;
                CREATE TRIGGER captain_delete INSTEAD OF DELETE ON captain BEGIN
                    DELETE FROM player WHERE id = OLD.id;
                END;
                """)
            for (id, team) in [("alice", "red"), ("bob", "blue"), ("craig", "green"), ("diane", "yellow")] {
                try Captain(id: id, name: id.capitalized, teamId: team).insert(db)
            }
        }
        clearSQLQueries()
        return dbQueue
    }

    func testUpdateAndUpdateChangesSucceed() throws {
        try makeDatabase().write { db in
            try Captain(id: "alice", name: "Alicia", teamId: "red").update(db)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "captain" SET "name"=?, "teamId"=? WHERE "id"=?"#)
            var bob = try Captain.find(db, id: "bob")
            XCTAssertTrue(try bob.updateChanges(db) {
                $0.name = "Bobby"
                $0.teamId = "red"
            })
            XCTAssertEqual(try Captain.order(\.id).fetchAll(db).map(\.name), ["Bobby", "Craig", "Diane"])
            // A missing row is still reported.
            XCTAssertThrowsError(try Captain(id: "nobody", name: "", teamId: "red").update(db)) { error in
                guard case RecordError.recordNotFound = error else { return XCTFail("\(error)") }
            }
        }
    }

    func testDeletesReturnTheirCounts() throws {
        try makeDatabase().write { db in
            XCTAssertTrue(try Captain.deleteOne(db, id: "alice"))
            XCTAssertFalse(try Captain.deleteOne(db, id: "alice"))
            let bob = try Captain.find(db, id: "bob")
            XCTAssertTrue(try bob.delete(db))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "captain" WHERE "id"=?"#)
            XCTAssertEqual(try Captain.deleteAll(db, keys: ["craig", "diane", "nobody"]), 2)
            XCTAssertEqual(try Captain.fetchCount(db), 0)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
        }
    }

    func testSaveInsertsAndUpdates() throws {
        try makeDatabase().write { db in
            // An update that finds no row, then an insert.
            try Captain(id: "eugene", name: "Eugene", teamId: "green").save(db)
            XCTAssertEqual(try Captain.find(db, id: "eugene").teamId, "green")
            try Captain(id: "eugene", name: "Gene", teamId: "green").save(db)
            XCTAssertEqual(try Captain.find(db, id: "eugene").name, "Gene")
            XCTAssertFalse(try Captain.exists(db, id: "craig"))
        }
    }
}
