import Folio
import Foundation

/// A process that writes in a database that another process observes
/// (`Configuration.observesExternalChanges`): the tests of
/// `ExternalChangesProcessTests` and the external-crash test start it.
///
/// Each transaction inserts one row in the `item` table, tagged with the
/// writer's name, and the writer prints `committed <id> <nanoseconds>`
/// once the commit returned (the time of the system clock, for latency
/// measurements), then `done <count>` at the end.
struct ExternalWriter {
    /// The database file.
    var path: String
    /// A name for the rows of this writer.
    var name: String
    /// How many transactions to commit, or nil to write until `seconds`.
    var count: Int?
    /// How long to write when `count` is nil.
    var seconds: Double
    /// A pause between two transactions, in microseconds.
    var pause: UInt32

    /// Creates the `item` table if needed.
    static func createSchema(_ writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS item (
                    id INTEGER PRIMARY KEY,
                    writer TEXT NOT NULL,
                    number INTEGER NOT NULL)
                """)
        }
    }

    func run() throws {
        var config = Configuration()
        // Several processes write: wait for another's write rather than
        // fail with SQLITE_BUSY.
        config.busyMode = .timeout(10)
        let dbPool = try DatabasePool(path: path, configuration: config)
        try Self.createSchema(dbPool)
        let deadline = Date().addingTimeInterval(seconds)
        var number = 0
        while count.map({ number < $0 }) ?? (Date() < deadline) {
            number += 1
            let id = try dbPool.write { db -> Int64 in
                try db.execute(sql: "INSERT INTO item (writer, number) VALUES (?, ?)", arguments: [name, number])
                return db.lastInsertedRowID
            }
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            printLine("committed \(id) \(Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))")
            if pause > 0 {
                usleep(pause)
            }
        }
        printLine("done \(number)")
    }
}
