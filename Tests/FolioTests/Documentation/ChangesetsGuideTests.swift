import Folio
import Foundation
import XCTest

// The samples of Documentation/Changesets.md (the offline-first samples
// run in Tests/LibraryTests/ChangesetsGuideTests.swift).

private struct Player: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var name: String
    var score: Int
}

final class ChangesetsGuideTests: FolioTestCase {
    func testGuideShowsTestedCode() throws {
        try assertGuideShowsTestedCode(
            guide: "Documentation/Changesets.md",
            testFile: #filePath,
            names: ["record", "recorder", "send", "apply", "conflicts", "undo"])
    }

    private func makeQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL);
                """)
        }
        return dbQueue
    }

    func testRecordApplyAndConflicts() throws {
        let dbQueue = try makeQueue()
        let otherQueue = try makeQueue()
        // BEGIN GUIDE CODE record
        let (changeset, value) = try dbQueue.write { db in
            try db.recordChanges(in: ["player", "team"]) { db in
                try Player(id: 1, name: "Arthur", score: 100).insert(db)
                return 42
            }
        }
        for change in try changeset.changes {
            print(change.table, change.operation, change.oldValues, change.newValues)
            // player insert [nil, nil, nil] [Optional(1), Optional("Arthur"), Optional(100)]
        }
        // END GUIDE CODE record
        XCTAssertEqual(value, 42)
        XCTAssertEqual(try changeset.changes.first?.newValues, [1.databaseValue, "Arthur".databaseValue, 100.databaseValue])

        let fileURL = URL(fileURLWithPath: temporaryDatabasePath() + ".changeset")
        defer { try? FileManager.default.removeItem(at: fileURL) }
        // BEGIN GUIDE CODE send
        let data: Data = changeset.data
        let again = try Changeset(data: data)

        try changeset.write(to: fileURL)
        let fromFile = try Changeset(contentsOf: fileURL)
        // END GUIDE CODE send
        XCTAssertEqual(again, changeset)
        XCTAssertEqual(fromFile, changeset)

        try otherQueue.write { db in try db.execute(sql: "INSERT INTO player VALUES (1, 'Other', 0)") }
        XCTAssertThrowsError(try otherQueue.write { db in try db.apply(changeset) })
        // The block applies once without a conflict, then with a handler.
        try otherQueue.write { db in try db.execute(sql: "DELETE FROM player") }
        // BEGIN GUIDE CODE apply
        try otherQueue.write { db in
            try db.apply(changeset)                            // a conflict aborts and throws
        }
        try otherQueue.write { db in
            try db.apply(changeset) { conflict in .replace }   // .omit, .replace, .abort
        }
        // END GUIDE CODE apply
        try otherQueue.write { db in try db.execute(sql: "UPDATE player SET name = 'Local'") }
        // BEGIN GUIDE CODE conflicts
        try otherQueue.write { db in
            try db.apply(changeset) { conflict in
                switch conflict.kind {
                case .data, .conflict:
                    return .replace            // the sender wins
                case .notFound:
                    return .omit               // deleted here: stays deleted
                case .constraint, .foreignKey:
                    return .abort
                }
            }
        }
        // END GUIDE CODE conflicts
        XCTAssertEqual(try otherQueue.read { db in try String.fetchAll(db, sql: "SELECT name FROM player") }, ["Arthur"])

        // BEGIN GUIDE CODE undo
        var history: [Changeset] = []
        for name in ["Craig", "David"] {
            let (changeset, _) = try dbQueue.write { db in
                try db.recordChanges(in: ["player"]) { db in
                    try db.execute(sql: "UPDATE player SET name = ? WHERE id = 1", arguments: [name])
                }
            }
            history.append(changeset)
        }
        try dbQueue.write { db in
            for changeset in history.reversed() {
                try db.apply(changeset.inverted())
            }
        }
        // Player 1 is "Arthur" again
        // END GUIDE CODE undo
        XCTAssertEqual(try dbQueue.read { db in try String.fetchAll(db, sql: "SELECT name FROM player") }, ["Arthur"])
    }

    func testRecorder() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
        }
        // BEGIN GUIDE CODE recorder
        let recorder = try dbPool.makeChangeRecorder(tables: ["player"])
        try dbPool.write { db in
            try Player(id: 2, name: "Barbara", score: 200).insert(db)
        }
        let pending: Changeset = try recorder.takeChangeset()   // empty when nothing changed
        // END GUIDE CODE recorder
        XCTAssertEqual(try pending.changes.map(\.primaryKey), [[2.databaseValue]])
    }
}
