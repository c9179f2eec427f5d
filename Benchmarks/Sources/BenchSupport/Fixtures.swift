import Foundation

/// Sizes of the workloads, shared by the three implementations.
public enum Size {
    /// Rows of the `items` table that workloads 1–4 fetch.
    public static let fetchedRows = 100_000
    /// Rows or records that workloads 5–7 insert.
    public static let insertedRows = 20_000
    /// Rows of the `player` table of workload 8.
    public static let players = 100_000
    /// Requests that workload 8 runs per trial.
    public static let playerQueries = 200
    /// Width of the score range of each request of workload 8 (scores are
    /// a permutation of 0..<players, so each request fetches this many).
    public static let playerQueryWidth = 100
    /// Authors of workload 9.
    public static let authors = 1_000
    /// Books per author of workload 9.
    public static let booksPerAuthor = 20
    /// Databases that workload 10 opens and migrates per trial.
    public static let migratedDatabases = 200
    /// Concurrent readers of workload 11.
    public static let poolReaders = 4
    /// Reads per reader of workload 11.
    public static let readsPerReader = 2_500
    /// Write transactions of the writer of workload 11.
    public static let poolWrites = 250
    /// Rows of the table read by workload 11.
    public static let poolRows = 1_000
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
    public static let fillItems = """
        WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.fetchedRows - 1))
        INSERT INTO items SELECT x, x+1, x+2, x+3, x+4, x+5, x+6, x+7, x+8, x+9 FROM c
        """

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
    public static let fillPlayers = """
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.players))
        INSERT INTO player (id, name, score) SELECT x, 'Player ' || x, (x * 7919) % \(Size.players) FROM c
        """

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

    public static let fillLibrary = """
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.authors))
        INSERT INTO author (id, name) SELECT x, 'Author ' || x FROM c;
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.authors * Size.booksPerAuthor))
        INSERT INTO book (id, authorId, title) SELECT x, 1 + (x * 7) % \(Size.authors), 'Book ' || x FROM c
        """

    /// Workload 10: a checksum of the migrated schema (its objects and
    /// their names).
    public static let schemaChecksum = "SELECT COUNT(*) * 1000 + SUM(LENGTH(name)) FROM sqlite_master"

    /// Workload 11: a small table that readers read, and that the writer
    /// appends to.
    public static let createPoolTable = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, value INTEGER NOT NULL);
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.poolRows))
        INSERT INTO item (id, value) SELECT x, x * 3 FROM c
        """

    public static let selectPoolValue = "SELECT value FROM item WHERE id = ?"
    public static let insertPoolValue = "INSERT INTO item (value) VALUES (?)"
    public static let poolChecksum = "SELECT COUNT(*) * 1000003 + SUM(value) FROM item"

    /// The id that read `index` of reader `reader` of workload 11 reads.
    public static func poolReadID(reader: Int, index: Int) -> Int {
        1 + (index * 31 + reader * 17) % Size.poolRows
    }
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
