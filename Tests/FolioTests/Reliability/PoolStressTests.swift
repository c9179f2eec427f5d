import Dispatch
import Folio
import Foundation
import XCTest

/// The pool under load: one writer moves money between accounts for a few
/// seconds, while eight readers and three value observations check, on
/// every value they see, that the total holds and that time never goes
/// back.
///
/// It runs in `swift test`, and under the thread sanitizer in CI (its name
/// matches the `Pool` filter of that step). It stops by itself: the writer
/// writes for `FOLIO_STRESS_SECONDS` (default 3), then commits a last
/// state marked `done`, which ends every reader and observation.
final class PoolStressTests: FolioTestCase {
    private static let accountCount = 20
    private static let initialBalance = 500
    private static var total: Int { accountCount * initialBalance }

    /// What readers and observations see.
    private struct Snapshot: Sendable, Equatable, CustomStringConvertible {
        var total: Int
        var transfers: Int
        var done: Bool

        var description: String { "total \(total) after \(transfers) transfers\(done ? ", done" : "")" }
    }

    private static func fetchSnapshot(_ db: Database) throws -> Snapshot {
        let total = try Int.fetchOne(db, sql: "SELECT SUM(balance) FROM account")!
        let row = try Row.fetchOne(db, sql: "SELECT transfers, done FROM progress")!
        return Snapshot(total: total, transfers: row["transfers"], done: row["done"])
    }

    /// Checks a series of snapshots as one observer sees them: the total
    /// holds, transfers never go back, and the last is the final state.
    private static func check(_ snapshots: [Snapshot], by observer: String, finalTransfers: Int) -> [String] {
        var problems: [String] = []
        var previous = -1
        for snapshot in snapshots {
            if snapshot.total != total {
                problems.append("\(observer) saw \(snapshot)")
            }
            if snapshot.transfers < previous {
                problems.append("\(observer) saw \(snapshot.transfers) transfers after \(previous)")
            }
            previous = snapshot.transfers
        }
        if let last = snapshots.last, !(last.done && last.transfers == finalTransfers) {
            problems.append("\(observer) ended on \(last), the writer ended after \(finalTransfers) transfers")
        }
        return problems
    }

    func testEightReadersOneWriterAndObservationsKeepTheInvariant() async throws {
        let duration = ProcessInfo.processInfo.environment["FOLIO_STRESS_SECONDS"].flatMap(Double.init) ?? 3
        var configuration = Configuration()
        configuration.maximumReaderCount = 8
        // Commits without fsync (still atomic and isolated, which is what
        // the test checks): the writer is not bound by the disk.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        // Not a recording pool: the recorder would keep every statement of
        // the run, and serialize them all on its lock.
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: configuration)
        try await dbPool.write { db in
            try db.execute(sql: """
                CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
                CREATE TABLE progress (transfers INTEGER NOT NULL, done BOOLEAN NOT NULL);
                INSERT INTO progress VALUES (0, 0);
                """)
            for id in 0..<Self.accountCount {
                try db.execute(sql: "INSERT INTO account VALUES (?, ?)", arguments: [id, Self.initialBalance])
            }
        }

        let problems = ValueRecorder<String>()
        // Set when the test ends, so that no loop outlives it, even after
        // a failure.
        let stop = TestLocked(false)
        let finalTransfers = TestLocked(0)
        let futureReads = Counter()
        var expectations: [XCTestExpectation] = []
        let start = Date()

        // The writer: transfers until the deadline, then the final state.
        let writerDone = expectation(description: "writer done")
        expectations.append(writerDone)
        Thread {
            defer { writerDone.fulfill() }
            let deadline = Date().addingTimeInterval(duration)
            var transfers = 0
            do {
                repeat {
                    transfers += 1
                    let n = transfers
                    if n % 25 == 0 {
                        // A read that starts from the state just committed,
                        // while the writer goes on.
                        let future = try dbPool.writeWithoutTransaction { db in
                            try db.inTransaction {
                                try Self.transfer(n, in: db)
                                return .commit
                            }
                            return dbPool.concurrentRead(Self.fetchSnapshot)
                        }
                        try dbPool.write { db in try db.execute(sql: "SELECT 1") }
                        let snapshot = try future.wait()
                        futureReads.increment()
                        if snapshot != Snapshot(total: Self.total, transfers: n, done: false) {
                            problems.append("concurrent read after transfer \(n) saw \(snapshot)")
                        }
                    } else {
                        try dbPool.write { db in try Self.transfer(n, in: db) }
                    }
                } while Date() < deadline && !stop.withLock({ $0 })
                try dbPool.write { db in try db.execute(sql: "UPDATE progress SET done = 1") }
            } catch {
                problems.append("writer failed after \(transfers) transfers: \(error)")
            }
            finalTransfers.withLock { $0 = transfers }
        }.start()

        // Eight readers, each on its own thread, reading as fast as they can.
        let reads = Counter()
        let readerSnapshots = (0..<8).map { _ in TestLocked<[Snapshot]>([]) }
        for (index, snapshots) in readerSnapshots.enumerated() {
            let done = expectation(description: "reader \(index) done")
            expectations.append(done)
            Thread {
                defer { done.fulfill() }
                do {
                    while !stop.withLock({ $0 }) {
                        let snapshot = try dbPool.read(Self.fetchSnapshot)
                        reads.increment()
                        snapshots.withLock { $0.append(snapshot) }
                        if snapshot.done { break }
                    }
                } catch {
                    problems.append("reader \(index) failed: \(error)")
                }
            }.start()
        }

        // Three observations, through three schedulers and APIs.
        let observation = ValueObservation.tracking(Self.fetchSnapshot)
        let asyncValues = ValueRecorder<Snapshot>()
        let asyncCancellable = observation.start(
            in: dbPool,
            scheduling: .async(onQueue: DispatchQueue(label: "PoolStressTests")),
            onError: { problems.append("observation on a queue failed: \($0)") },
            onChange: asyncValues.append)
        expectations.append(asyncValues.expectation(self, "observation on a queue done") { $0.last?.done == true })

        let taskValues = ValueRecorder<Snapshot>()
        let taskCancellable = ValueObservation.trackingConstantRegion(Self.fetchSnapshot).start(
            in: dbPool,
            scheduling: .task,
            onError: { problems.append("constant region observation failed: \($0)") },
            onChange: taskValues.append)
        expectations.append(taskValues.expectation(self, "constant region observation done") { $0.last?.done == true })

        let sequenceValues = ValueRecorder<Snapshot>()
        let sequenceDone = expectation(description: "async sequence done")
        expectations.append(sequenceDone)
        let sequenceTask = Task {
            defer { sequenceDone.fulfill() }
            do {
                for try await snapshot in observation.values(in: dbPool) {
                    sequenceValues.append(snapshot)
                    if snapshot.done { break }
                }
            } catch {
                problems.append("async sequence failed: \(error)")
            }
        }

        // Generous: the thread sanitizer slows everything down, and the
        // writer alone takes `duration`.
        await fulfillment(of: expectations, timeout: duration + 120)
        stop.withLock { $0 = true }
        sequenceTask.cancel()
        asyncCancellable.cancel()
        taskCancellable.cancel()

        let transfers = finalTransfers.withLock { $0 }
        var allProblems = problems.values
        for (index, snapshots) in readerSnapshots.enumerated() {
            allProblems += Self.check(snapshots.withLock { $0 }, by: "reader \(index)", finalTransfers: transfers)
        }
        allProblems += Self.check(asyncValues.values, by: "observation on a queue", finalTransfers: transfers)
        allProblems += Self.check(taskValues.values, by: "constant region observation", finalTransfers: transfers)
        allProblems += Self.check(sequenceValues.values, by: "async sequence", finalTransfers: transfers)
        XCTAssertEqual(Array(allProblems.prefix(20)), [])
        XCTAssertGreaterThan(transfers, 0)
        XCTAssertGreaterThan(futureReads.count, 0)
        let final = try await dbPool.read(Self.fetchSnapshot)
        XCTAssertEqual(final, Snapshot(total: Self.total, transfers: transfers, done: true))

        print("""
            pool stress: \(transfers) transfers (\(futureReads.count) checked by a concurrent read), \
            \(reads.count) reads by 8 readers, observations saw \(asyncValues.values.count) values (queue), \
            \(taskValues.values.count) (constant region, task), \(sequenceValues.values.count) (async sequence), \
            in \(String(format: "%.1f", Date().timeIntervalSince(start)))s
            """)
    }

    /// Moves money between two accounts, and counts the transfer.
    private static func transfer(_ n: Int, in db: Database) throws {
        let from = n % accountCount
        let to = (n * 7 + 3) % accountCount
        let amount = n % 50 + 1
        try db.execute(sql: "UPDATE account SET balance = balance - ? WHERE id = ?", arguments: [amount, from])
        try db.execute(sql: "UPDATE account SET balance = balance + ? WHERE id = ?", arguments: [amount, to])
        try db.execute(sql: "UPDATE progress SET transfers = ?", arguments: [n])
    }
}
