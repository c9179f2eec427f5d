import Folio
import Foundation

/// Kills writer processes with SIGKILL while this process observes the
/// database through `Configuration.observesExternalChanges`, and checks
/// that the observation keeps working and sees every committed
/// transaction.
///
/// Each run: an observation of the row count starts on a pool of this
/// process; a writer process (`external-writer`) commits one row per
/// transaction until it is killed at a random time; the observation must
/// then reach the count that the database holds, without ever going back.
/// A second writer commits ten more rows, and exits normally: the same
/// observation must see them too. The database passes `integrity_check`.
struct ExternalCrashTest {
    var runs: Int
    var seed: UInt64
    var executable: URL

    /// The values of the observation, shared with its callback.
    private final class ObservedCounts: @unchecked Sendable {
        // @unchecked Sendable: all access goes through `lock`.
        private let lock = NSCondition()
        private var counts: [Int] = []

        func append(_ count: Int) {
            lock.lock()
            counts.append(count)
            lock.broadcast()
            lock.unlock()
        }

        /// Waits until the last value is `count`; returns false after
        /// `timeout` seconds.
        func wait(for count: Int, timeout: Double) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            lock.lock()
            defer { lock.unlock() }
            while counts.last != count {
                if !lock.wait(until: deadline) { return counts.last == count }
            }
            return true
        }

        var isIncreasing: Bool {
            lock.lock()
            defer { lock.unlock() }
            return zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }
        }
    }

    func run() -> Bool {
        printLine("external-crash: \(runs) runs, seed \(seed)")
        var random = SeededGenerator(seed: seed)
        for run in 1...runs {
            let delay = Double.random(in: 0.05...0.5, using: &random)
            do {
                let committed = try runOnce(killAfter: delay)
                printLine("run \(run): killed after \(String(format: "%.2f", delay)) s, \(committed) rows committed, all observed")
            } catch {
                printLine("run \(run) FAILED (seed \(seed)): \(error)")
                return false
            }
        }
        printLine("external-crash: passed")
        return true
    }

    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private func runOnce(killAfter delay: Double) throws -> Int {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-external-crash-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) } // a leftover temporary folder is harmless
        let path = folder.appendingPathComponent("db.sqlite").path

        var config = Configuration()
        config.observesExternalChanges = true
        config.busyMode = .timeout(10)
        let dbPool = try DatabasePool(path: path, configuration: config)
        try ExternalWriter.createSchema(dbPool)

        let counts = ObservedCounts()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0 }
            .start(in: dbPool, scheduling: .async(onQueue: DispatchQueue(label: "counts")),
                   onError: { printLine("observation error: \($0)") },
                   onChange: { counts.append($0) })
        defer { cancellable.cancel() }
        guard counts.wait(for: 0, timeout: 10) else { throw Failure(description: "no initial value") }

        // A writer killed at a random time.
        let killed = try startWriter(path: path, name: "killed", arguments: ["--count", "1000000", "--pause", "100"])
        Thread.sleep(forTimeInterval: delay)
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        let committed = try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0 }
        guard counts.wait(for: committed, timeout: 10) else {
            throw Failure(description: "the observation did not reach the \(committed) committed rows")
        }

        // The observation goes on: a second writer that exits normally.
        let second = try startWriter(path: path, name: "second", arguments: ["--count", "10"])
        second.waitUntilExit()
        guard second.terminationStatus == 0 else {
            throw Failure(description: "the second writer failed with status \(second.terminationStatus)")
        }
        guard counts.wait(for: committed + 10, timeout: 10) else {
            throw Failure(description: "the observation did not see the second writer's 10 rows")
        }
        guard counts.isIncreasing else {
            throw Failure(description: "the observed counts went back in time")
        }
        let integrity = try dbPool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        guard integrity == ["ok"] else {
            throw Failure(description: "integrity_check: \(integrity)")
        }
        return committed
    }

    private func startWriter(path: String, name: String, arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["external-writer", "--path", path, "--name", name] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }
}
