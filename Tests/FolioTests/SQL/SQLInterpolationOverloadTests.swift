import Foundation
import Folio
import XCTest

private struct Player: TableRecord, Codable {
    var id: Int64
    var name: String?
    enum CodingKeys: String, CodingKey { case id, name }
}

private struct AltPlayer: TableRecord {
    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }
}

/// The SQL interpolation overload set of GRDB: each kind of interpolated
/// value renders what it is, whatever overload Swift picks.
final class SQLInterpolationOverloadTests: FolioTestCase {
    private func build(_ db: Database, _ literal: SQL) throws -> (sql: String, arguments: StatementArguments) {
        try literal.build(db)
    }

    func testValuesAreArguments() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let name = "O'Brien"
            let substring = name.dropFirst(2)
            let bonus: Int? = nil
            let score: Int? = 12
            let date = Date(timeIntervalSince1970: 0)
            let literal: SQL = "SELECT \(1), \(name), \(substring), \(bonus), \(score), \(true), \(date), \(DatabaseValue.null)"
            let (sql, arguments) = try build(db, literal)
            XCTAssertEqual(sql, "SELECT ?, ?, ?, ?, ?, ?, ?, ?")
            XCTAssertEqual(arguments, [1, "O'Brien", "Brien", nil, 12, true, date, nil])
            let row = try XCTUnwrap(Row.fetchOne(db, SQLRequest(literal: literal)))
            XCTAssertEqual(row[1] as String, "O'Brien")
            XCTAssertEqual(row[2] as String, "Brien")
        }
    }

    func testDataIsOneBlobArgument() throws {
        try makeDatabaseQueue().read { db in
            let data = Data([0xCA, 0xFE])
            let optionalData: Data? = data
            let literal: SQL = "SELECT \(data), \(optionalData), length(\(data))"
            let (sql, arguments) = try build(db, literal)
            XCTAssertEqual(sql, "SELECT ?, ?, length(?)")
            XCTAssertEqual(arguments, [data, data, data])
            XCTAssertEqual(try Int.fetchOne(db, SQLRequest<Int>(literal: "SELECT length(\(data))")), 2)
        }
    }

    func testExpressionsAreParenthesizedSQL() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let bonus = 100
            let expression: SQLExpression = Column("score") * 2
            let anyExpressible: any SQLExpressible = Column("bonus") + 1
            let literal: SQL = "SELECT \(Column("name")), \(Column("score") + bonus), \(expression), \(anyExpressible) FROM player WHERE id = \(1)"
            let (sql, arguments) = try build(db, literal)
            XCTAssertEqual(sql, #"SELECT "name", ("score" + ?), ("score" * ?), ("bonus" + ?) FROM player WHERE id = ?"#)
            XCTAssertEqual(arguments, [100, 2, 1, 1])
            let row = try XCTUnwrap(Row.fetchOne(db, SQLRequest(literal: literal)))
            XCTAssertEqual(row[1] as Int, 1100)
            XCTAssertEqual(row[2] as Int, 2000)
            XCTAssertEqual(row[3] as Int, 11)
        }
    }

    func testRequestsAreTheirSQL() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let maxScore = Table("player").select { max($0.score) }
            let literal: SQL = "SELECT id FROM player WHERE score = (\(maxScore)) ORDER BY id"
            XCTAssertEqual(try build(db, literal).sql, #"SELECT id FROM player WHERE score = (SELECT MAX("score") FROM "player") ORDER BY id"#)
            XCTAssertEqual(try Int.fetchAll(db, SQLRequest(literal: literal)), [1, 3])

            // A request in an expression is a parenthesized subquery.
            let request: SQLRequest<Int> = "SELECT id FROM player WHERE id = 4"
            let comparison: SQL = "SELECT \(request > 0)"
            XCTAssertEqual(try build(db, comparison).sql, "SELECT (SELECT id FROM player WHERE id = 4) > ?")
            XCTAssertEqual(try Bool.fetchOne(db, SQLRequest(literal: comparison)), true)

            let anyTerm: any SQLOrderingTerm = request
            XCTAssertEqual(try build(db, "(\(anyTerm))").sql, "(SELECT id FROM player WHERE id = 4)")
        }
    }

    func testSelectionsAndOrderings() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let aliased = Column("score").forKey("points")
            let optionalSelection: (any SQLSelectable)? = nil
            let selection: SQL = "SELECT \(.allColumns), \(aliased), \(optionalSelection) FROM player"
            XCTAssertEqual(try build(db, selection).sql, #"SELECT *, "score" AS "points", NULL FROM player"#)
            XCTAssertEqual(try Row.fetchOne(db, SQLRequest(literal: selection))?["points"], 1000)

            let anyOrdering: any SQLOrderingTerm = Column("id").desc
            let ordering: SQL = "SELECT id FROM player ORDER BY \(Column("score").desc), \(anyOrdering)"
            XCTAssertEqual(try build(db, ordering).sql, #"SELECT id FROM player ORDER BY "score" DESC, "id" DESC"#)
            XCTAssertEqual(try Int.fetchAll(db, SQLRequest(literal: ordering)), [3, 1, 5, 2, 6, 4])
        }
    }

    func testSequences() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let ids: [Int64] = [1, 3]
            let names: Set<String> = ["Arthur"]
            let expressions: [any SQLExpressible] = [Column("score"), Column("bonus") + 2]
            let literal: SQL = "SELECT id FROM player WHERE id IN \(ids) OR name IN \(names) OR 12 IN \(expressions) ORDER BY id"
            let (sql, arguments) = try build(db, literal)
            XCTAssertEqual(sql, #"SELECT id FROM player WHERE id IN (?, ?) OR name IN (?) OR 12 IN ("score", "bonus" + ?) ORDER BY id"#)
            XCTAssertEqual(arguments, [1, 3, "Arthur", 2])
            XCTAssertEqual(try Int.fetchAll(db, SQLRequest(literal: literal)), [1, 3])

            let noIds: [Int] = []
            let none: SQL = "SELECT COUNT(*) FROM player WHERE id IN \(noIds)"
            XCTAssertEqual(try build(db, none).sql, "SELECT COUNT(*) FROM player WHERE id IN (SELECT NULL WHERE NULL)")
            XCTAssertEqual(try Int.fetchOne(db, SQLRequest(literal: none)), 0)
            let all: SQL = "SELECT COUNT(*) FROM player WHERE id NOT IN \(noIds)"
            XCTAssertEqual(try Int.fetchOne(db, SQLRequest(literal: all)), 6)
            let noExpressions: [any SQLExpressible] = []
            XCTAssertEqual(try build(db, "IN \(noExpressions)").sql, "IN (SELECT NULL WHERE NULL)")
        }
    }

    func testRecordTypesTablesAndIdentifiers() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let recordType: any TableRecord.Type = Player.self
            let record: any TableRecord = Player(id: 1, name: nil)
            let literal: SQL = """
                SELECT \(columnsOf: AltPlayer.self), \(columnsOf: Player.self, tableAlias: "p") \
                FROM \(Player.self) p, \(recordType), \(tableOf: Player(id: 1, name: nil)), \(tableOf: record), \
                \(identifier: "group"), \(Table("team"))
                """
            XCTAssertEqual(try build(db, literal).sql, """
                SELECT "player"."id", "player"."name", "p".* FROM "player" p, "player", "player", "player", "group", "team"
                """)
        }
    }

    func testCodingKeys() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let key: any CodingKey = Player.CodingKeys.name
            let literal: SQL = "SELECT \(Player.CodingKeys.id), \(key) FROM player WHERE \(Player.CodingKeys.id) = \(2)"
            XCTAssertEqual(try build(db, literal).sql, #"SELECT "id", "name" FROM player WHERE "id" = ?"#)
            XCTAssertEqual(try Row.fetchOne(db, SQLRequest(literal: literal))?["name"], "barbara")
        }
    }

    func testSQLLiteralsArePastedAsIs() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let condition: SQL = "name = \("Arthur")"
            let literal: SQL = "SELECT id FROM player WHERE \(condition) OR \(literal: condition)"
            let (sql, arguments) = try build(db, literal)
            XCTAssertEqual(sql, "SELECT id FROM player WHERE name = ? OR name = ?")
            XCTAssertEqual(arguments, ["Arthur", "Arthur"])
            XCTAssertEqual(try Int.fetchAll(db, SQLRequest(literal: literal)), [1])
        }
    }

    func testCommonTableExpressions() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let cte = CommonTableExpression(named: "best", request: Table("player").filter { $0.score > 900 })
            let literal: SQL = "WITH \(definitionFor: cte) SELECT COUNT(*) FROM \(cte)"
            XCTAssertEqual(try build(db, literal).sql, #"WITH "best" AS (SELECT * FROM "player" WHERE "score" > ?) SELECT COUNT(*) FROM "best""#)
            XCTAssertEqual(try Int.fetchOne(db, SQLRequest(literal: literal)), 2)
        }
    }

    func testJoinedLiterals() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let parts: [SQL] = ["SELECT id FROM player", "WHERE score > \(900)", "ORDER BY id"]
            let literal = parts.joined(separator: " ")
            XCTAssertEqual(try build(db, literal).sql, "SELECT id FROM player WHERE score > ? ORDER BY id")
            XCTAssertEqual(try Int.fetchAll(db, SQLRequest(literal: literal)), [1, 3])
            XCTAssertEqual(try build(db, ([] as [SQL]).joined()).sql, "")
        }
    }

    func testJoinedSequenceOfLiteralsAndCharacterLiterals() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let conditions = ["score", "bonus"].lazy.map { SQL("\(identifier: $0) > \(0)") }
            let literal = conditions.joined(separator: " AND ")
            XCTAssertEqual(try build(db, literal).sql, #""score" > ? AND "bonus" > ?"#)
            XCTAssertEqual(try build(db, literal).arguments, [0, 0])

            let star = SQL(extendedGraphemeClusterLiteral: "*")
            let scalar = SQL(unicodeScalarLiteral: "*")
            XCTAssertEqual(try build(db, "SELECT \(star), \(scalar) FROM player").sql, "SELECT *, * FROM player")
        }
    }

    func testRenamedColumn() throws {
        try makeTeamAndPlayerDatabase().read { db in
            var column = Column("score")
            column.name = "bonus"
            XCTAssertEqual(try build(db, "SELECT \(column) FROM player").sql, #"SELECT "bonus" FROM player"#)
        }
    }

    func testRenderingErrorsAreThrownWhenBuilt() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let literal: SQL = "SELECT \(.allColumns(excluding: ["id"])) FROM player"
            XCTAssertThrowsError(try build(db, literal)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            }
        }
    }
}
