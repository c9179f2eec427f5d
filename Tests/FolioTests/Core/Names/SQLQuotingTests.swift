import Folio
import XCTest

/// Names and strings written into SQL are quoted at the level of UTF-8
/// bytes: a quote followed by a combining mark (one Swift `Character`) is
/// still doubled, so that no name can end its quoted token early, and
/// every name comes back byte for byte.
final class SQLQuotingTests: FolioTestCase {
    /// A double quote, then a combining acute accent (U+0301): one Swift
    /// `Character`, which is not equal to `"`.
    static let quoteWithCombiningMark = "\"\u{301}"

    /// A name that injects a subquery on the `sentinel` table when its
    /// double quote is not doubled.
    static let injectingName = "v\(quoteWithCombiningMark), (SELECT group_concat(secret) FROM sentinel) AS y FROM t --"

    func testQuotedDatabaseIdentifierDoublesAQuoteFollowedByACombiningMark() {
        XCTAssertEqual(
            Array("a\"\u{301}b".quotedDatabaseIdentifier.utf8),
            Array("\"a\"\"\u{301}b\"".utf8))
        XCTAssertEqual("player".quotedDatabaseIdentifier, "\"player\"")
        XCTAssertEqual("a\"b".quotedDatabaseIdentifier, "\"a\"\"b\"")
        XCTAssertEqual("".quotedDatabaseIdentifier, "\"\"")
    }

    func testQuotedDatabaseIdentifierKeepsTheBytesOfTheName() {
        // Precomposed é (U+00E9) and e + U+0301 are canonically equivalent
        // for Swift, and two different names for SQLite.
        for name in ["caf\u{E9}", "cafe\u{301}", "\u{212A}elvin", "e\u{301}\u{323}", "e\u{323}\u{301}"] {
            let quoted = name.quotedDatabaseIdentifier
            XCTAssertEqual(Array(quoted.utf8), [UInt8(ascii: "\"")] + Array(name.utf8) + [UInt8(ascii: "\"")])
        }
    }

    func testAnInjectingColumnNameInRawSQLIsOneIdentifier() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('visible')")
            try db.execute(sql: "CREATE TABLE sentinel (secret TEXT); INSERT INTO sentinel VALUES ('leaked')")
            let sql = "SELECT \(Self.injectingName.quotedDatabaseIdentifier) FROM t"
            XCTAssertThrowsError(try Row.fetchAll(db, sql: sql)) { error in
                let error = error as! DatabaseError
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertTrue(error.message!.utf8.starts(with: "no such column: v\"\u{301},".utf8), error.message!)
                XCTAssertEqual(error.sql, sql)
            }
        }
    }

    func testColumnNamesRoundTripByteForByte() throws {
        let dbQueue = try makeDatabaseQueue()
        let names = [
            Self.injectingName, "caf\u{E9}", "cafe\u{301}", "it's", "a`b", "[x]", "--", "a;b", "\u{1F600}",
            "\"", "\"\"", "'", " lead and trail ", "\u{301}", "SELECT",
        ]
        try dbQueue.write { db in
            let columns = names.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            try db.execute(sql: "CREATE TABLE t (\(columns))")
            try db.execute(
                sql: "INSERT INTO t VALUES (\(databaseQuestionMarks(count: names.count)))",
                arguments: StatementArguments(names.indices.map { $0 }))
            let row = try Row.fetchOne(db, sql: "SELECT * FROM t")!
            XCTAssertEqual(row.columnNames.map { Array($0.utf8) }, names.map { Array($0.utf8) })
            for (index, name) in names.enumerated() {
                let value = try Int.fetchOne(db, sql: "SELECT \(name.quotedDatabaseIdentifier) FROM t")
                XCTAssertEqual(value, index, name)
            }
        }
    }

    func testRowLookupTellsApartCanonicallyEquivalentNames() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            // Two columns that SQLite keeps apart, and Swift's == equates.
            let row = try Row.fetchOne(db, sql: "SELECT 1 AS \"caf\u{E9}\", 2 AS \"cafe\u{301}\"")!
            XCTAssertEqual(row["caf\u{E9}"] as Int?, 1)
            XCTAssertEqual(row["cafe\u{301}"] as Int?, 2)
            XCTAssertEqual(try row.decode(Int.self, forColumn: "cafe\u{301}"), 2)
            // Reading in any order: the look-up hint must not merge them.
            XCTAssertEqual(row["cafe\u{301}"] as Int?, 2)
            XCTAssertEqual(row["caf\u{E9}"] as Int?, 1)

            let statement = try db.makeStatement(sql: "SELECT 1 AS \"caf\u{E9}\", 2 AS \"cafe\u{301}\"")
            XCTAssertEqual(statement.index(ofColumn: "cafe\u{301}"), 1)
            XCTAssertEqual(statement.index(ofColumn: "CAFE\u{301}"), 1)
            XCTAssertEqual(statement.index(ofColumn: "caf\u{E9}"), 0)
        }
    }

    func testRowLookupIgnoresTheCaseOfASCIILettersOnly() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            // SQLite folds ASCII letters only: É and é are two columns.
            let row = try Row.fetchOne(db, sql: "SELECT 1 AS \"\u{E9}t\u{E9}\", 2 AS \"\u{C9}T\u{C9}\", 3 AS name")!
            XCTAssertEqual(row["\u{C9}T\u{C9}"] as Int?, 2)
            XCTAssertEqual(row["\u{E9}t\u{E9}"] as Int?, 1)
            XCTAssertEqual(row["\u{C9}t\u{C9}"] as Int?, 2) // T and t are the same
            XCTAssertEqual(row["\u{E9}T\u{E9}"] as Int?, 1)
            XCTAssertEqual(row["NAME"] as Int?, 3)
            // The Kelvin sign lowercases to k in Swift, not in SQLite.
            let kelvin = try Row.fetchOne(db, sql: "SELECT 1 AS k, 2 AS \"\u{212A}\"")!
            XCTAssertEqual(kelvin["\u{212A}"] as Int?, 2)
            XCTAssertEqual(kelvin["K"] as Int?, 1)
        }
    }

    func testDecodableRecordReadsTheColumnOfItsExactKey() throws {
        struct Record: FetchableRecord, Decodable {
            enum CodingKeys: String, CodingKey {
                case composed = "caf\u{E9}"
                case decomposed = "cafe\u{301}"
            }
            var composed: Int
            var decomposed: Int
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let records = try Record.fetchAll(db, sql: "SELECT 1 AS \"cafe\u{301}\", 2 AS \"caf\u{E9}\"")
            XCTAssertEqual(records.map(\.decomposed), [1])
            XCTAssertEqual(records.map(\.composed), [2])
        }
    }

    func testStringValuesInSQLLiteralsDoubleQuotesFollowedByACombiningMark() throws {
        let value = "a'\u{301} OR 1 = 1 --"
        try makeDatabaseQueue().write { db in
            try db.create(table: "t") { t in
                t.column("a", .text).defaults(to: value)
            }
            let sql = try XCTUnwrap(String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 't'"))
            XCTAssertTrue(Array(sql.utf8).starts(with: Array(#"CREATE TABLE "t" ("a" TEXT DEFAULT 'a''\#u{301} OR 1 = 1 --'"#.utf8)), sql)
            try db.execute(sql: "INSERT INTO t DEFAULT VALUES")
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT a FROM t"), value)
        }
    }

    func testSchemaIntrospectionTellsApartTablesThatDifferOnlyByNormalization() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE \"caf\u{E9}\" (a INTEGER PRIMARY KEY)")
            try db.execute(sql: "CREATE TABLE \"cafe\u{301}\" (b TEXT, c TEXT, PRIMARY KEY (b, c))")
            XCTAssertEqual(try db.columns(in: "caf\u{E9}").map(\.name), ["a"])
            XCTAssertEqual(try db.columns(in: "cafe\u{301}").map(\.name), ["b", "c"])
            XCTAssertEqual(try db.primaryKey("caf\u{E9}").columns, ["a"])
            XCTAssertEqual(try db.primaryKey("cafe\u{301}").columns, ["b", "c"])
        }
    }
}
