import Folio
import Foundation
import XCTest

/// The record and value rules that GRDB's README states with examples
/// (values, Row conversions, Date/DateComponents/Decimal/UUID storage,
/// RecordError), each checked against Folio on its own database.
final class RecordValueDocRulesTests: FolioTestCase {
    private struct Player: Codable, FetchableRecord, PersistableRecord, Identifiable {
        var id: Int64
        var name: String
        static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .ignore, update: .abort)
    }

    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text).notNull()
            }
        }
        return dbQueue
    }

    // README, Row values: "All numeric SQLite values to all numeric Swift
    // types, and Bool (zero is the only false boolean)".
    func testNumericValuesConvertToNumbersAndBool() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 0, 2, 0.5, 0.0, 1.9, -3"))
            XCTAssertEqual(row[0] as Bool, false)
            XCTAssertEqual(row[1] as Bool, true)
            XCTAssertEqual(row[2] as Bool, true)
            XCTAssertEqual(row[3] as Bool, false)
            XCTAssertEqual(row[4] as Double, 1.9)
            XCTAssertEqual(row[5] as Double, -3)
            XCTAssertEqual(row[5] as Int8, -3)
        }
    }

    // README: "NULL returns nil", except DatabaseValue; "Missing columns
    // return nil"; `DatabaseValue?` is nil iff the column does not exist.
    func testNullAndMissingColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT NULL AS a, 'foo' AS foo"))
            XCTAssertNil(row[0] as Int?)
            XCTAssertEqual(row[0] as DatabaseValue, .null)
            XCTAssertNil(row["missing"] as String?)
            XCTAssertNil(row["missing"] as DatabaseValue?)
            XCTAssertEqual(row["a"] as DatabaseValue?, .null)
            XCTAssertTrue(row.hasColumn("foo"))
            XCTAssertFalse(row.hasColumn("missing"))
        }
    }

    // README: "GRDB will sometimes let those conversions go through":
    // '20 small cigars' as Int is 20.
    func testSQLiteConvenienceConversionThroughCursor() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT '20 small cigars'")
            var values: [Int] = []
            while let row = try rows.next() {
                values.append(row[0] as Int)
            }
            XCTAssertEqual(values, [20])
        }
    }

    // README, DatabaseValue: fromDatabaseValue returns nil for invalid
    // conversions; Bool is false when 0.
    func testFromDatabaseValue() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'Mom’s birthday', 0, 3, '2015-09-11 18:14:15.123'"))
            let text: DatabaseValue = row[0]
            XCTAssertEqual(String.fromDatabaseValue(text), "Mom’s birthday")
            XCTAssertNil(Int.fromDatabaseValue(text))
            XCTAssertNil(Date.fromDatabaseValue(text))
            XCTAssertEqual(Bool.fromDatabaseValue(row[1]), false)
            XCTAssertEqual(Bool.fromDatabaseValue(row[2]), true)
            XCTAssertEqual(Int64.fromDatabaseValue(row[2]), 3)
            let date = try XCTUnwrap(Date.fromDatabaseValue(row[3]))
            XCTAssertEqual(date.timeIntervalSince1970, 1_441_995_255.123, accuracy: 0.0005)
            switch (row[2] as DatabaseValue).storage {
            case .int64(let int64): XCTAssertEqual(int64, 3)
            default: XCTFail("expected int64 storage")
            }
        }
    }

    // README, Date: "Dates are stored using the format
    // "YYYY-MM-DD HH:MM:SS.SSS" in the UTC time zone".
    func testDateStorageFormat() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t(d)")
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [Date(timeIntervalSince1970: 1_441_995_255.5)])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT d, typeof(d) FROM t"))
            XCTAssertEqual(row[0] as String, "2015-09-11 18:14:15.500")
            XCTAssertEqual(row[1] as String, "text")
            // Comparable with CURRENT_TIMESTAMP.
            XCTAssertEqual(try Bool.fetchOne(db, sql: "SELECT d < CURRENT_TIMESTAMP FROM t"), true)
        }
    }

    // README, Date and DateComponents table: Date reads every SQLite
    // format, missing components zero, UTC unless a time zone follows,
    // numbers are timestamps since 1970.
    func testDateReadFormats() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            func date(_ sql: String) throws -> TimeInterval? {
                try Date.fetchOne(db, sql: sql)?.timeIntervalSince1970
            }
            XCTAssertEqual(try date("SELECT '2015-09-11'"), 1_441_929_600)
            XCTAssertEqual(try date("SELECT '2015-09-11 18:14'"), 1_441_995_240)
            XCTAssertEqual(try date("SELECT '2015-09-11 18:14:15'"), 1_441_995_255)
            XCTAssertEqual(try XCTUnwrap(date("SELECT '2015-09-11T18:14:15.123'")), 1_441_995_255.123, accuracy: 0.0005)
            XCTAssertEqual(try date("SELECT '2015-09-11T18:14Z'"), 1_441_995_240)
            XCTAssertEqual(try date("SELECT '2015-09-11 20:14:15+02:00'"), 1_441_995_255)
            XCTAssertEqual(try date("SELECT 1"), 1)
            XCTAssertEqual(try date("SELECT 1.5"), 1.5)
        }
    }

    // README, DateComponents: stores in the chosen format, reads every
    // format and reports the format found.
    func testDatabaseDateComponentsFormats() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            var components = DateComponents()
            components.year = 1973
            components.month = 9
            components.day = 18
            try db.execute(sql: "CREATE TABLE t(d)")
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [DatabaseDateComponents(components, format: .YMD)])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT d FROM t"), "1973-09-18")
            let read = try XCTUnwrap(DatabaseDateComponents.fetchOne(db, sql: "SELECT d FROM t"))
            XCTAssertEqual(read.format, .YMD)
            XCTAssertEqual(read.dateComponents.year, 1973)
            XCTAssertEqual(read.dateComponents.day, 18)

            let time = try XCTUnwrap(DatabaseDateComponents.fetchOne(db, sql: "SELECT '12:34'"))
            XCTAssertEqual(time.format, .HM)
            XCTAssertEqual(time.dateComponents.hour, 12)
            XCTAssertEqual(time.dateComponents.minute, 34)
            XCTAssertNil(time.dateComponents.year)

            var full = DateComponents()
            full.year = 2015; full.month = 9; full.day = 11
            full.hour = 18; full.minute = 14; full.second = 15; full.nanosecond = 123_000_000
            let stored = DatabaseDateComponents(full, format: .YMD_HMSS).databaseValue
            XCTAssertEqual(String.fromDatabaseValue(stored), "2015-09-11 18:14:15.123")
            let hms = DatabaseDateComponents(full, format: .HMS).databaseValue
            XCTAssertEqual(String.fromDatabaseValue(hms), "18:14:15")
        }
    }

    // README, NSNumber, NSDecimalNumber, and Decimal.
    func testDecimalStorage() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT -100"), Decimal(-100))
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT '-100'"), Decimal(-100))
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT '10.5'"), Decimal(string: "10.5"))
            try db.execute(sql: "CREATE TABLE transfer(amount)")
            // "Decimal sends decimal strings in the database"
            try db.execute(sql: "INSERT INTO transfer VALUES (?)", arguments: [Decimal(10)])
            try db.execute(sql: "INSERT INTO transfer VALUES (?)", arguments: [Decimal(string: "10.5")!])
            // "NSDecimalNumber send 64-bit signed integers and doubles"
            try db.execute(sql: "INSERT INTO transfer VALUES (?)", arguments: [NSDecimalNumber(string: "10.0")])
            try db.execute(sql: "INSERT INTO transfer VALUES (?)", arguments: [NSDecimalNumber(string: "10.5")])
            let rows = try Row.fetchAll(db, sql: "SELECT amount, typeof(amount) FROM transfer ORDER BY rowid")
            XCTAssertEqual(rows.map { $0[1] as String }, ["text", "text", "integer", "real"])
            XCTAssertEqual(rows[0][0] as String, "10")
            XCTAssertEqual(rows[1][0] as String, "10.5")
            XCTAssertEqual(rows[2][0] as Int64, 10)
            XCTAssertEqual(rows[3][0] as Double, 10.5)
        }
    }

    // README, UUID: "stores uuids as 16-bytes data blobs, and decodes them
    // from both 16-bytes data blobs and strings".
    func testUUIDStorage() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let uuid = try XCTUnwrap(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
            try db.execute(sql: "CREATE TABLE t(u)")
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [uuid])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT u, typeof(u), length(u) FROM t"))
            XCTAssertEqual(row[1] as String, "blob")
            XCTAssertEqual(row[2] as Int, 16)
            XCTAssertEqual(row[0] as UUID, uuid)
            XCTAssertEqual(try UUID.fetchOne(db, sql: "SELECT 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'"), uuid)
            XCTAssertEqual(try UUID.fetchOne(db, sql: "SELECT 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f'"), uuid)
        }
    }

    // README, RowDecodingError: "could not decode String from database
    // value NULL".
    func testRowDecodingErrorDescription() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT NULL AS name"))
            XCTAssertThrowsError(try row.decode(String.self, forColumn: "name")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
                XCTAssertTrue(String(describing: error).contains("could not decode String from database value NULL"), "\(error)")
            }
        }
    }

    // README, RecordError: update of a missing row and find of a missing
    // id throw recordNotFound(databaseTableName:key:).
    func testRecordNotFoundFromUpdateAndFind() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            do {
                try Player(id: 1, name: "Arthur").update(db)
                XCTFail("expected RecordError")
            } catch let RecordError.recordNotFound(databaseTableName: table, key: key) {
                XCTAssertEqual(table, "player")
                XCTAssertEqual(key, ["id": 1.databaseValue])
            }
            do {
                _ = try Player.find(db, id: 42)
                XCTFail("expected RecordError")
            } catch let RecordError.recordNotFound(databaseTableName: table, key: key) {
                XCTAssertEqual(table, "player")
                XCTAssertEqual(key, ["id": 42.databaseValue])
            }
            do {
                _ = try Player.find(db, key: ["id": 7])
                XCTFail("expected RecordError")
            } catch let RecordError.recordNotFound(databaseTableName: table, key: key) {
                XCTAssertEqual(table, "player")
                XCTAssertEqual(key, ["id": 7.databaseValue])
            }
            XCTAssertNil(try Player.fetchOne(db, id: 42))
        }
    }

    // README, Conflict Resolution: a failed `INSERT OR IGNORE` is detected
    // by insertAndFetch throwing RecordError.recordNotFound.
    func testInsertAndFetchWithIgnorePolicyDetectsFailedInsert() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let inserted = try Player(id: 1, name: "Arthur").insertAndFetch(db)
            XCTAssertEqual(inserted.name, "Arthur")
            clearSQLQueries()
            do {
                _ = try Player(id: 1, name: "Barbara").insertAndFetch(db)
                XCTFail("expected RecordError")
            } catch RecordError.recordNotFound {
            }
            XCTAssertTrue(sqlQueries.contains { $0.hasPrefix("INSERT OR IGNORE INTO \"player\"") && $0.hasSuffix("RETURNING *") }, "\(sqlQueries)")
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM player WHERE id = 1"), "Arthur")
        }
    }
}
