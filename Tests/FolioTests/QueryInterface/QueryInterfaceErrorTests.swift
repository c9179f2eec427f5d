import Folio
import XCTest

private struct Player: TableRecord {
    static let team = belongsTo(Team.self)
}

private struct Team: TableRecord { }

/// Bad input: unknown columns and tables, ambiguous columns, unbound
/// table aliases, invalid raw SQL. Each throws a `DatabaseError` that
/// carries the generated SQL; nothing crashes.
final class QueryInterfaceErrorTests: FolioTestCase {
    func testUnknownColumn() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let request = Player.filter(Column("nope") == 1)
            assertDatabaseError(sql: #"SELECT * FROM "player" WHERE "nope" = ?"#, message: "no such column: nope") {
                _ = try Row.fetchAll(db, request)
            }
            assertDatabaseError(sql: #"SELECT * FROM "player" WHERE "nope" = ? LIMIT 1"#, message: "no such column: nope") {
                _ = try Row.fetchOne(db, request)
            }
            assertDatabaseError(sql: #"SELECT COUNT(*) FROM "player" WHERE "nope" = ?"#, message: "no such column: nope") {
                _ = try request.fetchCount(db)
            }
            assertDatabaseError(sql: #"SELECT EXISTS (SELECT * FROM "player" WHERE "nope" = ?)"#, message: "no such column: nope") {
                _ = try request.isEmpty(db)
            }
            assertDatabaseError(sql: #"DELETE FROM "player" WHERE "nope" = ?"#, message: "no such column: nope") {
                _ = try request.deleteAll(db)
            }
            assertDatabaseError(sql: #"UPDATE "player" SET "nope" = ?"#, message: "no such column: nope") {
                _ = try Player.updateAll(db) { $0.nope.set(to: 1) }
            }
            assertDatabaseError(sql: #"SELECT "nope" FROM "player""#, message: "no such column: nope") {
                _ = try Row.fetchAll(db, Player.select(\.nope))
            }
            assertDatabaseError(sql: #"SELECT * FROM "player" ORDER BY "nope""#, message: "no such column: nope") {
                _ = try Row.fetchAll(db, Player.order(\.nope))
            }
            assertDatabaseError(sql: #"SELECT * FROM "player" GROUP BY "nope""#, message: "no such column: nope") {
                _ = try Row.fetchAll(db, Player.all().group(\.nope))
            }
            XCTAssertEqual(try Player.fetchCount(db), 6)
        }
    }

    func testUnknownTable() throws {
        try makeTeamAndPlayerDatabase().read { db in
            assertDatabaseError(sql: #"SELECT * FROM "nope""#, message: "no such table: nope") {
                _ = try Table("nope").fetchAll(db)
            }
            assertDatabaseError(sql: #"SELECT COUNT(*) FROM "nope""#, message: "no such table: nope") {
                _ = try Table("nope").fetchCount(db)
            }
        }
    }

    func testErrorsNameTheSQLInTheirDescription() throws {
        try makeTeamAndPlayerDatabase().read { db in
            do {
                _ = try Row.fetchAll(db, Player.filter { $0.nope > 1 })
                XCTFail("Expected error")
            } catch let error as DatabaseError {
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertTrue(error.description.contains(#"SELECT * FROM "player" WHERE "nope" > ?"#), error.description)
            }
        }
    }

    func testAmbiguousColumnInJoinedRequest() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.joining(required: Player.team).filter(sql: "name = ?", arguments: ["Reds"])
            assertDatabaseError(
                sql: #"SELECT "player".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId" WHERE name = ?"#,
                message: "ambiguous column name: name")
            {
                _ = try Row.fetchAll(db, request)
            }

            // Query interface columns are qualified.
            let qualified = Player.joining(required: Player.team).filter { $0.name.like("%a%", escape: "\\") }
            XCTAssertEqual(
                try sql(db, qualified),
                #"SELECT "player".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId" WHERE "player"."name" LIKE ? ESCAPE ?"#)
            XCTAssertEqual(try ids(db, qualified), [1, 2, 3, 6])
        }
    }

    func testTableAliasNotBoundToTheRequest() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let teamAlias = TableAlias<Team>()
            let request = Player.filter { $0.teamId == teamAlias.id }
            let expectedSQL = #"SELECT * FROM "player" WHERE "teamId" = "<unbound TableAlias>"."id""#
            let message = "a TableAlias is used in a request, but no table of the request is aliased with it"
            assertDatabaseError(sql: expectedSQL, message: message) {
                _ = try Row.fetchAll(db, request)
            }
            assertDatabaseError(sql: expectedSQL, message: message) {
                _ = try request.makePreparedRequest(db)
            }
            assertDatabaseError(sql: #"SELECT COUNT(*) FROM "player" WHERE "teamId" = "<unbound TableAlias>"."id""#, message: message) {
                _ = try request.fetchCount(db)
            }
            assertDatabaseError(sql: #"DELETE FROM "player" WHERE "teamId" = "<unbound TableAlias>"."id""#, message: message) {
                _ = try request.deleteAll(db)
            }
            assertDatabaseError(sql: #"UPDATE "player" SET "teamId" = "<unbound TableAlias>"."id""#, message: message) {
                _ = try Player.updateAll(db) { $0.teamId.set(to: teamAlias.id) }
            }
            XCTAssertEqual(try Player.fetchCount(db), 6)

            // Once bound, the alias works.
            let bound = Team.aliased(teamAlias).filter(request.exists())
            XCTAssertEqual(try ids(db, bound), [1, 2, 42])
        }
    }

    func testNamedTableAliasNotBoundToTheRequest() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let teamAlias = TableAlias<Team>(name: "t")
            let request = Player.filter { $0.teamId == teamAlias.id }
            assertDatabaseError(sql: #"SELECT * FROM "player" WHERE "teamId" = "t"."id""#, message: "no such column: t.id") {
                _ = try Row.fetchAll(db, request)
            }
        }
    }

    func testInvalidRawSQL() throws {
        try makeTeamAndPlayerDatabase().read { db in
            assertDatabaseError(sql: #"SELECT * FROM "player" WHERE score >>> 1"#, message: "syntax error") {
                _ = try Row.fetchAll(db, Player.filter(sql: "score >>> 1"))
            }
            assertDatabaseError(sql: #"SELECT COUNT( FROM "player""#, message: "syntax error") {
                _ = try Row.fetchAll(db, Player.select(sql: "COUNT("))
            }
            assertDatabaseError(sql: #"SELECT * FROM "player" ORDER BY nope"#, message: "no such column: nope") {
                _ = try Row.fetchAll(db, Player.order(sql: "nope"))
            }
            assertDatabaseError(sql: "SELECT * FROM nope", message: "no such table: nope") {
                _ = try Row.fetchAll(db, SQLRequest(sql: "SELECT * FROM nope"))
            }
        }
    }

    func testMissingRawSQLArguments() throws {
        try makeTeamAndPlayerDatabase().read { db in
            do {
                _ = try Row.fetchAll(db, Player.filter(sql: "score > ?"))
                XCTFail("Expected error")
            } catch let error as DatabaseError {
                XCTAssertEqual(error.sql, #"SELECT * FROM "player" WHERE score > ?"#)
            }
        }
    }

    func testMisusedAggregate() throws {
        try makeTeamAndPlayerDatabase().read { db in
            assertDatabaseError(sql: #"SELECT * FROM "player" WHERE COUNT("id") > ?"#, message: "misuse of aggregate") {
                _ = try Row.fetchAll(db, Player.filter { count($0.id) > 1 })
            }
        }
    }
}
