import Folio
import XCTest

private struct Player: TableRecord { }

/// The `Database.json…` functions: the SQL they generate, and what
/// SQLite returns.
final class DatabaseJSONFunctionTests: FolioTestCase {
    /// Evaluates `SELECT expression`, and checks the SQL.
    private func value<T: DatabaseValueConvertible>(
        _ db: Database,
        _ expression: SQLExpression,
        as type: T.Type = T.self,
        sql expectedSQL: String,
        file: StaticString = #filePath,
        line: UInt = #line) throws -> T?
    {
        let result = try T.fetchOne(db, SQLRequest<T>("SELECT \(expression)"))
        XCTAssertEqual(lastSQLQuery, "SELECT " + expectedSQL, file: file, line: line)
        return result
    }

    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER, info TEXT);
                INSERT INTO player VALUES (1, 'Arthur', 10, '{"a":1}');
                INSERT INTO player VALUES (2, 'Barbara', 0, '{"b":2}');
                INSERT INTO player VALUES (3, 'Craig', 30, '[3]');
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testJSONMinifies() throws {
        try makeDatabaseQueue().read { db in
            let json = try value(db, Database.json(#" { "a": [ "test" ] } "#), as: String.self, sql: "JSON(?)")
            XCTAssertEqual(json, #"{"a":["test"]}"#)
        }
    }

    func testJSONOfInvalidJSONThrows() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertThrowsError(try String.fetchOne(db, SQLRequest<String>("SELECT \(Database.json("{oops"))"))) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual((error as? DatabaseError)?.message, "malformed JSON")
            }
        }
    }

    func testJSONArrayOfValues() throws {
        try makeDatabaseQueue().read { db in
            let array = try value(db, Database.jsonArray(1...4), as: String.self, sql: "JSON_ARRAY(?, ?, ?, ?)")
            XCTAssertEqual(array, "[1,2,3,4]")
            let strings = try value(db, Database.jsonArray(["a", "b"]), as: String.self, sql: "JSON_ARRAY(?, ?)")
            XCTAssertEqual(strings, #"["a","b"]"#)
            let mixed = try value(
                db, Database.jsonArray([1, "two", Database.json("[3]")] as [any SQLExpressible]),
                as: String.self, sql: "JSON_ARRAY(?, ?, JSON(?))")
            XCTAssertEqual(mixed, #"[1,"two",[3]]"#)
            let empty = try value(db, Database.jsonArray([Int]()), as: String.self, sql: "JSON_ARRAY()")
            XCTAssertEqual(empty, "[]")
        }
    }

    func testJSONArrayLength() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try value(db, Database.jsonArrayLength("[1,2,3]"), as: Int.self, sql: "JSON_ARRAY_LENGTH(?)"), 3)
            XCTAssertEqual(try value(db, Database.jsonArrayLength("{}"), as: Int.self, sql: "JSON_ARRAY_LENGTH(?)"), 0)
            XCTAssertEqual(
                try value(db, Database.jsonArrayLength(#"{"one":[1,2,3]}"#, atPath: "$.one"), as: Int.self, sql: "JSON_ARRAY_LENGTH(?, ?)"),
                3)
            XCTAssertNil(try value(db, Database.jsonArrayLength(#"{"one":[1,2,3]}"#, atPath: "$.two"), as: Int.self, sql: "JSON_ARRAY_LENGTH(?, ?)"))
        }
    }

    func testJSONExtract() throws {
        try makeDatabaseQueue().read { db in
            let json = #"{"a":2,"c":[4,5,{"f":7}]}"#
            XCTAssertEqual(try value(db, Database.jsonExtract(json, atPath: "$.c"), as: String.self, sql: "JSON_EXTRACT(?, ?)"), #"[4,5,{"f":7}]"#)
            XCTAssertEqual(try value(db, Database.jsonExtract(json, atPath: "$.c[2].f"), as: Int.self, sql: "JSON_EXTRACT(?, ?)"), 7)
            XCTAssertNil(try value(db, Database.jsonExtract(json, atPath: "$.x"), as: Int.self, sql: "JSON_EXTRACT(?, ?)"))
            XCTAssertEqual(
                try value(db, Database.jsonExtract(json, atPaths: ["$.c", "$.a"]), as: String.self, sql: "JSON_EXTRACT(?, ?, ?)"),
                #"[[4,5,{"f":7}],2]"#)
        }
    }

    func testJSONExtractWithABadPathThrows() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertThrowsError(try String.fetchOne(db, SQLRequest<String>("SELECT \(Database.jsonExtract("{}", atPath: "no dollar"))"))) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual((error as? DatabaseError)?.message, "JSON path error near 'no dollar'")
            }
        }
    }

    func testJSONInsertReplaceSet() throws {
        try makeDatabaseQueue().read { db in
            let json = #"{"a":2,"c":4}"#
            let assignments: KeyValuePairs<String, any SQLExpressible> = ["$.a": 99, "$.e": 99]
            XCTAssertEqual(
                try value(db, Database.jsonInsert(json, assignments), as: String.self, sql: "JSON_INSERT(?, ?, ?, ?, ?)"),
                #"{"a":2,"c":4,"e":99}"#)
            XCTAssertEqual(
                try value(db, Database.jsonReplace(json, assignments), as: String.self, sql: "JSON_REPLACE(?, ?, ?, ?, ?)"),
                #"{"a":99,"c":4}"#)
            XCTAssertEqual(
                try value(db, Database.jsonSet(json, assignments), as: String.self, sql: "JSON_SET(?, ?, ?, ?, ?)"),
                #"{"a":99,"c":4,"e":99}"#)
            // JSON values are embedded as JSON, strings as strings
            let embedding: KeyValuePairs<String, any SQLExpressible> = ["$.j": "[1]".asJSONForTest, "$.s": "[1]"]
            XCTAssertEqual(
                try value(db, Database.jsonSet(json, embedding), as: String.self, sql: "JSON_SET(?, ?, JSON(?), ?, ?)"),
                #"{"a":2,"c":4,"j":[1],"s":"[1]"}"#)
        }
    }

    func testJSONObject() throws {
        try makeDatabaseQueue().read { db in
            let elements: KeyValuePairs<String, any SQLExpressible> = ["a": 2, "c": "four", "e": Database.json("[5]")]
            XCTAssertEqual(
                try value(db, Database.jsonObject(elements), as: String.self, sql: "JSON_OBJECT(?, ?, ?, ?, ?, JSON(?))"),
                #"{"a":2,"c":"four","e":[5]}"#)
            let dictionary: [String: any SQLExpressible] = ["a": 1]
            XCTAssertEqual(try value(db, Database.jsonObject(dictionary), as: String.self, sql: "JSON_OBJECT(?, ?)"), #"{"a":1}"#)
        }
    }

    func testJSONPatch() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(
                try value(db, Database.jsonPatch(#"{"a":1,"b":2}"#, with: #"{"b":null,"c":3}"#), as: String.self, sql: "JSON_PATCH(?, ?)"),
                #"{"a":1,"c":3}"#)
        }
    }

    func testJSONRemove() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try value(db, Database.jsonRemove("[0,1,2,3,4]", atPath: "$[2]"), as: String.self, sql: "JSON_REMOVE(?, ?)"), "[0,1,3,4]")
            XCTAssertEqual(
                try value(db, Database.jsonRemove("[0,1,2,3,4]", atPaths: ["$[2]", "$[0]"]), as: String.self, sql: "JSON_REMOVE(?, ?, ?)"),
                "[1,3,4]")
        }
    }

    func testJSONType() throws {
        try makeDatabaseQueue().read { db in
            let json = #"{"a":[2,3.5,true,false,null,"x"]}"#
            XCTAssertEqual(try value(db, Database.jsonType(json), as: String.self, sql: "JSON_TYPE(?)"), "object")
            XCTAssertEqual(try value(db, Database.jsonType(json, atPath: "$.a"), as: String.self, sql: "JSON_TYPE(?, ?)"), "array")
            XCTAssertEqual(try value(db, Database.jsonType(json, atPath: "$.a[1]"), as: String.self, sql: "JSON_TYPE(?, ?)"), "real")
            XCTAssertEqual(try value(db, Database.jsonType(json, atPath: "$.a[2]"), as: String.self, sql: "JSON_TYPE(?, ?)"), "true")
            XCTAssertNil(try value(db, Database.jsonType(json, atPath: "$.b"), as: String.self, sql: "JSON_TYPE(?, ?)"))
        }
    }

    func testJSONIsValid() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try value(db, Database.jsonIsValid(#"{"x":35}"#), as: Bool.self, sql: "JSON_VALID(?)"), true)
            XCTAssertEqual(try value(db, Database.jsonIsValid(#"{"x":35"#), as: Bool.self, sql: "JSON_VALID(?)"), false)
        }
    }

    func testJSONQuote() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try value(db, Database.jsonQuote("verdant"), as: String.self, sql: "JSON_QUOTE(?)"), #""verdant""#)
            XCTAssertEqual(try value(db, Database.jsonQuote(3.5), as: String.self, sql: "JSON_QUOTE(?)"), "3.5")
            XCTAssertEqual(try value(db, Database.jsonQuote("[1]".asJSONForTest), as: String.self, sql: "JSON_QUOTE(JSON(?))"), "[1]")
        }
    }

    func testJSONGroupArray() throws {
        try makePlayerDatabase().read { db in
            let names = try Player.select(Database.jsonGroupArray(Column("name")), as: String.self).fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT JSON_GROUP_ARRAY("name") FROM "player" LIMIT 1"#)
            XCTAssertEqual(names, #"["Arthur","Barbara","Craig"]"#)

            let filtered = try Player
                .select(Database.jsonGroupArray(Column("name"), filter: Column("score") > 0), as: String.self)
                .fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT JSON_GROUP_ARRAY("name") FILTER (WHERE "score" > ?) FROM "player" LIMIT 1"#)
            XCTAssertEqual(filtered, #"["Arthur","Craig"]"#)

            let infos = try Player.select(Database.jsonGroupArray(JSONColumn("info")), as: String.self).fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT JSON_GROUP_ARRAY(JSON("info")) FROM "player" LIMIT 1"#)
            XCTAssertEqual(infos, #"[{"a":1},{"b":2},[3]]"#)

            let count = try Player.select(Database.jsonGroupArray(Column("name"), filter: Column("score") > 0)).fetchCount(db)
            XCTAssertEqual(count, 1)
        }
    }

    func testJSONGroupObject() throws {
        try makePlayerDatabase().read { db in
            let scores = try Player
                .select(Database.jsonGroupObject(key: Column("name"), value: Column("score")), as: String.self)
                .fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT JSON_GROUP_OBJECT("name", "score") FROM "player" LIMIT 1"#)
            XCTAssertEqual(scores, #"{"Arthur":10,"Barbara":0,"Craig":30}"#)

            let filtered = try Player
                .select(
                    Database.jsonGroupObject(key: Column("name"), value: JSONColumn("info"), filter: Column("score") >= 10),
                    as: String.self)
                .fetchOne(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT JSON_GROUP_OBJECT("name", JSON("info")) FILTER (WHERE "score" >= ?) FROM "player" LIMIT 1"#)
            XCTAssertEqual(filtered, #"{"Arthur":{"a":1},"Craig":[3]}"#)
        }
    }
}

private extension String {
    /// The string as a JSON value.
    var asJSONForTest: AnySQLJSONExpressible { databaseValue.asJSON }
}
