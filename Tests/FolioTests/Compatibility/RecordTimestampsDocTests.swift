import Folio
import Foundation
import XCTest

/// A record type that tracks its creation and modification dates: the
/// sample `TimestampedRecord` protocol of GRDB's "Record Timestamps and
/// Transaction Date" article, written as a GRDB user writes it.
private protocol TimestampedRecord: MutablePersistableRecord {
    var creationDate: Date? { get set }
    var modificationDate: Date? { get set }
}

extension TimestampedRecord {
    mutating func willInsert(_ db: Database) throws {
        try initializeTimestamps(db)
    }

    mutating func initializeTimestamps(_ db: Database) throws {
        if creationDate == nil {
            creationDate = try db.transactionDate
        }
        if modificationDate == nil {
            modificationDate = try db.transactionDate
        }
    }

    mutating func updateWithTimestamp(_ db: Database, modificationDate: Date? = nil) throws {
        self.modificationDate = try modificationDate ?? db.transactionDate
        try update(db)
    }

    @discardableResult
    mutating func updateChangesWithTimestamp(
        _ db: Database,
        modificationDate: Date? = nil,
        modify: (inout Self) -> Void)
    throws -> Bool
    {
        // Grab the changes performed by `modify`
        let initialChanges = try databaseChanges(modify: modify)
        if initialChanges.isEmpty {
            return false
        }

        // Update modification date and grab its column name
        let dateChanges = try databaseChanges(modify: {
            $0.modificationDate = try modificationDate ?? db.transactionDate
        })

        // Update the modified columns
        let modifiedColumns = Set(initialChanges.keys).union(dateChanges.keys)
        try update(db, columns: modifiedColumns)
        return true
    }

    mutating func touch(_ db: Database, modificationDate: Date? = nil) throws {
        try updateChanges(db) {
            $0.modificationDate = try modificationDate ?? db.transactionDate
        }
    }
}

private struct TimestampedPlayer: Codable, TimestampedRecord, FetchableRecord {
    static let databaseTableName = "player"
    var id: Int64?
    var creationDate: Date?
    var modificationDate: Date?
    var name: String
    var score: Int

    /// Update auto-incremented id upon successful insertion
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// If the player has a non-nil primary key and a matching row in
    /// the database, the player is updated. Otherwise, it is inserted.
    mutating func saveWithTimestamp(_ db: Database) throws {
        if id == nil {
            try insert(db)
        } else {
            do {
                try updateWithTimestamp(db)
            } catch RecordError.recordNotFound {
                // Primary key is set, but no row was updated.
                try insert(db)
            }
        }
    }
}

/// Runs the article's samples against Folio, with a controlled
/// `Configuration.transactionClock`.
final class RecordTimestampsDocTests: FolioTestCase {
    private final class Clock: @unchecked Sendable {
        // @unchecked Sendable: all access goes through `lock`.
        private let lock = NSLock()
        private var _seconds: TimeInterval = 1_000_000
        func advance() { lock.lock(); _seconds += 1; lock.unlock() }
        var now: Date { lock.lock(); defer { lock.unlock() }; return Date(timeIntervalSince1970: _seconds) }
    }

    private let clock = Clock()

    private func makePlayerDatabase() throws -> DatabaseQueue {
        var configuration = Configuration()
        let clock = self.clock
        configuration.transactionClock = .custom { _ in clock.now }
        let dbQueue = try makeDatabaseQueue(configuration: configuration)
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("creationDate", .datetime).notNull()
                t.column("modificationDate", .datetime).notNull()
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
        }
        return dbQueue
    }

    func testInsertionSetsTimestampsToTheTransactionDate() throws {
        let dbQueue = try makePlayerDatabase()
        var players = [
            TimestampedPlayer(name: "Arthur", score: 1000),
            TimestampedPlayer(name: "Barbara", score: 2000),
        ]
        XCTAssertNil(players[0].creationDate)
        try dbQueue.write { db in
            for index in players.indices {
                try players[index].insert(db)
            }
        }
        XCTAssertEqual(players.map(\.id), [1, 2])
        XCTAssertEqual(players.map(\.creationDate), [clock.now, clock.now])
        XCTAssertEqual(players.map(\.modificationDate), [clock.now, clock.now])
        let stored = try dbQueue.read { db in
            try String.fetchAll(db, sql: "SELECT creationDate FROM player ORDER BY id")
        }
        XCTAssertEqual(stored, ["1970-01-12 13:46:40.000", "1970-01-12 13:46:40.000"])
    }

    func testUpdateMethods() throws {
        let dbQueue = try makePlayerDatabase()
        var player = TimestampedPlayer(name: "Arthur", score: 1000)
        try dbQueue.write { try player.insert($0) }
        let insertionDate = clock.now

        clock.advance()
        try dbQueue.write { db in
            player.score += 1
            try player.updateWithTimestamp(db)
        }
        XCTAssertEqual(player.creationDate, insertionDate)
        XCTAssertEqual(player.modificationDate, clock.now)

        clock.advance()
        clearSQLQueries()
        let unchanged = try dbQueue.write { db in
            try player.updateChangesWithTimestamp(db) { $0.score = 1001 }
        }
        XCTAssertFalse(unchanged)
        XCTAssertFalse(sqlQueries.contains { $0.hasPrefix("UPDATE") }, "\(sqlQueries)")

        let changed = try dbQueue.write { db in
            try player.updateChangesWithTimestamp(db) { $0.score = 2000 }
        }
        XCTAssertTrue(changed)
        // Only the changed columns, in the record's encoding order.
        XCTAssertTrue(sqlQueries.contains(#"UPDATE "player" SET "modificationDate"=?, "score"=? WHERE "id"=?"#), "\(sqlQueries)")

        clock.advance()
        clearSQLQueries()
        try dbQueue.write { try player.touch($0) }
        XCTAssertTrue(sqlQueries.contains(#"UPDATE "player" SET "modificationDate"=? WHERE "id"=?"#), "\(sqlQueries)")

        let fetched = try dbQueue.read { try TimestampedPlayer.fetchOne($0, key: 1) }
        XCTAssertEqual(fetched?.score, 2000)
        XCTAssertEqual(fetched?.creationDate, insertionDate)
        XCTAssertEqual(fetched?.modificationDate, clock.now)
    }

    func testSaveWithTimestampInsertsWhenRecordNotFound() throws {
        let dbQueue = try makePlayerDatabase()
        var player = TimestampedPlayer(id: 42, name: "Arthur", score: 1000)
        try dbQueue.write { try player.saveWithTimestamp($0) }
        XCTAssertEqual(player.id, 42)
        XCTAssertEqual(try dbQueue.read { try TimestampedPlayer.fetchCount($0) }, 1)
        clock.advance()
        try dbQueue.write { try player.saveWithTimestamp($0) }
        XCTAssertEqual(try dbQueue.read { try TimestampedPlayer.fetchOne($0, key: 42)?.modificationDate }, clock.now)
    }
}
