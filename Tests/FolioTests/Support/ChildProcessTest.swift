import Foundation
import XCTest

/// How a test that ran alone in a child process ended.
struct ChildProcessOutcome {
    /// The full name of the test, `FolioTests.Class/method`.
    var test: String
    /// Whether the child was stopped by a signal (a trap, a fatal error).
    var crashed: Bool
    /// The child's exit status, or its signal when it crashed.
    var status: Int32
    /// The lines the child wrote on its standard output and error.
    var lines: [Substring]
}

extension FolioTestCase {
    /// Whether this process is the child that runs one test alone.
    var isIsolatedTestProcess: Bool {
        ProcessInfo.processInfo.environment["FOLIO_ISOLATED_TEST"] != nil
    }

    /// Runs the test `testName` of this class alone in a child process
    /// (the test binary, with `FOLIO_ISOLATED_TEST` set), and tells how it
    /// ended. Linux only.
    func runInChildProcess(_ testName: String) throws -> ChildProcessOutcome {
        let test = "FolioTests.\(Self.self)/\(testName.replacingOccurrences(of: "()", with: ""))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [test]
        process.environment = ProcessInfo.processInfo.environment.merging(["FOLIO_ISOLATED_TEST": "1"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ChildProcessOutcome(
            test: test,
            crashed: process.terminationReason == .uncaughtSignal,
            status: process.terminationStatus,
            lines: String(decoding: data, as: UTF8.self).split(separator: "\n"))
    }
}
