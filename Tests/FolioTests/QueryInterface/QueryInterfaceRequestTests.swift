import Folio
import XCTest

/// A tour of `QueryInterfaceRequest`: the SQL of the main request methods,
/// and counting, deleting and updating through requests.
final class QueryInterfaceRequestTests: FolioTestCase {
    struct Player: TableRecord { }

    func testBasicGeneration() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER, teamId INTEGER)")
            try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Arthur', 1000), ('Barbara', 500), (NULL, 10)")
            func sql(_ request: QueryInterfaceRequest<Player>) throws -> String {
                try request.makePreparedRequest(db).statement.sql
            }
            XCTAssertEqual(try sql(Player.all()), #"SELECT * FROM "player""#)
            XCTAssertEqual(try sql(Player.filter { $0.name == "Arthur" }), #"SELECT * FROM "player" WHERE "name" = ?"#)
            XCTAssertEqual(try sql(Player.filter(Column("name") == nil).order(\.score.desc)), #"SELECT * FROM "player" WHERE "name" IS NULL ORDER BY "score" DESC"#)
            XCTAssertEqual(try sql(Player.filter { [1, 2].contains($0.id) && $0.score > 3 }.limit(2)), #"SELECT * FROM "player" WHERE ("id" IN (?, ?)) AND ("score" > ?) LIMIT 2"#)
            XCTAssertEqual(try sql(Player.all().reversed()), #"SELECT * FROM "player""#)
            XCTAssertEqual(try Player.fetchCount(db), 3)
            XCTAssertEqual(try Player.filter { $0.score > 100 }.fetchCount(db), 2)
            XCTAssertEqual(try Player.all().distinct().select(\.score, as: Int.self).fetchAll(db).sorted(), [10, 500, 1000])
            XCTAssertEqual(try Player.select(\.name, as: String?.self).order(Column("name").collating(.localizedCaseInsensitiveCompare)).fetchAll(db).count, 3)
            XCTAssertEqual(try Table("player").filter(Column("score") < 600).fetchAll(db).count, 2)
            let alias = TableAlias<Player>(name: "p")
            let sub = Player.filter { $0.score > alias.score }
            XCTAssertEqual(try sql(Player.aliased(alias).filter(sub.exists())), #"SELECT "p".* FROM "player" "p" WHERE EXISTS (SELECT * FROM "player" WHERE "score" > "p"."score")"#)
            XCTAssertEqual(try Player.order(sql: "RANDOM()").limit(1).deleteAll(db), 1)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" ORDER BY RANDOM() LIMIT 1"#)
            XCTAssertEqual(try Player.updateAll(db) { $0.score += 1 }, 2)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" + ?"#)
        }
    }
}
