import Folio
import XCTest

private struct Player: TableRecord { }

/// `SQLJSONExpressible`, `JSONColumn`, `AnySQLJSONExpressible` and
/// `asJSON`: the SQL they generate, and what SQLite returns.
final class JSONExpressionTests: FolioTestCase {
    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, info TEXT);
                INSERT INTO player VALUES (1, 'Arthur', '{"country":"FR","address":{"city":"Paris"},"tags":["a","b"],"score":10}');
                INSERT INTO player VALUES (2, 'Barbara', '{"country":"DE","address":{"city":"Berlin"},"tags":[],"score":20}');
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testSubscriptUsesTheDoubleArrowOperator() throws {
        try makePlayerDatabase().read { db in
            let info = JSONColumn("info")
            let countries = try Player.select(info["country"], as: String.self).order(Column("id")).fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT "info" ->> ? FROM "player" ORDER BY "id""#)
            XCTAssertEqual(countries, ["FR", "DE"])

            let cities = try Player.select(info["$.address.city"], as: String.self).order(Column("id")).fetchAll(db)
            XCTAssertEqual(cities, ["Paris", "Berlin"])

            let scores = try Player.select(info["score"], as: Int.self).order(Column("id")).fetchAll(db)
            XCTAssertEqual(scores, [10, 20])
        }
    }

    func testSubscriptFiltersRows() throws {
        try makePlayerDatabase().read { db in
            let names = try Player
                .filter(JSONColumn("info")["country"] == "DE")
                .select(Column("name"), as: String.self)
                .fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT "name" FROM "player" WHERE ("info" ->> ?) = ?"#)
            XCTAssertEqual(names, ["Barbara"])
        }
    }

    func testJSONRepresentationUsesTheArrowOperator() throws {
        try makePlayerDatabase().read { db in
            let info = JSONColumn("info")
            let address = try Player.select(info.jsonRepresentation(atPath: "address"), as: String.self)
                .filter(Column("id") == 1).fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT "info" -> ? FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(address, #"{"city":"Paris"}"#)

            // A string is returned quoted, as JSON
            let country = try Player.select(info.jsonRepresentation(atPath: "country"), as: String.self)
                .filter(Column("id") == 1).fetchOne(db)
            XCTAssertEqual(country, #""FR""#)
        }
    }

    func testJSONExtractAtPath() throws {
        try makePlayerDatabase().read { db in
            let info = JSONColumn("info")
            let city = try Player.select(info.jsonExtract(atPath: "$.address.city"), as: String.self)
                .filter(Column("id") == 2).fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT JSON_EXTRACT("info", ?) FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(city, "Berlin")
        }
    }

    func testJSONExtractAtPaths() throws {
        try makePlayerDatabase().read { db in
            let info = JSONColumn("info")
            let values = try Player.select(info.jsonExtract(atPaths: ["$.country", "$.score"]), as: String.self)
                .filter(Column("id") == 1).fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT JSON_EXTRACT("info", ?, ?) FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(values, #"["FR",10]"#)
        }
    }

    func testJSONColumnWorksThroughTableAliases() throws {
        try makePlayerDatabase().read { db in
            let alias = TableAlias<Player>(name: "p")
            let request = Player.all().aliased(alias).select(alias[JSONColumn("info")["country"]], as: String.self)
            XCTAssertEqual(try request.order(Column("id")).fetchAll(db), ["FR", "DE"])
            XCTAssertEqual(lastSQLQuery, #"SELECT "p"."info" ->> ? FROM "player" "p" ORDER BY "p"."id""#)
        }
    }

    func testJSONColumnFromCodingKey() {
        enum CodingKeys: String, CodingKey { case address }
        XCTAssertEqual(JSONColumn(CodingKeys.address).name, "address")
        var column = JSONColumn("info")
        column.name = "other"
        XCTAssertEqual(column.name, "other")
    }

    func testJSONColumnIsEmbeddedAsJSONInJSONBuildingFunctions() throws {
        try makePlayerDatabase().read { db in
            let array = try Player
                .select(Database.jsonArray([JSONColumn("info").jsonRepresentation(atPath: "tags"), Column("name")] as [any SQLExpressible]), as: String.self)
                .filter(Column("id") == 1).fetchOne(db)
            XCTAssertEqual(array, #"[["a","b"],"Arthur"]"#)

            let embedded = try Player
                .select(Database.jsonArray([JSONColumn("info"), Column("name")] as [any SQLExpressible]), as: String.self)
                .filter(Column("id") == 2).fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT JSON_ARRAY(JSON("info"), "name") FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(embedded, #"[{"country":"DE","address":{"city":"Berlin"},"tags":[],"score":20},"Barbara"]"#)

            // A plain column is a string
            let quoted = try Player
                .select(Database.jsonArray([Column("info")]), as: String.self)
                .filter(Column("id") == 2).fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT JSON_ARRAY("info") FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(quoted, #"["{\"country\":\"DE\",\"address\":{\"city\":\"Berlin\"},\"tags\":[],\"score\":20}"]"#)
        }
    }

    func testAsJSONMakesAnyExpressionAJSONValue() throws {
        try makePlayerDatabase().read { db in
            let info = Column("info").asJSON
            let country = try Player.select(info["country"], as: String.self).filter(Column("id") == 1).fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT "info" ->> ? FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(country, "FR")

            let object = try Player
                .select(Database.jsonObject(["info": info] as KeyValuePairs), as: String.self)
                .filter(Column("id") == 1).fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT JSON_OBJECT(?, JSON("info")) FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(object, #"{"info":{"country":"FR","address":{"city":"Paris"},"tags":["a","b"],"score":10}}"#)
        }
    }

    func testAnySQLJSONExpressibleWrapsAJSONValue() throws {
        try makePlayerDatabase().read { db in
            let info = AnySQLJSONExpressible(JSONColumn("info"))
            let request = Player.select(info.sqlExpression, info["score"], as: Row.self).filter(Column("id") == 2)
            let row = try XCTUnwrap(request.fetchOne(db))
            XCTAssertEqual(lastSQLQuery, #"SELECT "info", "info" ->> ? FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(row[1] as Int?, 20)
            let typed = try Player.select(Database.jsonType(info, atPath: "$.tags"), as: String.self)
                .filter(Column("id") == 2).fetchOne(db)
            XCTAssertEqual(typed, "array")
        }
    }

    func testInvalidJSONThrowsADatabaseError() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, info TEXT)")
            try db.execute(sql: "INSERT INTO player VALUES (1, 'not json')")
            XCTAssertThrowsError(try Player.select(JSONColumn("info")["a"], as: String.self).fetchOne(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertTrue(error.message?.contains("malformed JSON") == true, error.message ?? "")
            }
        }
    }
}
