import Folio
import XCTest

private struct Player: TableRecord { }

/// Comparison, logical and arithmetic operators: the SQL they generate,
/// the arguments they bind, and the rows they select.
final class SQLExpressionOperatorTests: FolioTestCase {
    // MARK: - Equality and NULL

    func testEqualToValueBindsAnArgument() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.name == "Arthur" }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "name" = ?"#)
            XCTAssertEqual(try arguments(db, request), ["Arthur"])
            XCTAssertEqual(try ids(db, request), [1])
        }
    }

    func testValueOnTheLeftSideOfEquality() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { "Arthur" == $0.name }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "name" = ?"#)
            XCTAssertEqual(try ids(db, request), [1])
        }
    }

    func testEqualToNilGeneratesIsNull() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.name == nil }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "name" IS NULL"#)
            XCTAssertEqual(try arguments(db, request), [])
            XCTAssertEqual(try ids(db, request), [4])

            let reversed = Player.filter { nil == $0.name }
            XCTAssertEqual(try sql(db, reversed), #"SELECT * FROM "player" WHERE "name" IS NULL"#)
            XCTAssertEqual(try ids(db, reversed), [4])
        }
    }

    func testEqualToNilOptionalGeneratesIsNull() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let email: String? = nil
            let request = Player.filter { $0.email == email }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "email" IS NULL"#)
            XCTAssertEqual(try ids(db, request), [3, 6])

            let nullValue = Player.filter(Column("email") == DatabaseValue.null)
            XCTAssertEqual(try sql(db, nullValue), #"SELECT * FROM "player" WHERE "email" IS NULL"#)
        }
    }

    func testEqualToNonNilOptionalBindsTheValue() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let email: String? = "anon@test.org"
            let request = Player.filter { $0.email == email }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "email" = ?"#)
            XCTAssertEqual(try arguments(db, request), ["anon@test.org"])
            XCTAssertEqual(try ids(db, request), [4])
        }
    }

    func testNotEqual() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.name != "Arthur" }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "name" <> ?"#)
            XCTAssertEqual(try ids(db, request), [2, 3, 5, 6])

            let notNil = Player.filter { $0.name != nil }
            XCTAssertEqual(try sql(db, notNil), #"SELECT * FROM "player" WHERE "name" IS NOT NULL"#)
            XCTAssertEqual(try ids(db, notNil), [1, 2, 3, 5, 6])

            let nilNot = Player.filter { nil != $0.email }
            XCTAssertEqual(try sql(db, nilNot), #"SELECT * FROM "player" WHERE "email" IS NOT NULL"#)
            XCTAssertEqual(try ids(db, nilNot), [1, 2, 4, 5])
        }
    }

    func testIsAndIsNot() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.bonus === 10 }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "bonus" IS ?"#)
            XCTAssertEqual(try arguments(db, request), [10])
            XCTAssertEqual(try ids(db, request), [1])

            let isNot = Player.filter { $0.bonus !== 10 }
            XCTAssertEqual(try sql(db, isNot), #"SELECT * FROM "player" WHERE "bonus" IS NOT ?"#)
            XCTAssertEqual(try ids(db, isNot), [2, 3, 4, 5, 6])

            let columns = Player.filter { $0.teamId === $0.coachId }
            XCTAssertEqual(try sql(db, columns), #"SELECT * FROM "player" WHERE "teamId" IS "coachId""#)
            XCTAssertEqual(try ids(db, columns), [2, 4])
        }
    }

    func testIsNilGeneratesIsNull() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.bonus === nil }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "bonus" IS NULL"#)
            XCTAssertEqual(try arguments(db, request), [])
            XCTAssertEqual(try ids(db, request), [3])

            let isNot = Player.filter { $0.bonus !== nil }
            XCTAssertEqual(try sql(db, isNot), #"SELECT * FROM "player" WHERE "bonus" IS NOT NULL"#)
            XCTAssertEqual(try ids(db, isNot), [1, 2, 4, 5, 6])

            let reversed = Player.filter { nil === $0.bonus }
            XCTAssertEqual(try sql(db, reversed), #"SELECT * FROM "player" WHERE "bonus" IS NULL"#)

            let nullValue = Player.filter { DatabaseValue.null === $0.bonus }
            XCTAssertEqual(try sql(db, nullValue), #"SELECT * FROM "player" WHERE "bonus" IS NULL"#)

            let nullOnTheLeft = Player.filter { DatabaseValue.null == $0.bonus }
            XCTAssertEqual(try sql(db, nullOnTheLeft), #"SELECT * FROM "player" WHERE "bonus" IS NULL"#)
            XCTAssertEqual(try ids(db, nullOnTheLeft), [3])
        }
    }

    func testExpressionComparedToNil() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.score + $0.bonus == nil }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE ("score" + "bonus") IS NULL"#)
            XCTAssertEqual(try ids(db, request), [3])
        }
    }

    // MARK: - Ordering comparisons

    func testComparisonOperators() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let cases: [(SQLExpression, String, [Int64])] = [
                (Column("score") < 500, #""score" < ?"#, [4, 6]),
                (Column("score") <= 500, #""score" <= ?"#, [2, 4, 6]),
                (Column("score") > 750, #""score" > ?"#, [1, 3]),
                (Column("score") >= 750, #""score" >= ?"#, [1, 3, 5]),
                (500 > Column("score"), #"? > "score""#, [4, 6]),
                (1000 <= Column("score"), #"? <= "score""#, [1, 3]),
                (Column("bonus") > Column("position"), #""bonus" > "position""#, [1, 2, 6]),
                (Column("height") > 1.75, #""height" > ?"#, [1, 3, 5]),
            ]
            for (expression, expectedSQL, expectedIDs) in cases {
                let request = Player.filter(expression)
                XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "# + expectedSQL)
                XCTAssertEqual(try ids(db, request), expectedIDs, expectedSQL)
            }
        }
    }

    func testComparisonWithColumnOfTheSameRow() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.score < $0.bonus * 100 }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "score" < ("bonus" * ?)"#)
            XCTAssertEqual(try ids(db, request), [2, 4, 6])
        }
    }

    // MARK: - Booleans

    func testComparisonWithBooleans() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let isTrue = Player.filter { $0.isVerified == true }
            XCTAssertEqual(try sql(db, isTrue), #"SELECT * FROM "player" WHERE "isVerified""#)
            XCTAssertEqual(try ids(db, isTrue), [1, 3, 5])

            let isFalse = Player.filter { $0.isVerified == false }
            XCTAssertEqual(try sql(db, isFalse), #"SELECT * FROM "player" WHERE NOT "isVerified""#)
            XCTAssertEqual(try ids(db, isFalse), [2, 4, 6])

            let notTrue = Player.filter { $0.isVerified != true }
            XCTAssertEqual(try sql(db, notTrue), #"SELECT * FROM "player" WHERE NOT "isVerified""#)
            XCTAssertEqual(try ids(db, notTrue), [2, 4, 6])

            let notFalse = Player.filter { $0.isVerified != false }
            XCTAssertEqual(try sql(db, notFalse), #"SELECT * FROM "player" WHERE "isVerified""#)

            let negated = Player.filter { !$0.isVerified }
            XCTAssertEqual(try sql(db, negated), #"SELECT * FROM "player" WHERE NOT "isVerified""#)
            XCTAssertEqual(try ids(db, negated), [2, 4, 6])

            let doubleNegation = Player.filter { !(!$0.isVerified) }
            XCTAssertEqual(try sql(db, doubleNegation), #"SELECT * FROM "player" WHERE "isVerified""#)
        }
    }

    func testBooleanValuesAsExpressions() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let always = Player.filter(true.databaseValue)
            XCTAssertEqual(try sql(db, always), #"SELECT * FROM "player" WHERE ?"#)
            XCTAssertEqual(try arguments(db, always), [true])
            XCTAssertEqual(try ids(db, always).count, 6)

            let combined = Player.filter { $0.isVerified && true.databaseValue }
            XCTAssertEqual(try sql(db, combined), #"SELECT * FROM "player" WHERE "isVerified" AND ?"#)
            XCTAssertEqual(try ids(db, combined), [1, 3, 5])

            let swiftBool = Player.filter { $0.isVerified && false }
            XCTAssertEqual(try sql(db, swiftBool), #"SELECT * FROM "player" WHERE "isVerified" AND ?"#)
            XCTAssertEqual(try arguments(db, swiftBool), [false])
            XCTAssertEqual(try ids(db, swiftBool), [])

            let leftBool = Player.filter { true || $0.isVerified }
            XCTAssertEqual(try sql(db, leftBool), #"SELECT * FROM "player" WHERE ? OR "isVerified""#)
            XCTAssertEqual(try ids(db, leftBool).count, 6)

            let flag = false
            let variable = Player.filter { $0.isVerified == flag || $0.score > 900 }
            XCTAssertEqual(try sql(db, variable), #"SELECT * FROM "player" WHERE (NOT "isVerified") OR ("score" > ?)"#)
            XCTAssertEqual(try ids(db, variable), [1, 2, 3, 4, 6])
        }
    }

    // MARK: - Logic

    func testAndOrNot() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let and = Player.filter { $0.teamId == 1 && $0.score > 600 }
            XCTAssertEqual(try sql(db, and), #"SELECT * FROM "player" WHERE ("teamId" = ?) AND ("score" > ?)"#)
            XCTAssertEqual(try arguments(db, and), [1, 600])
            XCTAssertEqual(try ids(db, and), [1])

            let or = Player.filter { $0.teamId == 2 || $0.score < 100 }
            XCTAssertEqual(try sql(db, or), #"SELECT * FROM "player" WHERE ("teamId" = ?) OR ("score" < ?)"#)
            XCTAssertEqual(try ids(db, or), [3, 4])

            let not = Player.filter { !($0.teamId == 1) }
            XCTAssertEqual(try sql(db, not), #"SELECT * FROM "player" WHERE NOT ("teamId" = ?)"#)
            XCTAssertEqual(try ids(db, not), [3, 5, 6])
        }
    }

    func testChainedAndIsFlattened() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.isVerified && $0.score >= 1000 && $0.name != nil }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "isVerified" AND ("score" >= ?) AND ("name" IS NOT NULL)"#)
            XCTAssertEqual(try ids(db, request), [1, 3])
        }
    }

    func testNegatedDisjunctionKeepsParentheses() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { !($0.score > 600 || $0.bonus == nil) }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE NOT (("score" > ?) OR ("bonus" IS NULL))"#)
            XCTAssertEqual(try ids(db, request), [2, 4, 6])
        }
    }

    func testNestedAndOrPrecedence() throws {
        try makeTeamAndPlayerDatabase().read { db in
            // (A OR B) AND C
            let orThenAnd = Player.filter { ($0.teamId == 1 || $0.teamId == 2) && $0.isVerified }
            XCTAssertEqual(
                try sql(db, orThenAnd),
                #"SELECT * FROM "player" WHERE (("teamId" = ?) OR ("teamId" = ?)) AND "isVerified""#)
            XCTAssertEqual(try ids(db, orThenAnd), [1, 3])

            // A OR (B AND C)
            let andInsideOr = Player.filter { $0.teamId == 1 || ($0.teamId == 2 && $0.isVerified) }
            XCTAssertEqual(
                try sql(db, andInsideOr),
                #"SELECT * FROM "player" WHERE ("teamId" = ?) OR (("teamId" = ?) AND "isVerified")"#)
            XCTAssertEqual(try ids(db, andInsideOr), [1, 2, 3])

            // A AND (B OR C)
            let orInsideAnd = Player.filter { $0.teamId == 1 && ($0.score > 600 || $0.bonus == nil) }
            XCTAssertEqual(
                try sql(db, orInsideAnd),
                #"SELECT * FROM "player" WHERE ("teamId" = ?) AND (("score" > ?) OR ("bonus" IS NULL))"#)
            XCTAssertEqual(try ids(db, orInsideAnd), [1])

            // (A AND B) OR (C AND D)
            let twoConjunctions = Player.filter { ($0.teamId == 1 && $0.position == 2) || ($0.teamId == 42 && $0.position == 1) }
            XCTAssertEqual(
                try sql(db, twoConjunctions),
                #"SELECT * FROM "player" WHERE (("teamId" = ?) AND ("position" = ?)) OR (("teamId" = ?) AND ("position" = ?))"#)
            XCTAssertEqual(try ids(db, twoConjunctions), [2, 5])
        }
    }

    func testJoinedOperator() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let and = Player.filter { [$0.isVerified, $0.score >= 1000, $0.name != nil].joined(operator: .and) }
            XCTAssertEqual(try sql(db, and), #"SELECT * FROM "player" WHERE "isVerified" AND ("score" >= ?) AND ("name" IS NOT NULL)"#)
            XCTAssertEqual(try ids(db, and), [1, 3])

            let or = Player.filter { [$0.teamId == 2, $0.teamId == nil].joined(operator: .or) }
            XCTAssertEqual(try sql(db, or), #"SELECT * FROM "player" WHERE ("teamId" = ?) OR ("teamId" IS NULL)"#)
            XCTAssertEqual(try ids(db, or), [3, 4])

            let emptyAnd = Player.filter([SQLExpression]().joined(operator: .and))
            XCTAssertEqual(try sql(db, emptyAnd), #"SELECT * FROM "player" WHERE ?"#)
            XCTAssertEqual(try ids(db, emptyAnd).count, 6)

            let emptyOr = Player.filter([SQLExpression]().joined(operator: .or))
            XCTAssertEqual(try ids(db, emptyOr), [])

            let add = Player.filter(Column("id") == 1).select({ [$0.score, $0.bonus, 1000.databaseValue].joined(operator: .add) }, as: Int.self)
            XCTAssertEqual(try sql(db, add), #"SELECT "score" + "bonus" + ? FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try add.fetchOne(db), 2010)

            let multiply = Player.filter(Column("id") == 1).select({ [$0.score, $0.position, 2.databaseValue].joined(operator: .multiply) }, as: Int.self)
            XCTAssertEqual(try sql(db, multiply), #"SELECT "score" * "position" * ? FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try multiply.fetchOne(db), 2000)

            let concat = Player.filter(Column("id") == 1).select({ [$0.name, " <".databaseValue, $0.email, ">".databaseValue].joined(operator: .concat) }, as: String.self)
            XCTAssertEqual(try sql(db, concat), #"SELECT "name" || ? || "email" || ? FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try concat.fetchOne(db), "Arthur <arthur@example.com>")

            XCTAssertEqual(try Int.fetchOne(db, Player.limit(1).select([SQLExpression]().joined(operator: .add))), 0)
            XCTAssertEqual(try Int.fetchOne(db, Player.limit(1).select([SQLExpression]().joined(operator: .multiply))), 1)
            XCTAssertEqual(try String.fetchOne(db, Player.limit(1).select([SQLExpression]().joined(operator: .concat))), "")
        }
    }

    // MARK: - Arithmetic

    /// Evaluates an expression on player 1 (score 1000, bonus 10, position 1,
    /// height 1.80), and returns its SQL and value.
    private func evaluate(_ db: Database, _ expression: SQLExpression) throws -> (sql: String, value: DatabaseValue) {
        let request = Player.filter(Column("id") == 1).select(expression, as: DatabaseValue.self)
        let fullSQL = try sql(db, request)
        let prefix = "SELECT ", suffix = #" FROM "player" WHERE "id" = ?"#
        XCTAssertTrue(fullSQL.hasPrefix(prefix) && fullSQL.hasSuffix(suffix), fullSQL)
        return (String(fullSQL.dropFirst(prefix.count).dropLast(suffix.count)), try request.fetchOne(db)!)
    }

    func testArithmeticOperatorsAndPrecedence() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let score = Column("score"), bonus = Column("bonus"), position = Column("position")
            func check(_ expression: SQLExpression, _ expectedSQL: String, _ expectedValue: DatabaseValue, line: UInt = #line) throws {
                let (sql, value) = try evaluate(db, expression)
                XCTAssertEqual(sql, expectedSQL, line: line)
                XCTAssertEqual(value, expectedValue, expectedSQL, line: line)
            }
            try check(score + bonus, #""score" + "bonus""#, 1010.databaseValue)
            try check(score - bonus, #""score" - "bonus""#, 990.databaseValue)
            try check(score * bonus, #""score" * "bonus""#, 10000.databaseValue)
            try check(score / bonus, #""score" / "bonus""#, 100.databaseValue)
            try check(-score, #"-"score""#, (-1000).databaseValue)
            try check(-(score + bonus), #"-("score" + "bonus")"#, (-1010).databaseValue)
            try check(-(-score), #"-(-"score")"#, 1000.databaseValue)
            try check(score - (bonus - position), #""score" - ("bonus" - "position")"#, 991.databaseValue)
            try check((score - bonus) - position, #"("score" - "bonus") - "position""#, 989.databaseValue)
            try check((score + bonus) * position, #"("score" + "bonus") * "position""#, 1010.databaseValue)
            try check(score * (bonus + position), #""score" * ("bonus" + "position")"#, 11000.databaseValue)
            try check(score + bonus * 2, #""score" + ("bonus" * ?)"#, 1020.databaseValue)
            try check((score + bonus) * 2, #"("score" + "bonus") * ?"#, 2020.databaseValue)
            try check(score / (bonus / 5), #""score" / ("bonus" / ?)"#, 500.databaseValue)
            try check((score / bonus) / 5, #"("score" / "bonus") / ?"#, 20.databaseValue)
            try check(score + (bonus + position), #""score" + "bonus" + "position""#, 1011.databaseValue)
            try check(score - -bonus, #""score" - (-"bonus")"#, 1010.databaseValue)
            try check(1 - score, #"? - "score""#, (-999).databaseValue)
            try check(cast(score, as: .real) / 400, #"CAST("score" AS REAL) / ?"#, 2.5.databaseValue)
            try check(Column("height") * 1.8 + 32, #"("height" * ?) + ?"#, (1.80 * 1.8 + 32).databaseValue)
        }
    }

    func testIfNullOperator() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.order(\.id).select({ $0.name ?? "Anonymous" }, as: String.self)
            XCTAssertEqual(try sql(db, request), #"SELECT IFNULL("name", ?) FROM "player" ORDER BY "id""#)
            XCTAssertEqual(try request.fetchAll(db), ["Arthur", "barbara", "Craig", "Anonymous", "Éric", "david"])

            let columns = Player.order(\.id).select({ $0.name ?? $0.email }, as: String?.self)
            XCTAssertEqual(try sql(db, columns), #"SELECT IFNULL("name", "email") FROM "player" ORDER BY "id""#)
            XCTAssertEqual(try columns.fetchAll(db)[3], "anon@test.org")

            let chained = Player.filter(Column("id") == 3).select({ $0.email ?? $0.bonus ?? "none" }, as: String.self)
            XCTAssertEqual(try sql(db, chained), #"SELECT IFNULL("email", IFNULL("bonus", ?)) FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try chained.fetchOne(db), "none")
        }
    }

    // MARK: - IN, BETWEEN

    func testArrayContainsGeneratesIn() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { [1, 2, 3].contains($0.id) }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "id" IN (?, ?, ?)"#)
            XCTAssertEqual(try arguments(db, request), [1, 2, 3])
            XCTAssertEqual(try ids(db, request), [1, 2, 3])

            let notIn = Player.filter { ![1, 2, 3].contains($0.id) }
            XCTAssertEqual(try sql(db, notIn), #"SELECT * FROM "player" WHERE "id" NOT IN (?, ?, ?)"#)
            XCTAssertEqual(try ids(db, notIn), [4, 5, 6])

            let names: Set<String> = ["Craig"]
            let set = Player.filter { names.contains($0.name) }
            XCTAssertEqual(try sql(db, set), #"SELECT * FROM "player" WHERE "name" IN (?)"#)
            XCTAssertEqual(try ids(db, set), [3])

            let expressions: [any SQLExpressible] = [Column("bonus"), 1000]
            let mixed = Player.filter { expressions.contains($0.score) }
            XCTAssertEqual(try sql(db, mixed), #"SELECT * FROM "player" WHERE "score" IN ("bonus", ?)"#)
            XCTAssertEqual(try ids(db, mixed), [1, 3])
        }
    }

    func testEmptyArrayContainsNothing() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { [Int]().contains($0.id) }
            XCTAssertEqual(try ids(db, request), [])
            let negated = Player.filter { ![Int]().contains($0.id) }
            XCTAssertEqual(try ids(db, negated), [1, 2, 3, 4, 5, 6])
        }
    }

    func testRangesGenerateBetweenOrComparisons() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let closed = Player.filter { (250...750).contains($0.score) }
            XCTAssertEqual(try sql(db, closed), #"SELECT * FROM "player" WHERE "score" BETWEEN ? AND ?"#)
            XCTAssertEqual(try arguments(db, closed), [250, 750])
            XCTAssertEqual(try ids(db, closed), [2, 5, 6])

            let notBetween = Player.filter { !(250...750).contains($0.score) }
            XCTAssertEqual(try sql(db, notBetween), #"SELECT * FROM "player" WHERE "score" NOT BETWEEN ? AND ?"#)
            XCTAssertEqual(try ids(db, notBetween), [1, 3, 4])

            let halfOpen = Player.filter { (250..<750).contains($0.score) }
            XCTAssertEqual(try sql(db, halfOpen), #"SELECT * FROM "player" WHERE ("score" >= ?) AND ("score" < ?)"#)
            XCTAssertEqual(try ids(db, halfOpen), [2, 6])

            let strings = Player.filter { ("A"..."C").contains($0.name) }
            XCTAssertEqual(try sql(db, strings), #"SELECT * FROM "player" WHERE "name" BETWEEN ? AND ?"#)
            XCTAssertEqual(try ids(db, strings), [1])

            let stringsHalfOpen = Player.filter { ("A"..<"D").contains($0.name) }
            XCTAssertEqual(try ids(db, stringsHalfOpen), [1, 3])

            let doubles = Player.filter { (1.7...1.8).contains($0.height) }
            XCTAssertEqual(try ids(db, doubles), [1, 2, 5])
        }
    }

    // MARK: - LIKE, GLOB

    func testLikeAndGlob() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let like = Player.filter { $0.email.like("%@example.com") }
            XCTAssertEqual(try sql(db, like), #"SELECT * FROM "player" WHERE "email" LIKE ?"#)
            XCTAssertEqual(try arguments(db, like), ["%@example.com"])
            XCTAssertEqual(try ids(db, like), [1, 2, 5])

            let notLike = Player.filter { !$0.email.like("%@example.com") }
            XCTAssertEqual(try sql(db, notLike), #"SELECT * FROM "player" WHERE NOT ("email" LIKE ?)"#)
            XCTAssertEqual(try ids(db, notLike), [4])

            let caseInsensitive = Player.filter { $0.name.like("b%") }
            XCTAssertEqual(try ids(db, caseInsensitive), [2])

            let glob = Player.filter { $0.name.glob("[A-C]*") }
            XCTAssertEqual(try sql(db, glob), #"SELECT * FROM "player" WHERE "name" GLOB ?"#)
            XCTAssertEqual(try ids(db, glob), [1, 3])
        }
    }

    func testLikeWithEscape() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT)")
            try db.execute(sql: "INSERT INTO book (title) VALUES ('Up 10% off'), ('Up 100 off')")
            let request = Table("book").filter(Column("title").like("%10\\%%", escape: "\\"))
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "book" WHERE "title" LIKE ? ESCAPE ?"#)
            XCTAssertEqual(try arguments(db, request), ["%10\\%%", "\\"])
            XCTAssertEqual(try ids(db, request), [1])

            let combined = Table("book").filter(Column("title").like("%10\\%%", escape: "\\") && Column("id") > 0)
            XCTAssertEqual(try sql(db, combined), #"SELECT * FROM "book" WHERE ("title" LIKE ? ESCAPE ?) AND ("id" > ?)"#)
            XCTAssertEqual(try ids(db, combined), [1])
        }
    }

    // MARK: - Values are never pasted into SQL

    func testValuesAreBoundNeverPasted() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let hostile = "'; DROP TABLE player; --"
            let request = Player
                .filter { $0.name == hostile || $0.email.like(hostile) || [hostile].contains($0.email) }
                .select { [$0.id, ($0.name ?? hostile).forKey("n")] }
            let sql = try sql(db, request)
            XCTAssertFalse(sql.contains("DROP"), sql)
            XCTAssertEqual(
                sql,
                #"SELECT "id", IFNULL("name", ?) AS "n" FROM "player" WHERE ("name" = ?) OR ("email" LIKE ?) OR ("email" IN (?))"#)
            XCTAssertEqual(try arguments(db, request), [hostile, hostile, hostile, hostile])
            XCTAssertEqual(try Row.fetchAll(db, request), [])
            XCTAssertEqual(try Player.fetchCount(db), 6)
        }
    }
}
