import Folio
import Foundation
import XCTest

/// `Database.transactionDate` and `Configuration.transactionClock`.
final class TransactionDateTests: FolioTestCase {
    func testTransactionDateIsConstantDuringATransaction() throws {
        let dbQueue = try makeDatabaseQueue()
        let before = Date()
        let (first, second) = try dbQueue.write { db in
            let first = try db.transactionDate
            try db.execute(sql: "CREATE TABLE t (a)")
            return (first, try db.transactionDate)
        }
        let after = Date()
        XCTAssertEqual(first, second)
        XCTAssertLessThanOrEqual(before, first)
        XCTAssertLessThanOrEqual(first, after)

        let next = try dbQueue.write { try $0.transactionDate }
        XCTAssertGreaterThan(next, first)
    }

    func testTransactionDateIsTheStartDate() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let before = Date()
            try db.beginTransaction()
            let after = Date()
            let date = try db.transactionDate
            XCTAssertLessThanOrEqual(before, date)
            XCTAssertLessThanOrEqual(date, after)
            XCTAssertEqual(try DefaultTransactionClock.default.now(db), date)
            try db.commit()
        }
    }

    func testSavepointStartsATransaction() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.inSavepoint {
                let date = try db.transactionDate
                XCTAssertEqual(try db.transactionDate, date)
                return .commit
            }
        }
    }

    func testTransactionDateChangesOutsideOfTransactions() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let first = try db.transactionDate
            let second = try db.transactionDate
            XCTAssertGreaterThan(second, first)
        }
    }

    func testCustomClockIsCalledWhenTransactionsStart() throws {
        let counter = ClockCallCounter()
        var config = Configuration()
        config.transactionClock = .custom { db in
            Date(timeIntervalSince1970: TimeInterval(counter.increment()))
        }
        let dbQueue = try makeDatabaseQueue(configuration: config)
        let before = counter.value
        let dates = try dbQueue.write { db in
            try [db.transactionDate, db.transactionDate]
        }
        XCTAssertEqual(counter.value, before + 1)
        XCTAssertEqual(dates, [Date(timeIntervalSince1970: TimeInterval(before + 1))] + [Date(timeIntervalSince1970: TimeInterval(before + 1))])

        // Outside of transactions, each read asks the clock.
        try dbQueue.inDatabase { db in
            let start = counter.value
            XCTAssertEqual(try db.transactionDate, Date(timeIntervalSince1970: TimeInterval(start + 1)))
            XCTAssertEqual(try db.transactionDate, Date(timeIntervalSince1970: TimeInterval(start + 2)))
        }
    }

    func testCustomClockErrorsAreThrownByTransactionDate() throws {
        struct Failure: Error { }
        var config = Configuration()
        config.transactionClock = CustomTransactionClock { _ in throw Failure() }
        let dbQueue = try makeDatabaseQueue(configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)") // the transaction runs
            XCTAssertThrowsError(try db.transactionDate) { XCTAssertTrue($0 is Failure) }
        }
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.transactionDate) { XCTAssertTrue($0 is Failure) }
        }
    }

    func testCustomClockCanQueryTheDatabase() throws {
        var config = Configuration()
        config.transactionClock = .custom { db in
            let seconds = try Double.fetchOne(db, sql: "SELECT 86400.0")!
            return Date(timeIntervalSince1970: seconds)
        }
        let dbQueue = try makeDatabaseQueue(configuration: config)
        XCTAssertEqual(try dbQueue.write { try $0.transactionDate }, Date(timeIntervalSince1970: 86400))
    }

    func testRecordsOfATransactionShareTheirTimestamp() throws {
        struct Player: Codable, MutablePersistableRecord {
            var id: Int64?
            var creationDate: Date?
            mutating func willInsert(_ db: Database) throws {
                if creationDate == nil {
                    creationDate = try db.transactionDate
                }
            }
            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
            }
        }
        var config = Configuration()
        config.transactionClock = .custom { _ in Date(timeIntervalSince1970: 1_000_000) }
        let dbQueue = try makeDatabaseQueue(configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, creationDate DATETIME)")
            var first = Player()
            var second = Player()
            try first.insert(db)
            try second.insert(db)
            XCTAssertEqual(first.creationDate, Date(timeIntervalSince1970: 1_000_000))
            XCTAssertEqual(second.creationDate, first.creationDate)
        }
    }

    func testDefaultClock() {
        XCTAssertTrue(Configuration().transactionClock is DefaultTransactionClock)
        var config = Configuration()
        config.transactionClock = .default
        XCTAssertTrue(config.transactionClock is DefaultTransactionClock)
    }
}

/// A counter shared with a clock.
private final class ClockCallCounter: @unchecked Sendable {
    // @unchecked Sendable: all access goes through `lock`.
    private let lock = NSLock()
    private var _value = 0

    var value: Int {
        lock.lock(); defer { lock.unlock() }
        return _value
    }

    func increment() -> Int {
        lock.lock(); defer { lock.unlock() }
        _value += 1
        return _value
    }
}
