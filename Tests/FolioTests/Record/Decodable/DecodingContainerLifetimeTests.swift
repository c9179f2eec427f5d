import Folio
import Foundation
import XCTest

/// Keeps the keyed decoding containers that `init(from:)` receives, so
/// that tests can use them after decoding.
private final class KeptContainers: @unchecked Sendable {
    // @unchecked Sendable: each test uses its own instance, on one thread.
    var containers: [KeyedDecodingContainer<KeepingPlayer.CodingKeys>] = []
}

private let containersKey = CodingUserInfoKey(rawValue: "keptContainers")!

/// A record whose `init(from:)` keeps its container when the decoder's
/// user info holds a `KeptContainers`: what no synthesized `init(from:)`
/// does, and what the decoder must survive.
private struct KeepingPlayer: Decodable, FetchableRecord {
    enum CodingKeys: String, CodingKey { case id, name }
    var id: Int64
    var name: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        (decoder.userInfo[containersKey] as? KeptContainers)?.containers.append(container)
    }
}

/// The same record, decoding a user info set by each test.
private struct KeepingPlayerRecord: Decodable, FetchableRecord {
    nonisolated(unsafe) static var kept: KeptContainers?
    static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] {
        kept.map { [containersKey: $0] } ?? [:]
    }

    var player: KeepingPlayer

    init(from decoder: any Decoder) throws {
        player = try KeepingPlayer(from: decoder)
    }
}

final class DecodingContainerLifetimeTests: FolioTestCase {
    override func tearDown() {
        KeepingPlayerRecord.kept = nil
        super.tearDown()
    }

    private func makePlayers() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO player VALUES (1, 'Arthur'), (2, 'Barbara');
                """)
        }
        return dbQueue
    }

    /// Starts keeping the containers that records decode with.
    private func keepContainers() -> KeptContainers {
        let kept = KeptContainers()
        KeepingPlayerRecord.kept = kept
        return kept
    }

    func testContainersKeptBeyondFetchAllStayUsable() throws {
        let dbQueue = try makePlayers()
        let kept = keepContainers()
        let records = try dbQueue.read { db in
            try KeepingPlayerRecord.fetchAll(db, sql: "SELECT id, name FROM player ORDER BY id")
        }
        XCTAssertEqual(records.map(\.player.id), [1, 2])
        XCTAssertEqual(records.map(\.player.name), ["Arthur", "Barbara"])
        XCTAssertTrue(sqlQueries.contains("SELECT id, name FROM player ORDER BY id"), "\(sqlQueries)")

        // The cursor is gone: its row was kept alive for the containers.
        // They still know their columns; the finished statement has no
        // current row, so values are NULL and decoding them throws.
        XCTAssertEqual(kept.containers.count, 2)
        for container in kept.containers {
            XCTAssertTrue(container.contains(.id))
            XCTAssertTrue(container.contains(.name))
            XCTAssertEqual(Set(container.allKeys.map(\.stringValue)), ["id", "name"])
            XCTAssertTrue(try container.decodeNil(forKey: .id))
            XCTAssertThrowsError(try container.decode(Int64.self, forKey: .id)) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
        }
    }

    func testContainersKeptBeyondAnAbandonedCursorStayUsable() throws {
        let dbQueue = try makePlayers()
        let kept = keepContainers()
        let first = try dbQueue.read { db -> KeepingPlayerRecord? in
            // The cursor is deinitialized before its end.
            let cursor = try KeepingPlayerRecord.fetchCursor(db, sql: "SELECT * FROM player ORDER BY id")
            return try cursor.next()
        }
        XCTAssertEqual(first?.player.name, "Arthur")
        XCTAssertEqual(kept.containers.count, 1)
        XCTAssertTrue(kept.containers[0].contains(.name))
        XCTAssertTrue(try kept.containers[0].decodeNil(forKey: .name))
    }

    func testContainersOfCopiedRowsKeepTheirRow() throws {
        let dbQueue = try makePlayers()
        let kept = keepContainers()
        let rows = try dbQueue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name FROM player ORDER BY id")
        }
        let records = try rows.map(KeepingPlayerRecord.init(row:))
        XCTAssertEqual(records.map(\.player.name), ["Arthur", "Barbara"])
        weak let weakRow = rows.first
        _ = consume rows
        // The copied rows are alive as long as their containers, which
        // still decode their values.
        XCTAssertNotNil(weakRow)
        XCTAssertEqual(try kept.containers.map { try $0.decode(String.self, forKey: .name) }, ["Arthur", "Barbara"])
        XCTAssertEqual(try kept.containers.map { try $0.decode(Int64.self, forKey: .id) }, [1, 2])
    }

    /// Decodes the players from the reused row of a row cursor, and
    /// returns their names and a weak reference to that row.
    private func decodePlayersFromRowCursor(_ dbQueue: DatabaseQueue) throws -> (names: [String], row: WeakRow) {
        let weakRow = WeakRow()
        let names = try dbQueue.read { db -> [String] in
            let rows = try Row.fetchCursor(db, sql: "SELECT id, name FROM player ORDER BY id")
            var names: [String] = []
            while let row = try rows.next() {
                weakRow.row = row
                names.append(try KeepingPlayerRecord(row: row).player.name)
            }
            return names
        }
        return (names, weakRow)
    }

    func testCursorRowIsReleasedWhenNoContainerIsKept() throws {
        let (names, weakRow) = try decodePlayersFromRowCursor(makePlayers())
        XCTAssertEqual(names, ["Arthur", "Barbara"])
        XCTAssertNil(weakRow.row, "the row of a finished cursor is released when no container is kept")
    }

    func testCursorRowIsKeptAliveForAKeptContainer() throws {
        let kept = keepContainers()
        let (names, weakRow) = try decodePlayersFromRowCursor(makePlayers())
        XCTAssertEqual(names, ["Arthur", "Barbara"])
        XCTAssertNotNil(weakRow.row, "the row of a finished cursor stays alive for the kept containers")
        XCTAssertEqual(kept.containers.count, 2)
        XCTAssertTrue(try kept.containers[1].decodeNil(forKey: .name))
    }
}

/// A weak reference to a row, which tests read after the cursor ends.
private final class WeakRow: @unchecked Sendable {
    // @unchecked Sendable: used by one test at a time, on one thread.
    weak var row: Row?
}
