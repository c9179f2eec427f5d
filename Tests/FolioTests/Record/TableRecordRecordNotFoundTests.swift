import Folio
import XCTest

final class TableRecordRecordNotFoundTests: FolioTestCase {
    struct Player: Codable, PersistableRecord, FetchableRecord, Identifiable {
        var id: Int64
        var name: String
    }

    struct Membership: Codable, PersistableRecord {
        var teamId: Int64
        var playerId: Int64
    }

    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE membership (teamId INTEGER, playerId INTEGER, PRIMARY KEY (teamId, playerId));
                """)
        }
        return dbQueue
    }

    private func assertNotFound(
        _ error: any Error, table: String, key: [String: DatabaseValue],
        file: StaticString = #filePath, line: UInt = #line) {
        guard case let RecordError.recordNotFound(databaseTableName: t, key: k) = error else {
            return XCTFail("unexpected error \(error)", file: file, line: line)
        }
        XCTAssertEqual(t, table, file: file, line: line)
        XCTAssertEqual(k, key, file: file, line: line)
    }

    func testRecordNotFoundKey() {
        let error = Player.recordNotFound(key: ["id": 1, "name": nil])
        assertNotFound(error, table: "player", key: ["id": 1.databaseValue, "name": .null])
        XCTAssertEqual(error.description, "Key not found in table player: [id:1, name:NULL]")
    }

    func testRecordNotFoundDatabaseKey() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.read { db in
            assertNotFound(Player.recordNotFound(db, key: 42), table: "player", key: ["id": 42.databaseValue])
        }
    }

    func testRecordNotFoundId() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.read { db in
            assertNotFound(Player.recordNotFound(db, id: 7), table: "player", key: ["id": 7.databaseValue])
        }
    }

    func testRecordNotFoundKeyOnTableWithoutExplicitPrimaryKeyUsesRowID() throws {
        struct Item: TableRecord { }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE item (name TEXT)")
            assertNotFound(Item.recordNotFound(db, key: 3), table: "item", key: ["rowid": 3.databaseValue])
        }
    }

    func testRecordNotFoundKeyFailsOnCompositePrimaryKey() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.read { db in
            let error = Membership.recordNotFound(db, key: 1)
            let dbError = try XCTUnwrap(error as? DatabaseError)
            XCTAssertEqual(dbError.resultCode, .SQLITE_MISUSE)
            XCTAssertTrue(dbError.message?.contains("membership") ?? false)
        }
    }

    func testRecordNotFoundKeyFailsOnMissingTable() throws {
        struct Missing: TableRecord { }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let error = Missing.recordNotFound(db, key: 1)
            XCTAssertTrue(error is DatabaseError, "\(error)")
        }
    }

    func testRecordInstanceNotFound() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.read { db in
            let player = Player(id: 3, name: "Arthur")
            assertNotFound(player.recordNotFound(db), table: "player", key: ["id": 3.databaseValue])
            let membership = Membership(teamId: 1, playerId: 2)
            assertNotFound(
                membership.recordNotFound(db), table: "membership",
                key: ["teamId": 1.databaseValue, "playerId": 2.databaseValue])
        }
    }

    func testRecordNotFoundCanBeThrownAndCaught() throws {
        let dbQueue = try makePlayerDatabase()
        XCTAssertThrowsError(try dbQueue.read { db -> Player in
            guard let player = try Player.fetchOne(db, id: 1) else {
                throw Player.recordNotFound(db, id: 1)
            }
            return player
        }) { error in
            assertNotFound(error, table: "player", key: ["id": 1.databaseValue])
        }
    }

    func testNumberOfSelectedColumns() throws {
        struct RowIDPlayer: TableRecord {
            static let databaseTableName = "player"
            static var databaseSelection: [any SQLSelectable] { [.allColumns, .rowID] }
        }
        struct NamePlayer: TableRecord {
            static let databaseTableName = "player"
            static var databaseSelection: [any SQLSelectable] { [Column("name"), SQL("1, 2")] }
        }
        let dbQueue = try makePlayerDatabase()
        try dbQueue.read { db in
            XCTAssertEqual(try Player.numberOfSelectedColumns(db), 2)
            XCTAssertEqual(try RowIDPlayer.numberOfSelectedColumns(db), 3)
            XCTAssertEqual(try NamePlayer.numberOfSelectedColumns(db), 3)
            XCTAssertEqual(try Membership.numberOfSelectedColumns(db), 2)
        }
    }

    func testNumberOfSelectedColumnsThrowsOnMissingTable() throws {
        struct Missing: TableRecord { }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertThrowsError(try Missing.numberOfSelectedColumns(db)) { error in
                XCTAssertTrue((error as? DatabaseError)?.message?.contains("no such table") ?? false, "\(error)")
            }
        }
    }
}
