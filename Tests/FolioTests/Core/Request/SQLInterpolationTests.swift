import Folio
import Foundation
import XCTest

final class SQLInterpolationTests: FolioTestCase {
    func testValuesBecomeArguments() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let name = "O'Brien"
            let score: Int? = nil
            let date = Date(timeIntervalSince1970: 0)
            let literal: SQL = "SELECT * FROM player WHERE name = \(name) AND score IS \(score) AND date > \(date) AND flag = \(true)"
            let (sql, arguments) = try literal.build(db)
            XCTAssertEqual(sql, "SELECT * FROM player WHERE name = ? AND score IS ? AND date > ? AND flag = ?")
            XCTAssertEqual(arguments, ["O'Brien", nil, "1970-01-01 00:00:00.000", 1])
        }
    }

    func testCollectionsExpandToParenthesizedPlaceholders() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let ids: [Int64] = [1, 2, 3]
            let (sql, arguments) = try SQL("SELECT * FROM player WHERE id IN \(ids)").build(db)
            XCTAssertEqual(sql, "SELECT * FROM player WHERE id IN (?, ?, ?)")
            XCTAssertEqual(arguments, [1, 2, 3])

            let names: Set<String> = ["Arthur"]
            let (namesSQL, namesArguments) = try SQL("SELECT \(names)").build(db)
            XCTAssertEqual(namesSQL, "SELECT (?)")
            XCTAssertEqual(namesArguments, ["Arthur"])

            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')")
            let request = SQLRequest<String>(literal: "SELECT name FROM player WHERE id IN \([2, 4]) ORDER BY id")
            XCTAssertEqual(try request.fetchAll(db), ["b", "d"])
            XCTAssertEqual(lastSQLQuery, "SELECT name FROM player WHERE id IN (?, ?) ORDER BY id")
        }
    }

    func testEmptyCollectionExpandsToEmptySubquery() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let ids: [Int64] = []
            let (sql, arguments) = try SQL("SELECT * FROM player WHERE id IN \(ids)").build(db)
            XCTAssertEqual(sql, "SELECT * FROM player WHERE id IN (SELECT NULL WHERE NULL)")
            XCTAssertTrue(arguments.isEmpty)
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO player (id) VALUES (1)")
            // `IN (SELECT NULL WHERE NULL)` is always false, `NOT IN` always true.
            XCTAssertEqual(try SQLRequest<Int>(literal: "SELECT COUNT(*) FROM player WHERE id IN \(ids)").fetchOne(db), 0)
            XCTAssertEqual(try SQLRequest<Int>(literal: "SELECT COUNT(*) FROM player WHERE id NOT IN \(ids)").fetchOne(db), 1)
        }
    }

    func testRawSQLAndNestedLiterals() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let order = "score DESC"
            let condition: SQL = "score > \(100)"
            let literal: SQL = "SELECT * FROM player WHERE \(literal: condition) AND name = \("Arthur") ORDER BY \(sql: order)"
            let (sql, arguments) = try literal.build(db)
            XCTAssertEqual(sql, "SELECT * FROM player WHERE score > ? AND name = ? ORDER BY score DESC")
            XCTAssertEqual(arguments, [100, "Arthur"])

            let withArguments: SQL = "SELECT \(sql: "? + ?", arguments: [1, 2]), \(3)"
            let built = try withArguments.build(db)
            XCTAssertEqual(built.sql, "SELECT ? + ?, ?")
            XCTAssertEqual(built.arguments, [1, 2, 3])
            XCTAssertEqual(try SQLRequest<Int>(literal: withArguments).fetchOne(db), 3)
        }
    }

    func testLiteralsConcatenateAndJoin() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            var literal: SQL = "SELECT \(1)"
            literal += ", \(2)"
            literal.append(sql: ", ?", arguments: [3])
            literal.append(literal: ", \(4)")
            let (sql, arguments) = try (literal + SQL(sql: ", ?", arguments: [5])).build(db)
            XCTAssertEqual(sql, "SELECT ?, ?, ?, ?, ?")
            XCTAssertEqual(arguments, [1, 2, 3, 4, 5])

            let conditions: [SQL] = ["a = \(1)", "b = \("x")"]
            let joined = try conditions.joined(separator: " AND ").build(db)
            XCTAssertEqual(joined.sql, "a = ? AND b = ?")
            XCTAssertEqual(joined.arguments, [1, "x"])
            XCTAssertTrue(SQL(sql: "").isEmpty)
            XCTAssertFalse(SQL("\(1)").isEmpty)
        }
    }

    func testInjectionAttemptIsStoredVerbatim() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE x (name TEXT)")
            let attack = "'); DROP TABLE x; --"
            try db.execute(literal: "INSERT INTO x (name) VALUES (\(attack))")
            XCTAssertEqual(lastSQLQuery, "INSERT INTO x (name) VALUES (?)")
            XCTAssertTrue(try db.tableExists("x"))
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM x"), [attack])
            // Also inside a collection, and in a request.
            let names = [attack, "Robert'); DROP TABLE x;--"]
            let count = try SQLRequest<Int>(literal: "SELECT COUNT(*) FROM x WHERE name IN \(names)").fetchOne(db)
            XCTAssertEqual(count, 1)
            XCTAssertTrue(try db.tableExists("x"))
            XCTAssertFalse(sqlQueries.contains { $0.contains("DROP") })
        }
    }

    func testEveryValueTypeInterpolates() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
            let data = Data([1, 2])
            let literal: SQL = """
                SELECT \(Int8(1)), \(UInt64(2)), \(Float(1.5)), \(data), \(uuid), \(URL(string: "https://a.b")!), \
                \(Decimal(string: "0.1")!), \(DatabaseValue.null), \(NSNumber(value: 3))
                """
            let (sql, arguments) = try literal.build(db)
            XCTAssertEqual(sql, "SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?")
            XCTAssertEqual(arguments, [1, 2, 1.5, data, uuid, "https://a.b", "0.1", nil, 3])
        }
    }
}
