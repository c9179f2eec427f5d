import Folio
import Foundation
import XCTest

/// `Database.logError` receives what SQLite logs, when it is set before
/// SQLite initializes, that is to say before any connection opens in the
/// process. Other tests open connections first, so the test that sets it
/// early runs in a process of its own: this test executable, run again
/// with this test only.
final class LogErrorTests: FolioTestCase {
    private static let childEnvironmentKey = "FOLIO_LOG_ERROR_CHILD"

    func testLogErrorSetBeforeAnyConnectionReceivesSQLiteErrors() throws {
        if ProcessInfo.processInfo.environment[Self.childEnvironmentKey] != nil {
            // The child process: no connection is open yet.
            let log = LogRecorder()
            Database.logError = { resultCode, message in
                log.append("\(resultCode.rawValue): \(message)")
            }
            let dbQueue = try DatabaseQueue()
            try dbQueue.inDatabase { db in
                XCTAssertThrowsError(try db.execute(sql: "SELECT * FROM missing"))
                try db.execute(sql: "CREATE TABLE t (a UNIQUE)")
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t VALUES (1)"))
            }
            XCTAssertTrue(log.messages.contains("1: no such table: missing in \"SELECT * FROM missing\""), "\(log.messages)")
            XCTAssertTrue(log.messages.contains { $0.hasPrefix("2067: abort at ") && $0.hasSuffix("UNIQUE constraint failed: t.a") }, "\(log.messages)")

            // close() refuses to close a connection with a live statement:
            // it throws, and SQLite logs its diagnostic.
            let closedQueue = try DatabaseQueue()
            let statement = try closedQueue.inDatabase { db in try db.makeStatement(sql: "SELECT 1") }
            XCTAssertThrowsError(try closedQueue.close())
            XCTAssertTrue(log.messages.contains("5: unable to close due to unfinalized statements or unfinished backups"), "\(log.messages)")
            XCTAssertTrue(log.messages.contains { $0.hasPrefix("5: connection ") && $0.hasSuffix("the unfinalized statement `SELECT 1`") }, "\(log.messages)")
            withExtendedLifetime(statement) { }

            // Set to nil, the function stops receiving messages.
            Database.logError = nil
            let count = log.messages.count
            try dbQueue.inDatabase { db in
                XCTAssertThrowsError(try db.execute(sql: "SELECT * FROM missing"))
            }
            XCTAssertEqual(log.messages.count, count)

            // A new function receives messages again.
            let newLog = LogRecorder()
            Database.logError = { resultCode, message in
                newLog.append("\(resultCode.rawValue): \(message)")
            }
            try dbQueue.inDatabase { db in
                XCTAssertThrowsError(try db.execute(sql: "SELECT * FROM other"))
            }
            XCTAssertEqual(newLog.messages, ["1: no such table: other in \"SELECT * FROM other\""])
            Database.logError = nil
            return
        }

        let (status, output) = try runThisTestInAChildProcess()
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output)
    }

    func testLogErrorSetAfterAConnectionOpenedHasNoEffect() throws {
        if ProcessInfo.processInfo.environment[Self.childEnvironmentKey] != nil {
            let dbQueue = try DatabaseQueue() // SQLite initializes
            let log = LogRecorder()
            Database.logError = { resultCode, message in
                log.append("\(resultCode.rawValue): \(message)")
            }
            try dbQueue.inDatabase { db in
                XCTAssertThrowsError(try db.execute(sql: "SELECT * FROM missing"))
            }
            try DatabaseQueue().inDatabase { db in
                XCTAssertThrowsError(try db.execute(sql: "SELECT * FROM missing"))
            }
            XCTAssertEqual(log.messages, [])
            Database.logError = nil
            return
        }

        let (status, output) = try runThisTestInAChildProcess()
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output)
    }

    /// Runs the current test in a new process of this test executable,
    /// and returns its exit status and its output.
    private func runThisTestInAChildProcess(function: String = #function) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        let testName = String(function.prefix { $0 != "(" })
        process.arguments = ["FolioTests.LogErrorTests/\(testName)"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childEnvironmentKey] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// The messages a log function received, from any thread.
private final class LogRecorder: @unchecked Sendable {
    // @unchecked Sendable: all access goes through `lock`.
    private let lock = NSLock()
    private var _messages: [String] = []

    var messages: [String] {
        lock.lock(); defer { lock.unlock() }
        return _messages
    }

    func append(_ message: String) {
        lock.lock(); defer { lock.unlock() }
        _messages.append(message)
    }
}
