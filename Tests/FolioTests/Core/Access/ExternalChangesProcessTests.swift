import Dispatch
import Folio
import Foundation
import XCTest

/// `Configuration.observesExternalChanges` across processes: the writers
/// are `folio-reliability external-writer` processes, built with the
/// tests (`Sources/ReliabilityTool/ExternalWriter.swift`).
final class ExternalChangesProcessTests: FolioTestCase {
    /// The `folio-reliability` executable, next to the test bundle.
    private func reliabilityTool() throws -> URL {
        let url = URL(fileURLWithPath: CommandLine.arguments[0])
            .deletingLastPathComponent()
            .appendingPathComponent("folio-reliability")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            XCTFail("\(url.path) is missing: build it with `swift build` (swift test builds it too)")
            throw CocoaError(.fileNoSuchFile)
        }
        return url
    }

    /// Starts a writer process; its standard output goes to `output`.
    private func startWriter(path: String, name: String, arguments: [String], output: Pipe) throws -> Process {
        let process = Process()
        process.executableURL = try reliabilityTool()
        process.arguments = ["external-writer", "--path", path, "--name", name] + arguments
        process.standardOutput = output
        try process.run()
        return process
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The values of an observation, with the time each was notified.
    private final class TimedValues: @unchecked Sendable {
        // @unchecked Sendable: all access goes through `lock`.
        private let lock = NSCondition()
        private var _values: [(value: Int, time: Int64)] = []

        var values: [(value: Int, time: Int64)] { lock.withLock { _values } }

        func append(_ value: Int) {
            let time = ExternalChangesProcessTests.now()
            lock.lock()
            _values.append((value, time))
            lock.broadcast()
            lock.unlock()
        }

        func wait(for value: Int, timeout: Double) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            lock.lock()
            defer { lock.unlock() }
            while _values.last?.value != value {
                if !lock.wait(until: deadline) { return _values.last?.value == value }
            }
            return true
        }
    }

    private func observingPool(_ path: String) throws -> DatabasePool {
        var config = Configuration()
        config.observesExternalChanges = true
        config.busyMode = .timeout(10)
        let dbPool = try DatabasePool(path: path, configuration: config)
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS item (id INTEGER PRIMARY KEY, writer TEXT NOT NULL, number INTEGER NOT NULL)")
        }
        return dbPool
    }

    private func observeCount(_ dbPool: DatabasePool, into values: TimedValues) -> AnyDatabaseCancellable {
        ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0 }
            .start(in: dbPool, scheduling: .async(onQueue: DispatchQueue(label: "values")),
                   onError: { XCTFail("\($0)") }, onChange: { values.append($0) })
    }

    func testObservationSeesTheCommitsOfAnotherProcess() throws {
        let path = temporaryDatabasePath()
        let dbPool = try observingPool(path)
        let values = TimedValues()
        let cancellable = observeCount(dbPool, into: values)
        XCTAssertTrue(values.wait(for: 0, timeout: 10))

        let output = Pipe()
        let writer = try startWriter(path: path, name: "b", arguments: ["--count", "1000", "--pause", "500"], output: output)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        writer.waitUntilExit()
        XCTAssertEqual(writer.terminationStatus, 0)
        XCTAssertTrue(values.wait(for: 1000, timeout: 10), "last value: \(String(describing: values.values.last))")
        cancellable.cancel()

        // The commit times of the writer, in order.
        let commitTimes = text.split(separator: "\n").compactMap { line -> Int64? in
            let parts = line.split(separator: " ")
            return parts.first == "committed" && parts.count == 3 ? Int64(parts[2]) : nil
        }
        XCTAssertEqual(commitTimes.count, 1000)
        let observed = values.values
        // Never a value that goes back in time.
        XCTAssertEqual(observed.map(\.value), observed.map(\.value).sorted())
        // The latency of each commit: until the first value that includes it.
        var latencies: [Double] = []
        var index = 0
        for (number, commitTime) in commitTimes.enumerated() {
            while index < observed.count && observed[index].value < number + 1 { index += 1 }
            guard index < observed.count else { break }
            latencies.append(Double(observed[index].time - commitTime) / 1_000_000)
        }
        XCTAssertEqual(latencies.count, 1000)
        latencies.sort()
        let median = latencies[latencies.count / 2], p99 = latencies[latencies.count * 99 / 100]
        let last = Double(observed.last!.time - commitTimes.last!) / 1_000_000
        print("external commit → observed value: median \(String(format: "%.2f", median)) ms, p99 \(String(format: "%.2f", p99)) ms, last commit \(String(format: "%.2f", last)) ms, \(observed.count) values for 1000 commits")
        // Measured: 0.1 to 2 ms on a busy machine.
        XCTAssertLessThan(last, 100)
    }

    func testConcurrentWriterProcesses() throws {
        let seconds = ProcessInfo.processInfo.environment["FOLIO_EXTERNAL_WRITERS_SECONDS"] ?? "10"
        for writerCount in [2, 4] {
            let path = temporaryDatabasePath()
            let dbPool = try observingPool(path)
            let values = TimedValues()
            let cancellable = observeCount(dbPool, into: values)
            var writers: [(Process, Pipe)] = []
            for number in 1...writerCount {
                let output = Pipe()
                writers.append((try startWriter(path: path, name: "w\(number)", arguments: ["--seconds", seconds], output: output), output))
            }
            var committed: [String: Int] = [:]
            for (number, (process, output)) in writers.enumerated() {
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0, "writer \(number + 1) of \(writerCount) failed (SQLITE_BUSY?)")
                let done = text.split(separator: "\n").last { $0.hasPrefix("done ") }
                committed["w\(number + 1)"] = done.flatMap { Int($0.dropFirst(5)) }
            }
            let rows = try dbPool.read { db in
                try Row.fetchAll(db, sql: "SELECT writer, COUNT(*) AS count, MAX(number) AS last FROM item GROUP BY writer")
            }
            for row in rows {
                let writer: String = row["writer"]
                // No lost row, no row twice.
                XCTAssertEqual(row["count"] as Int, committed[writer], writer)
                XCTAssertEqual(row["last"] as Int, committed[writer], writer)
            }
            XCTAssertEqual(rows.count, writerCount)
            let total = committed.values.reduce(0, +)
            XCTAssertTrue(values.wait(for: total, timeout: 10), "\(writerCount) writers: last value \(String(describing: values.values.last)), \(total) rows")
            cancellable.cancel()
            XCTAssertEqual(try dbPool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }, ["ok"])
            print("\(writerCount) writer processes for \(seconds) s: \(total) rows, no SQLITE_BUSY")
        }
    }

    func testAnIdleObservingProcessUsesNoCPU() throws {
        let path = temporaryDatabasePath()
        let dbPool = try observingPool(path)
        let values = TimedValues()
        let cancellable = observeCount(dbPool, into: values)
        XCTAssertTrue(values.wait(for: 0, timeout: 10))
        let seconds = Double(ProcessInfo.processInfo.environment["FOLIO_IDLE_SECONDS"] ?? "2") ?? 2
        func cpuTime() -> Double {
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        }
        let before = cpuTime()
        Thread.sleep(forTimeInterval: seconds)
        let used = cpuTime() - before
        cancellable.cancel()
        print("idle observing process: \(String(format: "%.4f", used)) s of CPU in \(seconds) s")
        // The whole test process: nothing of Folio's runs while idle.
        XCTAssertLessThan(used, 0.2)
    }
}
