import Folio
import XCTest

/// How the errors thrown by custom SQL functions and aggregates fail the
/// query (issue 15, item 8).
final class DatabaseFunctionErrorTests: FolioTestCase {
    /// Throws a DatabaseError without message when it finalizes.
    private struct FinalizeFailure: DatabaseAggregate {
        mutating func step(_ dbValues: [DatabaseValue]) throws { }
        func finalize() throws -> (any DatabaseValueConvertible)? {
            throw DatabaseError(resultCode: ResultCode(rawValue: 123))
        }
    }

    /// Throws a DatabaseError without message at the first step.
    private struct StepFailure: DatabaseAggregate {
        mutating func step(_ dbValues: [DatabaseValue]) throws {
            throw DatabaseError(resultCode: ResultCode(rawValue: 123))
        }
        func finalize() throws -> (any DatabaseValueConvertible)? { nil }
    }

    /// Throws a DatabaseError with a message at the first step.
    private struct StepFailureWithMessage: DatabaseAggregate {
        mutating func step(_ dbValues: [DatabaseValue]) throws {
            throw DatabaseError(resultCode: ResultCode(rawValue: 123), message: "custom message")
        }
        func finalize() throws -> (any DatabaseValueConvertible)? { nil }
    }

    private struct CustomError: Error, CustomStringConvertible {
        var description: String { "custom failure" }
    }

    private func makeQueue(throwing error: any Error & Sendable) throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        dbQueue.inDatabase { db in
            db.add(function: DatabaseFunction("fail", argumentCount: 0) { _ in throw error })
        }
        return dbQueue
    }

    func testFunctionThrowingDatabaseErrorWithoutMessageFailsWithSQLiteTextOfCode() throws {
        let dbQueue = try makeQueue(throwing: DatabaseError(resultCode: ResultCode(rawValue: 123)))
        try dbQueue.inDatabase { db in
            let error = assertThrowsDatabaseError(try Int.fetchOne(db, sql: "SELECT fail()"))
            XCTAssertEqual(error?.resultCode, ResultCode(rawValue: 123))
            XCTAssertEqual(error?.message, "unknown error")
            XCTAssertEqual(error?.sql, "SELECT fail()")
        }
    }

    func testFunctionThrowingKnownCodeWithoutMessageFailsWithSQLiteTextOfCode() throws {
        let dbQueue = try makeQueue(throwing: DatabaseError(resultCode: .SQLITE_BUSY))
        try dbQueue.inDatabase { db in
            let error = assertThrowsDatabaseError(try Int.fetchOne(db, sql: "SELECT fail()"))
            XCTAssertEqual(error?.resultCode, .SQLITE_BUSY)
            XCTAssertEqual(error?.message, "database is locked")
        }
    }

    func testFunctionThrowingDatabaseErrorWithMessageKeepsMessage() throws {
        let dbQueue = try makeQueue(throwing: DatabaseError(resultCode: ResultCode(rawValue: 123), message: "custom message"))
        try dbQueue.inDatabase { db in
            let error = assertThrowsDatabaseError(try Int.fetchOne(db, sql: "SELECT fail()"))
            XCTAssertEqual(error?.resultCode, ResultCode(rawValue: 123))
            XCTAssertEqual(error?.message, "custom message")
        }
    }

    func testFunctionThrowingOtherErrorFailsWithItsDescription() throws {
        let dbQueue = try makeQueue(throwing: CustomError())
        try dbQueue.inDatabase { db in
            let error = assertThrowsDatabaseError(try Int.fetchOne(db, sql: "SELECT fail()"))
            XCTAssertEqual(error?.resultCode, .SQLITE_ERROR)
            XCTAssertEqual(error?.message, "custom failure")
        }
    }

    func testAggregateThrowingDatabaseErrorWithoutMessageFailsWithSQLiteTextOfCode() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            db.add(function: DatabaseFunction("finalizefailure", argumentCount: 1, aggregate: FinalizeFailure.self))
            db.add(function: DatabaseFunction("stepfailure", argumentCount: 1, aggregate: StepFailure.self))
            for sql in ["SELECT finalizefailure(1)", "SELECT stepfailure(1)"] {
                let error = assertThrowsDatabaseError(try Int.fetchOne(db, sql: sql))
                XCTAssertEqual(error?.resultCode, ResultCode(rawValue: 123), sql)
                XCTAssertEqual(error?.message, "unknown error", sql)
            }
        }
    }

    func testAggregateThrowingDatabaseErrorWithMessageKeepsMessage() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            db.add(function: DatabaseFunction("failure", argumentCount: 1, aggregate: StepFailureWithMessage.self))
            let error = assertThrowsDatabaseError(try Int.fetchOne(db, sql: "SELECT failure(1)"))
            XCTAssertEqual(error?.resultCode, ResultCode(rawValue: 123))
            XCTAssertEqual(error?.message, "custom message")
        }
    }
}
