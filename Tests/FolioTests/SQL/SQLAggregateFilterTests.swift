import Folio
import XCTest

private struct Player: TableRecord { }

private struct Team: TableRecord {
    static let players = hasMany(Player.self, using: ForeignKey(["teamId"]))
}

/// Aggregates with a FILTER clause, the scalar MIN and MAX functions, the
/// bitwise associative operators, date modifiers as expressions, the
/// `.allColumns`/`.rowID` static members, optional selections and
/// orderings, `allColumns(excluding:)` with columns, and `SQL(_:)`.
final class SQLAggregateFilterTests: FolioTestCase {
    func testAggregatesWithFilterRenderFilterClauseAndFilterRows() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.select {
                [sum($0.score, filter: $0.isVerified),
                 total($0.bonus, filter: $0.isVerified),
                 average($0.score, filter: $0.isVerified),
                 min($0.score, filter: $0.isVerified),
                 max($0.score, filter: !$0.isVerified)]
            }
            XCTAssertEqual(try sql(db, request), """
                SELECT SUM("score") FILTER (WHERE "isVerified"), TOTAL("bonus") FILTER (WHERE "isVerified"), \
                AVG("score") FILTER (WHERE "isVerified"), MIN("score") FILTER (WHERE "isVerified"), \
                MAX("score") FILTER (WHERE NOT "isVerified") FROM "player"
                """)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row[0] as Int, 2750)
            XCTAssertEqual(row[1] as Double, 10)
            XCTAssertEqual(row[2] as Double, 2750.0 / 3, accuracy: 0.001)
            XCTAssertEqual(row[3] as Int, 750)
            XCTAssertEqual(row[4] as Int, 500)
        }
    }

    func testAggregatesWithFilterMatchingNoRow() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.select { [sum($0.score, filter: $0.score > 5000), total($0.score, filter: $0.score > 5000)] }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT SUM("score") FILTER (WHERE "score" > ?), TOTAL("score") FILTER (WHERE "score" > ?) FROM "player""#)
            XCTAssertEqual(try arguments(db, request), [5000, 5000])
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertNil(row[0] as Int?)
            XCTAssertEqual(row[1] as Double, 0)
        }
    }

    func testAggregateWithFilterIsAnAggregate() throws {
        try makeTeamAndPlayerDatabase().read { db in
            // One row per group: fetchCount counts the groups.
            let request = Player.select { sum($0.score, filter: $0.isVerified) }
            XCTAssertEqual(try request.fetchCount(db), 1)
            let grouped = Player.select { [$0.teamId, sum($0.score, filter: $0.isVerified)] }.group { $0.teamId }
            XCTAssertEqual(try Row.fetchAll(db, grouped.order { $0.teamId }).map { $0[1] as Int? }, [nil, 1000, 1000, 750])
        }
    }

    func testAggregateWithFilterInJoinedRequestQualifiesColumns() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let playerAlias = TableAlias<Player>()
            let request = Team
                .joining(required: Team.players.aliased(playerAlias))
                .select(sum(playerAlias[Column("score")], filter: playerAlias[Column("isVerified")]))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT SUM("player"."score") FILTER (WHERE "player"."isVerified") FROM "team" JOIN "player" ON "player"."teamId" = "team"."id""#)
            XCTAssertEqual(try Int.fetchOne(db, request), 2750)
        }
    }

    func testScalarMinAndMaxOfSeveralArguments() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.select { [max($0.score, $0.bonus, 600), min($0.score, $0.bonus)] }.order { $0.id }
            XCTAssertEqual(try sql(db, request), #"SELECT MAX("score", "bonus", ?), MIN("score", "bonus") FROM "player" ORDER BY "id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0[0] as Int? }, [1000, 600, nil, 600, 750, 600])
            XCTAssertEqual(rows.map { $0[1] as Int? }, [10, 20, nil, 5, 0, 30])
            // Scalar functions are no aggregates: one row per player.
            XCTAssertEqual(try Player.select { max($0.score, $0.bonus) }.fetchCount(db), 6)
        }
    }

    func testCoalesceOfSpecificExpressions() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.select { coalesce([$0.email, $0.name, "?".databaseValue] as [any SQLSpecificExpressible]) }.order { $0.id }
            XCTAssertEqual(try sql(db, request), #"SELECT COALESCE("email", "name", ?) FROM "player" ORDER BY "id""#)
            XCTAssertEqual(try String.fetchAll(db, request)[2], "Craig")
        }
    }

    func testBitwiseAssociativeOperators() throws {
        try makeDatabaseQueue().read { db in
            let and = [Column("a"), Column("b"), Column("c")].joined(operator: .bitwiseAnd)
            let or = [Column("a"), Column("b")].joined(operator: .bitwiseOr)
            let request = SQLRequest<Row>(literal: "SELECT \(and), \(or) FROM (SELECT 7 AS a, 6 AS b, 3 AS c)")
            XCTAssertEqual(try sql(db, request), #"SELECT ("a" & "b" & "c"), ("a" | "b") FROM (SELECT 7 AS a, 6 AS b, 3 AS c)"#)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row[0] as Int, 2)
            XCTAssertEqual(row[1] as Int, 7)

            // Empty sequences join as the neutral values.
            let empty: [Column] = []
            XCTAssertEqual(try Int.fetchOne(db, SQLRequest(literal: "SELECT \(empty.joined(operator: .bitwiseAnd))")), -1)
            XCTAssertEqual(try Int.fetchOne(db, SQLRequest(literal: "SELECT \(empty.joined(operator: .bitwiseOr))")), 0)
        }
    }

    func testAssociativeOperatorsAreHashable() {
        typealias Operator = SQLExpression.AssociativeBinaryOperator
        XCTAssertEqual(Operator.bitwiseAnd, .bitwiseAnd)
        XCTAssertNotEqual(Operator.bitwiseAnd, .bitwiseOr)
        XCTAssertNotEqual(Operator.and, .bitwiseAnd)
        let operators: Set<Operator> = [.and, .or, .add, .multiply, .concat, .bitwiseAnd, .bitwiseOr, .and]
        XCTAssertEqual(operators.count, 7)
    }

    func testDateModifierIsAnExpression() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE t(a)")
            let modifier = SQLDateModifier.day(-2)
            let literal: SQL = "SELECT DATE('2020-01-10', \(modifier)), \(SQLDateModifier.startOfMonth)"
            XCTAssertEqual(try literal.build(db).sql, "SELECT DATE('2020-01-10', ?), ?")
            XCTAssertEqual(try literal.build(db).arguments, ["-2 days", "start of month"])
            let row = try XCTUnwrap(Row.fetchOne(db, SQLRequest(literal: literal)))
            XCTAssertEqual(row[0] as String, "2020-01-08")
            XCTAssertEqual(row[1] as String, "start of month")

            let selected = Table("t").select(SQLDateModifier.year(1))
            XCTAssertEqual(try sql(db, selected), #"SELECT ? FROM "t""#)
            XCTAssertEqual(try arguments(db, selected), ["+1 years"])
            XCTAssertEqual(try sql(db, Table("t").order(SQLDateModifier.utc)), #"SELECT * FROM "t" ORDER BY ?"#)

            // dateTime accepts expressions, and modifiers
            let date = dateTime("2020-01-10 12:00:00".databaseValue, .hour(1), .startOfDay)
            XCTAssertEqual(try String.fetchOne(db, SQLRequest(literal: "SELECT \(date)")), "2020-01-10 00:00:00")
        }
    }

    func testAllColumnsAndRowIDStaticMembers() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let selection: [any SQLSelectable] = [.allColumns, .rowID]
            XCTAssertTrue(selection[0] is AllColumns)
            XCTAssertEqual(selection[1] as? Column, Column("rowid"))
            XCTAssertEqual(try sql(db, Player.select(selection)), #"SELECT *, "rowid" FROM "player""#)

            let expression: any SQLExpressible = .rowID
            XCTAssertEqual(expression as? Column, Column.rowID)
            let allColumns: AllColumns = .allColumns
            XCTAssertEqual(try sql(db, Player.select(allColumns)), #"SELECT * FROM "player""#)
            XCTAssertEqual(try Int64.fetchAll(db, Player.select(Column.rowID).filter { $0.score > 900 }), [1, 3])
        }
    }

    func testOptionalSelectionsAndOrderings() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let present: Column? = Column("name")
            let absent: Column? = nil
            XCTAssertEqual(try sql(db, Player.select(present)), #"SELECT "name" FROM "player""#)
            let nullSelection = Player.select(absent)
            XCTAssertEqual(try sql(db, nullSelection), #"SELECT ? FROM "player""#)
            XCTAssertEqual(try arguments(db, nullSelection), [nil])
            XCTAssertEqual(try Row.fetchOne(db, nullSelection)?[0] as DatabaseValue?, .null)

            let ordering: SQLOrdering? = Column("score").desc
            XCTAssertEqual(try sql(db, Player.order(ordering)), #"SELECT * FROM "player" ORDER BY "score" DESC"#)
            let noOrdering: SQLOrdering? = nil
            XCTAssertEqual(try sql(db, Player.order(noOrdering)), #"SELECT * FROM "player" ORDER BY ?"#)
            XCTAssertEqual(try Row.fetchAll(db, Player.order(noOrdering)).count, 6)
        }
    }

    func testAllColumnsExcludingColumns() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let selection: [any SQLSelectable] = [.allColumns(excluding: [Column("email"), Column("HEIGHT")] as [any ColumnExpression])]
            XCTAssertEqual(
                try sql(db, Player.select(selection)),
                #"SELECT "id", "name", "score", "bonus", "teamId", "position", "isVerified", "coachId" FROM "player""#)
            let names: [any SQLSelectable] = [.allColumns(excluding: ["email", "height"])]
            XCTAssertEqual(try sql(db, Player.select(names)), try sql(db, Player.select(selection)))
        }
    }

    func testSQLFromExpression() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let total = SQL(Column("score") + Column("bonus") * 2)
            XCTAssertEqual(try total.build(db).sql, #""score" + ("bonus" * ?)"#)
            XCTAssertEqual(try total.build(db).arguments, [2])
            let request: SQLRequest<Int> = "SELECT \(total) FROM player WHERE id = \(1)"
            XCTAssertEqual(try request.fetchOne(db), 1020)

            // A literal stays the same literal
            let literal = SQL(SQL(sql: "score + ?", arguments: [1]))
            XCTAssertEqual(try literal.build(db).sql, "score + ?")
            XCTAssertEqual(try literal.build(db).arguments, [1])

            // Errors surface when the literal is built
            let unbound = SQL(TableAlias()[Column("score")])
            XCTAssertThrowsError(try unbound.build(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            }
        }
    }
}
