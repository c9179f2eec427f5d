import Folio
import Foundation

/// The crash test: runs the ledger writer in a child process, kills it with
/// SIGKILL at a random time, reopens the ledger, and checks it.
///
/// After each kill, the ledger must:
///
/// - pass `PRAGMA integrity_check`;
/// - hold every transfer that the writer printed as committed, in this run
///   and in the runs before (each mode keeps its file across runs, so each
///   run also starts from a recovered database);
/// - hold at most one transfer more than the writer printed (the one whose
///   commit returned just before the kill, if any);
/// - show no half-applied transaction (see `Ledger.check(_:)`).
///
/// Every random choice comes from `seed`: the kill times and the seeds of
/// the writers. Timing still varies from one machine to the next, so a
/// replay repeats the workload and the schedule of kills, not the exact
/// instruction each kill lands on.
struct CrashTest {
    var runs: Int
    var seed: UInt64
    var modes: [AccessMode]
    /// The longest a writer runs before it is killed, in seconds.
    var maximumRunDuration: Double = CrashTest.defaultRunDuration
    static let defaultRunDuration = 0.8
    var executable: URL

    /// What the ledger of a mode held after the previous run.
    private struct ModeHistory {
        var lastTransfer: Int64 = 0
        var runs = 0
        var commitsPrinted = 0
    }

    /// Runs the test, prints one line per run and a summary, and returns
    /// whether every run passed.
    func run() -> Bool {
        var random = SeededGenerator(seed: seed)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-crash-\(seed)-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            printLine("crash test: cannot create \(directory.path): \(error)")
            return false
        }
        printLine("crash test: \(runs) runs, modes \(modes.map(\.rawValue).joined(separator: ", ")), seed \(seed)")
        printLine("crash test: replay with `\(replayCommand)`")

        var histories: [AccessMode: ModeHistory] = [:]
        var failures: [String] = []
        let start = Date()
        for index in 0..<runs {
            let mode = modes[index % modes.count]
            let path = directory.appendingPathComponent("ledger-\(mode.rawValue).sqlite").path
            let writerSeed = random.next() % 1_000_000_000
            let killDelay = Double(random.int(below: 1_000)) / 1_000 * maximumRunDuration
            let label = "run \(index + 1)/\(runs) \(mode.rawValue)"
            var history = histories[mode, default: ModeHistory()]
            do {
                let outcome = try runOnce(mode: mode, path: path, writerSeed: writerSeed, killDelay: killDelay)
                let problems = judge(outcome, after: history)
                let unprinted = outcome.state.lastTransfer > history.lastTransfer + Int64(outcome.commits.count)
                history.runs += 1
                history.commitsPrinted += outcome.commits.count
                history.lastTransfer = max(history.lastTransfer, outcome.state.lastTransfer)
                let summary = "\(label) writer seed \(writerSeed), killed after \(String(format: "%.3f", killDelay))s: "
                    + "\(outcome.commits.count) commits printed, ledger at transfer \(outcome.state.lastTransfer)"
                    + (unprinted ? " (its last commit was not printed)" : "")
                if problems.isEmpty {
                    printLine(summary + ", integrity ok")
                } else {
                    printLine(summary + ", FAILED")
                    for problem in problems {
                        printLine("    \(problem)")
                    }
                    failures.append("\(label): \(problems.joined(separator: "; "))")
                }
            } catch {
                printLine("\(label): FAILED: \(error)")
                failures.append("\(label): \(error)")
            }
            histories[mode] = history
        }

        let elapsed = Date().timeIntervalSince(start)
        let commits = histories.values.reduce(0) { $0 + $1.commitsPrinted }
        let perMode = AccessMode.allCases.compactMap { mode in
            histories[mode].map { "\(mode.rawValue): \($0.runs) runs, \($0.commitsPrinted) commits, ledger at transfer \($0.lastTransfer)" }
        }
        printLine("crash test: \(runs) runs, \(commits) commits printed, all present after recovery: "
            + (failures.isEmpty ? "yes" : "NO") + " (\(perMode.joined(separator: "; "))) in \(String(format: "%.1f", elapsed))s")
        if failures.isEmpty {
            // Only a failure keeps the files, for inspection.
            // A leftover temporary folder does no harm: ignore a failure.
            _ = try? FileManager.default.removeItem(at: directory)
            return true
        }
        printLine("crash test FAILED (\(failures.count) of \(runs) runs), seed \(seed); databases kept in \(directory.path)")
        printLine("replay: \(replayCommand)")
        return false
    }

    /// The command that runs this test again, with the same seed.
    private var replayCommand: String {
        var command = "swift run folio-reliability crash --runs \(runs) --seed \(seed)"
        if modes.count == 1 {
            command += " --mode \(modes[0].rawValue)"
        }
        if maximumRunDuration != CrashTest.defaultRunDuration {
            command += " --duration \(maximumRunDuration)"
        }
        return command
    }

    /// What one run saw: the writer's output, and the ledger reopened after
    /// the kill.
    private struct Outcome {
        /// The last transfer the writer found when it opened the ledger,
        /// nil when it was killed before.
        var opened: Int64?
        /// The transfers the writer printed as committed, in order.
        var commits: [Int64]
        var state: LedgerState
    }

    private struct RunError: Error, CustomStringConvertible {
        var description: String
    }

    private func runOnce(mode: AccessMode, path: String, writerSeed: UInt64, killDelay: Double) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["ledger-writer", "--path", path, "--mode", mode.rawValue, "--seed", "\(writerSeed)"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let outputReader = PipeReader(output.fileHandleForReading)
        let errorReader = PipeReader(errors.fileHandleForReading)
        try process.run()

        // The kill schedule, not a synchronization: the writer runs freely
        // until then.
        Thread.sleep(forTimeInterval: killDelay)
        let killedRunningWriter = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let stdout = String(decoding: outputReader.wait(), as: UTF8.self)
        let stderr = String(decoding: errorReader.wait(), as: UTF8.self)
        guard killedRunningWriter, process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL else {
            throw RunError(description: "the writer stopped before it was killed (status \(process.terminationStatus)): \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }

        // Only complete lines: the kill may cut the last one.
        var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()
        var opened: Int64?
        var commits: [Int64] = []
        for line in lines {
            let words = line.split(separator: " ")
            guard words.count == 2, let number = Int64(words[1]) else {
                throw RunError(description: "unexpected output from the writer: \(line)")
            }
            switch words[0] {
            case "open": opened = number
            case "commit": commits.append(number)
            default: throw RunError(description: "unexpected output from the writer: \(line)")
            }
        }

        let writer = try mode.open(path: path)
        let state = try writer.read(Ledger.check)
        try close(writer)
        return Outcome(opened: opened, commits: commits, state: state)
    }

    private func close(_ writer: any DatabaseWriter) throws {
        switch writer {
        case let pool as DatabasePool: try pool.close()
        case let queue as DatabaseQueue: try queue.close()
        default: break
        }
    }

    /// The problems of a run: the broken invariants, and the commits the
    /// ledger lost.
    private func judge(_ outcome: Outcome, after history: ModeHistory) -> [String] {
        var problems = outcome.state.violations
        let last = outcome.state.lastTransfer
        if last < history.lastTransfer {
            problems.append("the ledger went back from transfer \(history.lastTransfer) (previous run) to \(last)")
        }
        if let opened = outcome.opened, opened != history.lastTransfer {
            problems.append("the writer opened the ledger at transfer \(opened), the previous run left it at \(history.lastTransfer)")
        }
        if !outcome.state.exists, !outcome.commits.isEmpty {
            problems.append("the schema is missing, after \(outcome.commits.count) printed commits")
        }
        if let missing = outcome.commits.first(where: { $0 > last }) {
            problems.append("transfer \(missing) was printed as committed, the ledger stops at \(last)")
        }
        let printed = outcome.commits.last ?? history.lastTransfer
        if last > printed + 1 {
            problems.append("the ledger holds transfer \(last), the writer printed up to \(printed)")
        }
        let expected = Array((history.lastTransfer + 1)..<((history.lastTransfer + 1) + Int64(outcome.commits.count)))
        if outcome.commits != expected {
            problems.append("the writer printed commits \(outcome.commits.prefix(5))..., expected \(expected.prefix(5))...")
        }
        return problems
    }
}

/// Reads a pipe to its end on a thread of its own, so that a writer never
/// blocks on a full pipe.
private final class PipeReader: @unchecked Sendable {
    // @unchecked Sendable: `data` is written once by the reading thread
    // before it signals `done`, and read only after waiting on `done`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
        thread.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
