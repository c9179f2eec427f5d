import Foundation
import Folio
import XCTest

final class ChangesetTests: FolioTestCase {
    private func makePlayerQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER,
                                     teamId INTEGER REFERENCES team(id));
                CREATE TABLE log (message TEXT);
                """)
        }
        return dbQueue
    }

    func testRecordChangesReturnsTheChangesAndTheValue() throws {
        let dbQueue = try makePlayerQueue()
        let (changeset, value) = try dbQueue.write { db in
            try db.recordChanges(in: ["player", "team"]) { db in
                try db.execute(sql: "INSERT INTO team (id, name) VALUES (1, 'Reds')")
                try db.execute(sql: "INSERT INTO player (id, name, score, teamId) VALUES (1, 'Arthur', 10, 1)")
                try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (2, 'Barbara', NULL)")
                return 42
            }
        }
        XCTAssertEqual(value, 42)
        let changes = try changeset.changes
        XCTAssertEqual(changes.count, 3)
        let arthur = try XCTUnwrap(changes.first { $0.table == "player" && $0.newValues.first == 1.databaseValue })
        XCTAssertEqual(arthur.operation, .insert)
        XCTAssertFalse(arthur.indirect)
        XCTAssertEqual(arthur.oldValues, [nil, nil, nil, nil])
        XCTAssertEqual(arthur.newValues, [1.databaseValue, "Arthur".databaseValue, 10.databaseValue, 1.databaseValue])
        XCTAssertEqual(arthur.primaryKeyColumns, [true, false, false, false])
        XCTAssertEqual(arthur.primaryKey, [1.databaseValue])
        let barbara = try XCTUnwrap(changes.first { $0.table == "player" && $0.newValues.first == 2.databaseValue })
        // An SQL NULL is a value: it is not a missing value.
        XCTAssertEqual(barbara.newValues, [2.databaseValue, "Barbara".databaseValue, .null, .null])
        XCTAssertEqual(changes.filter { $0.table == "team" }.count, 1)
    }

    func testUpdateAndDeleteChangesCarryOldValues() throws {
        let dbQueue = try makePlayerQueue()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10), (2, 'Barbara', 20)")
        }
        let (changeset, _) = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "UPDATE player SET score = 11 WHERE id = 1")
                try db.execute(sql: "DELETE FROM player WHERE id = 2")
            }
        }
        let changes = try changeset.changes.sorted { $0.primaryKey.description < $1.primaryKey.description }
        XCTAssertEqual(changes.map(\.operation), [.update, .delete])
        // An update carries its primary key and modified columns.
        XCTAssertEqual(changes[0].oldValues, [1.databaseValue, nil, 10.databaseValue, nil])
        XCTAssertEqual(changes[0].newValues, [nil, nil, 11.databaseValue, nil])
        XCTAssertEqual(changes[1].oldValues, [2.databaseValue, "Barbara".databaseValue, 20.databaseValue, .null])
        XCTAssertEqual(changes[1].newValues, [nil, nil, nil, nil])
        XCTAssertEqual(changes[0].description, #"UPDATE "player" [1]"#)
    }

    func testRecordChangesOnlyRecordsTheGivenTables() throws {
        let dbQueue = try makePlayerQueue()
        let (changeset, _) = try dbQueue.write { db in
            try db.recordChanges(in: ["team"]) { db in
                try db.execute(sql: "INSERT INTO team (id, name) VALUES (1, 'Reds')")
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            }
        }
        XCTAssertEqual(try changeset.changes.map(\.table), ["team"])
    }

    func testRecordChangesOfNothingIsAnEmptyChangeset() throws {
        let dbQueue = try makePlayerQueue()
        let (changeset, _) = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
                try db.execute(sql: "DELETE FROM player")
            }
        }
        XCTAssertTrue(changeset.isEmpty)
        XCTAssertEqual(changeset, Changeset())
        XCTAssertEqual(try changeset.changes, [])
    }

    func testRolledBackChangesAreNotRecorded() throws {
        let dbQueue = try makePlayerQueue()
        let (changeset, _) = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO player (id, name) VALUES (2, 'Barbara')")
                    return .rollback
                }
            }
        }
        XCTAssertEqual(try changeset.changes.map(\.primaryKey), [[1.databaseValue]])
    }

    func testRecordingATableWithoutPrimaryKeyThrowsAnErrorThatNamesIt() throws {
        let dbQueue = try makePlayerQueue()
        try dbQueue.write { db in
            XCTAssertThrowsError(try db.recordChanges(in: ["player", "log"]) { _ in }) { error in
                let error = error as! DatabaseError
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertTrue(error.message!.contains(#"table "log""#), error.message!)
                XCTAssertTrue(error.message!.contains("no primary key"), error.message!)
            }
            XCTAssertThrowsError(try db.recordPatchset(in: ["missing"]) { _ in }) { error in
                XCTAssertTrue((error as! DatabaseError).message!.contains(#""missing", which does not exist"#))
            }
            // With all tables, the tables without a primary key are left out.
            let (changeset, _) = try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO log (message) VALUES ('hello')")
                try db.execute(sql: "INSERT INTO team (id, name) VALUES (1, 'Reds')")
            }
            XCTAssertEqual(try changeset.changes.map(\.table), ["team"])
        }
    }

    func testRecordChangesDoesNotReturnChangesWhenTheBlockThrows() throws {
        struct TestError: Error { }
        let dbQueue = try makePlayerQueue()
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
                throw TestError()
            }
        }) { error in XCTAssertTrue(error is TestError) }
        // The session is gone: a later recording starts from scratch.
        let (changeset, _) = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO team (id, name) VALUES (1, 'Reds')")
            }
        }
        XCTAssertEqual(try changeset.changes.map(\.table), ["team"])
    }

    func testIndirectChangesAreMarked() throws {
        let dbQueue = try makePlayerQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE audit (id INTEGER PRIMARY KEY, playerId INTEGER);
                CREATE TRIGGER playerInsert AFTER INSERT ON player BEGIN
                    INSERT INTO audit (playerId) VALUES (NEW.id);
                END;
                """)
        }
        let (changeset, _) = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            }
        }
        let changes = try changeset.changes
        XCTAssertEqual(changes.first { $0.table == "player" }?.indirect, false)
        XCTAssertEqual(changes.first { $0.table == "audit" }?.indirect, true)
    }

    // MARK: - Data and files

    func testDataRoundTrip() throws {
        let dbQueue = try makePlayerQueue()
        let (changeset, _) = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10)")
            }
        }
        let again = try Changeset(data: changeset.data)
        XCTAssertEqual(again, changeset)
        XCTAssertEqual(try again.changes, try changeset.changes)
        XCTAssertEqual(changeset.description, "Changeset(\(changeset.data.count) bytes)")
    }

    func testFileRoundTrip() throws {
        let dbQueue = try makePlayerQueue()
        let (changeset, _) = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                // More than one chunk of 64 KiB.
                for id in 1...2_000 {
                    try db.execute(
                        sql: "INSERT INTO player (id, name, score) VALUES (?, ?, ?)",
                        arguments: [id, String(repeating: "x", count: 100), id])
                }
            }
        }
        XCTAssertGreaterThan(changeset.data.count, 128 * 1024)
        let url = URL(fileURLWithPath: temporaryDatabasePath() + ".changeset")
        defer { try? FileManager.default.removeItem(at: url) }
        try changeset.write(to: url)
        XCTAssertEqual(try Data(contentsOf: url), changeset.data)
        let again = try Changeset(contentsOf: url)
        XCTAssertEqual(again, changeset)

        // A patchset file is not a changeset file.
        let (patchset, _) = try dbQueue.write { db in
            try db.recordPatchset(in: nil) { db in try db.execute(sql: "DELETE FROM player WHERE id <= 10") }
        }
        try patchset.write(to: url)
        XCTAssertEqual(try Patchset(contentsOf: url), patchset)
        XCTAssertThrowsError(try Changeset(contentsOf: url)) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_CORRUPT)
        }
    }

    func testMalformedDataThrowsCorrupt() throws {
        let dbQueue = try makePlayerQueue()
        let (changeset, _) = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10), (2, 'Barbara', 20)")
            }
        }
        let valid = changeset.data
        var candidates: [Data] = [
            Data([0x54]),
            Data([0x54, 0x04, 0x01, 0x00]),
            Data([0x42, 0x00, 0x01]),
            Data(repeating: 0xFF, count: 64),
            valid.prefix(valid.count - 3),
            valid + Data([0x12]),
        ]
        // Every truncation, and every byte changed to a few values.
        for count in 1..<valid.count { candidates.append(valid.prefix(count)) }
        for index in valid.indices {
            for byte: UInt8 in [0x00, 0x7F, 0xFF] {
                var data = valid
                data[index] = byte
                candidates.append(data)
            }
        }
        var rejected = 0
        for data in candidates {
            do {
                let parsed = try Changeset(data: data)
                // Well-formed by chance: using it must not trap either.
                _ = try? parsed.inverted()
                _ = try? Changeset.concatenate([parsed, changeset])
                _ = try? dbQueue.write { db in try db.apply(parsed) { _ in .omit } }
            } catch let error as DatabaseError {
                rejected += 1
                XCTAssertEqual(error.resultCode, .SQLITE_CORRUPT, "\(Array(data)): \(error)")
            }
        }
        XCTAssertGreaterThan(rejected, 100)
        // A table header cut in its name makes SQLite 3.40 loop forever:
        // Folio rejects it first.
        XCTAssertThrowsError(try Changeset(data: valid.prefix(8))) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_CORRUPT)
        }
        XCTAssertThrowsError(try Patchset(data: valid)) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_CORRUPT)
            XCTAssertTrue((error as! DatabaseError).message!.contains("not a patchset"))
        }
    }

    // MARK: - Inverting and concatenating

    func testInvertedUndoesTheChanges() throws {
        let dbQueue = try makePlayerQueue()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10), (2, 'Barbara', 20)")
        }
        let before = try dbQueue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM player ORDER BY id") }
        let (changeset, _) = try dbQueue.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "UPDATE player SET score = 11 WHERE id = 1")
                try db.execute(sql: "DELETE FROM player WHERE id = 2")
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (3, 'Craig')")
            }
        }
        let undo = try changeset.inverted()
        XCTAssertEqual(
            try undo.changes.map(\.operation).sorted { "\($0)" < "\($1)" },
            [.delete, .insert, .update])
        try dbQueue.write { db in try db.apply(undo) }
        let after = try dbQueue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM player ORDER BY id") }
        XCTAssertEqual(after, before)
        XCTAssertEqual(try undo.inverted(), changeset)
    }

    func testConcatenationEqualsApplyingInSequence() throws {
        let source = try makePlayerQueue()
        var changesets: [Changeset] = []
        let steps = [
            "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10), (2, 'Barbara', 20)",
            "UPDATE player SET score = score + 1; INSERT INTO team (id, name) VALUES (1, 'Reds')",
            "DELETE FROM player WHERE id = 1; UPDATE player SET teamId = 1",
            "INSERT INTO player (id, name) VALUES (1, 'Arthur again'); UPDATE player SET teamId = NULL; DELETE FROM team",
        ]
        for sql in steps {
            let (changeset, _) = try source.write { db in
                try db.recordChanges(in: nil) { db in try db.execute(sql: sql) }
            }
            changesets.append(changeset)
        }
        let sequential = try makePlayerQueue()
        try sequential.write { db in
            for changeset in changesets { try db.apply(changeset) }
        }
        let concatenated = try makePlayerQueue()
        let both = try Changeset.concatenate(changesets)
        try concatenated.write { db in try db.apply(both) }
        let dump = { (dbQueue: DatabaseQueue) in
            try dbQueue.read { db in
                try Row.fetchAll(db, sql: "SELECT 'player', id, name, score, teamId FROM player UNION ALL SELECT 'team', id, name, NULL, NULL FROM team ORDER BY 1, 2")
            }
        }
        XCTAssertEqual(try dump(sequential), try dump(source))
        XCTAssertEqual(try dump(concatenated), try dump(source))
        XCTAssertEqual(try Changeset.concatenate([]), Changeset())
        // The insert and the delete of team 1 cancel out.
        XCTAssertFalse(try both.changes.contains { $0.table == "team" })
    }

    func testPatchsetHasTheShapeOfAChangeset() throws {
        let source = try makePlayerQueue()
        try source.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10), (2, 'Barbara', 20)")
        }
        let target = try makePlayerQueue()
        try target.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10), (2, 'Barbara', 20)")
        }
        let (p1, _) = try source.write { db in
            try db.recordPatchset(in: nil) { db in try db.execute(sql: "UPDATE player SET score = 11 WHERE id = 1") }
        }
        let (p2, _) = try source.write { db in
            try db.recordPatchset(in: ["player"]) { db in try db.execute(sql: "DELETE FROM player WHERE id = 2") }
        }
        let changes = try p2.changes
        XCTAssertEqual(changes.map(\.operation), [.delete])
        XCTAssertEqual(changes[0].oldValues, [2.databaseValue, nil, nil, nil])
        XCTAssertEqual(try Patchset(data: p1.data), p1)
        let both = try Patchset.concatenate([p1, p2])
        try target.write { db in try db.apply(both) }
        XCTAssertEqual(
            try target.read { db in try Row.fetchAll(db, sql: "SELECT * FROM player") },
            try source.read { db in try Row.fetchAll(db, sql: "SELECT * FROM player") })
        XCTAssertThrowsError(try Changeset(data: p1.data))
    }
}
