/// One benchmark workload, as one implementation (raw C, GRDB or Folio)
/// runs it.
///
/// The runner calls ``prepare`` outside of the timed region to build a
/// ``Trial`` (open databases, insert fixtures, build the values to insert),
/// then times ``Trial/run`` only, then calls ``Trial/check`` outside of the
/// timed region. The three implementations of a workload must return the
/// same checksums from `run` and `check`: the runner stops on a mismatch, so
/// no implementation can skip work.
public struct Workload {
    /// The number of the workload in issue 8 (1...11).
    public var id: Int

    /// Builds one trial. Called once per sample, untimed.
    public var prepare: () throws -> Trial

    /// The number of operations of interest one trial performs (for
    /// workload 11, the number of reads), so that the runner can print a
    /// rate. Nil for other workloads.
    public var operationCount: Int?

    public init(id: Int, operationCount: Int? = nil, prepare: @escaping () throws -> Trial) {
        self.id = id
        self.operationCount = operationCount
        self.prepare = prepare
    }
}

/// One timed run of a workload.
public struct Trial {
    /// The timed work. Returns a checksum of what it read or wrote.
    public var run: () throws -> Int

    /// Untimed verification after `run`: a checksum of the database state
    /// (zero when there is nothing to verify).
    public var check: () throws -> Int

    /// Untimed clean-up after `check` (closing databases, removing
    /// files).
    public var cleanup: () -> Void

    public init(
        run: @escaping () throws -> Int,
        check: @escaping () throws -> Int = { 0 },
        cleanup: @escaping () -> Void = { })
    {
        self.run = run
        self.check = check
        self.cleanup = cleanup
    }
}

/// The numbers of all workloads.
public var allWorkloadIDs: [Int] { Array(workloadTitles.keys).sorted() }

/// Titles of the workloads, by id.
public let workloadTitles: [Int: String] = [
    1: "fetch 100k rows x 10 ints, row[0]",
    2: "fetch 100k rows x 10 ints, row[\"i0\"]",
    3: "fetch 100k records, init(row:)",
    4: "fetch 100k Decodable records",
    5: "insert 20k rows, positional args",
    6: "insert 20k records, encode(to:)",
    7: "insert 20k Encodable records",
    8: "query interface: 200 x filter+order+fetchAll",
    9: "associations: including(all:) + (required:)",
    10: "open in-memory + migrate 5 tables, x200",
    11: "pool: 4 readers x 2500 reads + 1 writer",
    12: "2k small write transactions, queue",
    13: "2k small write transactions, pool",
    14: "2k small transactions, pool, 4 busy readers",
    15: "observation: 50 observers, 1k writes",
    16: "observation: 5 observers, 1k writes",
    17: "fetch 100k Decodable records, 3 dates",
    18: "fetch 10k rows, 4 KB text + 4 KB blob",
    19: "20k upserts of Encodable records, half new",
    20: "insertAll 20k records, encode(to:)",
    21: "insertAll 20k Encodable records",
    22: "upsertAll 20k Encodable records, half new",
    23: "fetch 100k @DatabaseRecord records",
    24: "insert 20k @DatabaseRecord records",
    25: "fetch 15k Northwind orders, @DatabaseRecord",
]
