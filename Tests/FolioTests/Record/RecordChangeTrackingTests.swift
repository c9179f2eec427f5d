import Folio
import XCTest

private final class Player: Record, @unchecked Sendable {
    var id: Int64?
    var name: String?
    var score: Int?

    override class var databaseTableName: String { "player" }

    init(id: Int64?, name: String?, score: Int?) {
        self.id = id
        self.name = name
        self.score = score
        super.init()
    }

    required init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        score = row["score"]
        try super.init(row: row)
    }

    override func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        container["score"] = score
    }
}

/// An encodable record whose columns are spelled in upper case.
private struct UpperCasePlayer: EncodableRecord {
    var id: Int64
    var name: String
    var score: Int

    func encode(to container: inout PersistenceContainer) throws {
        container["ID"] = id
        container["NAME"] = name
        container["SCORE"] = score
    }
}

private struct LowerCasePlayer: EncodableRecord {
    var id: Int64
    var name: String
    var score: Int

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        container["score"] = score
    }
}

/// The changes of `Record` instances, and the comparison of records.
final class RecordChangeTrackingTests: FolioTestCase {
    func testRecordFetchedFromPartialRowHasChangesInTheMissingColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER); INSERT INTO player VALUES (1, 'Arthur', 100)")
            let partial = try XCTUnwrap(Player.fetchOne(db, sql: "SELECT id FROM player"))
            XCTAssertTrue(partial.hasDatabaseChanges)
            XCTAssertEqual(try partial.databaseChanges, ["name": nil, "score": nil])

            let full = try XCTUnwrap(Player.fetchOne(db, sql: "SELECT * FROM player"))
            XCTAssertFalse(full.hasDatabaseChanges)
            XCTAssertEqual(try full.databaseChanges, [:])
        }
    }

    func testRecordBuiltFromRowThatWasNotFetchedHasAllColumnsChanged() throws {
        let player = try Player(row: ["id": 1, "name": "Arthur", "score": 100])
        XCTAssertTrue(player.hasDatabaseChanges)
        XCTAssertEqual(try player.databaseChanges, ["id": nil, "name": nil, "score": nil])

        let partial = try Player(row: ["id": 1])
        XCTAssertEqual(try partial.databaseChanges, ["id": nil, "name": nil, "score": nil])
    }

    func testRecordsWhoseColumnNamesDifferInCaseCompareTheirValues() throws {
        let upper = UpperCasePlayer(id: 1, name: "Arthur", score: 100)
        XCTAssertEqual(try upper.databaseChanges(from: LowerCasePlayer(id: 1, name: "Arthur", score: 100)), [:])
        XCTAssertEqual(try upper.databaseChanges(from: LowerCasePlayer(id: 1, name: "Arthur", score: 10)), ["SCORE": 10.databaseValue])
        XCTAssertEqual(try LowerCasePlayer(id: 1, name: "Barbara", score: 100).databaseChanges(from: upper), ["name": "Arthur".databaseValue])
    }

    func testUpdateChangesOfRecordBuiltFromLiteralRowUpdatesEveryColumn() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER); INSERT INTO player VALUES (1, 'Arthur', 100)")
            let player = try Player(row: ["id": 1, "name": "Barbara", "score": 200])
            XCTAssertTrue(try player.updateChanges(db))
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#)
            XCTAssertFalse(player.hasDatabaseChanges)
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT * FROM player"), ["id": 1, "name": "Barbara", "score": 200])
        }
    }
}
