import Folio
import Foundation
import XCTest

extension FolioTestCase {
    /// Runs `body` in a child process running this test alone, and checks
    /// that it stops the program with a fatal error whose message contains
    /// every string of `mentions`: a documented misuse stops through
    /// `fatalProgrammerError`, which prints its message in every build.
    /// Linux only: elsewhere, the test does nothing.
    func assertProgrammerError(
        mentioning mentions: [String],
        _ testName: String = #function,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ body: () throws -> Void) throws
    {
        #if os(Linux)
        if isIsolatedTestProcess {
            try body()
            XCTFail("the misuse did not stop the program", file: file, line: line)
            return
        }
        let outcome = try runInChildProcess(testName)
        guard outcome.crashed else {
            XCTFail("\(outcome.test) did not stop the program", file: file, line: line)
            return
        }
        guard let fatal = outcome.lines.first(where: { $0.contains("Fatal error") }) else {
            XCTFail("\(outcome.test) stopped without a fatal error message", file: file, line: line)
            return
        }
        for mention in mentions where !fatal.contains(mention) {
            XCTFail("the fatal error does not name \(mention.debugDescription): \(fatal)", file: file, line: line)
        }
        #endif
    }
}

/// Documented misuses stop the program with a message that says what
/// went wrong (GRDB documents them as fatal errors), and that an
/// optimized build keeps.
final class ProgrammerErrorTests: FolioTestCase {
    /// `row["missing"] as Int`: a non-optional subscript of a missing
    /// column.
    func testNonOptionalSubscriptOfMissingColumnNamesTheColumn() throws {
        try assertProgrammerError(mentioning: ["missing", "Int"]) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.read { db in
                let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS a"))
                let value: Int = row["missing"]
                print(value)
            }
        }
    }

    /// `row["a"] as Int` of a NULL value.
    func testNonOptionalSubscriptOfNullNamesTheColumnAndTheSQL() throws {
        try assertProgrammerError(mentioning: ["a", "Int", "NULL"]) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.read { db in
                let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT NULL AS a"))
                let value: Int = row["a"]
                print(value)
            }
        }
    }

    /// A transaction left open by `inDatabase`, which can not throw the
    /// misuse.
    func testTransactionLeftOpenByInDatabaseStops() throws {
        try assertProgrammerError(mentioning: ["A transaction was left open", "allowsUnsafeTransactions"]) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.inDatabase { db in
                try db.execute(sql: "BEGIN")
            }
        }
    }
}
