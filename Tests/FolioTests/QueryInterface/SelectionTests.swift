import Folio
import XCTest

private struct Player: TableRecord { }

private struct RestrictedPlayer: TableRecord {
    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }
}

private struct ExtendedPlayer: TableRecord {
    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] { [.allColumns, .rowID] }
}

private struct IdentifiedPlayer: TableRecord, Identifiable {
    static let databaseTableName = "player"
    var id: Int64
}

private struct Note: TableRecord, Identifiable {
    var id: Int64
}

private struct Citizenship: TableRecord, Identifiable {
    var id: String
}

/// `select`, `select(..., as:)`, `annotated(with:)`, `forKey`, and the
/// default selection of record types.
final class SelectionTests: FolioTestCase {
    func testDefaultSelection() throws {
        try makeTeamAndPlayerDatabase().read { db in
            XCTAssertEqual(try sql(db, Player.all()), #"SELECT * FROM "player""#)
            XCTAssertEqual(try sql(db, RestrictedPlayer.all()), #"SELECT "id", "name" FROM "player""#)
            XCTAssertEqual(try Row.fetchOne(db, RestrictedPlayer.all())?.count, 2)
            XCTAssertEqual(try sql(db, ExtendedPlayer.all()), #"SELECT *, "rowid" FROM "player""#)
            XCTAssertEqual(try Row.fetchOne(db, ExtendedPlayer.all())?.count, 11)
            XCTAssertEqual(try sql(db, Player.select(AllColumns())), #"SELECT * FROM "player""#)
        }
    }

    func testSelectReplacesTheSelection() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.select(Column("id"), Column("name")).select { [$0.name, $0.score] }
            XCTAssertEqual(try sql(db, request), #"SELECT "name", "score" FROM "player""#)
            XCTAssertEqual(try sql(db, RestrictedPlayer.select(Column("score"))), #"SELECT "score" FROM "player""#)
            XCTAssertEqual(try sql(db, Player.select([Column("id")])), #"SELECT "id" FROM "player""#)
        }
    }

    func testSelectAs() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let names = Player.filter { $0.teamId == 1 }.order(\.id).select(\.name, as: String.self)
            XCTAssertEqual(try sql(db, names), #"SELECT "name" FROM "player" WHERE "teamId" = ? ORDER BY "id""#)
            XCTAssertEqual(try names.fetchAll(db), ["Arthur", "barbara"])
            XCTAssertEqual(try names.fetchOne(db), "Arthur")
            XCTAssertEqual(try names.fetchSet(db), ["Arthur", "barbara"])

            let optional = Player.order(\.id).select(Column("name"), as: String?.self)
            XCTAssertEqual(try optional.fetchAll(db), ["Arthur", "barbara", "Craig", nil, "Éric", "david"])

            let array = Player.select([Column("score")], as: Int.self).order(Column("score").desc)
            XCTAssertEqual(try array.fetchAll(db), [1000, 1000, 750, 500, 250, 10])

            let rawSQL = Player.select(sql: "MAX(score) - ?", arguments: [1], as: Int.self)
            XCTAssertEqual(try sql(db, rawSQL), #"SELECT MAX(score) - ? FROM "player""#)
            XCTAssertEqual(try rawSQL.fetchOne(db), 999)

            let literal = Player.all().select(literal: "MIN(score) + \(1)", as: Int.self)
            XCTAssertEqual(try literal.fetchOne(db), 11)

            let rows = Player.select(Column("id"), Column("name"), as: Row.self).filter { $0.id == 1 }
            XCTAssertEqual(try rows.fetchOne(db), ["id": 1, "name": "Arthur"])

            let asRequest = Player.filter { $0.id == 2 }.asRequest(of: Row.self)
            XCTAssertEqual(try asRequest.fetchOne(db)?["name"], "barbara")
        }
    }

    func testAnnotated() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.id == 1 }.annotated(with: (Column("score") + Column("bonus")).forKey("total"))
            XCTAssertEqual(try sql(db, request), #"SELECT *, "score" + "bonus" AS "total" FROM "player" WHERE "id" = ?"#)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row.count, 11)
            XCTAssertEqual(row["total"] as Int, 1010)

            let closure = Player.annotated { [($0.score * 2).forKey("double"), $0.name.uppercased.forKey("upper")] }.filter { $0.id == 2 }
            XCTAssertEqual(
                try sql(db, closure),
                #"SELECT *, "score" * ? AS "double", swiftUppercaseString("name") AS "upper" FROM "player" WHERE "id" = ?"#)
            let row2 = try XCTUnwrap(Row.fetchOne(db, closure))
            XCTAssertEqual(row2["double"] as Int, 1000)
            XCTAssertEqual(row2["upper"] as String, "BARBARA")

            let restricted = RestrictedPlayer.annotated(with: Column("score")).filter { $0.id == 3 }
            XCTAssertEqual(try sql(db, restricted), #"SELECT "id", "name", "score" FROM "player" WHERE "id" = ?"#)

            let afterSelect = Player.select(Column("id")).annotated(with: Column("name")).filter { $0.id == 5 }
            XCTAssertEqual(try Row.fetchOne(db, afterSelect), ["id": 5, "name": "Éric"])
        }
    }

    func testForKey() throws {
        enum CodingKeys: String, CodingKey { case maxScore }
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.select(max(Column("score")).forKey("maxScore"), min(Column("score")).forKey(CodingKeys.maxScore))
            XCTAssertEqual(try sql(db, request), #"SELECT MAX("score") AS "maxScore", MIN("score") AS "maxScore" FROM "player""#)

            let row = try XCTUnwrap(Row.fetchOne(db, Player.select { [$0.name.forKey("playerName"), count($0.id).forKey("count")] }))
            XCTAssertEqual(Array(row.columnNames), ["playerName", "count"])
            XCTAssertEqual(row["count"] as Int, 6)
        }
    }

    func testSelectValuesAndSubqueries() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let constant = Player.limit(1).select("name".databaseValue, as: String.self)
            XCTAssertEqual(try sql(db, constant), #"SELECT ? FROM "player" LIMIT 1"#)
            XCTAssertEqual(try constant.fetchOne(db), "name")

            let teamName = Table("team").filter(Column("id") == 2).select(Column("name"))
            let subquery = Player.filter { $0.id == 3 }.select { [$0.name, teamName.forKey("teamName")] }
            XCTAssertEqual(
                try sql(db, subquery),
                #"SELECT "name", (SELECT "name" FROM "team" WHERE "id" = ?) AS "teamName" FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try arguments(db, subquery), [2, 3])
            XCTAssertEqual(try Row.fetchOne(db, subquery), ["name": "Craig", "teamName": "Blues"])
        }
    }

    func testSelectID() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.write { db in
            let all = IdentifiedPlayer.selectID()
            XCTAssertEqual(try sql(db, all), #"SELECT "id" FROM "player""#)
            XCTAssertEqual(try all.fetchAll(db), [1, 2, 3, 4, 5, 6])

            let filtered = IdentifiedPlayer.filter { $0.name != nil }.order(\.score).selectID()
            XCTAssertEqual(try sql(db, filtered), #"SELECT "id" FROM "player" WHERE "name" IS NOT NULL ORDER BY "score""#)
            XCTAssertEqual(try filtered.fetchAll(db), [6, 2, 5, 1, 3])
            XCTAssertEqual(try filtered.fetchOne(db), 6)

            try db.execute(sql: "CREATE TABLE note (text TEXT); INSERT INTO note VALUES ('a'), ('b')")
            let notes = Note.selectID()
            XCTAssertEqual(try sql(db, notes), #"SELECT "rowid" FROM "note""#)
            XCTAssertEqual(try notes.fetchAll(db), [1, 2])

            try db.execute(sql: "CREATE TABLE citizenship (citizenId INTEGER, countryCode TEXT, PRIMARY KEY (citizenId, countryCode))")
            assertDatabaseError(
                sql: #"SELECT "citizenId", "countryCode" FROM "citizenship""#,
                message: #"table citizenship has a primary key on several columns ("citizenId", "countryCode")"#)
            {
                _ = try Citizenship.selectID().fetchAll(db)
            }
        }
    }
}
