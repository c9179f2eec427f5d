import Folio
import Foundation
import XCTest

// The samples of README.md.

enum ReadmeSamples {
    // BEGIN GUIDE CODE record
    // 2. Define a record type: a plain struct
    struct Player: Codable, Identifiable, FetchableRecord, MutablePersistableRecord {
        var id: Int64?
        var name: String
        var score: Int

        enum Columns {
            static let name = Column(CodingKeys.name)
            static let score = Column(CodingKeys.score)
        }

        // Update the auto-incremented id upon insertion
        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }
    // END GUIDE CODE record
}

/// Runs the samples of README.md.
final class ReadmeTests: FolioTestCase {
    typealias Player = ReadmeSamples.Player

    func testRecordsInFourSteps() throws {
        // The sample's path, emptied before and after the test.
        func removeSampleFiles() {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: "/tmp/players.sqlite" + suffix)
            }
        }
        removeSampleFiles()
        defer { removeSampleFiles() }
        // BEGIN GUIDE CODE schema
        // 1. Open a database, and create a table
        let dbQueue = try DatabaseQueue(path: "/tmp/players.sqlite")
        try dbQueue.write { db in
            try db.create(table: "player", options: .ifNotExists) { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
        }
        // END GUIDE CODE schema
        // BEGIN GUIDE CODE write
        // 3. Write
        try dbQueue.write { db in
            var arthur = Player(name: "Arthur", score: 100)
            try arthur.insert(db)        // INSERT, then arthur.id is set
            arthur.score = 1000
            try arthur.update(db)        // UPDATE
            var barbara = Player(name: "Barbara", score: 750)
            try barbara.insert(db)
        }
        // END GUIDE CODE write
        var sql: [String] = []
        dbQueue.writeWithoutTransaction { db in
            db.trace { event in sql.append(event.expandedDescription) }
        }
        // BEGIN GUIDE CODE read
        // 4. Read with the query interface
        let bestPlayers: [Player] = try dbQueue.read { db in
            // SELECT * FROM "player" WHERE "score" > 500 ORDER BY "score" DESC LIMIT 10
            try Player
                .filter { $0.score > 500 }
                .order(\.score.desc)
                .limit(10)
                .fetchAll(db)
        }
        let playerCount = try dbQueue.read { db in try Player.fetchCount(db) }
        // END GUIDE CODE read
        XCTAssertEqual(bestPlayers.map(\.name), ["Arthur", "Barbara"])
        XCTAssertEqual(bestPlayers.map(\.score), [1000, 750])
        XCTAssertEqual(bestPlayers.map(\.id), [1, 2])
        XCTAssertEqual(playerCount, 2)
        XCTAssertTrue(sql.contains(#"SELECT * FROM "player" WHERE "score" > 500 ORDER BY "score" DESC LIMIT 10"#), "\(sql)")

        // BEGIN GUIDE CODE sql
        let name = "Arthur"
        let score = try dbQueue.read { db in
            try Int.fetchOne(db, sql: "SELECT score FROM player WHERE name = ?", arguments: [name])
        }
        try dbQueue.write { db in
            // SQL literals: interpolated values are arguments too
            try db.execute(literal: "UPDATE player SET score = score + \(10) WHERE name = \(name)")
        }
        // END GUIDE CODE sql
        XCTAssertEqual(score, 1000)
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT score FROM player WHERE name = 'Arthur'") }, 1010)
    }

    func testReadmeShowsTestedCode() throws {
        try assertGuideShowsTestedCode(
            guide: "README.md",
            testFile: #filePath,
            names: ["schema", "record", "write", "read", "sql"])
    }

    func testVersionMatchesTheChangelog() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // The first released version of the changelog, after [Unreleased].
        let released = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        XCTAssertEqual(released.map(String.init), "## [\(Folio.version)] - 2026-11-28")
    }
}
