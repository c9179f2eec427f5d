import Folio
import Foundation
import XCTest

/// Values that SQLite can not store (`UInt64.max`, a date whose seconds do
/// not fit an INTEGER) throw a `DatabaseError` that names the value and
/// the statement wherever they are bound, and store nothing. Values read
/// from the database that do not fit the requested type throw a
/// `RowDecodingError`. Nothing traps.
final class UnrepresentableValueTests: FolioTestCase {
    private static let uint64Message =
        "the integer 18446744073709551615 can not be stored: SQLite integers are signed 64-bit, at most 9223372036854775807"

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, value)")
        }
        return dbQueue
    }

    private func assertUnrepresentable(
        _ error: any Error,
        message: String = UnrepresentableValueTests.uint64Message,
        sql: String?,
        file: StaticString = #filePath,
        line: UInt = #line)
    {
        guard let error = error as? DatabaseError else {
            return XCTFail("unexpected error \(error)", file: file, line: line)
        }
        XCTAssertEqual(error.resultCode, .SQLITE_MISMATCH, file: file, line: line)
        XCTAssertEqual(error.message, message, file: file, line: line)
        XCTAssertEqual(error.sql, sql, file: file, line: line)
    }

    private func rowCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
    }

    func testUInt64AboveInt64MaxThrowsWhenBoundAsArgument() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let sql = "INSERT INTO t (value) VALUES (?)"
            XCTAssertThrowsError(try db.execute(sql: sql, arguments: [UInt64.max])) { error in
                assertUnrepresentable(error, sql: sql)
            }
            XCTAssertThrowsError(try db.execute(sql: sql, arguments: [UInt(UInt64.max)])) { error in
                assertUnrepresentable(error, sql: sql)
            }
            XCTAssertThrowsError(try db.execute(sql: sql, arguments: [UInt64(Int64.max) + 1])) { error in
                XCTAssertEqual(
                    (error as? DatabaseError)?.message,
                    "the integer 9223372036854775808 can not be stored: SQLite integers are signed 64-bit, at most 9223372036854775807")
            }
            XCTAssertEqual(try rowCount(db), 0)

            // The largest value that fits is stored, and reads back.
            try db.execute(sql: sql, arguments: [UInt64(Int64.max)])
            XCTAssertEqual(try UInt64.fetchOne(db, sql: "SELECT value FROM t"), UInt64(Int64.max))
        }
    }

    func testUInt64AboveInt64MaxThrowsInSQLLiteralsAndRequests() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            XCTAssertThrowsError(try db.execute(literal: "INSERT INTO t (value) VALUES (\(UInt64.max))")) { error in
                assertUnrepresentable(error, sql: "INSERT INTO t (value) VALUES (?)")
            }
            XCTAssertThrowsError(try Row.fetchAll(db, Table("t").filter(Column("value") == UInt64.max))) { error in
                assertUnrepresentable(error, sql: "SELECT * FROM \"t\" WHERE \"value\" = ?")
            }
            XCTAssertThrowsError(try Table("t").updateAll(db, Column("value").set(to: UInt64.max))) { error in
                assertUnrepresentable(error, sql: "UPDATE \"t\" SET \"value\" = ?")
            }
            XCTAssertEqual(try rowCount(db), 0)
        }
    }

    func testUInt64AboveInt64MaxThrowsInSchemaDefaults() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            XCTAssertThrowsError(try db.create(table: "t") { t in
                t.column("value", .integer).defaults(to: UInt64.max)
            }) { error in
                assertUnrepresentable(error, sql: nil)
            }
            XCTAssertThrowsError(try db.create(table: "t") { t in
                t.column("value", .integer).check { $0 < UInt64.max }
            }) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, Self.uint64Message)
            }
            XCTAssertFalse(try db.tableExists("t"))
        }
    }

    func testUInt64AboveInt64MaxThrowsFromRecords() throws {
        struct Encoded: Encodable, PersistableRecord {
            static let databaseTableName = "t"
            var value: UInt64
        }
        struct Manual: PersistableRecord {
            static let databaseTableName = "t"
            var value: UInt
            func encode(to container: inout PersistenceContainer) {
                container["value"] = value
            }
        }
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            XCTAssertThrowsError(try Encoded(value: .max).insert(db)) { error in
                assertUnrepresentable(error, sql: "INSERT INTO \"t\" (\"value\") VALUES (?)")
            }
            XCTAssertThrowsError(try Manual(value: .max).insert(db)) { error in
                assertUnrepresentable(error, sql: "INSERT INTO \"t\" (\"value\") VALUES (?)")
            }
            XCTAssertEqual(try rowCount(db), 0)
            // The cached statement works for the next record.
            try Encoded(value: 42).insert(db)
            XCTAssertEqual(try UInt64.fetchAll(db, sql: "SELECT value FROM t"), [42])
        }
    }

    func testUInt64AboveInt64MaxThrowsFromFunctions() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            db.add(function: DatabaseFunction("huge", argumentCount: 0) { _ in UInt64.max })
            XCTAssertThrowsError(try Int64.fetchOne(db, sql: "SELECT huge()")) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISMATCH)
                XCTAssertEqual(error.message, Self.uint64Message)
                XCTAssertEqual(error.sql, "SELECT huge()")
            }
        }
    }

    func testStatementWithAFailedBindingDoesNotRunWithStaleArguments() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let statement = try db.makeStatement(sql: "INSERT INTO t (value) VALUES (?)")
            try statement.execute(arguments: [1])
            XCTAssertThrowsError(try statement.setArguments([UInt64.max])) { error in
                assertUnrepresentable(error, sql: "INSERT INTO t (value) VALUES (?)")
            }
            // Running the statement again does not insert the previous value.
            XCTAssertThrowsError(try statement.execute()) { error in
                assertUnrepresentable(error, sql: "INSERT INTO t (value) VALUES (?)")
            }
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT value FROM t"), [1])
            statement.setUncheckedArguments([UInt64.max])
            XCTAssertThrowsError(try statement.execute()) { error in
                assertUnrepresentable(error, sql: "INSERT INTO t (value) VALUES (?)")
            }
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT value FROM t"), [1])
        }
    }

    func testUnrepresentableValueConvertsBackBeforeItIsStored() {
        let dbValue = UInt64.max.databaseValue
        XCTAssertEqual(UInt64.fromDatabaseValue(dbValue), .max)
        XCTAssertEqual(UInt.fromDatabaseValue(dbValue), .max)
        XCTAssertNil(Int64.fromDatabaseValue(dbValue))
        XCTAssertFalse(dbValue.isNull)
        XCTAssertEqual(dbValue.description, "18446744073709551615")
        XCTAssertEqual(Row(["value": UInt64.max]).description, "[value:18446744073709551615]")
        guard case .double(let double) = dbValue.storage else { return XCTFail("\(dbValue.storage)") }
        XCTAssertEqual(double, 18_446_744_073_709_551_615.0)
        XCTAssertEqual(dbValue, UInt64.max.databaseValue)
        XCTAssertNotEqual(dbValue, (UInt64.max - 1).databaseValue)
        XCTAssertEqual(UInt64(Int64.max).databaseValue, Int64.max.databaseValue)
    }

    func testDatesThatDoNotFitTheirEncodingStrategyThrow() throws {
        struct Event: Encodable, PersistableRecord {
            static let databaseTableName = "t"
            static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
                switch column {
                case "seconds": return .secondsSince1970
                case "milliseconds": return .millisecondsSince1970
                default: return .iso8601
                }
            }
            var seconds: Date?
            var milliseconds: Date?
            var iso: Date?
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (seconds, milliseconds, iso)")
            let far = Date(timeIntervalSince1970: 1e300)
            let infinite = Date(timeIntervalSince1970: .infinity)
            let cases: [(Event, String)] = [
                (Event(seconds: far), "the date 1e+300 seconds after 1970 can not be stored: it does not fit in a number of seconds in an SQLite INTEGER (signed 64-bit)"),
                (Event(seconds: infinite), "the date inf seconds after 1970 can not be stored: it does not fit in a number of seconds in an SQLite INTEGER (signed 64-bit)"),
                (Event(milliseconds: Date(timeIntervalSince1970: 1e17)), "the date 1e+17 seconds after 1970 can not be stored: it does not fit in a number of milliseconds in an SQLite INTEGER (signed 64-bit)"),
                (Event(iso: far), "the date 1e+300 seconds after 1970 can not be stored: it does not fit in ISO 8601 text"),
                (Event(iso: Date(timeIntervalSince1970: -.infinity)), "the date -inf seconds after 1970 can not be stored: it does not fit in ISO 8601 text"),
            ]
            for (event, message) in cases {
                XCTAssertThrowsError(try event.insert(db)) { error in
                    assertUnrepresentable(error, message: message, sql: "INSERT INTO \"t\" (\"seconds\", \"milliseconds\", \"iso\") VALUES (?,?,?)")
                }
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 0)
            try Event(seconds: Date(timeIntervalSince1970: 1e9), milliseconds: Date(timeIntervalSince1970: 1e9), iso: Date(timeIntervalSince1970: 0)).insert(db)
            let row = try Row.fetchOne(db, sql: "SELECT * FROM t")!
            XCTAssertEqual(row["seconds"] as Int64?, 1_000_000_000)
            XCTAssertEqual(row["milliseconds"] as Int64?, 1_000_000_000_000)
            XCTAssertEqual(row["iso"] as String?, "1970-01-01T00:00:00Z")
        }
    }

    func testNumbersThatDoNotFitTheDecodedTypeThrowDecodingErrors() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT 9e999 AS inf, -9e999 AS negativeInf, 1e300 AS huge, 300 AS big, 1e19 AS tooBig")!
            for column in ["inf", "negativeInf", "huge", "tooBig"] {
                XCTAssertThrowsError(try row.decode(Int.self, forColumn: column)) { error in
                    XCTAssertEqual((error as? RowDecodingError)?.reason, .valueMismatch, column)
                    XCTAssertEqual((error as? RowDecodingError)?.typeName, "Int", column)
                }
                XCTAssertThrowsError(try row.decode(Int64.self, forColumn: column))
                XCTAssertThrowsError(try row.decode(UInt32.self, forColumn: column))
            }
            XCTAssertEqual(try row.decode(UInt64.self, forColumn: "tooBig"), 10_000_000_000_000_000_000)
            for type in [Int8.self, UInt8.self] as [any (DatabaseValueConvertible & StatementColumnConvertible).Type] {
                XCTAssertThrowsError(try Row.fetchOne(db, sql: "SELECT 300").map { try $0.decode(type, atIndex: 0) })
            }
            XCTAssertThrowsError(try Int8.fetchOne(db, sql: "SELECT 300")) { error in
                XCTAssertEqual(
                    (error as? RowDecodingError)?.description,
                    "could not decode Int8 from database value 300 - column: \"300\", column index: 0, row: [300:300], sql: `SELECT 300`")
            }
            XCTAssertThrowsError(try Int16.fetchAll(db, sql: "SELECT -40000"))
            XCTAssertThrowsError(try UInt16.fetchAll(db, sql: "SELECT -1"))
            XCTAssertThrowsError(try Int32.fetchAll(db, sql: "SELECT 1e10"))

            // Decimal can not hold 1e300: an error, not NaN.
            XCTAssertThrowsError(try Decimal.fetchOne(db, sql: "SELECT 1e300")) { error in
                XCTAssertEqual(
                    (error as? RowDecodingError)?.description,
                    "could not decode Decimal from database value 1e+300 - column: \"1e300\", column index: 0, row: [1e300:1e+300], sql: `SELECT 1e300`")
            }
            XCTAssertThrowsError(try NSDecimalNumber.fetchOne(db, sql: "SELECT 1e300"))
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT 1.5"), Decimal(string: "1.5"))

            // Far dates read back, and infinite ones throw.
            XCTAssertEqual(try Date.fetchOne(db, sql: "SELECT 1e300")?.timeIntervalSince1970, 1e300)
            XCTAssertThrowsError(try Date.fetchOne(db, sql: "SELECT 9e999")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.typeName, "Date")
            }
            XCTAssertEqual(try Date.fetchOne(db, sql: "SELECT ?", arguments: [Int64.max])?.timeIntervalSince1970, Double(Int64.max))
            XCTAssertNotNil(try Date.fetchOne(db, sql: "SELECT '999999999-01-01 00:00:00'"))
            XCTAssertThrowsError(try Date.fetchOne(db, sql: "SELECT '99999999999999999999999-01-01 00:00:00'"))
            XCTAssertThrowsError(try Date.fetchOne(db, sql: "SELECT '2024-13-45 25:61:00'")) { error in
                XCTAssertEqual(
                    (error as? RowDecodingError)?.description,
                    "could not decode Date from database value \"2024-13-45 25:61:00\" - column: \"'2024-13-45 25:61:00'\", column index: 0, row: ['2024-13-45 25:61:00':\"2024-13-45 25:61:00\"], sql: `SELECT '2024-13-45 25:61:00'`")
            }
        }
    }

    func testDateComponentsOutOfTheirRangesDoNotTrap() throws {
        var components = DateComponents()
        // (Int.max means "undefined" to DateComponents.)
        components.year = 1 << 60
        components.month = 1
        components.day = 1
        components.hour = 1 << 60
        components.minute = -(1 << 60)
        components.timeZone = TimeZone(secondsFromGMT: 3_600)
        let value = DatabaseDateComponents(components, format: .YMD_HM).databaseValue
        XCTAssertEqual(value, "1152921504606846976-01-01 1152921504606846976:-1152921504606846976+01:00".databaseValue)
    }
}
