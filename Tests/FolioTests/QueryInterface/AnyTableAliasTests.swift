import Folio
import XCTest

private struct Player: TableRecord { }

/// Requests and associations aliased with a `TableAlias<Void>`.
final class AnyTableAliasTests: FolioTestCase {
    func testRequestsAliasedWithAnyAlias() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let alias = TableAlias(name: "p")
            let request = Player.aliased(alias).filter(alias[Column("score")] > 700).order(alias[Column("id")])
            XCTAssertEqual(try sql(db, request), #"SELECT "p".* FROM "player" "p" WHERE "p"."score" > ? ORDER BY "p"."id""#)
            XCTAssertEqual(try ids(db, request), [1, 3, 5])

            let tableAlias = TableAlias(name: "t")
            let tableRequest = Table("team").aliased(tableAlias).filter(tableAlias[Column("color")] == nil)
            XCTAssertEqual(try sql(db, tableRequest), #"SELECT "t".* FROM "team" "t" WHERE "t"."color" IS NULL"#)
            XCTAssertEqual(try tableRequest.fetchAll(db).map { $0["name"] as String }, ["Greens"])

            let anonymous = TableAlias()
            let requestAlias = Player.all().aliased(anonymous).filter(anonymous[Column("teamId")] == 42)
            XCTAssertEqual(try sql(db, requestAlias), #"SELECT * FROM "player" WHERE "teamId" = ?"#)
            XCTAssertEqual(try ids(db, requestAlias), [5, 6])
        }
    }

    func testAssociationAliasedWithAnyAlias() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let teamAlias = TableAlias(name: "tm")
            let request = Table("player")
                .joining(required: Table("player").belongsTo(Table("team")).aliased(teamAlias))
                .filter(teamAlias[Column("name")] == "Reds")
                .order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "player".* FROM "player" JOIN "team" "tm" ON "tm"."id" = "player"."teamId" WHERE "tm"."name" = ? ORDER BY "player"."id""#)
            XCTAssertEqual(try ids(db, request), [1, 2])
        }
    }
}
