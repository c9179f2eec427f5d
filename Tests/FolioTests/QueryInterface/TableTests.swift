import Folio
import XCTest

private struct Player: TableRecord { }

private struct AltPlayer: TableRecord {
    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }
}

/// `Table`: requests on a table without a record type, and tables (of
/// `Table` or of record types) in SQL literals.
final class TableTests: FolioTestCase {
    func testTableFetchesRows() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let teams = Table("team")
            XCTAssertEqual(teams.tableName, "team")
            XCTAssertEqual(try teams.fetchAll(db).map { $0["name"] as String }, ["Reds", "Blues", "Greens"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "team""#)
            XCTAssertEqual(try teams.fetchOne(db)?["name"], "Reds")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "team" LIMIT 1"#)
            XCTAssertEqual(try teams.fetchSet(db).count, 3)
            let cursor = try teams.fetchCursor(db)
            var names: [String] = []
            while let row = try cursor.next() { names.append(row["name"]) }
            XCTAssertEqual(names, ["Reds", "Blues", "Greens"])
            XCTAssertEqual(try teams.fetchCount(db), 3)
            XCTAssertEqual(try teams.all().fetchAll(db).count, 3)
        }
    }

    func testTableRequests() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let players = Table("player")
            let request = players
                .filter { $0.teamId == 1 }
                .select { [$0.id, $0.name] }
                .order(\.name.desc)
            XCTAssertEqual(try sql(db, request), #"SELECT "id", "name" FROM "player" WHERE "teamId" = ? ORDER BY "name" DESC"#)
            XCTAssertEqual(try request.fetchAll(db), [["id": 2, "name": "barbara"], ["id": 1, "name": "Arthur"]])

            XCTAssertEqual(try sql(db, players.filter(sql: "score > ?", arguments: [500])), #"SELECT * FROM "player" WHERE score > ?"#)
            XCTAssertEqual(try sql(db, players.filter(literal: "score > \(500)")), #"SELECT * FROM "player" WHERE score > ?"#)
            XCTAssertEqual(try sql(db, players.order(sql: "score")), #"SELECT * FROM "player" ORDER BY score"#)
            XCTAssertEqual(try sql(db, players.order([Column("score"), Column("id")])), #"SELECT * FROM "player" ORDER BY "score", "id""#)
            XCTAssertEqual(try sql(db, players.select(sql: "id")), #"SELECT id FROM "player""#)
            XCTAssertEqual(try sql(db, players.annotated(with: Column.rowID)), #"SELECT *, "rowid" FROM "player""#)
            XCTAssertEqual(try sql(db, players.limit(2, offset: 1)), #"SELECT * FROM "player" LIMIT 2 OFFSET 1"#)
            XCTAssertEqual(try sql(db, players.none()), #"SELECT * FROM "player" WHERE ?"#)
        }
    }

    func testTypedTable() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let names = Table<String>("team").select(Column("name")).order(Column("name"))
            XCTAssertEqual(try names.fetchAll(db), ["Blues", "Greens", "Reds"])

            let scores = Table("player").select(Column("score"), as: Int.self).order(Column("score").desc)
            XCTAssertEqual(try scores.fetchOne(db), 1000)

            let maxScore = Table("player").select({ max($0.score) }, as: Int.self)
            XCTAssertEqual(try maxScore.fetchOne(db), 1000)

            let literal = Table("player").select(literal: "MIN(score) * \(2)", as: Int.self)
            XCTAssertEqual(try literal.fetchOne(db), 20)
        }
    }

    func testTableAliasAndCommonTableExpression() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let alias = TableAlias<Row>(name: "t")
            let players = Table("player")
            let request = players.aliased(alias).filter(alias["score"] > 900)
            XCTAssertEqual(try sql(db, request), #"SELECT "t".* FROM "player" "t" WHERE "t"."score" > ?"#)
            XCTAssertEqual(try ids(db, request), [1, 3])

            let cte = CommonTableExpression(named: "ids", sql: "SELECT 2 UNION ALL SELECT 4")
            let withCTE = players.with(cte).filter { cte.contains($0.id) }
            XCTAssertEqual(try sql(db, withCTE), #"WITH "ids" AS (SELECT 2 UNION ALL SELECT 4) SELECT * FROM "player" WHERE "id" IN "ids""#)
            XCTAssertEqual(try ids(db, withCTE), [2, 4])
        }
    }

    func testTablesAndRecordTypesInSQLLiterals() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let literal: SQL = """
                SELECT \(columnsOf: Player.self), \(CodingKeys.score) FROM \(Player.self) \
                WHERE \(Column("teamId")) = \(1) ORDER BY \(Column("name").desc)
                """
            let (sql, arguments) = try literal.build(db)
            XCTAssertEqual(sql, #"SELECT "player".*, "score" FROM "player" WHERE "teamId" = ? ORDER BY "name" DESC"#)
            XCTAssertEqual(arguments, [1])
            XCTAssertEqual(try Row.fetchAll(db, SQLRequest(literal: literal)).map { $0["id"] as Int64 }, [2, 1])

            let alias: SQL = "SELECT \(columnsOf: Player.self, tableAlias: "p") FROM \(Table("player")) p"
            XCTAssertEqual(try alias.build(db).sql, #"SELECT "p".* FROM "player" p"#)

            let restricted: SQL = "SELECT \(columnsOf: AltPlayer.self) FROM \(tableOf: AltPlayer())"
            XCTAssertEqual(try restricted.build(db).sql, #"SELECT "player"."id", "player"."name" FROM "player""#)
            XCTAssertEqual(try Row.fetchOne(db, SQLRequest(literal: restricted))?.count, 2)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case score
    }
}
