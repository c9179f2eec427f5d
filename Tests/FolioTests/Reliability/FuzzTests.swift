import Folio
import Foundation
import XCTest

/// A record whose properties carry fuzzed text and bytes.
private struct FuzzRecord: Codable, Identifiable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "record_store"
    var id: Int64?
    var text: String
    var data: Data

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// Seeded random values and identifiers (FuzzInput.swift) through every
/// way they reach SQL: bound as arguments, interpolated into SQL literals,
/// stored by records, used as table and column names through the schema
/// DSL and the query interface, and as aliases. Each must come back byte
/// for byte (Swift's `==` ignores normalization: the test compares UTF-8),
/// and leave `sqlite_master` and a sentinel table unchanged.
///
/// An identifier with a NUL byte can not be written in SQL: using it must
/// throw a `DatabaseError` that says so, and change nothing.
///
/// - `FOLIO_FUZZ_COUNT`: the number of inputs (default 10,000).
/// - `FOLIO_FUZZ_SEED`: the seed (default: a new one, printed).
/// - `FOLIO_FUZZ_START`: the index of the first input (default 0), to
///   replay one input with `FOLIO_FUZZ_COUNT=1`.
/// - `FOLIO_FUZZ_VERBOSE`: set, every failed check is printed (the test
///   fails with the first three of each kind).
final class FuzzTests: FolioTestCase {
    /// The failures of one kind of check.
    private struct CheckFailures {
        var count = 0
        var examples: [String] = []
    }

    private struct Run {
        var seed: UInt64
        /// Print every failure (FOLIO_FUZZ_VERBOSE).
        var verbose: Bool
        var index = 0
        var identifier = ""
        var checks = 0
        var failures: [String: CheckFailures] = [:]

        /// Runs one check of the current input, and records its failure.
        mutating func check(_ name: String, _ body: () throws -> String?) {
            checks += 1
            let problem: String?
            do {
                problem = try body()
            } catch {
                problem = "\(error)"
            }
            guard let problem = problem.map({ FuzzInput.ascii(String($0.prefix(300))) }) else { return }
            if verbose {
                print("fuzz failure: \(name): input #\(index) (identifier \(FuzzInput.escaped(identifier, limit: 100_000))): \(problem)")
            }
            var failures = self.failures[name, default: CheckFailures()]
            failures.count += 1
            if failures.examples.count < 3 {
                failures.examples.append("input #\(index) (identifier \(FuzzInput.escaped(identifier))): \(problem)")
            }
            self.failures[name] = failures
        }
    }

    /// Nil when `found` is `expected`, byte for byte; else what was found.
    private static func compare(_ found: String?, _ expected: String) -> String? {
        guard let found else { return "got nil" }
        return Array(found.utf8) == Array(expected.utf8) ? nil : "got \(FuzzInput.escaped(found))"
    }

    private static func compare(_ found: [String], _ expected: [String]) -> String? {
        found.map { Array($0.utf8) } == expected.map { Array($0.utf8) }
            ? nil
            : "got \(found.map { FuzzInput.escaped($0) })"
    }

    /// Nil when `body` throws a DatabaseError whose message names the NUL
    /// byte.
    private static func expectNULError(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return "no error for an identifier with a NUL byte"
        } catch let error as DatabaseError where mentionsNUL(error) {
            return nil
        } catch {
            return "expected a DatabaseError naming the NUL byte, got \(type(of: error)): \(error)"
        }
    }

    private static func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE sentinel (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
                INSERT INTO sentinel VALUES (1, 'sentinel label');
                CREATE TABLE value_store (id INTEGER PRIMARY KEY, text TEXT, blob BLOB);
                CREATE TABLE record_store (id INTEGER PRIMARY KEY, text TEXT NOT NULL, data BLOB NOT NULL);
                """)
        }
        return dbQueue
    }

    /// The schema and the sentinel: what no input may change.
    private static func snapshot(_ dbQueue: DatabaseQueue) throws -> String {
        try dbQueue.read { db in
            let schema = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name")
            let sentinel = try Row.fetchAll(db, sql: "SELECT * FROM sentinel ORDER BY id")
            let counts = try Row.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM value_store), (SELECT COUNT(*) FROM record_store)")!
            return (schema + sentinel + [counts]).map(\.description).joined(separator: "\n")
        }
    }

    func testFuzzedValuesAndIdentifiersRoundTrip() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["FOLIO_FUZZ_COUNT"].flatMap(Int.init) ?? 10_000
        let start = environment["FOLIO_FUZZ_START"].flatMap(Int.init) ?? 0
        let seed = environment["FOLIO_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0..<1_000_000_000)
        let verbose = environment["FOLIO_FUZZ_VERBOSE"] != nil
        print("fuzz: seed \(seed), inputs \(start)..<\(start + count); replay with FOLIO_FUZZ_SEED=\(seed)")

        var dbQueue = try Self.makeDatabase()
        let initial = try Self.snapshot(dbQueue)
        var run = Run(seed: seed, verbose: verbose)
        var recreated = 0
        let clock = Date()
        for index in start..<(start + count) {
            var random = FuzzRandom(seed: seed, index: index)
            let value = FuzzInput.string(&random, allowsEmpty: true)
            let identifier = FuzzInput.string(&random, allowsEmpty: false)
            let other = FuzzInput.string(&random, allowsEmpty: true)
            let data = FuzzInput.data(&random, around: value)
            run.index = index
            run.identifier = identifier
            dbQueue.inDatabase { db in
                Self.checkValues(value, other: other, data: data, in: db, run: &run)
                Self.checkRecord(value, other: other, data: data, in: db, run: &run)
                Self.checkIdentifier(identifier, value: value, other: other, in: db, run: &run)
            }
            let snapshot = try Self.snapshot(dbQueue)
            run.check("sqlite_master, the sentinel and the stores are unchanged") {
                snapshot == initial ? nil : "now:\n\(dumpDifference(initial, snapshot))"
            }
            if snapshot != initial {
                // Start the next input from a clean database.
                dbQueue = try Self.makeDatabase()
                recreated += 1
            }
        }

        let elapsed = Date().timeIntervalSince(clock)
        print("fuzz: \(count) inputs, \(run.checks) checks in \(String(format: "%.1f", elapsed))s, \(run.failures.values.reduce(0) { $0 + $1.count }) failed checks")
        for (name, failures) in run.failures.sorted(by: { $0.key < $1.key }) {
            XCTFail("""
                \(name): \(failures.count) of \(count) inputs fail (seed \(seed); replay one with \
                FOLIO_FUZZ_SEED=\(seed) FOLIO_FUZZ_START=<input> FOLIO_FUZZ_COUNT=1), e.g.
                \(failures.examples.joined(separator: "\n"))
                """)
        }
        if recreated > 0 {
            print("fuzz: the database was recreated \(recreated) times, after inputs that changed it")
        }
    }

    /// Values: bound, interpolated, named, as data, stored in a table.
    private static func checkValues(_ value: String, other: String, data: Data, in db: Database, run: inout Run) {
        run.check("value bound as an argument") {
            try compare(String.fetchOne(db, sql: "SELECT ?", arguments: [value]), value)
        }
        run.check("value interpolated into an SQL literal") {
            try compare(String.fetchOne(db, SQLRequest<String>(literal: "SELECT \(value)")), value)
        }
        run.check("value as a named argument") {
            let row = try Row.fetchOne(db, sql: "SELECT :value || :other", arguments: ["value": value, "other": other])!
            return try compare(row.decode(String.self, atIndex: 0), value + other)
        }
        run.check("data bound as an argument") {
            let found = try Data.fetchOne(db, sql: "SELECT ?", arguments: [data])
            return found == data ? nil : "got \(found.map { Array($0) }.debugDescription.prefix(200))"
        }
        run.check("value and data stored in a table, and found by value") {
            try db.execute(literal: "INSERT INTO value_store (text, blob) VALUES (\(value), \(data))")
            let id = db.lastInsertedRowID
            defer { _ = try? db.execute(sql: "DELETE FROM value_store") }
            let row = try Row.fetchOne(db, sql: "SELECT text, blob FROM value_store WHERE id = ?", arguments: [id])!
            if let problem = try compare(row.decode(String.self, atIndex: 0), value) { return problem }
            if try row.decode(Data.self, atIndex: 1) != data { return "the data changed" }
            let matches = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM value_store WHERE text = ? AND blob = ?", arguments: [value, data])
            return matches == 1 ? nil : "found by value \(matches ?? -1) times"
        }
    }

    /// Records: a String and a Data property, inserted, fetched, updated,
    /// filtered, deleted.
    private static func checkRecord(_ value: String, other: String, data: Data, in db: Database, run: inout Run) {
        run.check("record with String and Data properties") {
            var record = FuzzRecord(id: nil, text: value, data: data)
            try record.insert(db)
            defer { _ = try? db.execute(sql: "DELETE FROM record_store") }
            let fetched = try FuzzRecord.find(db, id: record.id!)
            if let problem = compare(fetched.text, value) { return "after insert: \(problem)" }
            if fetched.data != data { return "after insert: the data changed" }
            record.text = other
            try record.update(db)
            if let problem = try compare(FuzzRecord.find(db, id: record.id!).text, other) { return "after update: \(problem)" }
            let matches = try FuzzRecord.filter(Column("text") == other).fetchCount(db)
            if matches != 1 { return "filtered by text: \(matches) records" }
            return try record.delete(db) ? nil : "not deleted"
        }
    }

    /// Identifiers: a table and its column named after the input, through
    /// the schema DSL, SQL interpolation and the query interface; aliases.
    private static func checkIdentifier(_ identifier: String, value: String, other: String, in db: Database, run: inout Run) {
        let tableName = "fuzz_" + identifier
        let table = Table<Row>(tableName)
        let column = Column(identifier)
        let sentinel = Table<Row>("sentinel")
        let alias = TableAlias<Row>(name: identifier)

        if identifier.utf8.contains(0) {
            run.check("identifier with NUL: schema DSL") {
                expectNULError { try db.create(table: tableName) { t in t.column(identifier, .text) } }
            }
            run.check("identifier with NUL: alias") {
                expectNULError { _ = try Row.fetchOne(db, sentinel.select(Column("label").forKey(identifier))) }
            }
            run.check("identifier with NUL: table alias") {
                expectNULError { _ = try Row.fetchOne(db, sentinel.aliased(alias).select(alias[Column("label")])) }
            }
            return
        }

        run.check("alias through forKey") {
            let row = try Row.fetchOne(db, sentinel.select(Column("label").forKey(identifier)))!
            if let problem = compare(Array(row.columnNames), [identifier]) { return problem }
            return try compare(row.decode(String.self, atIndex: 0), "sentinel label")
        }
        run.check("table alias") {
            let row = try Row.fetchOne(db, sentinel.aliased(alias).select(alias[Column("label")]))!
            return try compare(row.decode(String.self, atIndex: 0), "sentinel label")
        }
        run.check("alias through SQL interpolation") {
            let row = try Row.fetchOne(db, SQLRequest<Row>(literal: "SELECT label AS \(Column(identifier)), 1 AS \(sql: identifier.quotedDatabaseIdentifier) FROM sentinel"))!
            return compare(Array(row.columnNames), [identifier, identifier])
        }

        var created = false
        run.check("table and column names through the schema DSL") {
            try db.create(table: tableName) { t in t.column(identifier, .text) }
            created = true
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'fuzz#_%' ESCAPE '#'")
            if let problem = compare(tables, [tableName]) { return "table name: \(problem)" }
            return try compare(db.columns(in: tableName).map(\.name), [identifier]).map { "column name: \($0)" }
        }
        guard created else { return }
        run.check("column name through SQL interpolation") {
            try db.execute(literal: "INSERT INTO \(table) (\(column)) VALUES (\(value))")
            let row = try Row.fetchOne(db, table.all())!
            if let problem = compare(Array(row.columnNames), [identifier]) { return "column name: \(problem)" }
            return try compare(row.decode(String.self, atIndex: 0), value).map { "value: \($0)" }
        }
        run.check("column name through the query interface") {
            if let problem = try compare(String.fetchAll(db, table.select(column)), [value]) { return "select: \(problem)" }
            let matches = try table.filter(column == value).fetchCount(db)
            if matches != 1 { return "filter: \(matches) rows" }
            try table.updateAll(db, column.set(to: other))
            if let problem = try compare(String.fetchAll(db, table.select(column)), [other]) { return "after update: \(problem)" }
            let deleted = try table.filter(column == other).deleteAll(db)
            return deleted == 1 ? nil : "delete: \(deleted) rows"
        }
        run.check("dropping the table through the schema DSL") {
            try db.drop(table: tableName)
            return try db.tableExists(tableName) ? "the table is still there" : nil
        }

    }
}
