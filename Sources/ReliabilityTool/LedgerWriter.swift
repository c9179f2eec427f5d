import Folio
import Foundation

/// How the crash test opens the ledger: each run covers one of them.
enum AccessMode: String, CaseIterable {
    /// A `DatabasePool`: WAL mode, concurrent readers.
    case pool
    /// A `DatabaseQueue`: the default rollback journal.
    case queue

    /// Opens the ledger. Opening recovers from a crash: SQLite rolls back a
    /// hot journal, or replays the committed frames of the WAL.
    func open(path: String, configuration: Configuration = Configuration()) throws -> any DatabaseWriter {
        switch self {
        case .pool: return try DatabasePool(path: path, configuration: configuration)
        case .queue: return try DatabaseQueue(path: path, configuration: configuration)
        }
    }
}

/// The process that the crash test kills: it writes transfers in a loop,
/// and prints `commit <id>` (and flushes) after each commit returns, until
/// it is killed.
///
/// Its output, line by line:
///
/// - `open <id>`: the ledger is open and migrated; `<id>` is the last
///   committed transfer it found.
/// - `commit <id>`: transfer `<id>` is committed.
///
/// A concurrent reader (pool mode) that sees a broken invariant, or any
/// error, ends the process with status 1 and a message on stderr: the
/// crash test then fails, because the writer must only stop when killed.
struct LedgerWriter {
    var path: String
    var mode: AccessMode
    var random: SeededGenerator

    func run() throws -> Never {
        var random = self.random
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // A tiny page cache makes large transactions spill dirty pages
            // to the database file (rollback journal) or to the WAL before
            // they commit, so kills also land on spilled, uncommitted
            // pages that recovery must undo.
            try db.execute(sql: "PRAGMA cache_size = 16")
        }
        let writer = try mode.open(path: path, configuration: configuration)
        try Ledger.migrator.migrate(writer)
        var next = try writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM transfer")!
        } + 1
        printLine("open \(next - 1)")

        if let pool = writer as? DatabasePool {
            startReader(pool)
        }

        var commits = 0
        while true {
            let failing = random.int(below: 12) == 0
            writeTransfer(id: next, in: writer, failing: failing, random: &random)
            if failing {
                continue
            }
            printLine("commit \(next)")
            next += 1
            commits += 1
            if commits % 64 == 0, writer is DatabasePool {
                try writer.checkpoint(.passive)
            }
        }
    }

    /// Writes one transfer in one transaction. A failing transfer writes
    /// everything, then throws from the transaction: it must leave nothing
    /// behind. Any other error ends the process.
    private func writeTransfer(
        id: Int64,
        in writer: any DatabaseWriter,
        failing: Bool,
        random: inout SeededGenerator)
    {
        let from = Int64(random.int(below: Ledger.accountCount)) + 1
        let to = Int64(random.int(below: Ledger.accountCount)) + 1
        let amount = Int64(random.int(below: 100)) + 1
        // One transfer in eight is large (hundreds of kilobytes), which
        // spills the page cache.
        let large = random.int(below: 8) == 0
        let entryCount = large ? 150 + random.int(below: 100) : 1 + random.int(below: 30)
        let payloads = (0..<entryCount).map { _ in
            let size = large ? 1_000 + random.int(below: 2_000) : random.int(below: 300)
            return Data((0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        }
        let pruned = id > 1 && random.int(below: 10) == 0
            ? Int64(random.int(below: Int(id - 1))) + 1
            : nil

        do {
            try writer.write { db in
                var source = try Account.find(db, id: from)
                source.balance -= amount
                try source.update(db)
                var destination = try Account.find(db, id: to)
                destination.balance += amount
                try destination.update(db)
                for (position, payload) in payloads.enumerated() {
                    var entry = Entry(id: nil, transferId: id, position: position, payload: payload)
                    try entry.insert(db)
                }
                try Transfer(
                    id: id, fromAccount: from, toAccount: to, amount: amount,
                    entryCount: entryCount, payloadSize: payloads.reduce(0) { $0 + $1.count }
                ).insert(db)
                if let pruned {
                    try Entry.filter(Column("transferId") == pruned).deleteAll(db)
                    try Transfer.filter(id: pruned).updateAll(db, Column("entryCount").set(to: 0), Column("payloadSize").set(to: 0))
                }
                if failing {
                    throw DeliberateFailure()
                }
            }
        } catch is DeliberateFailure {
            return
        } catch {
            fail("transfer \(id) failed: \(error)")
        }
    }

    /// Reads the ledger in a loop on a reader of the pool, while the writer
    /// commits, and stops the process when an invariant is broken.
    private func startReader(_ pool: DatabasePool) {
        let thread = Thread {
            while true {
                do {
                    if let violation = try pool.read(Ledger.quickCheck) {
                        fail(violation)
                    }
                } catch {
                    fail("read failed: \(error)")
                }
            }
        }
        thread.start()
    }
}

/// The error that a failing transfer throws after its writes.
private struct DeliberateFailure: Error { }

/// Ends the writer with a message: the crash test reports it.
private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ledger writer: \(message)\n".utf8))
    exit(1)
}
