import Folio
import XCTest

/// Records its callbacks; observes the tables it is given.
private final class Recorder: TransactionObserver {
    var events: [String] = []
    let tables: Set<String>
    var stopsOnChange = false

    init(tables: Set<String> = ["player", "team"]) {
        self.tables = tables
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        tables.contains(eventKind.tableName)
    }

    func databaseDidChange(with event: DatabaseEvent) {
        events.append("change \(event.tableName)")
        if stopsOnChange { stopObservingDatabaseChangesUntilNextTransaction() }
    }

    func databaseDidChange() {
        events.append("didChange")
        if stopsOnChange { stopObservingDatabaseChangesUntilNextTransaction() }
    }

    func databaseWillCommit() throws { events.append("willCommit") }
    func databaseDidCommit(_ db: Database) { events.append("commit") }
    func databaseDidRollback(_ db: Database) { events.append("rollback") }
}

/// `TransactionObserver` as GRDB's documentation describes it:
/// `notifyChanges(in:)`, `stopObservingDatabaseChangesUntilNextTransaction()`,
/// observers added inside a transaction, and implicit rollbacks.
final class TransactionObserverDocumentationTests: FolioTestCase {
    private func makeQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT UNIQUE);
                CREATE TABLE team (id INTEGER PRIMARY KEY);
                CREATE TABLE other (id INTEGER PRIMARY KEY);
                """)
        }
        return dbQueue
    }

    // MARK: - notifyChanges(in:)

    /// "To notify undetected changes to transaction observers, perform an
    /// explicit call to the Database/notifyChanges(in:) method. The
    /// databaseDidChange() callback will be called accordingly."
    func testNotifyChangesCallsDatabaseDidChangeOfTheObserversOfTheRegion() throws {
        let dbQueue = try makeQueue()
        let playerObserver = Recorder(tables: ["player"])
        let otherObserver = Recorder(tables: ["other"])
        dbQueue.add(transactionObserver: playerObserver)
        dbQueue.add(transactionObserver: otherObserver)
        try dbQueue.write { db in
            try db.notifyChanges(in: Table("player"))
        }
        XCTAssertEqual(playerObserver.events, ["didChange", "willCommit", "commit"])
        // Not an observer of the region: told about the transaction only.
        XCTAssertFalse(otherObserver.events.contains("didChange"))
        XCTAssertEqual(otherObserver.events.last, "commit")

        try dbQueue.write { db in
            try db.notifyChanges(in: .fullDatabase)
        }
        XCTAssertEqual(otherObserver.events.filter { $0 == "didChange" }.count, 1)
        XCTAssertEqual(playerObserver.events.filter { $0 == "didChange" }.count, 2)
    }

    func testNotifyChangesOutsideOfATransactionNotifiesTheCommit() throws {
        let dbQueue = try makeQueue()
        let observer = Recorder(tables: ["player"])
        dbQueue.add(transactionObserver: observer)
        try dbQueue.writeWithoutTransaction { db in
            try db.notifyChanges(in: Table("player"))
        }
        XCTAssertEqual(observer.events.first, "didChange")
        XCTAssertEqual(observer.events.last, "commit")
    }

    func testNotifyChangesRolledBack() throws {
        let dbQueue = try makeQueue()
        let observer = Recorder(tables: ["player"])
        dbQueue.add(transactionObserver: observer)
        try dbQueue.inTransaction { db in
            try db.notifyChanges(in: Table("player"))
            return .rollback
        }
        XCTAssertEqual(observer.events, ["didChange", "rollback"])
    }

    // MARK: - stopObservingDatabaseChangesUntilNextTransaction()

    /// "After stopObservingDatabaseChangesUntilNextTransaction(), the
    /// databaseDidChange callback will not be called until the current
    /// transaction completes."
    func testStopObservingUntilNextTransaction() throws {
        let dbQueue = try makeQueue()
        let observer = Recorder()
        observer.stopsOnChange = true
        dbQueue.add(transactionObserver: observer)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('a')")
            try db.execute(sql: "INSERT INTO player (name) VALUES ('b')")
            try db.execute(sql: "INSERT INTO team DEFAULT VALUES")
        }
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO team DEFAULT VALUES")
            try db.execute(sql: "INSERT INTO team DEFAULT VALUES")
        }
        XCTAssertEqual(observer.events, [
            "change player", "willCommit", "commit",
            "change team", "willCommit", "commit",
        ])
    }

    func testStopObservingFromDatabaseDidChangeWithoutEvent() throws {
        let dbQueue = try makeQueue()
        let observer = Recorder()
        observer.stopsOnChange = true
        dbQueue.add(transactionObserver: observer)
        try dbQueue.write { db in
            try db.notifyChanges(in: Table("player"))
            try db.notifyChanges(in: Table("player"))
            try db.execute(sql: "INSERT INTO player (name) VALUES ('a')")
        }
        XCTAssertEqual(observer.events, ["didChange", "willCommit", "commit"])
    }

    // MARK: - Observers added inside a transaction

    /// "`.nextTransaction` activates the observer until the current or next
    /// transaction completes."
    func testObserversAddedInsideATransactionHearItsEnd() throws {
        let dbQueue = try makeQueue()
        let lifetime = Recorder()
        let next = Recorder()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('a')")
            db.add(transactionObserver: lifetime)
            db.add(transactionObserver: next, extent: .nextTransaction)
            try db.execute(sql: "INSERT INTO team DEFAULT VALUES")
        }
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO team DEFAULT VALUES")
        }
        XCTAssertEqual(next.events, ["change team", "willCommit", "commit"])
        XCTAssertEqual(lifetime.events, [
            "change team", "willCommit", "commit",
            "change team", "willCommit", "commit",
        ])
    }

    func testObserverAddedInsideATransactionThatRollsBack() throws {
        let dbQueue = try makeQueue()
        let next = Recorder()
        try dbQueue.inTransaction { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('a')")
            db.add(transactionObserver: next, extent: .nextTransaction)
            return .rollback
        }
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO team DEFAULT VALUES")
        }
        XCTAssertEqual(next.events, ["rollback"])
    }

    // MARK: - Implicit rollbacks

    /// A write that throws rolls back: "2. didRollback".
    func testWriteThatThrowsNotifiesARollback() throws {
        struct Failure: Error { }
        let dbQueue = try makeQueue()
        let observer = Recorder()
        dbQueue.add(transactionObserver: observer)
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('a')")
            throw Failure()
        })
        XCTAssertEqual(observer.events, ["change player", "rollback"])
    }

    /// A failing statement outside of any explicit transaction: its
    /// implicit transaction is rolled back.
    func testFailingStatementOutsideOfTransactionNotifiesARollback() throws {
        let dbQueue = try makeQueue()
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('a')") }
        let observer = Recorder()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.writeWithoutTransaction { db in
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO player (name) VALUES ('b'), ('a')"))
        }
        XCTAssertEqual(observer.events, ["change player", "rollback"])
    }

    /// A commit that an observer refuses is a rollback.
    func testRefusedCommitIsARollback() throws {
        struct Refusal: Error { }
        final class Refuser: TransactionObserver {
            var events: [String] = []
            func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
            func databaseDidChange(with event: DatabaseEvent) { }
            func databaseWillCommit() throws { throw Refusal() }
            func databaseDidCommit(_ db: Database) { events.append("commit") }
            func databaseDidRollback(_ db: Database) { events.append("rollback") }
        }
        let dbQueue = try makeQueue()
        let refuser = Refuser()
        dbQueue.add(transactionObserver: refuser)
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('a')")
        }) { error in
            XCTAssertTrue(error is Refusal, "\(error)")
        }
        XCTAssertEqual(refuser.events, ["rollback"])
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM player") }, 0)
    }
}
