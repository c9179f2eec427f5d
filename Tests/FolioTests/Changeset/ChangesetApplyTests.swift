import Foundation
import Folio
import XCTest

final class ChangesetApplyTests: FolioTestCase {
    private static let schema = """
        CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score INTEGER,
                             teamId INTEGER REFERENCES team(id));
        """

    private func makeQueue(_ sql: String = "") throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: Self.schema)
            if !sql.isEmpty { try db.execute(sql: sql) }
        }
        return dbQueue
    }

    /// The changeset of `sql`, run on a database that holds `setup`.
    private func changeset(setup: String = "", _ sql: String, tables: [String]? = nil) throws -> Changeset {
        let source = try makeQueue(setup)
        return try source.write { db in try db.recordChanges(in: tables) { db in try db.execute(sql: sql) } }.0
    }

    private func players(_ dbQueue: DatabaseQueue) throws -> [Row] {
        try dbQueue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM player ORDER BY id") }
    }

    /// Applies the changeset with a handler that returns `resolution`, and
    /// returns the conflicts the handler saw, or throws.
    private func apply(
        _ changeset: Changeset,
        to target: DatabaseQueue,
        _ resolution: ChangesetConflictResolution) throws -> [ChangesetConflict]
    {
        var conflicts: [ChangesetConflict] = []
        try target.write { db in
            try db.apply(changeset) { conflict in
                conflicts.append(conflict)
                return resolution
            }
        }
        return conflicts
    }

    func testApplyWithoutConflicts() throws {
        let changeset = try changeset(
            setup: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10)",
            "UPDATE player SET score = 11 WHERE id = 1; INSERT INTO player (id, name) VALUES (2, 'Barbara')")
        let target = try makeQueue("INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10)")
        try target.write { db in try db.apply(changeset) }
        XCTAssertEqual(try players(target).map { $0["score"] as Int? }, [11, nil])
    }

    // MARK: - .data

    func testDataConflict() throws {
        let setup = "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10)"
        let changeset = try changeset(setup: setup, "UPDATE player SET score = 11 WHERE id = 1")
        let targetSetup = "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 99)"

        let omitted = try makeQueue(targetSetup)
        let conflicts = try apply(changeset, to: omitted, .omit)
        XCTAssertEqual(conflicts.count, 1)
        XCTAssertEqual(conflicts[0].kind, .data)
        XCTAssertEqual(conflicts[0].table, "player")
        XCTAssertEqual(conflicts[0].change.operation, .update)
        XCTAssertEqual(conflicts[0].change.oldValues[2], 10.databaseValue)
        XCTAssertEqual(conflicts[0].change.newValues[2], 11.databaseValue)
        XCTAssertEqual(conflicts[0].conflictingValues, [1.databaseValue, "Arthur".databaseValue, 99.databaseValue, .null])
        XCTAssertEqual(conflicts[0].description, #"data conflict: UPDATE "player" [1]"#)
        XCTAssertEqual(try players(omitted).map { $0["score"] as Int }, [99])

        let replaced = try makeQueue(targetSetup)
        _ = try apply(changeset, to: replaced, .replace)
        XCTAssertEqual(try players(replaced).map { $0["score"] as Int }, [11])

        let aborted = try makeQueue(targetSetup)
        XCTAssertThrowsError(try apply(changeset, to: aborted, .abort)) { error in
            let error = error as! DatabaseError
            XCTAssertEqual(error.resultCode, .SQLITE_ABORT)
            XCTAssertTrue(error.message!.contains(#"data conflict: UPDATE "player" [1]"#), error.message!)
            XCTAssertTrue(error.message!.contains(#"table "player""#), error.message!)
        }
        XCTAssertEqual(try players(aborted).map { $0["score"] as Int }, [99])

        // Without a handler, a conflict aborts.
        let unhandled = try makeQueue(targetSetup)
        XCTAssertThrowsError(try unhandled.write { db in try db.apply(changeset) }) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_ABORT)
            XCTAssertTrue((error as! DatabaseError).message!.contains(#"table "player""#))
        }
    }

    // MARK: - .notFound

    func testNotFoundConflict() throws {
        let changeset = try changeset(
            setup: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10), (2, 'Barbara', 20)",
            "UPDATE player SET score = 11 WHERE id = 1; DELETE FROM player WHERE id = 2")

        let omitted = try makeQueue()
        let conflicts = try apply(changeset, to: omitted, .omit)
        XCTAssertEqual(conflicts.map(\.kind), [.notFound, .notFound])
        XCTAssertEqual(Set(conflicts.map(\.change.operation)), [.update, .delete])
        XCTAssertTrue(conflicts.allSatisfy { $0.conflictingValues == nil })
        XCTAssertEqual(try players(omitted), [])

        let replaced = try makeQueue()
        XCTAssertThrowsError(try apply(changeset, to: replaced, .replace)) { error in
            let error = error as! DatabaseError
            XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
            XCTAssertTrue(error.message!.contains("not the notFound conflict"), error.message!)
            XCTAssertTrue(error.message!.contains(#"table "player""#), error.message!)
        }

        let aborted = try makeQueue()
        XCTAssertThrowsError(try apply(changeset, to: aborted, .abort)) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_ABORT)
            XCTAssertTrue((error as! DatabaseError).message!.contains("row not found"))
        }
    }

    // MARK: - .conflict

    func testPrimaryKeyConflict() throws {
        let changeset = try changeset("INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10), (2, 'Barbara', 20)")
        let targetSetup = "INSERT INTO player (id, name, score) VALUES (1, 'Craig', 30)"

        let omitted = try makeQueue(targetSetup)
        let conflicts = try apply(changeset, to: omitted, .omit)
        XCTAssertEqual(conflicts.map(\.kind), [.conflict])
        XCTAssertEqual(conflicts[0].change.operation, .insert)
        XCTAssertEqual(conflicts[0].conflictingValues, [1.databaseValue, "Craig".databaseValue, 30.databaseValue, .null])
        XCTAssertEqual(try players(omitted).map { $0["name"] as String }, ["Craig", "Barbara"])

        let replaced = try makeQueue(targetSetup)
        _ = try apply(changeset, to: replaced, .replace)
        XCTAssertEqual(try players(replaced).map { $0["name"] as String }, ["Arthur", "Barbara"])

        let aborted = try makeQueue(targetSetup)
        XCTAssertThrowsError(try apply(changeset, to: aborted, .abort)) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_ABORT)
        }
        // All or nothing: Barbara was not inserted either.
        XCTAssertEqual(try players(aborted).map { $0["name"] as String }, ["Craig"])
    }

    // MARK: - .constraint

    func testConstraintConflict() throws {
        let changeset = try changeset("INSERT INTO player (id, name) VALUES (1, 'Arthur'), (2, 'Barbara')")
        let targetSetup = "INSERT INTO player (id, name) VALUES (3, 'Arthur')"

        let omitted = try makeQueue(targetSetup)
        let conflicts = try apply(changeset, to: omitted, .omit)
        XCTAssertEqual(conflicts.map(\.kind), [.constraint])
        XCTAssertEqual(conflicts[0].table, "player")
        XCTAssertEqual(conflicts[0].change.newValues[1], "Arthur".databaseValue)
        XCTAssertEqual(try players(omitted).map { $0["id"] as Int64 }, [2, 3])

        let replaced = try makeQueue(targetSetup)
        XCTAssertThrowsError(try apply(changeset, to: replaced, .replace)) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_MISUSE)
        }
        XCTAssertEqual(try players(replaced).map { $0["id"] as Int64 }, [3])

        let aborted = try makeQueue(targetSetup)
        XCTAssertThrowsError(try apply(changeset, to: aborted, .abort)) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_ABORT)
            XCTAssertTrue((error as! DatabaseError).message!.contains("constraint violation"))
        }
        XCTAssertEqual(try players(aborted).map { $0["id"] as Int64 }, [3])
    }

    // MARK: - .foreignKey

    func testForeignKeyConflict() throws {
        // The changeset records the player, not its team.
        let changeset = try changeset(
            "INSERT INTO team (id, name) VALUES (1, 'Reds'); INSERT INTO player (id, name, teamId) VALUES (1, 'Arthur', 1)",
            tables: ["player"])

        let omitted = try makeQueue()
        let conflicts = try apply(changeset, to: omitted, .omit)
        XCTAssertEqual(conflicts.map(\.kind), [.foreignKey])
        XCTAssertEqual(conflicts[0].foreignKeyViolationCount, 1)
        XCTAssertEqual(conflicts[0].description, "1 foreign key violation(s)")
        // Omitted: the changes stay, violations included.
        XCTAssertEqual(try players(omitted).count, 1)

        let replaced = try makeQueue()
        XCTAssertThrowsError(try apply(changeset, to: replaced, .replace)) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_MISUSE)
        }
        XCTAssertEqual(try players(replaced).count, 0)

        let aborted = try makeQueue()
        XCTAssertThrowsError(try apply(changeset, to: aborted, .abort)) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_ABORT)
            XCTAssertTrue((error as! DatabaseError).message!.contains("foreign key"))
        }
        XCTAssertEqual(try players(aborted).count, 0)
    }

    // MARK: - Errors

    func testHandlerErrorIsThrownAndNothingIsApplied() throws {
        struct TestError: Error { }
        let changeset = try changeset("INSERT INTO player (id, name) VALUES (1, 'Arthur'), (2, 'Barbara')")
        let target = try makeQueue("INSERT INTO player (id, name) VALUES (2, 'Craig')")
        XCTAssertThrowsError(try target.write { db in
            try db.apply(changeset) { _ in throw TestError() }
        }) { error in XCTAssertTrue(error is TestError) }
        XCTAssertEqual(try players(target).map { $0["name"] as String }, ["Craig"])
    }

    func testApplyToAMissingOrDifferentTableThrowsAnErrorThatNamesIt() throws {
        let changeset = try changeset("INSERT INTO player (id, name) VALUES (1, 'Arthur')")
        let empty = try makeDatabaseQueue()
        XCTAssertThrowsError(try empty.write { db in try db.apply(changeset) }) { error in
            let error = error as! DatabaseError
            XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
            XCTAssertTrue(error.message!.contains(#"table "player", which does not exist"#), error.message!)
        }
        let different = try makeDatabaseQueue()
        try different.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)") }
        XCTAssertThrowsError(try different.write { db in try db.apply(changeset) }) { error in
            let error = error as! DatabaseError
            XCTAssertEqual(error.resultCode, .SQLITE_SCHEMA)
            XCTAssertTrue(error.message!.contains(#"table "player" with 4 columns"#), error.message!)
            XCTAssertTrue(error.message!.contains("has 2 columns"), error.message!)
        }
    }

    func testApplyInAReadOnlyAccessThrows() throws {
        let changeset = try changeset("INSERT INTO player (id, name) VALUES (1, 'Arthur')")
        let target = try makeQueue()
        XCTAssertThrowsError(try target.read { db in try db.apply(changeset) })
        XCTAssertEqual(try players(target), [])
    }

    func testApplyingAnEmptyChangesetDoesNothing() throws {
        let target = try makeQueue()
        try target.write { db in
            try db.apply(Changeset())
            try db.apply(Patchset())
        }
    }

    func testApplyOutsideOfATransaction() throws {
        let changeset = try changeset("INSERT INTO player (id, name) VALUES (1, 'Arthur')")
        let target = try makeQueue()
        try target.writeWithoutTransaction { db in
            try db.apply(changeset)
            XCTAssertFalse(db.isInsideTransaction)
        }
        XCTAssertEqual(try players(target).count, 1)
    }

    func testPatchsetConflicts() throws {
        let source = try makeQueue("INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10)")
        let (patchset, _) = try source.write { db in
            try db.recordPatchset(in: nil) { db in try db.execute(sql: "UPDATE player SET score = 11 WHERE id = 1") }
        }
        // A patchset does not check the old values: no data conflict.
        let target = try makeQueue("INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 99)")
        try target.write { db in try db.apply(patchset) }
        XCTAssertEqual(try players(target).map { $0["score"] as Int }, [11])
        // A missing row is still a conflict.
        let empty = try makeQueue()
        var kinds: [ChangesetConflict.Kind] = []
        try empty.write { db in
            try db.apply(patchset) { conflict in
                kinds.append(conflict.kind)
                return .omit
            }
        }
        XCTAssertEqual(kinds, [.notFound])
    }
}
