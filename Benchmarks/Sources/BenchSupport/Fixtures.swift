import Foundation
import Synchronization

/// Sizes of the workloads, shared by the three implementations.
///
/// `FolioBench --reduce N` divides the sizes by N (see ``reduce(by:)``):
/// `Benchmarks/check-instructions.sh` counts the instructions of reduced
/// workloads, so that valgrind runs them in seconds.
public enum Size {
    /// The divisor of the sizes: 1 unless ``reduce(by:)`` was called.
    public static var divisor: Int { divisorStorage.load(ordering: .relaxed) }
    private static let divisorStorage = Atomic<Int>(1)

    /// Divides the sizes by `divisor`. Call it before building any
    /// workload.
    public static func reduce(by divisor: Int) {
        precondition(divisor > 0)
        divisorStorage.store(divisor, ordering: .relaxed)
    }

    /// A full size, divided by ``divisor``, and at least 1.
    private static func reduced(_ size: Int) -> Int {
        max(1, size / divisor)
    }

    /// Rows of the `items` table that workloads 1–4 fetch.
    public static var fetchedRows: Int { reduced(100_000) }
    /// Rows or records that workloads 5–7 insert.
    public static var insertedRows: Int { reduced(20_000) }
    /// Rows of the `player` table of workload 8.
    public static var players: Int { reduced(100_000) }
    /// Requests that workload 8 runs per trial.
    public static var playerQueries: Int { reduced(200) }
    /// Width of the score range of each request of workload 8 (scores are
    /// a permutation of 0..<players, so each request fetches this many).
    public static let playerQueryWidth = 100
    /// Authors of workload 9.
    public static var authors: Int { reduced(1_000) }
    /// Books per author of workload 9.
    public static let booksPerAuthor = 20
    /// Databases that workload 10 opens and migrates per trial.
    public static var migratedDatabases: Int { reduced(200) }
    /// Concurrent readers of workloads 11 and 14.
    public static let poolReaders = 4
    /// Reads per reader of workload 11.
    public static var readsPerReader: Int { reduced(2_500) }
    /// Write transactions of the writer of workload 11.
    public static var poolWrites: Int { reduced(250) }
    /// Rows of the table read by workloads 11 and 14.
    public static let poolRows = 1_000
    /// Write transactions of workloads 12-14 (three inserts and an update
    /// each).
    public static var smallTransactions: Int { reduced(2_000) }
    /// Tables observed by workloads 15 and 16.
    public static let observedTables = 5
    /// Observations per table of workload 15 (workload 16 has one).
    public static let observationsPerTable = 10
    /// Write transactions of workloads 15 and 16.
    public static var observedWrites: Int { reduced(1_000) }
    /// Rows of the `event` table of workload 17 (dates).
    public static var events: Int { reduced(100_000) }
    /// Rows of the `document` table of workload 18 (large values).
    public static var documents: Int { reduced(10_000) }
    /// Bytes of the text and of the blob of each document of workload 18.
    public static let documentBytes = 4_096
    /// Upserts of workload 19 (half of them insert a new row).
    public static var upserts: Int { reduced(20_000) }
}

/// Counts that a workload reports beside its time, such as the reads of
/// the busy readers of workload 14, or the time that writes take in
/// workloads 15 and 16. The runner resets them before each timed run.
public enum SideCounts {
    private static let readsStorage = Atomic<Int>(0)
    private static let writeNanosecondsStorage = Atomic<Int>(0)
    private static let delayNanosecondsStorage = Atomic<Int>(0)

    /// Reads done by concurrent readers.
    public static var reads: Int { readsStorage.load(ordering: .relaxed) }
    /// Wall-clock nanoseconds spent inside write accesses.
    public static var writeNanoseconds: Int { writeNanosecondsStorage.load(ordering: .relaxed) }
    /// Wall-clock nanoseconds spent waiting for observers after writes.
    public static var delayNanoseconds: Int { delayNanosecondsStorage.load(ordering: .relaxed) }

    public static func addReads(_ count: Int) { readsStorage.wrappingAdd(count, ordering: .relaxed) }
    public static func addWriteNanoseconds(_ count: Int) { writeNanosecondsStorage.wrappingAdd(count, ordering: .relaxed) }
    public static func addDelayNanoseconds(_ count: Int) { delayNanosecondsStorage.wrappingAdd(count, ordering: .relaxed) }

    public static func reset() {
        readsStorage.store(0, ordering: .relaxed)
        writeNanosecondsStorage.store(0, ordering: .relaxed)
        delayNanosecondsStorage.store(0, ordering: .relaxed)
    }
}

/// Monotonic wall-clock time, in nanoseconds.
public func monotonicNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
}

/// A flag that tells busy readers to stop.
public final class StopFlag: Sendable {
    private let storage = Atomic<Bool>(false)
    public init() {}
    public var isSet: Bool { storage.load(ordering: .relaxed) }
    public func set() { storage.store(true, ordering: .relaxed) }
}

/// The schema and data of the workloads, as SQL, shared by the three
/// implementations so they all run on the same tables.
public enum Fixture {
    /// Ten integer columns, `i0`...`i9`.
    public static let createItems = """
        CREATE TABLE items (
          i0 INTEGER NOT NULL, i1 INTEGER NOT NULL, i2 INTEGER NOT NULL,
          i3 INTEGER NOT NULL, i4 INTEGER NOT NULL, i5 INTEGER NOT NULL,
          i6 INTEGER NOT NULL, i7 INTEGER NOT NULL, i8 INTEGER NOT NULL,
          i9 INTEGER NOT NULL)
        """

    /// Fills `items` with `Size.fetchedRows` rows: row x holds x, x+1, ...
    /// x+9.
    public static var fillItems: String { """
        WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.fetchedRows - 1))
        INSERT INTO items SELECT x, x+1, x+2, x+3, x+4, x+5, x+6, x+7, x+8, x+9 FROM c
        """ }

    public static let selectItems = "SELECT * FROM items"

    public static let insertItem = """
        INSERT INTO items (i0, i1, i2, i3, i4, i5, i6, i7, i8, i9) \
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// A checksum of the `items` table.
    public static let itemsChecksum = """
        SELECT COUNT(*) * 1000003 + SUM(i0) + SUM(i1) + SUM(i2) + SUM(i3) + SUM(i4) \
        + SUM(i5) + SUM(i6) + SUM(i7) + SUM(i8) + SUM(i9) * 3 FROM items
        """

    /// Workload 8: an indexed `score` column.
    public static let createPlayers = """
        CREATE TABLE player (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          score INTEGER NOT NULL);
        CREATE INDEX player_on_score ON player(score)
        """

    /// Scores are a permutation of 0..<players (7919 is prime).
    public static var fillPlayers: String { """
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.players))
        INSERT INTO player (id, name, score) SELECT x, 'Player ' || x, (x * 7919) % \(Size.players) FROM c
        """ }

    /// The SQL that the query interface request of workload 8 generates
    /// (up to quoting), for the C baseline.
    public static let selectPlayers = """
        SELECT * FROM player WHERE (score >= ?) AND (score < ?) ORDER BY score DESC
        """

    /// The lower bound of the score range of request `index` of workload 8.
    public static func playerQueryLowerBound(_ index: Int) -> Int {
        (index * 7_537) % (Size.players - Size.playerQueryWidth)
    }

    /// Workload 9: authors and their books.
    public static let createLibrary = """
        CREATE TABLE author (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL);
        CREATE TABLE book (
          id INTEGER PRIMARY KEY,
          authorId INTEGER NOT NULL REFERENCES author(id),
          title TEXT NOT NULL);
        CREATE INDEX book_on_authorId ON book(authorId)
        """

    public static var fillLibrary: String { """
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.authors))
        INSERT INTO author (id, name) SELECT x, 'Author ' || x FROM c;
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.authors * Size.booksPerAuthor))
        INSERT INTO book (id, authorId, title) SELECT x, 1 + (x * 7) % \(Size.authors), 'Book ' || x FROM c
        """ }

    /// Workload 10: a checksum of the migrated schema (its objects and
    /// their names).
    public static let schemaChecksum = "SELECT COUNT(*) * 1000 + SUM(LENGTH(name)) FROM sqlite_master"

    /// Workload 11: a small table that readers read, and that the writer
    /// appends to.
    public static var createPoolTable: String { """
        CREATE TABLE item (id INTEGER PRIMARY KEY, value INTEGER NOT NULL);
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.poolRows))
        INSERT INTO item (id, value) SELECT x, x * 3 FROM c
        """ }

    public static let selectPoolValue = "SELECT value FROM item WHERE id = ?"
    public static let insertPoolValue = "INSERT INTO item (value) VALUES (?)"
    public static let poolChecksum = "SELECT COUNT(*) * 1000003 + SUM(value) FROM item"

    /// The id that read `index` of reader `reader` of workload 11 reads.
    public static func poolReadID(reader: Int, index: Int) -> Int {
        1 + (index * 31 + reader * 17) % Size.poolRows
    }
}

extension Fixture {
    /// Workloads 12-14: small write transactions, three inserts into
    /// `entry` and an update of `account` each.
    public static let createAccounts = """
        CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
        CREATE TABLE entry (id INTEGER PRIMARY KEY, accountId INTEGER NOT NULL, amount INTEGER NOT NULL);
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.poolRows))
        INSERT INTO account (id, balance) SELECT x, 0 FROM c
        """
    public static let insertEntry = "INSERT INTO entry (accountId, amount) VALUES (?, ?)"
    public static let updateAccount = "UPDATE account SET balance = balance + ? WHERE id = ?"
    public static let selectBalance = "SELECT balance FROM account WHERE id = ?"
    public static let accountsChecksum = """
        SELECT (SELECT COUNT(*) * 1000003 + SUM(accountId * 7 + amount) FROM entry) \
        + (SELECT SUM(id * balance) FROM account)
        """

    /// The account of small transaction `index`, and its amounts.
    public static func transactionAccount(_ index: Int) -> Int { 1 + (index * 37) % Size.poolRows }

    /// Workloads 15 and 16: the observed tables `t0`...`t4`, one row each.
    public static var createObservedTables: String {
        (0..<Size.observedTables).map { "CREATE TABLE t\($0) (id INTEGER PRIMARY KEY, value INTEGER NOT NULL); INSERT INTO t\($0) VALUES (1, 0)" }
            .joined(separator: ";\n")
    }
    public static func selectObserved(_ table: Int) -> String { "SELECT value FROM t\(table) WHERE id = 1" }
    public static func updateObserved(_ table: Int) -> String { "UPDATE t\(table) SET value = ? WHERE id = 1" }
    public static var observedChecksum: String {
        "SELECT " + (0..<Size.observedTables).map { "(SELECT value FROM t\($0)) * \($0 + 1)" }.joined(separator: " + ")
    }

    /// Workload 17: dates, stored as GRDB stores them
    /// (`YYYY-MM-DD HH:MM:SS.SSS`, UTC); `cancelDate` is NULL in even rows.
    public static let createEvents = """
        CREATE TABLE event (
          id INTEGER PRIMARY KEY,
          startDate DATETIME NOT NULL,
          endDate DATETIME NOT NULL,
          cancelDate DATETIME)
        """
    public static var fillEvents: String { """
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.events))
        INSERT INTO event (id, startDate, endDate, cancelDate) SELECT x,
          strftime('%Y-%m-%d %H:%M:%f', 1600000000 + x * 3613.25, 'unixepoch'),
          strftime('%Y-%m-%d %H:%M:%f', 1600003600 + x * 3613.5, 'unixepoch'),
          CASE WHEN x % 2 = 0 THEN NULL ELSE strftime('%Y-%m-%d %H:%M:%f', 1500000000 + x * 61.125, 'unixepoch') END
        FROM c
        """ }
    public static let selectEvents = "SELECT * FROM event"

    /// Workload 18: 4 KB texts and 4 KB blobs.
    public static let createDocuments = """
        CREATE TABLE document (id INTEGER PRIMARY KEY, body TEXT NOT NULL, data BLOB NOT NULL)
        """
    public static var fillDocuments: String { """
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.documents))
        INSERT INTO document (id, body, data) SELECT x,
          replace(hex(zeroblob(\(Size.documentBytes / 2))), '0', char(97 + x % 26)),
          CAST(replace(hex(zeroblob(\(Size.documentBytes / 2))), '0', char(65 + x % 26)) AS BLOB)
        FROM c
        """ }
    public static let selectDocuments = "SELECT * FROM document"

    /// Workload 19: players with even ids exist; upserts go to ids
    /// 1...upserts, so that half of them insert.
    public static let createUpsertPlayers = """
        CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)
        """
    public static var fillUpsertPlayers: String { """
        WITH RECURSIVE c(x) AS (SELECT 2 UNION ALL SELECT x + 2 FROM c WHERE x < \(Size.upserts))
        INSERT INTO player (id, name, score) SELECT x, 'Old ' || x, 0 FROM c
        """ }
    public static let upsertPlayer = """
        INSERT INTO "player" ("id", "name", "score") VALUES (?, ?, ?) \
        ON CONFLICT DO UPDATE SET "name" = "excluded"."name", "score" = "excluded"."score"
        """
    public static let upsertChecksum = """
        SELECT COUNT(*) * 1000003 + SUM(id * 3 + score + LENGTH(name)) FROM player
        """
    public static func upsertName(_ id: Int) -> String { "Player \(id)" }

    /// Workloads 20-22 (bulk writes): the multi-row statements that
    /// Folio's `insertAll` and `upsertAll` prepare, with `rowCount` rows.
    /// `insertAll` returns the rowid of the rows (the items have no
    /// primary key); `upsertAll` of records whose INTEGER PRIMARY KEY is
    /// set needs no `RETURNING`.
    public static func insertItemsSQL(rowCount: Int) -> String {
        let row = "(" + Array(repeating: "?", count: 10).joined(separator: ", ") + ")"
        return #"INSERT INTO "items" ("i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9") VALUES "#
            + Array(repeating: row, count: rowCount).joined(separator: ", ") + #" RETURNING "rowid""#
    }

    public static func upsertPlayersSQL(rowCount: Int) -> String {
        #"INSERT INTO "player" ("id", "name", "score") VALUES "#
            + Array(repeating: "(?, ?, ?)", count: rowCount).joined(separator: ", ")
            + #" ON CONFLICT DO UPDATE SET "name" = "excluded"."name", "score" = "excluded"."score""#
    }
    public static func upsertScore(_ id: Int) -> Int { (id * 7919) % 1000 }
}

/// A new empty directory for database files, in memory-backed `/dev/shm`
/// when it exists, so that workload 11 does not measure the disk.
public func makeTemporaryDirectory() throws -> String {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = (base as NSString).appendingPathComponent("folio-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Removes a directory made by `makeTemporaryDirectory()`.
public func removeTemporaryDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// Runs each body on its own thread, all at once, and returns their
/// results in order. Rethrows the first error.
public func runOnThreads(_ bodies: [@Sendable () throws -> Int]) throws -> [Int] {
    let results = ThreadResults(count: bodies.count)
    let group = DispatchGroup()
    for (index, body) in bodies.enumerated() {
        group.enter()
        let thread = Thread {
            results.set(index, Result { try body() })
            group.leave()
        }
        thread.start()
    }
    group.wait()
    return try results.values()
}

private final class ThreadResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Int, any Error>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<Int, any Error>) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    func values() throws -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        return try results.map { try $0!.get() }
    }
}
