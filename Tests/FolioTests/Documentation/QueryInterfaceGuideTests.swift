import Folio
import Foundation
import XCTest

// The samples of Documentation/QueryInterface.md.

enum QueryInterfaceGuide {
    static func createTables(_ db: Database) throws {
        try db.create(table: "team") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
            t.column("color", .text)
        }
        try db.create(table: "player") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text)
            t.column("email", .text)
            t.column("score", .integer).notNull().defaults(to: 0)
            t.column("bonus", .integer).notNull().defaults(to: 0)
            t.column("isVerified", .boolean).notNull().defaults(to: false)
            t.belongsTo("team")
            t.belongsTo("coach", inTable: "player")
        }
    }

    struct Team: Codable, Identifiable, FetchableRecord, PersistableRecord {
        var id: Int64
        var name: String
        var color: String?
    }

    struct Player: Codable, Identifiable, FetchableRecord, MutablePersistableRecord, Hashable {
        var id: Int64?
        var name: String?
        var email: String?
        var score: Int
        var bonus: Int
        var isVerified: Bool
        var teamId: Int64?
        var coachId: Int64?

        enum Columns {
            static let id = Column(CodingKeys.id)
            static let name = Column(CodingKeys.name)
            static let email = Column(CodingKeys.email)
            static let score = Column(CodingKeys.score)
            static let bonus = Column(CodingKeys.bonus)
            static let isVerified = Column(CodingKeys.isVerified)
            static let teamId = Column(CodingKeys.teamId)
            static let coachId = Column(CodingKeys.coachId)
        }

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }

    /// Not in the guide: the rows the tests work on.
    static func insertFixtures(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO team (id, name, color) VALUES (1, 'Reds', 'red'), (2, 'Blues', 'blue'), (3, 'Greens', NULL);
            INSERT INTO player (id, name, email, score, bonus, isVerified, teamId, coachId) VALUES
                (1, 'Arthur', 'arthur@example.com', 1000, 10, 1, 1, NULL),
                (2, 'Barbara', NULL, 2000, 0, 0, 1, 1),
                (3, NULL, 'anonymous@example.com', 0, 5, 0, NULL, 1),
                (4, 'Craig', 'craig@example.org', 500, 50, 1, 2, NULL),
                (5, 'Blues', 'blues@example.com', 1500, 0, 1, 2, NULL);
            """)
    }
}

/// Runs the samples of Documentation/QueryInterface.md.
final class QueryInterfaceGuideTests: FolioTestCase {
    typealias Team = QueryInterfaceGuide.Team
    typealias Player = QueryInterfaceGuide.Player

    private func makeFixtureQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try QueryInterfaceGuide.createTables(db)
            try QueryInterfaceGuide.insertFixtures(db)
        }
        clearSQLQueries()
        return dbQueue
    }

    private func requestSQL(_ db: Database, _ request: some FetchRequest) throws -> String {
        try request.makePreparedRequest(db).statement.sql
    }

    // MARK: Introduction

    func testIntroduction() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.write { db in
            // SELECT * FROM player ORDER BY score DESC LIMIT 10
            let bestPlayers = try Player
                .order(\.score.desc)
                .limit(10)
                .fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" ORDER BY "score" DESC LIMIT 10"#)
            XCTAssertEqual(bestPlayers.map(\.id), [2, 5, 1, 4, 3])

            // SELECT COUNT(*) FROM player WHERE score >= 1000
            let count = try Player
                .filter { $0.score >= 1000 }
                .fetchCount(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player" WHERE "score" >= ?"#)
            XCTAssertEqual(count, 3)

            // UPDATE player SET score = score + 100 WHERE teamId = 1
            try Player
                .filter { $0.teamId == 1 }
                .updateAll(db) { $0.score += 100 }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" + ? WHERE "teamId" = ?"#)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT score FROM player WHERE teamId = 1 ORDER BY id"), [1100, 2100])

            // DELETE FROM player WHERE score = 0
            try Player
                .filter { $0.score == 0 }
                .deleteAll(db)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "score" = ?"#)
            XCTAssertEqual(try Player.fetchCount(db), 4)
        }
    }

    func testIntroductionWithSQL() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.write { db in
            let bestPlayers = try Player.fetchAll(db, sql: "SELECT * FROM player ORDER BY score DESC LIMIT 10")
            XCTAssertEqual(bestPlayers.count, 5)

            let minScore = 1000
            let count = try Player
                .filter(sql: "score >= ?", arguments: [minScore])
                .fetchCount(db)
            XCTAssertEqual(count, 3)

            try db.execute(sql: "UPDATE player SET score = score + 100 WHERE teamId = 1")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 1100)
        }
    }

    // MARK: Requests

    func testRequestsStartFromRecordTypesOrTables() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT * FROM player
            let request = Player.all()
            let players = try request.fetchAll(db) // [Player]
            XCTAssertEqual(players.count, 5)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player""#)

            // SELECT * FROM player
            let rows = try Table("player").all().fetchAll(db)          // [Row]
            let players2 = try Table<Player>("player").all().fetchAll(db) // [Player]
            XCTAssertEqual(rows.count, 5)
            XCTAssertEqual(players2, players)
        }
    }

    func testRequestMethods() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try requestSQL(db, Player.all()), #"SELECT * FROM "player""#)  // SELECT * FROM player
            XCTAssertEqual(try requestSQL(db, Player.none()), #"SELECT * FROM "player" WHERE ?"#) // SELECT * FROM player WHERE 0
            XCTAssertEqual(try Player.none().fetchAll(db), [])

            // SELECT id, name FROM player
            XCTAssertEqual(try requestSQL(db, Player.select { [$0.id, $0.name] }), #"SELECT "id", "name" FROM "player""#)

            // SELECT name FROM player
            let names = try Player.select(\.name, as: String?.self).fetchAll(db) // [String?]: names can be NULL
            XCTAssertEqual(lastSQLQuery, #"SELECT "name" FROM "player""#)
            XCTAssertEqual(names, ["Arthur", "Barbara", nil, "Craig", "Blues"])
            // A non-optional String does not decode NULL: the fetch throws
            XCTAssertThrowsError(try Player.select(\.name, as: String.self).fetchAll(db))

            // SELECT *, (score + bonus) AS total FROM player
            let annotated = Player.annotated { ($0.score + $0.bonus).forKey("total") }
            XCTAssertEqual(try requestSQL(db, annotated), #"SELECT *, "score" + "bonus" AS "total" FROM "player""#)
            XCTAssertEqual(try Row.fetchOne(db, annotated.filter(key: 1))?["total"], 1010)

            // SELECT DISTINCT name FROM player
            XCTAssertEqual(try requestSQL(db, Player.select(\.name).distinct()), #"SELECT DISTINCT "name" FROM "player""#)

            // SELECT * FROM player WHERE (score > 1000) AND (email IS NOT NULL)
            let filtered = Player.filter { $0.score > 1000 }.filter { $0.email != nil }
            XCTAssertEqual(try requestSQL(db, filtered), #"SELECT * FROM "player" WHERE ("score" > ?) AND ("email" IS NOT NULL)"#)
            XCTAssertEqual(try filtered.fetchAll(db).map(\.id), [5])

            // SELECT teamId, MAX(score) FROM player GROUP BY teamId HAVING MIN(score) >= 1000
            let grouped = Player
                .select { [$0.teamId, max($0.score)] }
                .group(\.teamId)
                .having { min($0.score) >= 1000 }
            XCTAssertEqual(
                try requestSQL(db, grouped),
                #"SELECT "teamId", MAX("score") FROM "player" GROUP BY "teamId" HAVING MIN("score") >= ?"#)
            let groupedRows = try grouped.asRequest(of: Row.self).fetchAll(db)
            XCTAssertEqual(groupedRows, [["teamId": 1, "MAX(\"score\")": 2000]])

            // SELECT * FROM player ORDER BY score DESC, name
            let ordered1 = Player.order { [$0.score.desc, $0.name] }
            let ordered2 = Player.order(\.score.desc).thenOrder(\.name)
            XCTAssertEqual(try requestSQL(db, ordered1), #"SELECT * FROM "player" ORDER BY "score" DESC, "name""#)
            XCTAssertEqual(try requestSQL(db, ordered2), #"SELECT * FROM "player" ORDER BY "score" DESC, "name""#)

            // SELECT * FROM player ORDER BY score ASC, name DESC
            let reversed = Player.order { [$0.score.desc, $0.name] }.reversed()
            XCTAssertEqual(try requestSQL(db, reversed), #"SELECT * FROM "player" ORDER BY "score" ASC, "name" DESC"#)
            XCTAssertEqual(try requestSQL(db, ordered1.unordered()), #"SELECT * FROM "player""#)
            XCTAssertEqual(
                try requestSQL(db, Player.order { [$0.name.ascNullsLast, $0.email.descNullsFirst] }),
                #"SELECT * FROM "player" ORDER BY "name" ASC NULLS LAST, "email" DESC NULLS FIRST"#)

            // SELECT * FROM player LIMIT 5 OFFSET 10
            XCTAssertEqual(try requestSQL(db, Player.limit(5, offset: 10)), #"SELECT * FROM "player" LIMIT 5 OFFSET 10"#)
        }
    }

    func testDatabaseSelectionAndAsRequest() throws {
        struct PlayerName: Decodable, FetchableRecord, TableRecord {
            static let databaseTableName = "player"
            static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }
            var id: Int64
            var name: String?
        }

        struct PlayerInfo: Decodable, FetchableRecord {
            var name: String?
            var total: Int
        }

        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT id, name FROM player
            let names = try PlayerName.fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT "id", "name" FROM "player""#)
            XCTAssertEqual(names.count, 5)

            // SELECT name, (score + bonus) AS total FROM player
            let infos = try Player
                .select { [$0.name, ($0.score + $0.bonus).forKey("total")] }
                .asRequest(of: PlayerInfo.self)
                .fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT "name", "score" + "bonus" AS "total" FROM "player""#)
            XCTAssertEqual(infos.first?.total, 1010)
        }
    }

    // MARK: Columns

    func testThreeWaysToNameColumns() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let expected = #"SELECT * FROM "player" WHERE "score" > ?"#
            XCTAssertEqual(try requestSQL(db, Player.filter { $0.score > 1000 }), expected)
            XCTAssertEqual(try requestSQL(db, Player.filter(Player.Columns.score > 1000)), expected)
            XCTAssertEqual(try requestSQL(db, Player.filter(Column("score") > 1000)), expected)

            let orderExpected = #"SELECT * FROM "player" ORDER BY "name""#
            XCTAssertEqual(try requestSQL(db, Player.order { $0.name }), orderExpected)
            XCTAssertEqual(try requestSQL(db, Player.order(Player.Columns.name)), orderExpected)
            XCTAssertEqual(try requestSQL(db, Player.order(\.score.desc)), #"SELECT * FROM "player" ORDER BY "score" DESC"#)
            XCTAssertEqual(try requestSQL(db, Player.select(\.name, as: String.self)), #"SELECT "name" FROM "player""#)
        }
    }

    // MARK: Expressions

    func testValuesAreBoundAsArguments() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let name = "O'Brien"
            // SELECT * FROM player WHERE name = ?   with the argument "O'Brien"
            let request = Player.filter { $0.name == name }
            let statement = try request.makePreparedRequest(db).statement
            XCTAssertEqual(statement.sql, #"SELECT * FROM "player" WHERE "name" = ?"#)
            XCTAssertEqual(statement.arguments, ["O'Brien"])
        }
    }

    // MARK: SQL Operators

    func testComparisonOperators() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT * FROM player WHERE name = 'Arthur'
            XCTAssertEqual(try requestSQL(db, Player.filter { $0.name == "Arthur" }), #"SELECT * FROM "player" WHERE "name" = ?"#)
            // SELECT * FROM player WHERE name IS NULL
            XCTAssertEqual(try requestSQL(db, Player.filter { $0.name == nil }), #"SELECT * FROM "player" WHERE "name" IS NULL"#)
            XCTAssertEqual(try Player.filter { $0.name == nil }.fetchAll(db).map(\.id), [3])
            // SELECT * FROM player WHERE score IS 1000
            XCTAssertEqual(try requestSQL(db, Player.filter { $0.score === 1000 }), #"SELECT * FROM "player" WHERE "score" IS ?"#)
            XCTAssertEqual(try Player.filter { $0.score === 1000 }.fetchAll(db).map(\.id), [1])
            // SELECT * FROM player WHERE score < bonus
            XCTAssertEqual(try requestSQL(db, Player.filter { $0.score < $0.bonus }), #"SELECT * FROM "player" WHERE "score" < "bonus""#)
            XCTAssertEqual(try Player.filter { $0.score < $0.bonus }.fetchAll(db).map(\.id), [3])
        }
    }

    func testArithmeticAndLogicalOperators() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT (score + bonus) * 2 FROM player
            let doubled = Player.select { ($0.score + $0.bonus) * 2 }
            XCTAssertEqual(try requestSQL(db, doubled), #"SELECT ("score" + "bonus") * ? FROM "player""#)
            XCTAssertEqual(try Int.fetchOne(db, doubled), 2020)

            // SELECT * FROM player WHERE (NOT isVerified) OR (score < 1000)
            let request = Player.filter { !$0.isVerified || $0.score < 1000 }
            XCTAssertEqual(try requestSQL(db, request), #"SELECT * FROM "player" WHERE (NOT "isVerified") OR ("score" < ?)"#)
            XCTAssertEqual(try request.fetchAll(db).map(\.id), [2, 3, 4])

            // SELECT * FROM player WHERE isVerified AND (score >= 1000) AND (name IS NOT NULL)
            let joined = Player.filter {
                [$0.isVerified, $0.score >= 1000, $0.name != nil].joined(operator: .and)
            }
            XCTAssertEqual(
                try requestSQL(db, joined),
                #"SELECT * FROM "player" WHERE "isVerified" AND ("score" >= ?) AND ("name" IS NOT NULL)"#)
            XCTAssertEqual(try joined.fetchAll(db).map(\.id), [1, 5])
        }
    }

    func testInclusionOperators() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT * FROM player WHERE id IN (1, 2, 3)
            XCTAssertEqual(try requestSQL(db, Player.filter { [1, 2, 3].contains($0.id) }), #"SELECT * FROM "player" WHERE "id" IN (?, ?, ?)"#)
            // SELECT * FROM player WHERE id NOT IN (1, 2, 3)
            XCTAssertEqual(try requestSQL(db, Player.filter { ![1, 2, 3].contains($0.id) }), #"SELECT * FROM "player" WHERE "id" NOT IN (?, ?, ?)"#)
            XCTAssertEqual(try Player.filter { ![1, 2, 3].contains($0.id) }.fetchAll(db).map(\.id), [4, 5])
            // SELECT * FROM player WHERE score BETWEEN 0 AND 1000
            XCTAssertEqual(try requestSQL(db, Player.filter { (0...1000).contains($0.score) }), #"SELECT * FROM "player" WHERE "score" BETWEEN ? AND ?"#)
            XCTAssertEqual(try Player.filter { (0...1000).contains($0.score) }.fetchAll(db).map(\.id), [1, 3, 4])
            // SELECT * FROM player WHERE (score >= 0) AND (score < 1000)
            XCTAssertEqual(try requestSQL(db, Player.filter { (0..<1000).contains($0.score) }), #"SELECT * FROM "player" WHERE ("score" >= ?) AND ("score" < ?)"#)
            XCTAssertEqual(try Player.filter { (0..<1000).contains($0.score) }.fetchAll(db).map(\.id), [3, 4])
        }
    }

    func testPatternOperatorsAndCollations() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT * FROM player WHERE email LIKE '%@example.com'
            XCTAssertEqual(try requestSQL(db, Player.filter { $0.email.like("%@example.com") }), #"SELECT * FROM "player" WHERE "email" LIKE ?"#)
            XCTAssertEqual(try Player.filter { $0.email.like("%@example.com") }.fetchAll(db).map(\.id), [1, 3, 5])
            // SELECT * FROM player WHERE name LIKE '%10\%%' ESCAPE '\'
            XCTAssertEqual(try requestSQL(db, Player.filter { $0.name.like("%10\\%%", escape: "\\") }), #"SELECT * FROM "player" WHERE "name" LIKE ? ESCAPE ?"#)
            // SELECT * FROM player WHERE name GLOB 'A*'
            XCTAssertEqual(try requestSQL(db, Player.filter { $0.name.glob("A*") }), #"SELECT * FROM "player" WHERE "name" GLOB ?"#)
            XCTAssertEqual(try Player.filter { $0.name.glob("A*") }.fetchAll(db).map(\.id), [1])

            // SELECT * FROM player WHERE name = 'arthur' COLLATE NOCASE
            let nocase = Player.filter { $0.name.collating(.nocase) == "arthur" }
            XCTAssertEqual(try requestSQL(db, nocase), #"SELECT * FROM "player" WHERE "name" COLLATE NOCASE = ?"#)
            XCTAssertEqual(try nocase.fetchAll(db).map(\.id), [1])

            // SELECT * FROM player ORDER BY name COLLATE swiftLocalizedCaseInsensitiveCompare
            let localized = Player.order { $0.name.collating(.localizedCaseInsensitiveCompare) }
            XCTAssertEqual(try requestSQL(db, localized), #"SELECT * FROM "player" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare"#)
            XCTAssertEqual(try localized.fetchAll(db).map(\.id), [3, 1, 2, 5, 4])

            // SELECT IFNULL(name, 'Anonymous') FROM player
            let names = Player.select { $0.name ?? "Anonymous" }
            XCTAssertEqual(try requestSQL(db, names), #"SELECT IFNULL("name", ?) FROM "player""#)
            XCTAssertEqual(try String.fetchAll(db, names), ["Arthur", "Barbara", "Anonymous", "Craig", "Blues"])

            // SELECT (score + bonus) AS total FROM player ORDER BY total
            let total = (Column("score") + Column("bonus")).forKey("total")
            let request = Player.select(total).order(Column("total"))
            XCTAssertEqual(try requestSQL(db, request), #"SELECT "score" + "bonus" AS "total" FROM "player" ORDER BY "total""#)
            XCTAssertEqual(try Int.fetchAll(db, request), [5, 550, 1010, 1500, 2000])
        }
    }

    // MARK: SQL Functions

    func testFunctions() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT MIN(score), MAX(score) FROM player
            let minMax = Player.select { [min($0.score), max($0.score)] }
            XCTAssertEqual(try requestSQL(db, minMax), #"SELECT MIN("score"), MAX("score") FROM "player""#)
            // SELECT COUNT(email) FROM player
            XCTAssertEqual(try requestSQL(db, Player.select { count($0.email) }), #"SELECT COUNT("email") FROM "player""#)
            XCTAssertEqual(try Int.fetchOne(db, Player.select { count($0.email) }), 4)
            // SELECT COUNT(DISTINCT name) FROM player
            XCTAssertEqual(try requestSQL(db, Player.select { count(distinct: $0.name) }), #"SELECT COUNT(DISTINCT "name") FROM "player""#)

            // SELECT ABS(score - bonus) FROM player
            XCTAssertEqual(try requestSQL(db, Player.select { abs($0.score - $0.bonus) }), #"SELECT ABS("score" - "bonus") FROM "player""#)
            // SELECT LENGTH(name) FROM player
            XCTAssertEqual(try requestSQL(db, Player.select { length($0.name) }), #"SELECT LENGTH("name") FROM "player""#)
            // SELECT CAST(score AS REAL) / 3 FROM player
            XCTAssertEqual(try requestSQL(db, Player.select { cast($0.score, as: .real) / 3 }), #"SELECT CAST("score" AS REAL) / ? FROM "player""#)
            XCTAssertEqual(try Double.fetchOne(db, Player.select { cast($0.score, as: .real) / 3 }) ?? 0, 333.333, accuracy: 0.001)
            // SELECT COALESCE(name, email, 'Anonymous') FROM player
            let coalesced = Player.select { coalesce([$0.name, $0.email, "Anonymous".databaseValue] as [any SQLSpecificExpressible]) }
            XCTAssertEqual(try requestSQL(db, coalesced), #"SELECT COALESCE("name", "email", ?) FROM "player""#)
            XCTAssertEqual(try String.fetchAll(db, coalesced)[2], "anonymous@example.com")

            // SELECT swiftUppercaseString(name) FROM player
            let uppercased = Player.select { $0.name.uppercased }
            XCTAssertEqual(try requestSQL(db, uppercased), #"SELECT swiftUppercaseString("name") FROM "player""#)
            XCTAssertEqual(try String.fetchOne(db, uppercased), "ARTHUR")

            // Not recommended
            XCTAssertEqual(try Player.filter { $0.name.uppercased == "ARTHUR" }.fetchAll(db).map(\.id), [1])
            // Better
            XCTAssertEqual(try Player.filter { $0.name.collating(.caseInsensitiveCompare) == "arthur" }.fetchAll(db).map(\.id), [1])
        }
    }

    func testCustomFunction() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let reverseString = DatabaseFunction("reverseString", argumentCount: 1, pure: true) { values in
                guard let string = String.fromDatabaseValue(values[0]) else { return nil }
                return String(string.reversed())
            }
            db.add(function: reverseString)

            // SELECT reverseString(name) FROM player
            let reversedNames = try Player.select({ reverseString($0.name) }, as: String?.self).fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT reverseString("name") FROM "player""#)
            XCTAssertEqual(reversedNames.first, "ruhtrA")
        }
    }

    // MARK: Embedding SQL in Requests

    func testEmbeddingSQL() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT * FROM player WHERE score >= 1000 ORDER BY name
            let request1 = Player
                .filter(sql: "score >= ?", arguments: [1000])
                .order(sql: "name")
            XCTAssertEqual(try requestSQL(db, request1), #"SELECT * FROM "player" WHERE score >= ? ORDER BY name"#)
            XCTAssertEqual(try request1.fetchAll(db).map(\.id), [1, 2, 5])

            let minScore = 1000
            let request2 = Player
                .filter(literal: "score >= \(minScore)")
                .order(literal: "name")
            XCTAssertEqual(try requestSQL(db, request2), #"SELECT * FROM "player" WHERE score >= ? ORDER BY name"#)

            // SELECT name, score + bonus AS total FROM player
            let total: SQL = "\(Column("score")) + \(Column("bonus"))"
            let request3 = Player.select(literal: "name, \(total) AS total")
            // An interpolated SQL literal is pasted as is
            XCTAssertEqual(try requestSQL(db, request3), #"SELECT name, "score" + "bonus" AS total FROM "player""#)
            XCTAssertEqual(try Row.fetchOne(db, request3), ["name": "Arthur", "total": 1010])

            let request: SQLRequest<Player> = "SELECT * FROM player WHERE score >= \(minScore)"
            let players = try request.fetchAll(db)
            XCTAssertEqual(players.map(\.id), [1, 2, 5])
        }
    }

    // MARK: Fetching from Requests

    func testFetchingFromRequests() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let request = Player.filter { $0.score > 100 }

            XCTAssertEqual(try Array(request.fetchCursor(db)).count, 4) // A Cursor of Player
            XCTAssertEqual(try request.fetchAll(db).count, 4)    // [Player]
            XCTAssertEqual(try request.fetchSet(db).count, 4)    // Set<Player>, for Hashable records
            XCTAssertEqual(try request.fetchOne(db)?.id, 1)    // Player?
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "score" > ? LIMIT 1"#)
            XCTAssertEqual(try request.fetchCount(db), 4)  // Int
            XCTAssertEqual(try request.isEmpty(db), false)     // Bool

            let rows = try Player.all().asRequest(of: Row.self).fetchAll(db) // [Row]
            XCTAssertEqual(rows.count, 5)
            let maxScore = try Player
                .select { max($0.score) }
                .asRequest(of: Int.self)
                .fetchOne(db)                                                // Int?
            XCTAssertEqual(maxScore, 2000)
        }
    }

    // MARK: Fetching by Key

    func testFetchingByKey() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT * FROM player WHERE id = 1
            XCTAssertEqual(try Player.fetchOne(db, key: 1)?.name, "Arthur")              // Player?
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Player.filter(key: 1).fetchOne(db)?.name, "Arthur")       // Player?

            // SELECT * FROM player WHERE id IN (1, 2, 3)
            XCTAssertEqual(try Player.fetchAll(db, keys: [1, 2, 3]).count, 3)     // [Player]
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?, ?)"#)

            // Identifiable records
            XCTAssertEqual(try Player.fetchOne(db, id: 1)?.name, "Arthur")               // Player?
            XCTAssertEqual(try Player.find(db, id: 1).name, "Arthur")                   // Player, or throws RecordError.recordNotFound
            XCTAssertEqual(try Player.filter(ids: [1, 2, 3]).fetchAll(db).count, 3)

            // Unique keys: email is not unique in this schema
            XCTAssertThrowsError(try Player.fetchOne(db, key: ["email": "arthur@example.com"]))

            XCTAssertEqual(try Player.exists(db, key: 1), true)                    // Bool
            XCTAssertEqual(try Player.filter { $0.score > 1000 }.isEmpty(db), false) // Bool
        }
    }

    // MARK: Fetching Aggregated Values

    func testFetchingAggregatedValues() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT MAX(score) FROM player
            let maxScore = try Player
                .select({ max($0.score) }, as: Int.self)
                .fetchOne(db) // Int?
            XCTAssertEqual(maxScore, 2000)

            // SELECT MIN(score), MAX(score) FROM player
            let row = try Player
                .select { [min($0.score), max($0.score)] }
                .asRequest(of: Row.self)
                .fetchOne(db)!
            let minScore: Int? = row[0]
            let maxScore2: Int? = row[1]
            XCTAssertEqual(minScore, 0)
            XCTAssertEqual(maxScore2, 2000)

            // SELECT COUNT(*) FROM player
            XCTAssertEqual(try Player.fetchCount(db), 5)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player""#)

            // SELECT COUNT(*) FROM (SELECT DISTINCT name FROM player)
            XCTAssertEqual(try Player.select(\.name).distinct().fetchCount(db), 5)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM (SELECT DISTINCT "name" FROM "player")"#)
            XCTAssertEqual(try Player.select(\.name).distinct().asRequest(of: Row.self).fetchAll(db).count, 5)
        }
    }

    // MARK: Subqueries

    func testSubqueries() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT * FROM player WHERE score = (SELECT MAX(score) FROM player)
            let maximumScore = Player.select { max($0.score) }
            let best = Player.filter { $0.score == maximumScore }
            XCTAssertEqual(try requestSQL(db, best), #"SELECT * FROM "player" WHERE "score" = (SELECT MAX("score") FROM "player" "player1")"#)
            XCTAssertEqual(try best.fetchAll(db).map(\.id), [2])

            // SELECT * FROM player WHERE teamId IN (SELECT id FROM team WHERE color = 'red')
            let redTeamIds = Team.filter { $0.color == "red" }.select(\.id)
            let redPlayers = Player.filter { redTeamIds.contains($0.teamId) }
            XCTAssertEqual(
                try requestSQL(db, redPlayers),
                #"SELECT * FROM "player" WHERE "teamId" IN (SELECT "id" FROM "team" WHERE "color" = ?)"#)
            XCTAssertEqual(try redPlayers.fetchAll(db).map(\.id), [1, 2])

            // Teams that have at least one player:
            let teamAlias = TableAlias<Team>()
            let teamPlayers = Player.filter { $0.teamId == teamAlias.id }
            let teams = Team.aliased(teamAlias).filter(teamPlayers.exists())
            XCTAssertEqual(
                try requestSQL(db, teams),
                #"SELECT * FROM "team" WHERE EXISTS (SELECT * FROM "player" WHERE "teamId" = "team"."id")"#)
            XCTAssertEqual(try teams.fetchAll(db).map(\.id), [1, 2])

            // Teams without any player:
            let emptyTeams = Team.aliased(teamAlias).filter(!teamPlayers.exists())
            XCTAssertEqual(try emptyTeams.fetchAll(db).map(\.id), [3])

            // Players who coach at least one player:
            let coachAlias = TableAlias<Player>(name: "coach")
            let coachedPlayers = Player.filter { $0.coachId == coachAlias.id }
            let coaches = Player.aliased(coachAlias).filter(coachedPlayers.exists())
            XCTAssertEqual(
                try requestSQL(db, coaches),
                #"SELECT "coach".* FROM "player" "coach" WHERE EXISTS (SELECT * FROM "player" WHERE "coachId" = "coach"."id")"#)
            XCTAssertEqual(try coaches.fetchAll(db).map(\.id), [1])

            let coachedPlayersSQL: SQLRequest<Row> = "SELECT * FROM player WHERE coachId = \(coachAlias.id)"
            let coaches2 = Player.aliased(coachAlias).filter(coachedPlayersSQL.exists())
            XCTAssertEqual(try coaches2.fetchAll(db).map(\.id), [1])
        }
    }

    // MARK: Common Table Expressions

    func testCommonTableExpressions() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // WITH bestScore AS (SELECT MAX(score) FROM player)
            // SELECT * FROM player WHERE score = (SELECT * FROM bestScore)
            let bestScoreCTE = CommonTableExpression(
                named: "bestScore",
                request: Player.select { max($0.score) })
            let bestPlayers = try Player
                .with(bestScoreCTE)
                .filter { $0.score == bestScoreCTE.all() }
                .fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "bestScore" AS (SELECT MAX("score") FROM "player") SELECT * FROM "player" WHERE "score" = (SELECT * FROM "bestScore")"#)
            XCTAssertEqual(bestPlayers.map(\.id), [2])

            // WITH selectedName AS (SELECT name FROM team)
            // SELECT * FROM player WHERE name IN selectedName
            let selectedNameCTE = CommonTableExpression(
                named: "selectedName",
                request: Team.select(\.name))
            let players = try Player
                .with(selectedNameCTE)
                .filter { selectedNameCTE.contains($0.name) }
                .fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "selectedName" AS (SELECT "name" FROM "team") SELECT * FROM "player" WHERE "name" IN "selectedName""#)
            XCTAssertEqual(players.map(\.id), [5])

            // WITH RECURSIVE counter(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM counter WHERE x < 5)
            // SELECT * FROM counter
            let counter = CommonTableExpression<Int>(
                recursive: true,
                named: "counter",
                columns: ["x"],
                sql: "SELECT 1 UNION ALL SELECT x + 1 FROM counter WHERE x < 5")
            let numbers = try counter.all().with(counter).fetchAll(db) // [1, 2, 3, 4, 5]
            XCTAssertEqual(numbers, [1, 2, 3, 4, 5])
        }
    }

    // MARK: Batch Updates and Deletes

    func testBatchDeletes() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.write { db in
            // DELETE FROM player WHERE teamId IS NULL
            XCTAssertEqual(try Player.filter { $0.teamId == nil }.deleteAll(db), 1)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "teamId" IS NULL"#)

            // DELETE FROM player WHERE id IN (SELECT id FROM player ORDER BY score LIMIT 10)
            try db.execute(sql: "UPDATE player SET coachId = NULL")
            XCTAssertEqual(try Player.order(\.score).limit(2).deleteAll(db), 2)
            XCTAssertEqual(try Player.fetchAll(db).map(\.id), [2, 5])

            // DELETE FROM player
            XCTAssertEqual(try Player.deleteAll(db), 2)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player""#)
        }
    }

    func testBatchUpdates() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.write { db in
            // UPDATE player SET score = 0
            XCTAssertEqual(try Player.updateAll(db) { $0.score.set(to: 0) }, 5)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ?"#)

            // UPDATE player SET score = score + 10, bonus = 0 WHERE teamId = 1
            try Player
                .filter { $0.teamId == 1 }
                .updateAll(db) { [$0.score += 10, $0.bonus.set(to: 0)] }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" + ?, "bonus" = ? WHERE "teamId" = ?"#)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT score FROM player ORDER BY id"), [10, 10, 0, 0, 0])

            // UPDATE player SET email = NULL
            try Player.updateAll(db, Column("email").set(to: nil))
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "email" = ?"#)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT email FROM player WHERE email IS NOT NULL"), [])

            // UPDATE OR IGNORE player SET name = 'Arthur'
            try Player.updateAll(db, onConflict: .ignore, Column("name").set(to: "Arthur"))
            XCTAssertEqual(lastSQLQuery, #"UPDATE OR IGNORE "player" SET "name" = ?"#)
        }
    }

    // MARK: Seeing the SQL

    func testSeeingTheSQL() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let request = Player.filter { $0.email == "arthur@example.com" }
            let statement = try request.makePreparedRequest(db).statement
            print(statement)           // SELECT * FROM "player" WHERE "email" = ?
            print(statement.arguments) // ["arthur@example.com"]
            XCTAssertEqual(statement.sql, #"SELECT * FROM "player" WHERE "email" = ?"#)
            XCTAssertEqual("\(statement.arguments)", #"["arthur@example.com"]"#)
            XCTAssertEqual("\(statement)", #"SELECT * FROM "player" WHERE "email" = ?"#)
            XCTAssertEqual(statement.description, statement.sql)
        }
    }

    func testTracingConfiguration() throws {
        final class Printed: @unchecked Sendable {
            // @unchecked Sendable: written by the connection, read after it is closed.
            var lines: [String] = []
        }
        let printed = Printed()
        @Sendable func print(_ value: Any) { printed.lines.append("\(value)") }

        var config = Configuration()
        config.prepareDatabase { db in
            db.trace { event in
                print(event) // SELECT * FROM "player" WHERE "email" = ?
            }
        }
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: config)
        try dbQueue.write { db in
            try QueryInterfaceGuide.createTables(db)
            _ = try Player.filter { $0.email == "arthur@example.com" }.fetchAll(db)
        }
        XCTAssertTrue(printed.lines.contains(#"SELECT * FROM "player" WHERE "email" = ?"#), "\(printed.lines)")
    }
}
