import Dispatch
import Folio
import Foundation
import XCTest

/// Issue 29 (SQLite changesets), called with the exact spellings the issue
/// gives, as code outside the project calls them: `import Folio` only.
final class ChangesetsSpellingTests: FolioTestCase {
    struct Player: Codable, MutablePersistableRecord, FetchableRecord, Equatable {
        var id: Int64?
        var name: String
        var teamId: Int64?
        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    private func makeWriter() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, teamId INTEGER REFERENCES team(id));
                CREATE TABLE log (message TEXT);
                """)
        }
        return dbQueue
    }

    private func players(_ writer: some DatabaseReader) throws -> [Player] {
        try writer.read { db in try Player.order(Column("id")).fetchAll(db) }
    }

    func testScopedRecordingApplyInvertConcatenateAndRead() throws {
        let dbQueue = try makeWriter()
        let otherWriter = try makeWriter()

        var player = Player(name: "Arthur")
        let (changeset, value) = try dbQueue.write { db in
            try db.recordChanges(in: ["player", "team"]) { db in
                try player.insert(db); return 42
            }
        }
        XCTAssertEqual(value, 42)
        XCTAssertFalse(changeset.isEmpty)

        var changes: [ChangesetChange] = []
        for change in try changeset.changes {          // table, operation (.insert/.update/.delete), indirect,
            changes.append(change)
            _ = (change.table, change.operation, change.indirect, change.oldValues, change.newValues)
        }
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes[0].table, "player")
        XCTAssertEqual(changes[0].operation, .insert)
        XCTAssertFalse(changes[0].indirect)
        XCTAssertEqual(changes[0].newValues, [1.databaseValue, "Arthur".databaseValue, DatabaseValue.null])
        XCTAssertEqual(changes[0].oldValues, [nil, nil, nil])

        try otherWriter.write { db in
            try db.apply(changeset)                                   // no handler: a conflict aborts and throws
        }
        XCTAssertEqual(try players(otherWriter), [Player(id: 1, name: "Arthur")])

        // Inverting undoes.
        let undo: Changeset = try changeset.inverted()
        try otherWriter.write { db in try db.apply(undo) }
        XCTAssertEqual(try players(otherWriter), [])

        // Concatenation equals applying in sequence.
        let c1 = changeset
        let c2 = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "UPDATE player SET name = 'Barbara' WHERE id = 1")
            }
        }.0
        let both: Changeset = try Changeset.concatenate([c1, c2])
        let sequential = try makeWriter()
        try sequential.write { db in try db.apply(c1); try db.apply(c2) }
        try otherWriter.write { db in try db.apply(both) }
        XCTAssertEqual(try players(otherWriter), try players(sequential))
        XCTAssertEqual(try players(otherWriter), [Player(id: 1, name: "Barbara")])

        // Data round trip.
        let data: Data = changeset.data; let again = try Changeset(data: data)
        XCTAssertEqual(again, changeset)
        XCTAssertEqual(try again.changes, try changeset.changes)
    }

    func testPatchsetHasTheSameShape() throws {
        let dbQueue = try makeWriter()
        let otherWriter = try makeWriter()
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        try otherWriter.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        let patchset = try dbQueue.write { db in
            try db.recordPatchset(in: nil) { db in
                try db.execute(sql: "UPDATE player SET name = 'Barbara'")
            }.0
        }
        XCTAssertEqual(try patchset.changes.map(\.operation), [.update])
        let again = try Patchset(data: patchset.data)
        let both: Patchset = try Patchset.concatenate([patchset, again])
        XCTAssertFalse(both.isEmpty)
        try otherWriter.write { db in
            try db.apply(patchset)                          // db.apply takes a Patchset as well
            try db.apply(patchset) { _ in .omit }
        }
        XCTAssertEqual(try players(otherWriter).map(\.name), ["Barbara"])
    }

    func testLongLivedRecorder() throws {
        let dbPool = try DatabasePool(path: temporaryDatabasePath())
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, teamId INTEGER)")
        }
        let recorder = try dbPool.makeChangeRecorder(tables: ["player"])
        let empty: Changeset = try recorder.takeChangeset()     // empty changeset when nothing changed
        XCTAssertTrue(empty.isEmpty)
        XCTAssertEqual(try empty.changes, [])

        try dbPool.write { db in
            var player = Player(name: "Arthur")
            try player.insert(db)
        }
        try dbPool.write { db in try db.execute(sql: "UPDATE player SET name = 'Barbara'") }
        let pending: Changeset = try recorder.takeChangeset()
        // Both transactions, merged by SQLite into one insert of the final row.
        XCTAssertEqual(try pending.changes.map(\.operation), [.insert])
        XCTAssertEqual(try pending.changes.first?.newValues, [1.databaseValue, "Barbara".databaseValue, DatabaseValue.null])
        XCTAssertTrue(try recorder.takeChangeset().isEmpty, "a take resets the recorder")

        // Patchset has the same shape.
        XCTAssertTrue(try recorder.takePatchset().isEmpty)
        try dbPool.write { db in try db.execute(sql: "UPDATE player SET name = 'Craig'") }
        let patch: Patchset = try recorder.takePatchset()
        XCTAssertEqual(try patch.changes.map(\.operation), [.update])
        XCTAssertTrue(try recorder.takeChangeset().isEmpty, "a take resets the recorder")
        let replica = try DatabaseQueue()
        try replica.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, teamId INTEGER)")
            try db.apply(pending)
            try db.apply(patch)
        }
        XCTAssertEqual(try players(replica).map(\.name), ["Craig"])
    }

    func testConflictHandlerReceivesATypedConflict() throws {
        let dbQueue = try makeWriter()
        let otherWriter = try makeWriter()
        let changeset = try dbQueue.write { db in
            try db.recordChanges(in: ["player"]) { db in
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            }.0
        }
        try otherWriter.write { db in try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Other')") }

        // No handler: the conflict aborts and throws.
        XCTAssertThrowsError(try otherWriter.write { db in try db.apply(changeset) }) { error in
            XCTAssertTrue(error is DatabaseError, "\(error)")
        }
        XCTAssertEqual(try players(otherWriter).map(\.name), ["Other"])

        // .abort: throws too.
        XCTAssertThrowsError(try otherWriter.write { db in try db.apply(changeset) { _ in .abort } })

        // .omit keeps the row.
        nonisolated(unsafe) var conflicts: [ChangesetConflict] = []
        try otherWriter.write { db in
            try db.apply(changeset) { conflict in conflicts.append(conflict); return .omit }
        }
        XCTAssertEqual(try players(otherWriter).map(\.name), ["Other"])
        XCTAssertEqual(conflicts.count, 1)
        XCTAssertEqual(conflicts.first?.kind, .conflict)
        XCTAssertEqual(conflicts.first?.table, "player")
        XCTAssertEqual(conflicts.first?.change.operation, .insert)
        XCTAssertEqual(conflicts.first?.conflictingValues, [1.databaseValue, "Other".databaseValue, DatabaseValue.null])

        // .replace takes the changeset's row.
        try otherWriter.write { db in
            try db.apply(changeset) { conflict in .replace }          // .omit, .replace, .abort
        }
        XCTAssertEqual(try players(otherWriter).map(\.name), ["Arthur"])

        // .notFound: a delete of a row that is not there.
        let delete = try dbQueue.write { db in
            try db.recordChanges(in: ["player"]) { db in try db.execute(sql: "DELETE FROM player") }.0
        }
        let empty = try makeWriter()
        nonisolated(unsafe) var kinds: [ChangesetConflict.Kind] = []
        try empty.write { db in try db.apply(delete) { conflict in kinds.append(conflict.kind); return .omit } }
        XCTAssertEqual(kinds, [.notFound])
    }

    @MainActor
    func testApplyIsSeenByObservations() throws {
        let source = try makeWriter()
        let replica = try makeWriter()
        let changeset = try source.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur'), ('Barbara')")
            }.0
        }
        let initial = expectation(description: "0"), applied = expectation(description: "2")
        let cancellable = ValueObservation.tracking { try Player.fetchCount($0) }.start(
            in: replica, scheduling: .immediate, onError: { XCTFail("\($0)") },
            onChange: { count in
                if count == 0 { initial.fulfill() }
                if count == 2 { applied.fulfill() }
            })
        wait(for: [initial], timeout: 5)
        try replica.write { db in try db.apply(changeset) }
        wait(for: [applied], timeout: 5)
        cancellable.cancel()
    }

    func testTableWithoutPrimaryKeyIsNamedInTheError() throws {
        let dbQueue = try makeWriter()
        try dbQueue.write { db in
            XCTAssertThrowsError(try db.recordChanges(in: ["log"]) { _ in }) { error in
                XCTAssertTrue("\(error)".contains("log"), "\(error)")
            }
            // With `in: nil`, such tables are left out.
            let changeset = try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO log VALUES ('hello'); INSERT INTO team (name) VALUES ('Reds')")
            }.0
            XCTAssertEqual(try changeset.changes.map(\.table), ["team"])
        }
    }

    func testFileRoundTripAndMalformedInput() throws {
        let dbQueue = try makeWriter()
        let changeset = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO team (name) VALUES ('Reds'), ('Blues')")
            }.0
        }
        let url = URL(fileURLWithPath: temporaryDatabasePath() + ".changeset")
        try changeset.write(to: url)
        XCTAssertEqual(try Changeset(contentsOf: url), changeset)

        XCTAssertThrowsError(try Changeset(data: changeset.data.dropLast(3))) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CORRUPT, "\(error)")
        }
        XCTAssertThrowsError(try Changeset(data: Data([0x54, 0x02, 0x01, 0xFF, 0xFF]))) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CORRUPT, "\(error)")
        }
    }
}
