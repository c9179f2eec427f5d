import Folio
import XCTest

private struct Player: TableRecord { }

/// `collating(_:)` in comparisons, IN, BETWEEN, LIKE and orderings.
final class CollatedExpressionTests: FolioTestCase {
    func testCollatedEqualityComparesWithTheCollation() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.name.collating(.nocase) == "ARTHUR" }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "name" COLLATE NOCASE = ?"#)
            XCTAssertEqual(try arguments(db, request), ["ARTHUR"])
            XCTAssertEqual(try ids(db, request), [1])

            let binary = Player.filter { $0.name == "ARTHUR" }
            XCTAssertEqual(try ids(db, binary), [])

            let notEqual = Player.filter { $0.name.collating(.nocase) != "ARTHUR" }
            XCTAssertEqual(try sql(db, notEqual), #"SELECT * FROM "player" WHERE "name" COLLATE NOCASE <> ?"#)
            XCTAssertEqual(try ids(db, notEqual), [2, 3, 5, 6])
        }
    }

    func testCollatedComparisonInsideConjunction() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.name.collating(.nocase) == "BARBARA" && $0.teamId == 1 }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE ("name" COLLATE NOCASE = ?) AND ("teamId" = ?)"#)
            XCTAssertEqual(try ids(db, request), [2])

            let negated = Player.filter { !($0.name.collating(.nocase) == "BARBARA") && $0.teamId == 1 }
            XCTAssertEqual(
                try sql(db, negated),
                #"SELECT * FROM "player" WHERE (NOT ("name" COLLATE NOCASE = ?)) AND ("teamId" = ?)"#)
            XCTAssertEqual(try ids(db, negated), [1])
        }
    }

    func testCollatedOrderingComparison() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.name.collating(.nocase) < "C" }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "name" COLLATE NOCASE < ?"#)
            XCTAssertEqual(try ids(db, request), [1, 2])

            let reversed = Player.filter { "C" > $0.name.collating(.nocase) }
            XCTAssertEqual(try sql(db, reversed), #"SELECT * FROM "player" WHERE ? > "name" COLLATE NOCASE"#)
            XCTAssertEqual(try ids(db, reversed), [1, 2])
        }
    }

    func testCollatedInAndBetween() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let inList = Player.filter { ["ARTHUR", "CRAIG"].contains($0.name.collating(.nocase)) }
            XCTAssertEqual(try sql(db, inList), #"SELECT * FROM "player" WHERE "name" COLLATE NOCASE IN (?, ?)"#)
            XCTAssertEqual(try ids(db, inList), [1, 3])

            let notInList = Player.filter { !["ARTHUR", "CRAIG"].contains($0.name.collating(.nocase)) }
            XCTAssertEqual(try sql(db, notInList), #"SELECT * FROM "player" WHERE "name" COLLATE NOCASE NOT IN (?, ?)"#)
            XCTAssertEqual(try ids(db, notInList), [2, 5, 6])

            let between = Player.filter { ("A"..."C").contains($0.name.collating(.nocase)) }
            XCTAssertEqual(try sql(db, between), #"SELECT * FROM "player" WHERE "name" COLLATE NOCASE BETWEEN ? AND ?"#)
            XCTAssertEqual(try ids(db, between), [1, 2])

            let halfOpen = Player.filter { ("A"..<"D").contains($0.name.collating(.nocase)) }
            XCTAssertEqual(
                try sql(db, halfOpen),
                #"SELECT * FROM "player" WHERE ("name" COLLATE NOCASE >= ?) AND ("name" COLLATE NOCASE < ?)"#)
            XCTAssertEqual(try ids(db, halfOpen), [1, 2, 3])
        }
    }

    func testLikeWithCollatedOperand() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.name.collating(.nocase).like("a%") }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "name" COLLATE NOCASE LIKE ?"#)
            XCTAssertEqual(try ids(db, request), [1])

            let combined = Player.filter { $0.name.collating(.nocase).like("%a%") && $0.score > 600 }
            XCTAssertEqual(
                try sql(db, combined),
                #"SELECT * FROM "player" WHERE ("name" COLLATE NOCASE LIKE ?) AND ("score" > ?)"#)
            XCTAssertEqual(try ids(db, combined), [1, 3])
        }
    }

    func testCollatedComparisonWithNil() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.email.collating(.nocase) == nil }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE "email" COLLATE NOCASE IS NULL"#)
            XCTAssertEqual(try ids(db, request), [3, 6])
        }
    }

    func testCustomCollationInComparison() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.name.collating(.caseInsensitiveCompare) == "éric" }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE "name" COLLATE swiftCaseInsensitiveCompare = ?"#)
            XCTAssertEqual(try ids(db, request), [5])

            // NOCASE only folds ASCII letters.
            let nocase = Player.filter { $0.name.collating(.nocase) == "éric" }
            XCTAssertEqual(try ids(db, nocase), [])
        }
    }

    func testOrderingWithCollation() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let binary = Player.order(\.name)
            XCTAssertEqual(try sql(db, binary), #"SELECT * FROM "player" ORDER BY "name""#)
            XCTAssertEqual(try ids(db, binary), [4, 1, 3, 2, 6, 5])

            let localized = Player.order { $0.name.collating(.localizedCaseInsensitiveCompare) }
            XCTAssertEqual(
                try sql(db, localized),
                #"SELECT * FROM "player" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare"#)
            XCTAssertEqual(try ids(db, localized), [4, 1, 2, 3, 6, 5])

            let descending = Player.order { $0.name.collating(.localizedCaseInsensitiveCompare).desc }
            XCTAssertEqual(
                try sql(db, descending),
                #"SELECT * FROM "player" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare DESC"#)
            XCTAssertEqual(try ids(db, descending), [5, 6, 3, 2, 1, 4])

            XCTAssertEqual(try ids(db, localized.reversed()), [5, 6, 3, 2, 1, 4])

            let nocase = Player.order { [$0.name.collating(.nocase), $0.id] }
            XCTAssertEqual(try sql(db, nocase), #"SELECT * FROM "player" ORDER BY "name" COLLATE NOCASE, "id""#)
            XCTAssertEqual(try ids(db, nocase), [4, 1, 2, 3, 6, 5])
        }
    }

    func testCollatedSelection() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select({ min($0.name.collating(.nocase)) }, as: String.self)
                .filter(Column("name") != "Arthur")
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT MIN("name" COLLATE NOCASE) FROM "player" WHERE "name" <> ?"#)
            XCTAssertEqual(try request.fetchOne(db), "barbara")
        }
    }
}
