import Folio
import XCTest

/// An observer of the next transaction that starts a transaction from its
/// own callbacks.
private final class ReentrantObserver: TransactionObserver {
    var commits = 0
    var rollbacks = 0
    var changes = 0
    /// What the callbacks do with the connection.
    let reaction: (Database) throws -> Void

    init(reaction: @escaping (Database) throws -> Void) {
        self.reaction = reaction
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) { changes += 1 }

    func databaseDidCommit(_ db: Database) {
        commits += 1
        try? reaction(db)
    }

    func databaseDidRollback(_ db: Database) {
        rollbacks += 1
        try? reaction(db)
    }
}

/// GRDB's `TransactionObserver` documentation: an observer added with the
/// `.nextTransaction` extent "is notified of the next transaction only"; it
/// is removed before its callbacks run, so that the transactions they start
/// do not notify it again (which recursed until the stack overflowed).
final class TransactionObserverNextTransactionTests: FolioTestCase {
    func testNextTransactionObserverThatWritesInDidCommitHearsItsTransactionOnce() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let observer = ReentrantObserver { db in
            // A transaction of its own, then a statement outside of any
            // transaction: both commit.
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                return .commit
            }
            try db.execute(sql: "INSERT INTO t VALUES (3)")
        }
        try dbQueue.writeWithoutTransaction { db in
            db.add(transactionObserver: observer, extent: .nextTransaction)
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.execute(sql: "INSERT INTO t VALUES (4)")
        }
        XCTAssertEqual(observer.commits, 1)
        XCTAssertEqual(observer.changes, 1)
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 4)
    }

    func testNextTransactionObserverThatWritesInDidRollbackHearsItsTransactionOnce() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let observer = ReentrantObserver { db in
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        try dbQueue.writeWithoutTransaction { db in
            db.add(transactionObserver: observer, extent: .nextTransaction)
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .rollback
            }
        }
        XCTAssertEqual(observer.rollbacks, 1)
        XCTAssertEqual(observer.commits, 0)
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 1)
    }

    func testAfterNextTransactionThatWritesRunsOnce() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let commits = Counter()
        try dbQueue.write { db in
            db.afterNextTransaction { db in
                _ = commits.increment()
                try? db.inTransaction {
                    try db.execute(sql: "INSERT INTO t VALUES (2)")
                    return .commit
                }
            }
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        XCTAssertEqual(commits.count, 1)
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 2)
    }

    func testObserverAddedByANextTransactionObserverHearsTheFollowingTransaction() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let second = ReentrantObserver { _ in }
        let first = ReentrantObserver { db in
            db.add(transactionObserver: second, extent: .nextTransaction)
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        try dbQueue.writeWithoutTransaction { db in
            db.add(transactionObserver: first, extent: .nextTransaction)
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.execute(sql: "INSERT INTO t VALUES (3)")
        }
        XCTAssertEqual(first.commits, 1)
        // The insert of 2, made in `first`'s callback.
        XCTAssertEqual(second.commits, 1)
        XCTAssertEqual(second.changes, 1)
    }
}
