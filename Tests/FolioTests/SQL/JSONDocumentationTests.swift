import Folio
import XCTest

private struct Player: TableRecord { }

/// The sample of the "JSON" section of Documentation/QueryInterface.md.
final class JSONDocumentationTests: FolioTestCase {
    func testQueryInterfaceDocumentationSample() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, info TEXT);
                INSERT INTO player VALUES (1, 'Arthur', '{"country":"FR"}');
                INSERT INTO player VALUES (2, 'Barbara', '{"country":"DE"}');
                """)
        }
        try dbQueue.read { db in
            let info = JSONColumn("info")

            // SELECT "name" FROM "player" WHERE ("info" ->> 'country') = 'DE'
            let germanNames = try Player
                .filter(info["country"] == "DE")
                .select(Column("name"), as: String.self)
                .fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT "name" FROM "player" WHERE ("info" ->> ?) = ?"#)
            XCTAssertEqual(germanNames, ["Barbara"])

            // SELECT JSON_GROUP_OBJECT("name", JSON("info")) FROM "player"
            let infosByName = try Player
                .select(Database.jsonGroupObject(key: Column("name"), value: info), as: String.self)
                .fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT JSON_GROUP_OBJECT("name", JSON("info")) FROM "player" LIMIT 1"#)
            XCTAssertEqual(infosByName, #"{"Arthur":{"country":"FR"},"Barbara":{"country":"DE"}}"#)
        }
    }
}
