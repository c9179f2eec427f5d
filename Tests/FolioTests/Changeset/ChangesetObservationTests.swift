import Foundation
import Folio
import XCTest

/// Changesets and database observation: `apply` notifies observers, and
/// sessions record while observers observe.
final class ChangesetObservationTests: FolioTestCase {
    private final class EventLog: TransactionObserver, @unchecked Sendable {
        // @unchecked Sendable: used on the connection's queue only.
        var events: [String] = []
        var commits = 0
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with event: DatabaseEvent) {
            events.append("\(event.kind) \(event.tableName) \(event.rowID)")
        }
        func databaseDidCommit(_ db: Database) { commits += 1 }
        func databaseDidRollback(_ db: Database) { }
    }

    private func setUpSchema(_ writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                """)
        }
    }

    private func insertArthur() throws -> Changeset {
        let source = try makeDatabaseQueue()
        try setUpSchema(source)
        return try source.write { db in
            try db.recordChanges(in: nil) { db in
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            }
        }.0
    }

    func testApplyNotifiesTransactionObservers() throws {
        let changeset = try insertArthur()
        let target = try makeDatabaseQueue()
        try setUpSchema(target)
        let log = EventLog()
        target.add(transactionObserver: log)
        try target.write { db in try db.apply(changeset) }
        try target.writeWithoutTransaction { db in try db.apply(changeset.inverted()) }
        try target.read { _ in
            XCTAssertEqual(log.events, ["insert player 1", "delete player 1"])
            XCTAssertEqual(log.commits, 2)
        }
    }

    func testApplyNotifiesDatabaseRegionObservation() throws {
        let changeset = try insertArthur()
        let target = try makeDatabaseQueue()
        try setUpSchema(target)
        let notifications = ValueRecorder<Int>()
        let observation = DatabaseRegionObservation(tracking: .fullDatabase)
        let cancellable = observation.start(in: target) { error in XCTFail("\(error)") } onChange: { _ in
            notifications.append(1)
        }
        try target.write { db in try db.apply(changeset) }
        XCTAssertEqual(notifications.values.count, 1)
        cancellable.cancel()
    }

    func testValueObservationOnTheTargetSeesApply() throws {
        let changeset = try insertArthur()
        let target = try makeDatabasePool()
        try setUpSchema(target)
        let values = ValueRecorder<[String]>()
        let cancellable = ValueObservation
            .tracking { db in try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY id") }
            .start(in: target, scheduling: .async(onQueue: .main)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [[]] }], timeout: 10)
        try target.write { db in try db.apply(changeset) }
        wait(for: [values.expectation(self, "applied") { $0.last == ["Arthur"] }], timeout: 10)
        try target.write { db in try db.apply(changeset.inverted()) { _ in .abort } }
        wait(for: [values.expectation(self, "inverted") { $0.last == [] && $0.count >= 3 }], timeout: 10)
        cancellable.cancel()
    }

    func testValueObservationOfAnotherTableIsNotNotified() throws {
        let changeset = try insertArthur()
        let target = try makeDatabaseQueue()
        try setUpSchema(target)
        let log = EventLog()
        let teamObservation = DatabaseRegionObservation(tracking: SQLRequest<Row>(sql: "SELECT * FROM team"))
        let notifications = ValueRecorder<Int>()
        let cancellable = teamObservation.start(in: target) { error in XCTFail("\(error)") } onChange: { _ in
            notifications.append(1)
        }
        target.add(transactionObserver: log)
        try target.write { db in try db.apply(changeset) }
        XCTAssertEqual(notifications.values, [])
        cancellable.cancel()
    }

    func testSessionsAndObserversCoexist() throws {
        let dbPool = try makeDatabasePool()
        try setUpSchema(dbPool)
        let log = EventLog()
        dbPool.add(transactionObserver: log)
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .start(in: dbPool, scheduling: .async(onQueue: .main)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)

        let recorder = try dbPool.makeChangeRecorder(tables: nil)
        let (scoped, _) = try dbPool.write { db in
            try db.recordChanges(in: ["player"]) { db in
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur'), (2, 'Barbara')")
                try db.execute(sql: "INSERT INTO team (id, name) VALUES (1, 'Reds')")
            }
        }
        wait(for: [values.expectation(self, "count 2") { $0.last == 2 }], timeout: 10)
        try dbPool.write { db in try db.execute(sql: "DELETE FROM player WHERE id = 1") }
        wait(for: [values.expectation(self, "count 1") { $0.last == 1 }], timeout: 10)
        cancellable.cancel()

        try dbPool.read { _ in
            XCTAssertEqual(log.events, ["insert player 1", "insert player 2", "insert team 1", "delete player 1"])
            XCTAssertEqual(log.commits, 2)
        }
        XCTAssertEqual(Set(try scoped.changes.map { "\($0.table) \($0.primaryKey)" }), ["player [1]", "player [2]"])
        // The long-lived recorder has the net effect: player 2 and team 1.
        let pending = try recorder.takeChangeset()
        XCTAssertEqual(
            Set(try pending.changes.map { "\($0.table) \($0.operation) \($0.primaryKey)" }),
            ["player insert [2]", "team insert [1]"])
    }
}
