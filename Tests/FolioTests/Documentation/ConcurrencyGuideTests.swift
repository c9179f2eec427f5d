import Folio
import Foundation
import XCTest

// The samples of Documentation/Concurrency.md.

enum ConcurrencyGuide {
    struct Team: Codable, FetchableRecord, PersistableRecord, Sendable {
        var id: Int64
        var name: String
    }

    struct Player: Codable, FetchableRecord, PersistableRecord, Sendable {
        var id: Int64?
        var name: String
        var teamId: Int64?
    }

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.belongsTo("team")
            }
            try db.execute(sql: """
                INSERT INTO team (id, name) VALUES (1, 'Reds'), (2, 'Blues');
                INSERT INTO player (name, teamId) VALUES ('Anita', 1), ('Bernard', 2);
                """)
        }
        return migrator
    }()

    /// Reentrancy: a programmer error that stops the program (compiled,
    /// never run).
    static func reentrantRead(_ dbQueue: DatabaseQueue) throws {
        try dbQueue.write { db in
            // Programmer error: stops the program
            try dbQueue.read { db in _ = db }
        }
    }

    static func playerCount(_ dbQueue: DatabaseQueue) throws -> Int {
        try dbQueue.unsafeReentrantRead { db in
            try Player.fetchCount(db)
        }
    }

    /// Opening the guide's file database (compiled, not run).
    static func openFiles() throws {
        let dbQueue = try DatabaseQueue(path: "/path/to/db.sqlite")
        var config = Configuration()
        config.maximumReaderCount = 3
        let dbPool = try DatabasePool(path: "/path/to/db.sqlite", configuration: config)
        _ = (dbQueue, dbPool)
    }
}

/// Runs the samples of Documentation/Concurrency.md.
final class ConcurrencyGuideTests: FolioTestCase {
    typealias Team = ConcurrencyGuide.Team
    typealias Player = ConcurrencyGuide.Player

    private func makeQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try ConcurrencyGuide.migrator.migrate(dbQueue)
        return dbQueue
    }

    private func makePool() throws -> DatabasePool {
        let dbPool = try DatabasePool(path: temporaryDatabasePath())
        try ConcurrencyGuide.migrator.migrate(dbPool)
        return dbPool
    }

    // MARK: The Rules

    func testConsistentReadAndAtomicWrite() throws {
        let dbQueue = try makeQueue()
        // Consistent: both values come from the same state of the database
        let (playerCount, teamCount) = try dbQueue.read { db in
            (try Player.fetchCount(db), try Team.fetchCount(db))
        }
        XCTAssertEqual(playerCount, 2)
        XCTAssertEqual(teamCount, 2)

        // Atomic: both changes are committed together, or not at all
        try dbQueue.write { db in
            try Player.filter { $0.teamId == 1 }.updateAll(db) { $0.teamId.set(to: nil) }
            try Team.deleteOne(db, key: 1)
        }
        try dbQueue.read { db in
            XCTAssertEqual(try Team.fetchCount(db), 1)
            XCTAssertEqual(try Player.filter { $0.teamId == nil }.fetchCount(db), 1)
        }

        // A failed write leaves nothing behind
        XCTAssertThrowsError(try dbQueue.write { db in
            try Player.filter { $0.teamId == 2 }.updateAll(db) { $0.teamId.set(to: nil) }
            try db.execute(sql: "INSERT INTO team (id, name) VALUES (2, 'Duplicate')")
        })
        try dbQueue.read { db in
            XCTAssertEqual(try Player.filter { $0.teamId == 2 }.fetchCount(db), 1)
        }
    }

    // MARK: DatabaseQueue and DatabasePool

    func testOpeningQueuesAndPools() throws {
        // A file
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath())

        // An in-memory database, private to the queue
        let memoryQueue = try DatabaseQueue()

        // An in-memory database shared by the queues that open it by name
        let sharedQueue = try DatabaseQueue(named: "cache")
        let sharedQueue2 = try DatabaseQueue(named: "cache")
        try sharedQueue.write { db in try db.execute(sql: "CREATE TABLE t(a)") }
        XCTAssertTrue(try sharedQueue2.read { try $0.tableExists("t") })
        XCTAssertFalse(try memoryQueue.read { try $0.tableExists("t") })
        XCTAssertFalse(try dbQueue.read { try $0.tableExists("t") })

        var config = Configuration()
        config.maximumReaderCount = 3
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: config)
        XCTAssertEqual(try dbPool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }, "wal")

        // Opening may fail
        XCTAssertThrowsError(try DatabaseQueue(path: "/nonexistent-folder/db.sqlite"))
        // A pool needs a file
        XCTAssertThrowsError(try DatabasePool(path: ":memory:"))
    }

    // MARK: Synchronous Access

    func testSynchronousAccess() throws {
        let dbQueue = try makeQueue()
        let dbPool = try makePool()

        // A write, in a transaction
        let newPlayerCount = try dbQueue.write { db in
            try Player(id: nil, name: "Arthur", teamId: nil).insert(db)
            return try Player.fetchCount(db)
        }
        XCTAssertEqual(newPlayerCount, 3)

        // A read, in a read-only transaction
        let players = try dbPool.read { db in
            try Player.fetchAll(db)
        }
        XCTAssertEqual(players.count, 2)

        // Reads can not write
        for reader in [dbQueue as any DatabaseReader, dbPool] {
            XCTAssertThrowsError(try reader.read { db in
                try db.execute(sql: "DELETE FROM player")
            }) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_READONLY, "\(error)")
            }
        }

        // Writes that can not run in a transaction
        try dbPool.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
        }
        try dbPool.barrierWriteWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
        }
        try dbQueue.inDatabase { db in
            XCTAssertFalse(db.isInsideTransaction)
            try db.execute(sql: "DELETE FROM player WHERE name = 'Arthur'")
        }
    }

    // MARK: Swift Concurrency

    func testAsyncAccess() async throws {
        let dbPool = try makePool()
        let players = try await dbPool.read { db in
            try Player.fetchAll(db)
        }
        XCTAssertEqual(players.map(\.name), ["Anita", "Bernard"])

        try await dbPool.write { db in
            try Player(id: nil, name: "Barbara", teamId: nil).insert(db)
        }
        let count = try await dbPool.read { try Player.fetchCount($0) }
        XCTAssertEqual(count, 3)
    }

    func testCancelledTaskDoesNotRunTheAccess() async throws {
        let dbPool = try makePool()
        let task = Task {
            try await dbPool.read { db in
                try Player.fetchAll(db)
            }
        }
        task.cancel() // the read throws CancellationError, unless it is already done
        do {
            let players = try await task.value
            XCTAssertEqual(players.count, 2)
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }

        // Cancelled before the access starts: the closure does not run
        let ran = TestLocked(false)
        let cancelledTask = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await dbPool.write { db in
                ran.withLock { $0 = true }
                try Player(id: nil, name: "Never", teamId: nil).insert(db)
            }
        }
        do {
            try await cancelledTask.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertFalse(ran.withLock { $0 })
        let count = try await dbPool.read { try Player.fetchCount($0) }
        XCTAssertEqual(count, 2)
    }

    // MARK: Asynchronous Callbacks

    func testAsynchronousCallbacks() throws {
        let dbQueue = try makeQueue()
        let dbPool = try makePool()
        let written = expectation(description: "written")
        let read = expectation(description: "read")

        // A write in a transaction, then a completion
        dbQueue.asyncWrite({ db in
            try Player(id: nil, name: "Craig", teamId: nil).insert(db)
        }, completion: { db, result in
            switch result {
            case .success:
                print("Inserted")
                written.fulfill()
            case let .failure(error):
                print("Failed: \(error)")
            }
        })

        // A read
        dbPool.asyncRead { dbResult in
            do {
                let db = try dbResult.get()
                let count = try Player.fetchCount(db)
                print("\(count) players")
                XCTAssertEqual(count, 2)
                read.fulfill()
            } catch {
                print("Failed: \(error)")
            }
        }
        wait(for: [written, read], timeout: 10)
        XCTAssertEqual(try dbQueue.read { try Player.fetchCount($0) }, 3)
    }

    // MARK: Transactions and Isolation

    func testManualTransactions() throws {
        let dbQueue = try makeQueue()
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction {
                try Player(id: nil, name: "Diane", teamId: nil).insert(db)
                return .commit
            }
            try db.inTransaction {
                try Player(id: nil, name: "Eve", teamId: nil).insert(db)
                return .rollback
            }
        }
        // Diane was inserted, Eve was not
        let names = try dbQueue.read { try String.fetchAll($0, sql: "SELECT name FROM player") }
        XCTAssertEqual(names, ["Anita", "Bernard", "Diane"])
    }

    func testPoolWritesAreImmediateTransactions() throws {
        let dbPool = try makePool()
        let recorder = SQLRecorder()
        dbPool.writeWithoutTransaction { db in db.trace { recorder.record($0.sql) } }
        try dbPool.write { db in
            try Player(id: nil, name: "Fred", teamId: nil).insert(db)
        }
        XCTAssertEqual(recorder.queries.first, "BEGIN IMMEDIATE TRANSACTION")
    }

    func testPoolReadsAreIsolatedFromWrites() throws {
        let dbPool = try makePool()
        let readStarted = DispatchSemaphore(value: 0)
        let writeDone = DispatchSemaphore(value: 0)
        let counts = TestLocked<[Int]>([])
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            defer { group.leave() }
            try? dbPool.read { db in
                let count = try Player.fetchCount(db)
                counts.withLock { $0.append(count) }
                readStarted.signal()
                writeDone.wait()
                // Same count: the commit that happened meanwhile is not seen
                let count2 = try Player.fetchCount(db)
                counts.withLock { $0.append(count2) }
            }
        }
        readStarted.wait()
        try dbPool.write { db in
            try Player(id: nil, name: "Gina", teamId: nil).insert(db)
        }
        writeDone.signal()
        group.wait()
        XCTAssertEqual(counts.withLock { $0 }, [2, 2])
        XCTAssertEqual(try dbPool.read { try Player.fetchCount($0) }, 3)
    }

    // MARK: Reading After a Write

    func testAsyncConcurrentRead() throws {
        let dbPool = try makePool()
        let done = expectation(description: "read")
        let count = TestLocked<Int?>(nil)
        try dbPool.writeWithoutTransaction { db in
            try db.inTransaction {
                try Player(id: nil, name: "Fatima", teamId: nil).insert(db)
                return .commit
            }

            // The read sees Fatima, and does not delay other writes
            dbPool.asyncConcurrentRead { dbResult in
                do {
                    let db = try dbResult.get()
                    let value = try Player.fetchCount(db)
                    print("\(value) players")
                    count.withLock { $0 = value }
                } catch {
                    print("Failed: \(error)")
                }
                done.fulfill()
            }

            // A later write is not seen by the concurrent read
            try db.inTransaction {
                try Player(id: nil, name: "Later", teamId: nil).insert(db)
                return .commit
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(count.withLock { $0 }, 3)

        let future = dbPool.writeWithoutTransaction { db in
            dbPool.concurrentRead { db in try Player.fetchCount(db) }
        }
        XCTAssertEqual(try future.wait(), 4)
    }

    // MARK: Observing the Database

    func testValueObservationValues() async throws {
        let dbPool = try makePool()
        let observation = ValueObservation.tracking { db in
            try Player.order(\.name).fetchAll(db)
        }

        var notified: [[String]] = []
        for try await players in observation.values(in: dbPool) {
            print("Fresh players: \(players)")
            notified.append(players.map(\.name))
            if notified.count == 1 {
                // A change to another table is not notified
                try await dbPool.write { db in try Team(id: 3, name: "Greens").insert(db) }
                try await dbPool.write { db in try Player(id: nil, name: "Aaron", teamId: nil).insert(db) }
            } else {
                break
            }
        }
        XCTAssertEqual(notified, [["Anita", "Bernard"], ["Aaron", "Anita", "Bernard"]])
    }

    func testValueObservationOnTheMainActor() async throws {
        let dbPool = try makePool()
        let notified = expectation(description: "notified")
        let cancellable = await Self.startMainActorObservation(dbPool) { names in
            if names == ["Anita", "Bernard"] { notified.fulfill() }
        }
        await fulfillment(of: [notified], timeout: 10)
        cancellable.cancel()
    }

    @MainActor
    private static func startMainActorObservation(
        _ dbPool: DatabasePool,
        _ check: @escaping @Sendable ([String]) -> Void) -> AnyDatabaseCancellable
    {
        let observation = ValueObservation.tracking { db in
            try Player.order(\.name).fetchAll(db)
        }
        // With a callback, on the main actor
        let cancellable = observation.start(in: dbPool) { error in
            print("Observation failed: \(error)")
        } onChange: { players in
            print("Fresh players: \(players)")
            check(players.map(\.name))
        }
        return cancellable
    }

    func testDatabaseRegionObservation() throws {
        let dbPool = try makePool()
        let changed = expectation(description: "changed")
        changed.expectedFulfillmentCount = 1
        let regionObservation = DatabaseRegionObservation(tracking: Player.all())
        let regionCancellable = regionObservation.start(in: dbPool) { error in
            print("Observation failed: \(error)")
        } onChange: { db in
            print("Players were changed")
            changed.fulfill()
        }
        try dbPool.write { db in try Team(id: 3, name: "Greens").insert(db) } // not notified
        try dbPool.write { db in try Player(id: nil, name: "Hugo", teamId: nil).insert(db) }
        wait(for: [changed], timeout: 10)
        regionCancellable.cancel()
    }

    func testDeleteWithoutWhereIsReported() throws {
        let dbQueue = try makeQueue()
        let changed = expectation(description: "changed")
        let cancellable = DatabaseRegionObservation(tracking: Player.all()).start(in: dbQueue) { _ in } onChange: { _ in
            changed.fulfill()
        }
        try dbQueue.write { db in try db.execute(sql: "DELETE FROM player") }
        wait(for: [changed], timeout: 10)
        cancellable.cancel()
    }

    func testUnreportedChangesAndNotifyChanges() throws {
        let dbQueue = try makeQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE tag (name TEXT PRIMARY KEY) WITHOUT ROWID")
        }
        let changes = TestLocked(0)
        let cancellable = DatabaseRegionObservation(tracking: Table<Row>("tag").all()).start(in: dbQueue) { _ in } onChange: { _ in
            changes.withLock { $0 += 1 }
        }
        // Not reported
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO tag (name) VALUES ('sqlite')")
        }
        XCTAssertEqual(changes.withLock { $0 }, 0)
        // Notified by hand
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO tag (name) VALUES ('swift')") // a WITHOUT ROWID table
            try db.notifyChanges(in: Table("tag")) // the whole table
        }
        XCTAssertEqual(changes.withLock { $0 }, 1)
        try dbQueue.write { db in
            try db.notifyChanges(in: Table<Row>("tag").all())
        }
        XCTAssertEqual(changes.withLock { $0 }, 2)
        cancellable.cancel()
    }

    func testTableIsTheRegionOfTheWholeTable() throws {
        let dbQueue = try makeQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE tag (name TEXT PRIMARY KEY) WITHOUT ROWID")
            XCTAssertEqual(try Table("tag").databaseRegion(db).description, "tag(*)")
            XCTAssertEqual(try Table("Tag").databaseRegion(db), try Table<Player>("tag").databaseRegion(db))
        }
        let changes = TestLocked(0)
        let cancellable = DatabaseRegionObservation(tracking: Table("player")).start(in: dbQueue) { _ in } onChange: { _ in
            changes.withLock { $0 += 1 }
        }
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO tag (name) VALUES ('sqlite')")
        }
        XCTAssertEqual(changes.withLock { $0 }, 0)
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE player SET name = name")
        }
        XCTAssertEqual(changes.withLock { $0 }, 1)
        cancellable.cancel()
    }

    // MARK: Reentrancy

    func testUnsafeReentrantRead() throws {
        let dbQueue = try makeQueue()
        func playerCount(_ dbQueue: DatabaseQueue) throws -> Int {
            try dbQueue.unsafeReentrantRead { db in
                try Player.fetchCount(db)
            }
        }

        try dbQueue.write { db in
            try Player(id: nil, name: "Gilbert", teamId: nil).insert(db)
            let count = try playerCount(dbQueue) // counts Gilbert, not committed yet
            print(count)
            XCTAssertEqual(count, 3)
        }
        // Outside of any access, a normal read
        XCTAssertEqual(try ConcurrencyGuide.playerCount(dbQueue), 3)
    }
}
