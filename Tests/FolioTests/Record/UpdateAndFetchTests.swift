import Folio
import Foundation
import XCTest

/// A player that does not know its score column.
private struct PartialPlayer: Encodable, MutablePersistableRecord {
    static let databaseTableName = "player"
    var id: Int64
    var name: String
}

/// A record class whose values are tracked.
private final class ClassPlayer: Record {
    var id: Int64?
    var name: String
    var score: Int

    override class var databaseTableName: String { "player" }

    init(id: Int64?, name: String, score: Int) {
        self.id = id
        self.name = name
        self.score = score
        super.init()
    }

    required init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
        score = try row.decode(forColumn: "score")
        try super.init(row: row)
    }

    override func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        container["score"] = score
    }
}

/// A record that fails to encode its score.
private final class FailingPlayer: Record {
    struct EncodingError: Error { }
    var score = 0
    var fails = false

    override class var databaseTableName: String { "player" }

    override func encode(to container: inout PersistenceContainer) throws {
        if fails { throw EncodingError() }
        container["score"] = score
    }
}

final class UpdateAndFetchTests: FolioTestCase {
    /// Two players, and a `modified` column set by a trigger on each update.
    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            try db.execute(sql: """
                ALTER TABLE player ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;
                CREATE TRIGGER player_modified AFTER UPDATE ON player BEGIN
                    UPDATE player SET modified = modified + 1 WHERE id = NEW.id AND NEW.modified = OLD.modified;
                END;
                INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 100), (2, 'Barbara', 200);
                """)
        }
        return dbQueue
    }

    // MARK: - updateAndFetch(_:onConflict:selection:fetch:)

    func testUpdateAndFetchSelectionReturnsTheFetchedValues() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 1, name: "Arthur", score: 1000)
            var score: Int?
            let sql = try persistenceSQL {
                score = try player.updateAndFetch(db, selection: [Column("score") * 2]) { statement in
                    try Int.fetchOne(statement)
                }
            }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=? RETURNING "score" * ?"#])
            XCTAssertEqual(score, 2000)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 1000)
        }
    }

    func testUpdateAndFetchSelectionWithColumnsUpdatesTheseColumnsOnly() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 2, name: "Babs", score: 1)
            var row: Row?
            var sql = try persistenceSQL {
                row = try player.updateAndFetch(db, columns: ["SCORE"], selection: [Column("name"), Column("score")]) { statement in
                    try Row.fetchOne(statement)
                }
            }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "score"=? WHERE "id"=? RETURNING "name", "score""#])
            XCTAssertEqual(row, ["name": "Barbara", "score": 1])

            var names: [String] = []
            sql = try persistenceSQL {
                names = try player.updateAndFetch(db, columns: [Column("name")], selection: [Column("name")]) { statement in
                    try String.fetchAll(statement)
                }
            }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "name"=? WHERE "id"=? RETURNING "name""#])
            XCTAssertEqual(names, ["Babs"])
        }
    }

    func testUpdateAndFetchSelectionOfMissingRowThrowsRecordNotFound() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 3, name: "Craig", score: 0)
            XCTAssertThrowsError(try player.updateAndFetch(db, selection: [Column("score")]) { try Int.fetchOne($0) }) { error in
                guard case RecordError.recordNotFound(databaseTableName: "player", key: ["id": 3.databaseValue]) = error else {
                    return XCTFail("\(error)")
                }
            }
        }
    }

    func testUpdateAndFetchWithEmptySelectionThrowsWithoutSQL() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 1, name: "Arthur", score: 0)
            let sql = try persistenceSQL {
                XCTAssertThrowsError(try player.updateAndFetch(db, selection: []) { try Int.fetchOne($0) }) { error in
                    guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                    XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                    XCTAssertTrue("\(error)".contains("PersistedPlayer.updateAndFetch"), "\(error)")
                    XCTAssertTrue("\(error)".contains("selection is empty"), "\(error)")
                }
            }
            XCTAssertEqual(sql, [])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 100)
        }
    }

    func testUpdateAndFetchSelectionRethrowsTheErrorOfFetch() throws {
        struct FetchError: Error { }
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 1, name: "Arthur", score: 0)
            XCTAssertThrowsError(try player.updateAndFetch(db, selection: [Column("score")]) { _ -> Int in throw FetchError() }) { error in
                XCTAssertTrue(error is FetchError, "\(error)")
            }
        }
    }

    // MARK: - updateChangesAndFetch

    func testUpdateChangesAndFetchFromOtherRecord() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let oldPlayer = PersistedPlayer(id: 1, name: "Arthur", score: 100)
            var newPlayer = oldPlayer
            newPlayer.score = 101
            var updated: PersistedPlayer?
            var sql = try persistenceSQL { updated = try newPlayer.updateChangesAndFetch(db, from: oldPlayer) }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "score"=? WHERE "id"=? RETURNING *"#])
            XCTAssertEqual(updated, PersistedPlayer(id: 1, name: "Arthur", score: 101))

            // No change: no SQL, nil
            sql = try persistenceSQL { updated = try newPlayer.updateChangesAndFetch(db, from: newPlayer) }
            XCTAssertEqual(sql, [])
            XCTAssertNil(updated)
        }
    }

    func testUpdateChangesAndFetchAsOtherTypeReturnsColumnsSetByTheDatabase() throws {
        struct FullPlayer: Decodable, FetchableRecord, TableRecord, Equatable {
            static let databaseTableName = "player"
            var id: Int64
            var name: String
            var score: Int
            var modified: Int
        }
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let oldPlayer = PartialPlayer(id: 2, name: "Barbara")
            let newPlayer = PartialPlayer(id: 2, name: "Babs")
            var updated: FullPlayer?
            var sql = try persistenceSQL { updated = try newPlayer.updateChangesAndFetch(db, as: FullPlayer.self, from: oldPlayer) }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "name"=? WHERE "id"=? RETURNING *"#])
            // RETURNING reports the row before AFTER triggers run
            XCTAssertEqual(updated, FullPlayer(id: 2, name: "Babs", score: 200, modified: 0))
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT modified FROM player WHERE id = 2"), 1)

            sql = try persistenceSQL { updated = try newPlayer.updateChangesAndFetch(db, as: FullPlayer.self, from: newPlayer) }
            XCTAssertEqual(sql, [])
            XCTAssertNil(updated)
        }
    }

    func testUpdateChangesAndFetchWithClosure() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = PersistedPlayer(id: 2, name: "Barbara", score: 200)
            var updated: PersistedPlayer?
            var sql = try persistenceSQL { updated = try player.updateChangesAndFetch(db) { $0.score = 1 } }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "score"=? WHERE "id"=? RETURNING *"#])
            XCTAssertEqual(player.score, 1)
            XCTAssertEqual(updated, PersistedPlayer(id: 2, name: "Barbara", score: 1))

            sql = try persistenceSQL { updated = try player.updateChangesAndFetch(db) { $0.score = 1 } }
            XCTAssertEqual(sql, [])
            XCTAssertNil(updated)

            var partial = PartialPlayer(id: 1, name: "Arthur")
            var row: PersistedPlayer?
            sql = try persistenceSQL { row = try partial.updateChangesAndFetch(db, as: PersistedPlayer.self) { $0.name = "Art" } }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "name"=? WHERE "id"=? RETURNING *"#])
            XCTAssertEqual(row, PersistedPlayer(id: 1, name: "Art", score: 100))
        }
    }

    func testUpdateChangesAndFetchOfMissingRowThrowsRecordNotFound() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = PersistedPlayer(id: 3, name: "Craig", score: 0)
            XCTAssertThrowsError(try player.updateChangesAndFetch(db) { $0.score = 1 }) { error in
                guard case RecordError.recordNotFound(databaseTableName: "player", key: ["id": 3.databaseValue]) = error else {
                    return XCTFail("\(error)")
                }
            }
        }
    }

    func testUpdateChangesAndFetchWithConflictResolution() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = PersistedPlayer(id: 2, name: "Barbara", score: 200)
            // The name of player 1: the statement is ignored
            let sql = try persistenceSQL {
                XCTAssertThrowsError(try player.updateChangesAndFetch(db, onConflict: .ignore) { $0.name = "Arthur" }) { error in
                    guard case RecordError.recordNotFound = error else { return XCTFail("\(error)") }
                }
            }
            XCTAssertEqual(sql, [#"UPDATE OR IGNORE "player" SET "name"=? WHERE "id"=? RETURNING *"#])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM player WHERE id = 2"), "Barbara")
        }
    }

    // MARK: - Classes

    func testUpdateChangesWithClosureOfRecordClassUpdatesTheChanges() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = try XCTUnwrap(ClassPlayer.fetchOne(db, key: 1))
            var modified = false
            let sql = try persistenceSQL { modified = try player.updateChanges(db) { $0.score = 5 } }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "score"=? WHERE "id"=?"#])
            XCTAssertTrue(modified)
            XCTAssertFalse(player.hasDatabaseChanges)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 5)
        }
    }

    func testUpdateChangesAndFetchOfRecordClass() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = try XCTUnwrap(ClassPlayer.fetchOne(db, key: 2))
            var updated: ClassPlayer?
            var sql = try persistenceSQL { updated = try player.updateChangesAndFetch(db) { $0.name = "Babs" } }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "name"=? WHERE "id"=? RETURNING *"#])
            XCTAssertEqual(updated?.name, "Babs")
            XCTAssertEqual(updated?.score, 200)
            XCTAssertFalse(try XCTUnwrap(updated) === player)
            XCTAssertFalse(player.hasDatabaseChanges)
            XCTAssertEqual(try XCTUnwrap(updated).hasDatabaseChanges, false)

            sql = try persistenceSQL { updated = try player.updateChangesAndFetch(db) { $0.name = "Babs" } }
            XCTAssertEqual(sql, [])
            XCTAssertNil(updated)
        }
    }

    // MARK: - databaseChanges

    func testDatabaseChangesWithClosureReturnsTheOldValues() throws {
        var player = PersistedPlayer(id: 1, name: "Arthur", score: 100)
        let changes = try player.databaseChanges {
            $0.score = 1000
            $0.name = "Arthur"
        }
        XCTAssertEqual(changes, ["score": 100.databaseValue])
        XCTAssertEqual(player.score, 1000)
        XCTAssertEqual(try player.databaseChanges { _ in }, [:])
        XCTAssertEqual(try player.databaseChanges { $0.id = nil }, ["id": 1.databaseValue])
    }

    func testDatabaseChangesWithClosureOfRecordClass() throws {
        var player = ClassPlayer(id: 1, name: "Arthur", score: 100)
        let changes = try player.databaseChanges { $0.score = 1000 }
        XCTAssertEqual(changes, ["score": 100.databaseValue])
        XCTAssertEqual(player.score, 1000)
    }

    func testDatabaseChangesWithClosureRethrowsErrors() throws {
        struct ModifyError: Error { }
        var player = PersistedPlayer(id: 1, name: "Arthur", score: 100)
        XCTAssertThrowsError(try player.databaseChanges { _ in throw ModifyError() }) { error in
            XCTAssertTrue(error is ModifyError, "\(error)")
        }
        var failing = FailingPlayer()
        XCTAssertThrowsError(try failing.databaseChanges { $0.fails = true }) { error in
            XCTAssertTrue(error is FailingPlayer.EncodingError, "\(error)")
        }
    }

    func testDatabaseChangesOfRecordClassThrowsEncodingErrors() throws {
        let player = FailingPlayer()
        XCTAssertEqual(try player.databaseChanges, ["score": nil])
        player.fails = true
        XCTAssertThrowsError(try player.databaseChanges) { error in
            XCTAssertTrue(error is FailingPlayer.EncodingError, "\(error)")
        }
        XCTAssertTrue(player.hasDatabaseChanges)
    }
}
