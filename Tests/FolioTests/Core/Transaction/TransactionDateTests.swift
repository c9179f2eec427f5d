import Folio
import Foundation
import XCTest

final class TransactionDateTests: FolioTestCase {
    /// A configuration whose clock returns 1, 2, 3... seconds after 1970,
    /// one date per call.
    private func countingClockConfiguration(_ counter: Counter) -> Configuration {
        var config = Configuration()
        config.transactionClock = .custom { _ in
            Date(timeIntervalSince1970: TimeInterval(counter.increment()))
        }
        return config
    }

    func testDefaultConfigurationUsesTheDefaultClock() {
        XCTAssertTrue(Configuration().transactionClock is DefaultTransactionClock)
    }

    func testDefaultClockReturnsTheCurrentDate() throws {
        let dbQueue = try makeDatabaseQueue()
        let before = Date()
        let date = try dbQueue.inDatabase { db in try DefaultTransactionClock.default.now(db) }
        let after = Date()
        XCTAssertGreaterThanOrEqual(date, before)
        XCTAssertLessThanOrEqual(date, after)
    }

    func testDefaultTransactionDateIsTheStartOfTheTransaction() throws {
        let dbQueue = try makeDatabaseQueue()
        let before = Date()
        let (date, dateAgain, afterStart) = try dbQueue.write { db -> (Date, Date, Date) in
            let afterStart = Date()
            let date = try db.transactionDate
            try db.execute(sql: "CREATE TABLE t (a)")
            return (date, try db.transactionDate, afterStart)
        }
        XCTAssertGreaterThanOrEqual(date, before)
        XCTAssertLessThanOrEqual(date, afterStart)
        XCTAssertEqual(dateAgain, date)
    }

    func testTransactionDateIsConstantInATransaction() throws {
        let counter = Counter()
        let dbQueue = try makeDatabaseQueue(configuration: countingClockConfiguration(counter))
        let dates = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            return try (0..<3).map { index -> Date in
                try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [index])
                return try db.transactionDate
            }
        }
        XCTAssertEqual(dates, Array(repeating: Date(timeIntervalSince1970: 1), count: 3))
        XCTAssertEqual(counter.count, 1)
    }

    func testEachTransactionGetsItsOwnDate() throws {
        let counter = Counter()
        let dbQueue = try makeDatabaseQueue(configuration: countingClockConfiguration(counter))
        let first = try dbQueue.write { db in try db.transactionDate }
        let second = try dbQueue.write { db in try db.transactionDate }
        let third = try dbQueue.read { db in try db.transactionDate }
        XCTAssertEqual(first, Date(timeIntervalSince1970: 1))
        XCTAssertEqual(second, Date(timeIntervalSince1970: 2))
        XCTAssertEqual(third, Date(timeIntervalSince1970: 3))
    }

    func testClockIsAskedWhenATransactionStartsEvenIfTheDateIsNotRead() throws {
        let counter = Counter()
        let dbQueue = try makeDatabaseQueue(configuration: countingClockConfiguration(counter))
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        try dbQueue.read { db in _ = try Int.fetchAll(db, sql: "SELECT a FROM t") }
        XCTAssertEqual(counter.count, 2)
        try dbQueue.inDatabase { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)") // autocommit: no transaction to date
        }
        XCTAssertEqual(counter.count, 2)
    }

    func testOutsideOfTransactionsEachReadIsANewDate() throws {
        let counter = Counter()
        let dbQueue = try makeDatabaseQueue(configuration: countingClockConfiguration(counter))
        let dates = try dbQueue.inDatabase { db in
            XCTAssertFalse(db.isInsideTransaction)
            return [try db.transactionDate, try db.transactionDate]
        }
        XCTAssertEqual(dates, [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2)])
    }

    func testDateAfterATransactionEndsIsNew() throws {
        let counter = Counter()
        let dbQueue = try makeDatabaseQueue(configuration: countingClockConfiguration(counter))
        let (inside, after) = try dbQueue.inDatabase { db -> (Date, Date) in
            var inside: Date?
            try db.inTransaction {
                inside = try db.transactionDate
                return .commit
            }
            return (inside!, try db.transactionDate)
        }
        XCTAssertEqual(inside, Date(timeIntervalSince1970: 1))
        XCTAssertEqual(after, Date(timeIntervalSince1970: 2))
    }

    func testSavepointsKeepTheDateOfTheirTransaction() throws {
        let counter = Counter()
        let dbQueue = try makeDatabaseQueue(configuration: countingClockConfiguration(counter))
        let dates = try dbQueue.write { db -> [Date] in
            var dates = [try db.transactionDate]
            try db.inSavepoint {
                dates.append(try db.transactionDate)
                return .rollback
            }
            dates.append(try db.transactionDate)
            return dates
        }
        XCTAssertEqual(dates, Array(repeating: Date(timeIntervalSince1970: 1), count: 3))
    }

    func testSQLStatementsThatStartATransactionDateIt() throws {
        let counter = Counter()
        let dbQueue = try makeDatabaseQueue(configuration: countingClockConfiguration(counter))
        let dates = try dbQueue.inDatabase { db -> [Date] in
            try db.execute(sql: "BEGIN")
            let begin = try db.transactionDate
            try db.execute(sql: "COMMIT")
            // A savepoint outside of a transaction starts one.
            try db.execute(sql: "SAVEPOINT s")
            let savepoint = try db.transactionDate
            try db.execute(sql: "RELEASE SAVEPOINT s")
            return [begin, savepoint]
        }
        XCTAssertEqual(dates, [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2)])
    }

    func testFailedBeginDoesNotChangeTheDateOfTheCurrentTransaction() throws {
        let counter = Counter()
        let dbQueue = try makeDatabaseQueue(configuration: countingClockConfiguration(counter))
        let dates = try dbQueue.inDatabase { db -> [Date] in
            try db.execute(sql: "BEGIN")
            let before = try db.transactionDate
            assertDatabaseError(.SQLITE_ERROR) { try db.execute(sql: "BEGIN") }
            let after = try db.transactionDate
            try db.execute(sql: "ROLLBACK")
            return [before, after]
        }
        XCTAssertEqual(dates, [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 1)])
        XCTAssertEqual(counter.count, 1)
    }

    func testClockReceivesTheConnection() throws {
        var config = Configuration()
        config.transactionClock = .custom { db in
            let seconds = try Double.fetchOne(db, sql: "SELECT seconds FROM clock") ?? 0
            return Date(timeIntervalSince1970: seconds)
        }
        let dbQueue = try makeDatabaseQueue(configuration: config)
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE clock (seconds DOUBLE); INSERT INTO clock VALUES (42)")
        }
        let date = try dbQueue.write { db in try db.transactionDate }
        XCTAssertEqual(date, Date(timeIntervalSince1970: 42))
    }

    func testClockErrorIsThrownByTransactionDate() throws {
        struct ClockError: Error { }
        var config = Configuration()
        config.transactionClock = .custom { _ in throw ClockError() }
        let dbQueue = try makeDatabaseQueue(configuration: config)

        // Transactions go on: only reading the date fails.
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        XCTAssertThrowsError(try dbQueue.write { db in try db.transactionDate }) { error in
            XCTAssertTrue(error is ClockError)
        }
        XCTAssertThrowsError(try dbQueue.inDatabase { db in try db.transactionDate }) { error in
            XCTAssertTrue(error is ClockError)
        }
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
    }

    func testCustomClockType() throws {
        struct FixedClock: TransactionClock {
            var date: Date
            func now(_ db: Database) throws -> Date { date }
        }
        var config = Configuration()
        config.transactionClock = FixedClock(date: Date(timeIntervalSinceReferenceDate: 0))
        let dbQueue = try makeDatabaseQueue(configuration: config)
        XCTAssertEqual(try dbQueue.write { db in try db.transactionDate }, Date(timeIntervalSinceReferenceDate: 0))
    }

    func testCustomTransactionClockInitializer() throws {
        let clock = CustomTransactionClock { _ in Date(timeIntervalSince1970: 7) }
        let dbQueue = try makeDatabaseQueue()
        XCTAssertEqual(try dbQueue.inDatabase { db in try clock.now(db) }, Date(timeIntervalSince1970: 7))
    }

    func testRecordsInsertedInOneWriteShareTheTransactionDate() throws {
        let counter = Counter()
        let dbQueue = try makeDatabaseQueue(configuration: countingClockConfiguration(counter))
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (name TEXT, creationDate DATETIME)")
        }
        try dbQueue.write { db in
            for name in ["Arthur", "Barbara"] {
                try db.execute(
                    sql: "INSERT INTO player VALUES (?, ?)",
                    arguments: [name, try db.transactionDate])
            }
        }
        let dates = try dbQueue.read { db in
            try Date.fetchAll(db, sql: "SELECT creationDate FROM player ORDER BY name")
        }
        XCTAssertEqual(dates, [Date(timeIntervalSince1970: 2), Date(timeIntervalSince1970: 2)])
    }

    func testPoolConnectionsUseTheClock() throws {
        var config = Configuration()
        config.transactionClock = .custom { _ in Date(timeIntervalSince1970: 3) }
        let dbPool = try makeDatabasePool(configuration: config)
        XCTAssertEqual(try dbPool.write { db in try db.transactionDate }, Date(timeIntervalSince1970: 3))
        XCTAssertEqual(try dbPool.read { db in try db.transactionDate }, Date(timeIntervalSince1970: 3))
    }
}
