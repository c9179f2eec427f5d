import Folio
import Foundation
import XCTest

// Seeded fuzzing of Folio's entry points with bad input: SQL text,
// statement arguments, TEXT that is not UTF-8, out-of-range numbers,
// garbage decoded as Date, UUID, Decimal, URL and JSON, and files that are
// not databases. Every input must throw or succeed as GRDB documents: a
// trap crashes the test run. Each test replays from its fixed seed.

private let seed: UInt64 = 0xF0_1105_EED5

/// A value that a Decodable record decodes from column `value`.
private struct Holder<Value: Decodable & Sendable>: Decodable, FetchableRecord, Sendable {
    var value: Value
}

/// A Codable property, which Folio decodes from JSON text.
private struct Payload: Codable, Equatable, Sendable {
    var name: String
    var scores: [Int]
}

/// A record with a JSON column.
private struct Document: Codable, FetchableRecord, PersistableRecord, Sendable {
    var id: Int64
    var payload: Payload
}

final class EntryPointFuzzTests: FolioTestCase {
    /// Runs `body`, and fails the test if it throws something else than a
    /// `DatabaseError` with a message.
    private func expectSuccessOrDatabaseError(
        _ what: @autoclosure () -> String, namingSQL: Bool = false, _ body: () throws -> Void
    ) {
        do {
            try body()
        } catch let error as DatabaseError {
            XCTAssertFalse(error.description.isEmpty, what())
            if namingSQL {
                // The error names the SQL that failed.
                XCTAssertNotNil(error.sql, "\(what()): \(error)")
            }
        } catch {
            XCTFail("\(what()): unexpected error \(type(of: error)): \(error)")
        }
    }

    /// Random bytes as a string: invalid UTF-8 turns into U+FFFD, NUL
    /// stays.
    private func randomBytesString(_ random: inout FuzzRandom, count: Int) -> String {
        let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - SQL text

    private static let validStatements = [
        "SELECT id, label FROM sentinel WHERE id = 1 AND label = 'sentinel label'",
        "INSERT INTO scratch (a, b) VALUES ('it''s', x'00ff')",
        "UPDATE scratch SET a = \"a\" || 'x' WHERE b IS NOT NULL",
        "CREATE TEMP TABLE IF NOT EXISTS t1 (\"weird \"\" name\" TEXT, [bracket] INT)",
        "SELECT json_extract('{\"a\": [1, 2]}', '$.a[1]'), ?1, :name, @other, $dollar",
        "WITH r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT * FROM r",
        "SELECT CAST(x'c328' AS TEXT), char(0), 1e999, -1e999, 9223372036854775808",
        "DELETE FROM scratch WHERE a LIKE '%\\_%' ESCAPE '\\'; SELECT 1; /* comment",
    ]

    func testRandomAndMalformedSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE sentinel (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
                INSERT INTO sentinel VALUES (1, 'sentinel label');
                CREATE TABLE scratch (a, b);
                """)
        }
        try dbQueue.inDatabase { db in
            for index in 0..<1_500 {
                var random = FuzzRandom(seed: seed, index: index)
                let base = Self.validStatements[random.int(below: Self.validStatements.count)]
                let sql: String
                switch random.int(below: 6) {
                case 0:
                    sql = randomBytesString(&random, count: random.int(below: 64))
                case 1:
                    // Truncated at a random character.
                    sql = String(base.prefix(random.int(below: base.count + 1)))
                case 2:
                    // An unbalanced quote or bracket inserted anywhere.
                    var characters = Array(base)
                    let quote: Character = ["'", "\"", "`", "[", "]", "(", ")"][random.int(below: 7)]
                    characters.insert(quote, at: random.int(below: characters.count + 1))
                    sql = String(characters)
                case 3:
                    // An embedded NUL.
                    var characters = Array(base)
                    characters.insert("\0", at: random.int(below: characters.count + 1))
                    sql = String(characters)
                case 4:
                    sql = FuzzInput.string(&random, allowsEmpty: true)
                default:
                    // Random pieces spliced into a valid statement.
                    var characters = Array(base)
                    for _ in 0..<(1 + random.int(below: 4)) {
                        let piece = FuzzInput.randomPiece(&random)
                        characters.insert(contentsOf: piece, at: random.int(below: characters.count + 1))
                    }
                    sql = String(characters)
                }
                let shown = "input \(index): \(FuzzInput.escaped(sql))"
                switch random.int(below: 3) {
                case 0:
                    expectSuccessOrDatabaseError(shown, namingSQL: true) {
                        try db.execute(sql: sql)
                    }
                case 1:
                    expectSuccessOrDatabaseError(shown, namingSQL: true) {
                        let statement = try db.makeStatement(sql: sql)
                        _ = statement.columnNames
                        _ = try Row.fetchAll(statement)
                    }
                default:
                    expectSuccessOrDatabaseError(shown, namingSQL: true) {
                        _ = try Row.fetchAll(db, sql: sql)
                    }
                }
                if !db.isInsideTransaction {
                    continue
                }
                // A fuzzed BEGIN must not outlive its input.
                try db.rollback()
            }
            // No random input may have touched the sentinel.
            let label = try String.fetchOne(db, sql: "SELECT label FROM sentinel WHERE id = 1")
            XCTAssertEqual(label, "sentinel label")
        }
    }

    // MARK: - Arguments

    private static let parameterizedStatements = [
        "SELECT ?", "SELECT ?, ?", "SELECT ?1, ?2, ?1", "SELECT ?3", "SELECT :a", "SELECT :a, :b, :a",
        "SELECT @a, $b", "SELECT ?, :a", "SELECT :a, ?", "SELECT 1", "SELECT ?2, :a, ?",
    ]

    private func randomValue(_ random: inout FuzzRandom) -> DatabaseValue {
        switch random.int(below: 5) {
        case 0: return .null
        case 1: return Int64(bitPattern: random.next()).databaseValue
        case 2: return Double(bitPattern: random.next()).databaseValue
        case 3: return FuzzInput.string(&random, allowsEmpty: true).databaseValue
        default: return FuzzInput.data(&random, around: "").databaseValue
        }
    }

    func testArgumentMismatches() throws {
        let dbQueue = try makeDatabaseQueue()
        let names = ["a", "b", "c", ":a", "@a", "$b", "", "A", "a\0"]
        try dbQueue.inDatabase { db in
            for index in 0..<2_000 {
                var random = FuzzRandom(seed: seed, index: index)
                let sql = Self.parameterizedStatements[random.int(below: Self.parameterizedStatements.count)]
                var positional = (0..<random.int(below: 5)).map { _ in randomValue(&random) }
                var named: [String: DatabaseValue] = [:]
                for _ in 0..<random.int(below: 4) {
                    named[names[random.int(below: names.count)]] = randomValue(&random)
                }
                let arguments: StatementArguments
                switch random.int(below: 3) {
                case 0:
                    arguments = StatementArguments(positional)
                    named = [:]
                case 1:
                    arguments = StatementArguments(named)
                    positional = []
                default:
                    arguments = StatementArguments(positional) + StatementArguments(named)
                }
                let shown = "input \(index): \(sql) with \(positional.count) positional, named \(named.keys.sorted())"
                let positionalOnly = ["SELECT ?": 1, "SELECT ?, ?": 2, "SELECT ?1, ?2, ?1": 2, "SELECT ?3": 3, "SELECT 1": 0]
                if named.isEmpty, let parameterCount = positionalOnly[sql], positional.count != parameterCount {
                    // Too many or too few positional arguments.
                    XCTAssertThrowsError(try Row.fetchAll(db, sql: sql, arguments: arguments), shown) { error in
                        XCTAssertTrue(error is DatabaseError, "\(shown): \(error)")
                    }
                }
                switch random.int(below: 4) {
                case 0:
                    expectSuccessOrDatabaseError(shown, namingSQL: true) { _ = try Row.fetchAll(db, sql: sql, arguments: arguments) }
                case 1:
                    expectSuccessOrDatabaseError(shown, namingSQL: true) { try db.execute(sql: sql, arguments: arguments) }
                case 2:
                    expectSuccessOrDatabaseError(shown, namingSQL: true) {
                        let statement = try db.makeStatement(sql: sql)
                        try statement.validateArguments(arguments)
                        statement.setUncheckedArguments(arguments)
                        _ = try Row.fetchAll(statement)
                    }
                default:
                    expectSuccessOrDatabaseError(shown, namingSQL: true) {
                        let statement = try db.makeStatement(sql: sql)
                        try statement.setArguments(arguments)
                        _ = try DatabaseValue.fetchAll(statement)
                    }
                }
            }
        }
    }

    // MARK: - TEXT that is not UTF-8

    func testInvalidUTF8AndNULInText() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT)")
            for index in 0..<1_000 {
                var random = FuzzRandom(seed: seed, index: index)
                var bytes = (0..<random.int(below: 48)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                if random.int(below: 2) == 0 {
                    bytes.insert(0, at: random.int(below: bytes.count + 1))
                }
                let shown = "input \(index): bytes \(bytes)"
                // A blob cast to TEXT keeps its bytes, valid UTF-8 or not.
                try db.execute(sql: "DELETE FROM t")
                try db.execute(sql: "INSERT INTO t (id, text) VALUES (1, CAST(? AS TEXT))", arguments: [Data(bytes)])
                let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT text, typeof(text) FROM t"), shown)
                XCTAssertEqual(row[1] as String, "text", shown)
                // Data reads the stored bytes unchanged.
                XCTAssertEqual(try Data.fetchOne(db, sql: "SELECT text FROM t"), Data(bytes), shown)
                // A copied row holds the text as a String: invalid UTF-8
                // is repaired there, NUL bytes stay.
                let repaired = Data(String(decoding: bytes, as: UTF8.self).utf8)
                XCTAssertEqual(row[0] as Data, repaired, shown)
                // String reads them without trapping, invalid UTF-8 repaired.
                let string = try XCTUnwrap(String.fetchOne(db, sql: "SELECT text FROM t"), shown)
                XCTAssertEqual(string, String(decoding: bytes, as: UTF8.self), shown)
                let dbValue = try XCTUnwrap(DatabaseValue.fetchOne(db, sql: "SELECT text FROM t"), shown)
                XCTAssertEqual(String.fromDatabaseValue(dbValue), string, shown)
                XCTAssertEqual(Data.fromDatabaseValue(dbValue), repaired, shown)
                let holder = try Holder<String>.fetchOne(db, sql: "SELECT text AS value FROM t")
                XCTAssertEqual(holder?.value, string, shown)
                // Written back as a Swift String, NUL included, it round-trips.
                try db.execute(sql: "UPDATE t SET text = ?", arguments: [string])
                XCTAssertEqual(try String.fetchOne(db, sql: "SELECT text FROM t"), string, shown)
                XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT length(CAST(text AS BLOB)) FROM t"), string.utf8.count, shown)
            }
        }
    }

    // MARK: - Numbers

    func testNonFiniteDoubles() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            for value in [Double.infinity, -Double.infinity, Double.greatestFiniteMagnitude, -0.0, Double.leastNonzeroMagnitude] {
                XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT ?", arguments: [value]), value)
            }
            // SQLite stores NaN as NULL.
            XCTAssertNil(try Double?.fetchOne(db, sql: "SELECT ?", arguments: [Double.nan]) ?? nil)
            XCTAssertThrowsError(try Holder<Double>.fetchOne(db, sql: "SELECT ? AS value", arguments: [Double.nan]))
            // Infinite and huge doubles are not integers.
            for value in [Double.infinity, -Double.infinity, 1e300, -1e300, 9.3e18, -9.3e18] {
                XCTAssertNil(Int.fromDatabaseValue(value.databaseValue), "\(value)")
                XCTAssertNil(Int64.fromDatabaseValue(value.databaseValue), "\(value)")
                XCTAssertThrowsError(try Int.fetchOne(db, sql: "SELECT ?", arguments: [value]), "\(value)") { error in
                    XCTAssertTrue(error is RowDecodingError, "\(value): \(error)")
                }
                XCTAssertThrowsError(try Holder<Int64>.fetchOne(db, sql: "SELECT ? AS value", arguments: [value]), "\(value)") { error in
                    XCTAssertTrue(error is RowDecodingError, "\(value): \(error)")
                }
            }
        }
    }

    /// Checks that `T` reads `value` exactly, or throws when `value` does
    /// not fit, through every throwing path.
    private func checkInteger<T: FixedWidthInteger & DatabaseValueConvertible & Decodable & Sendable>(
        _: T.Type, _ value: DatabaseValue, expected: T?, db: Database, _ shown: String
    ) throws {
        XCTAssertEqual(T.fromDatabaseValue(value), expected, shown)
        if let expected {
            XCTAssertEqual(try T.fetchOne(db, sql: "SELECT ?", arguments: [value]), expected, shown)
            XCTAssertEqual(try Holder<T>.fetchOne(db, sql: "SELECT ? AS value", arguments: [value])?.value, expected, shown)
        } else {
            XCTAssertThrowsError(try T.fetchOne(db, sql: "SELECT ?", arguments: [value]), shown) { error in
                XCTAssertTrue(error is RowDecodingError, "\(shown): \(error)")
            }
            XCTAssertThrowsError(try T.fetchAll(db, sql: "SELECT ?", arguments: [value]), shown)
            XCTAssertThrowsError(try Holder<T>.fetchOne(db, sql: "SELECT ? AS value", arguments: [value]), shown) { error in
                XCTAssertTrue(error is RowDecodingError, "\(shown): \(error)")
                // The error names the column and the type.
                XCTAssertTrue("\(error)".contains("value"), "\(shown): \(error)")
                XCTAssertTrue("\(error)".contains("\(T.self)"), "\(shown): \(error)")
            }
        }
    }

    func testOutOfRangeIntegers() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            for index in 0..<400 {
                var random = FuzzRandom(seed: seed, index: index)
                let int64: Int64 = switch random.int(below: 3) {
                case 0: Int64(bitPattern: random.next())
                case 1: Int64(random.int(below: 1 << 17)) - (1 << 16)
                default: [Int64.min, Int64.max, 0, -1, 127, 128, -128, -129, 255, 256, 65535, 65536, Int64(UInt32.max), Int64(UInt32.max) + 1, Int64(Int32.min) - 1][random.int(below: 15)]
                }
                let shown = "input \(index): \(int64)"
                let value = int64.databaseValue
                try checkInteger(Int8.self, value, expected: Int8(exactly: int64), db: db, shown)
                try checkInteger(Int16.self, value, expected: Int16(exactly: int64), db: db, shown)
                try checkInteger(Int32.self, value, expected: Int32(exactly: int64), db: db, shown)
                try checkInteger(UInt8.self, value, expected: UInt8(exactly: int64), db: db, shown)
                try checkInteger(UInt16.self, value, expected: UInt16(exactly: int64), db: db, shown)
                try checkInteger(UInt32.self, value, expected: UInt32(exactly: int64), db: db, shown)
                try checkInteger(UInt64.self, value, expected: UInt64(exactly: int64), db: db, shown)
                try checkInteger(UInt.self, value, expected: UInt(exactly: int64), db: db, shown)
            }
        }
    }

    /// Reads `value` as `T` through every throwing path: each read
    /// succeeds or throws a RowDecodingError.
    private func readOrThrow<T: FixedWidthInteger & DatabaseValueConvertible & Decodable & Sendable>(
        _: T.Type, _ value: DatabaseValue, db: Database, _ shown: String
    ) {
        _ = T.fromDatabaseValue(value)
        let reads: [(String, () throws -> Void)] = [
            ("fetchOne", { _ = try T.fetchOne(db, sql: "SELECT ?", arguments: [value]) }),
            ("fetchAll", { _ = try T.fetchAll(db, sql: "SELECT ? UNION ALL SELECT ?", arguments: [value, value]) }),
            ("fetchCursor", { _ = try Array(T.fetchCursor(db, sql: "SELECT ?", arguments: [value])) }),
            ("optional", { _ = try T?.fetchOne(db, sql: "SELECT ?", arguments: [value]) }),
            ("record", { _ = try Holder<T>.fetchAll(db, sql: "SELECT ? AS value", arguments: [value]) }),
            ("record cursor", { _ = try Array(Holder<T?>.fetchCursor(db, sql: "SELECT ? AS value", arguments: [value])) }),
        ]
        for (path, read) in reads {
            do {
                try read()
            } catch is RowDecodingError {
            } catch {
                XCTFail("\(shown) as \(T.self) (\(path)): unexpected error \(type(of: error)): \(error)")
            }
        }
    }

    func testDoublesTextAndBlobsIntoIntegers() throws {
        let dbQueue = try makeDatabaseQueue()
        let texts = ["1000", "-1", "127", "128", "9223372036854775808", "1e3", " 12 ", "0x10", "", "abc", "3.5", "-0"]
        dbQueue.inDatabase { db in
            for index in 0..<300 {
                var random = FuzzRandom(seed: seed, index: index)
                let value: DatabaseValue = switch random.int(below: 4) {
                case 0: Double(bitPattern: random.next()).databaseValue
                case 1: (Double(random.int(below: 1 << 20)) / 8 - 65_536).databaseValue
                case 2: texts[random.int(below: texts.count)].databaseValue
                default: Data((0..<random.int(below: 10)).map { _ in UInt8(truncatingIfNeeded: random.next()) }).databaseValue
                }
                let shown = "input \(index): \(value)"
                readOrThrow(Int8.self, value, db: db, shown)
                readOrThrow(UInt8.self, value, db: db, shown)
                readOrThrow(Int16.self, value, db: db, shown)
                readOrThrow(Int32.self, value, db: db, shown)
                readOrThrow(UInt32.self, value, db: db, shown)
                readOrThrow(Int.self, value, db: db, shown)
                readOrThrow(UInt64.self, value, db: db, shown)
            }
        }
    }

    // MARK: - Garbage into Date, UUID, Decimal, URL, JSON

    /// Decodes `T` from each garbage value: a success is fine, a failure
    /// must be a RowDecodingError.
    private func decodeGarbage<T: Decodable & Sendable>(_: T.Type, _ value: DatabaseValue, db: Database, _ shown: String) {
        do {
            _ = try Holder<T>.fetchOne(db, sql: "SELECT ? AS value", arguments: [value])
        } catch is RowDecodingError {
        } catch {
            XCTFail("\(shown) as \(T.self): unexpected error \(type(of: error)): \(error)")
        }
        do {
            _ = try Holder<T?>.fetchOne(db, sql: "SELECT ? AS value", arguments: [value])
        } catch is RowDecodingError {
        } catch {
            XCTFail("\(shown) as \(T.self)?: unexpected error \(type(of: error)): \(error)")
        }
    }

    func testGarbageIntoFoundationTypes() throws {
        let dbQueue = try makeDatabaseQueue()
        let samples = ["2024-02-30", "2024-13-01 25:61:61", "1970-01-01T00:00:00.Z", "not a date", "", "\0",
                       "12345678-1234-1234-1234-1234567890ag", "{}", "1e99999", "-", "NaN", "http://[::1", "::"]
        try dbQueue.inDatabase { db in
            for index in 0..<500 {
                var random = FuzzRandom(seed: seed, index: index)
                let value: DatabaseValue = switch random.int(below: 4) {
                case 0: FuzzInput.string(&random, allowsEmpty: true).databaseValue
                case 1: Data((0..<random.int(below: 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }).databaseValue
                case 2: samples[random.int(below: samples.count)].databaseValue
                default: Double(bitPattern: random.next()).databaseValue
                }
                let shown = "input \(index): \(value.description.prefix(80))"
                decodeGarbage(Date.self, value, db: db, shown)
                decodeGarbage(UUID.self, value, db: db, shown)
                decodeGarbage(Decimal.self, value, db: db, shown)
                decodeGarbage(URL.self, value, db: db, shown)
                decodeGarbage(Payload.self, value, db: db, shown)
                decodeGarbage([Int].self, value, db: db, shown)
            }
            // Clear cases must throw.
            for text in ["not a date", "2024-99-99", ""] {
                XCTAssertThrowsError(try Holder<Date>.fetchOne(db, sql: "SELECT ? AS value", arguments: [text])) { error in
                    XCTAssertTrue(error is RowDecodingError, "\(text): \(error)")
                }
            }
            for value in ["not a uuid".databaseValue, Data([1, 2, 3]).databaseValue] {
                XCTAssertThrowsError(try Holder<UUID>.fetchOne(db, sql: "SELECT ? AS value", arguments: [value])) { error in
                    XCTAssertTrue(error is RowDecodingError, "\(value): \(error)")
                }
            }
            XCTAssertThrowsError(try Holder<Decimal>.fetchOne(db, sql: "SELECT 'twelve' AS value")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
        }
    }

    func testInvalidJSONIntoCodableProperties() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE document (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)")
            try Document(id: 1, payload: Payload(name: "ok", scores: [1, 2])).insert(db)
            let pieces = ["{", "}", "[", "]", "\"", ":", ",", "name", "scores", "1", "-", "e", "null", "true", "\\", "\0", "\u{FFFF}", " "]
            for index in 0..<1_000 {
                var random = FuzzRandom(seed: seed, index: index)
                var json = ""
                if random.int(below: 2) == 0 {
                    // A valid document, cut or with a piece inserted.
                    json = #"{"name":"x","scores":[1,2,3]}"#
                    var characters = Array(json)
                    if random.int(below: 2) == 0 {
                        characters = Array(characters.prefix(random.int(below: characters.count)))
                    } else {
                        characters.insert(contentsOf: pieces[random.int(below: pieces.count)], at: random.int(below: characters.count + 1))
                    }
                    json = String(characters)
                } else {
                    for _ in 0..<random.int(below: 12) {
                        json += pieces[random.int(below: pieces.count)]
                    }
                }
                let shown = "input \(index): \(FuzzInput.escaped(json))"
                try db.execute(sql: "UPDATE document SET payload = ? WHERE id = 1", arguments: [json])
                do {
                    let document = try Document.fetchOne(db, sql: "SELECT * FROM document")
                    // Only valid JSON of the right shape decodes.
                    let expected = try? JSONDecoder().decode(Payload.self, from: Data(json.utf8))
                    XCTAssertEqual(document?.payload, expected, shown)
                } catch is RowDecodingError {
                } catch {
                    XCTFail("\(shown): unexpected error \(type(of: error)): \(error)")
                }
                // The same bytes as a blob.
                try db.execute(sql: "UPDATE document SET payload = CAST(? AS BLOB) WHERE id = 1", arguments: [json])
                do {
                    _ = try Document.fetchAll(db, sql: "SELECT * FROM document")
                } catch is RowDecodingError {
                } catch {
                    XCTFail("\(shown) (blob): unexpected error \(type(of: error)): \(error)")
                }
            }
            // A plainly invalid document throws.
            try db.execute(sql: "UPDATE document SET payload = '{\"name\": ' WHERE id = 1")
            XCTAssertThrowsError(try Document.fetchOne(db, sql: "SELECT * FROM document")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
        }
    }

    // MARK: - Files that are not databases

    func testRandomFilesOpenedAsDatabases() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-entry-fuzz-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        // A real database to cut.
        let realPath = directory.appendingPathComponent("real.sqlite").path
        do {
            let dbQueue = try DatabaseQueue(path: realPath)
            try dbQueue.write { db in
                try db.execute(sql: "CREATE TABLE t (a TEXT); CREATE INDEX t_a ON t(a)")
                for i in 0..<300 {
                    try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [String(repeating: "x", count: i)])
                }
            }
            try dbQueue.close()
        }
        let real = try Data(contentsOf: URL(fileURLWithPath: realPath))

        for index in 0..<40 {
            var random = FuzzRandom(seed: seed, index: index)
            let bytes: Data
            switch random.int(below: 4) {
            case 0:
                bytes = Data((0..<random.int(below: 8_192)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            case 1:
                bytes = real.prefix(random.int(below: real.count))
            case 2:
                // The real header, random pages.
                var corrupted = real
                for _ in 0..<(1 + random.int(below: 64)) {
                    corrupted[100 + random.int(below: corrupted.count - 100)] = UInt8(truncatingIfNeeded: random.next())
                }
                bytes = corrupted
            default:
                bytes = Data()
            }
            let path = directory.appendingPathComponent("fuzz-\(index).sqlite").path
            try bytes.write(to: URL(fileURLWithPath: path))
            let shown = "input \(index): \(bytes.count) bytes"
            expectSuccessOrDatabaseError(shown) {
                let writer: any DatabaseWriter = random.int(below: 2) == 0
                    ? try DatabaseQueue(path: path)
                    : try DatabasePool(path: path)
                _ = try writer.read { db in
                    try Row.fetchAll(db, sql: "SELECT * FROM sqlite_master")
                }
                _ = try writer.read { db in
                    try Row.fetchAll(db, sql: "SELECT * FROM t ORDER BY a")
                }
                _ = try writer.read { db in
                    try db.execute(sql: "PRAGMA integrity_check")
                }
            }
        }
        // A directory.
        XCTAssertThrowsError(try DatabaseQueue(path: directory.path).read { db in try db.tableExists("t") })
        XCTAssertThrowsError(try DatabasePool(path: directory.path).read { db in try db.tableExists("t") })
    }
}
