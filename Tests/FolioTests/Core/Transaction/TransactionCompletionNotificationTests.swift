import Folio
import XCTest

/// Records how transactions end.
private final class CompletionRecorder: TransactionObserver {
    var events: [String] = []
    var willCommitError: (any Error)?

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

    func databaseDidChange(with event: DatabaseEvent) {
        events.append("\(event.kind) \(event.tableName)")
    }

    func databaseWillCommit() throws {
        events.append("willCommit")
        if let willCommitError { throw willCommitError }
    }

    func databaseDidCommit(_ db: Database) {
        events.append("didCommit")
    }

    func databaseDidRollback(_ db: Database) {
        events.append("didRollback")
    }
}

private struct RefusedCommit: Error, Equatable { }

/// Every explicit transaction ends in a notification to transaction
/// observers, including one that wrote nothing.
final class TransactionCompletionNotificationTests: FolioTestCase {
    private func makePlayerQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
        }
        return dbQueue
    }

    private func events(of sql: String) throws -> [String] {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.inDatabase { db in
            try db.execute(sql: sql)
        }
        return observer.events
    }

    // MARK: - Raw SQL

    func testEmptyCommittedTransactionNotifiesWillCommitThenDidCommit() throws {
        XCTAssertEqual(try events(of: "BEGIN; COMMIT"), ["willCommit", "didCommit"])
    }

    func testEmptyReleasedSavepointNotifiesWillCommitThenDidCommit() throws {
        XCTAssertEqual(try events(of: "SAVEPOINT x; RELEASE x"), ["willCommit", "didCommit"])
    }

    func testSavepointRolledBackToThenReleasedNotifiesWillCommitThenDidCommit() throws {
        XCTAssertEqual(try events(of: "SAVEPOINT x; ROLLBACK TO x; RELEASE x"), ["willCommit", "didCommit"])
    }

    func testEmptyRolledBackTransactionNotifiesDidRollback() throws {
        XCTAssertEqual(try events(of: "BEGIN; ROLLBACK"), ["didRollback"])
    }

    func testEmptySavepointRolledBackAsTransactionNotifiesDidRollback() throws {
        XCTAssertEqual(try events(of: "SAVEPOINT x; ROLLBACK"), ["didRollback"])
    }

    func testSavepointRolledBackToThenReleasedAfterAWriteNotifiesWillCommitThenDidCommit() throws {
        XCTAssertEqual(
            try events(of: "SAVEPOINT x; INSERT INTO player (name) VALUES ('Arthur'); ROLLBACK TO x; RELEASE x"),
            ["willCommit", "didCommit"])
    }

    func testNestedEmptySavepointNotifiesOnceWhenTheTransactionEnds() throws {
        XCTAssertEqual(try events(of: "BEGIN; SAVEPOINT x; RELEASE x; COMMIT"), ["willCommit", "didCommit"])
        XCTAssertEqual(try events(of: "BEGIN; SAVEPOINT x; ROLLBACK TO x; RELEASE x; ROLLBACK"), ["didRollback"])
    }

    func testEachEmptyTransactionIsNotified() throws {
        XCTAssertEqual(try events(of: "BEGIN; COMMIT; BEGIN IMMEDIATE; COMMIT; BEGIN EXCLUSIVE; ROLLBACK"), [
            "willCommit", "didCommit", "willCommit", "didCommit", "didRollback",
        ])
    }

    // MARK: - Transaction methods

    func testEmptyInTransactionNotifiesItsCompletion() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.inDatabase { db in
            try db.inTransaction { .commit }
            try db.inTransaction { .rollback }
            try db.inTransaction(.immediate) { .commit }
        }
        XCTAssertEqual(observer.events, ["willCommit", "didCommit", "didRollback", "willCommit", "didCommit"])
    }

    func testEmptyInSavepointOutsideOfTransactionNotifiesItsCompletion() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.inDatabase { db in
            try db.inSavepoint { .commit }
            try db.inSavepoint { .rollback }
        }
        XCTAssertEqual(observer.events, ["willCommit", "didCommit", "didRollback"])
    }

    func testInSavepointInsideTransactionNotifiesOnlyTheTransaction() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.inDatabase { db in
            try db.inTransaction {
                try db.inSavepoint { .commit }
                try db.inSavepoint { .rollback }
                return .commit
            }
        }
        XCTAssertEqual(observer.events, ["willCommit", "didCommit"])
    }

    func testEmptyWriteOfQueueNotifiesWillCommitThenDidCommit() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.write { _ in }
        try dbQueue.write { db in _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }
        XCTAssertEqual(observer.events, ["willCommit", "didCommit", "willCommit", "didCommit"])
    }

    func testWriteOfQueueThatThrowsWithoutWritingNotifiesDidRollback() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        dbQueue.add(transactionObserver: observer)
        XCTAssertThrowsError(try dbQueue.write { _ in throw RefusedCommit() })
        XCTAssertEqual(observer.events, ["didRollback"])
    }

    func testReadOfQueueIsNotNotified() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        dbQueue.add(transactionObserver: observer)
        _ = try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }
        XCTAssertEqual(observer.events, [])
    }

    func testEmptyWriteOfPoolNotifiesWillCommitThenDidCommit() throws {
        let dbPool = try makeDatabasePool()
        let observer = CompletionRecorder()
        dbPool.add(transactionObserver: observer)
        try dbPool.write { _ in }
        try dbPool.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN; ROLLBACK")
        }
        _ = try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
        XCTAssertEqual(dbPool.writeWithoutTransaction { _ in observer.events }, ["willCommit", "didCommit", "didRollback"])
    }

    // MARK: - Observers added during a transaction

    func testObserverAddedDuringTransactionHearsItsCommit() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            db.add(transactionObserver: observer)
        }
        XCTAssertEqual(observer.events, ["willCommit", "didCommit"])
    }

    func testObserverAddedDuringEmptyTransactionHearsItsCommit() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        try dbQueue.write { db in
            db.add(transactionObserver: observer)
        }
        XCTAssertEqual(observer.events, ["willCommit", "didCommit"])
    }

    func testObserverAddedDuringTransactionHearsItsRollback() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        try dbQueue.inDatabase { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
                db.add(transactionObserver: observer)
                return .rollback
            }
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
                return .commit
            }
        }
        XCTAssertEqual(observer.events, ["didRollback", "insert player", "willCommit", "didCommit"])
    }

    // MARK: - Extent

    func testNextTransactionObserverIsRemovedAfterAnEmptyTransaction() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        dbQueue.add(transactionObserver: observer, extent: .nextTransaction)
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN; COMMIT")
            try db.execute(sql: "BEGIN; COMMIT")
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
        }
        XCTAssertEqual(observer.events, ["willCommit", "didCommit"])
    }

    func testNextTransactionObserverIsRemovedAfterAnEmptyRollback() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        dbQueue.add(transactionObserver: observer, extent: .nextTransaction)
        try dbQueue.inDatabase { db in
            try db.inTransaction { .rollback }
            try db.inTransaction { .commit }
        }
        XCTAssertEqual(observer.events, ["didRollback"])
    }

    func testAfterNextTransactionHearsAnEmptyCommitOnce() throws {
        let dbQueue = try makePlayerQueue()
        let completions = ValueRecorder<String>()
        try dbQueue.inDatabase { db in
            db.afterNextTransaction { _ in completions.append("commit") } onRollback: { _ in completions.append("rollback") }
            try db.execute(sql: "BEGIN; COMMIT")
            try db.execute(sql: "BEGIN; COMMIT")
        }
        XCTAssertEqual(completions.values, ["commit"])
    }

    func testAfterNextTransactionHearsAnEmptyRollbackOnce() throws {
        let dbQueue = try makePlayerQueue()
        let completions = ValueRecorder<String>()
        try dbQueue.inDatabase { db in
            db.afterNextTransaction { _ in completions.append("commit") } onRollback: { _ in completions.append("rollback") }
            try db.execute(sql: "SAVEPOINT x; ROLLBACK")
            try db.execute(sql: "BEGIN; ROLLBACK")
        }
        XCTAssertEqual(completions.values, ["rollback"])
    }

    func testAfterNextTransactionRegisteredDuringEmptyWriteHearsItsCommit() throws {
        let dbQueue = try makePlayerQueue()
        let completions = ValueRecorder<String>()
        try dbQueue.write { db in
            db.afterNextTransaction { _ in completions.append("commit") } onRollback: { _ in completions.append("rollback") }
        }
        try dbQueue.write { _ in }
        XCTAssertEqual(completions.values, ["commit"])
    }

    // MARK: - A will-commit that throws

    func testWillCommitErrorTurnsEmptyCommitIntoRollback() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        observer.willCommitError = RefusedCommit()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.inTransaction { .commit }) { error in
                XCTAssertEqual(error as? RefusedCommit, RefusedCommit())
            }
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertThrowsError(try db.execute(sql: "BEGIN; COMMIT")) { error in
                XCTAssertEqual(error as? RefusedCommit, RefusedCommit())
            }
            XCTAssertFalse(db.isInsideTransaction)
        }
        XCTAssertEqual(observer.events, ["willCommit", "didRollback", "willCommit", "didRollback"])
    }

    func testWillCommitErrorTurnsCommitOfInTransactionIntoRollback() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        observer.willCommitError = RefusedCommit()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.inTransaction {
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
                return .commit
            }) { error in
                XCTAssertEqual(error as? RefusedCommit, RefusedCommit())
            }
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
        }
        XCTAssertEqual(observer.events, ["insert player", "willCommit", "didRollback"])
    }

    func testWillCommitErrorTurnsReleaseOfSavepointIntoRollback() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        observer.willCommitError = RefusedCommit()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.execute(sql: """
                SAVEPOINT x;
                INSERT INTO player (name) VALUES ('Arthur');
                RELEASE x
                """)) { error in
                XCTAssertEqual(error as? RefusedCommit, RefusedCommit())
            }
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
        }
        XCTAssertEqual(observer.events, ["insert player", "willCommit", "didRollback"])
    }

    func testWillCommitErrorTurnsImplicitCommitIntoRollback() throws {
        let dbQueue = try makePlayerQueue()
        let observer = CompletionRecorder()
        observer.willCommitError = RefusedCommit()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.writeWithoutTransaction { db in
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")) { error in
                XCTAssertEqual(error as? RefusedCommit, RefusedCommit())
            }
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
        }
        XCTAssertEqual(observer.events, ["insert player", "willCommit", "didRollback"])
    }

    func testWillCommitErrorTurnsCommitOfPoolWriteIntoRollback() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
        }
        let observer = CompletionRecorder()
        observer.willCommitError = RefusedCommit()
        dbPool.add(transactionObserver: observer)
        XCTAssertThrowsError(try dbPool.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
        }) { error in
            XCTAssertEqual(error as? RefusedCommit, RefusedCommit())
        }
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 0)
        XCTAssertEqual(dbPool.writeWithoutTransaction { _ in observer.events }, ["insert player", "willCommit", "didRollback"])
    }
}
