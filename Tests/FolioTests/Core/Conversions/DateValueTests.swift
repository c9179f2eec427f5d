import Folio
import Foundation
import XCTest

final class DateValueTests: FolioTestCase {
    /// 2015-09-11 18:14:15.123 UTC
    let sampleDate = Date(timeIntervalSince1970: 1_441_995_255.123)

    /// A reference formatter, used by tests only: Folio does not use one.
    func utcComponents(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
    }

    /// Whether two dates are the same to the millisecond.
    func isSameMillisecond(_ lhs: Date, _ rhs: Date) -> Bool {
        abs(lhs.timeIntervalSince(rhs)) < 0.0005
    }

    // MARK: - Storage

    func testDateIsStoredAsUTCTextWithMilliseconds() throws {
        try assertRoundTrip(sampleDate, stores: "2015-09-11 18:14:15.123".databaseValue, isEqual: isSameMillisecond)
        try assertRoundTrip(Date(timeIntervalSince1970: 0), stores: "1970-01-01 00:00:00.000".databaseValue)
        try assertRoundTrip(Date(timeIntervalSince1970: -0.001), stores: "1969-12-31 23:59:59.999".databaseValue, isEqual: isSameMillisecond)
        try assertRoundTrip(Date(timeIntervalSince1970: 951_782_400), stores: "2000-02-29 00:00:00.000".databaseValue)
    }

    func testDateRoundsToTheNearestMillisecond() {
        XCTAssertEqual(Date(timeIntervalSince1970: 0.0004).databaseValue, "1970-01-01 00:00:00.000".databaseValue)
        XCTAssertEqual(Date(timeIntervalSince1970: 0.0006).databaseValue, "1970-01-01 00:00:00.001".databaseValue)
        XCTAssertEqual(Date(timeIntervalSince1970: 59.9996).databaseValue, "1970-01-01 00:01:00.000".databaseValue)
        XCTAssertEqual(Date(timeIntervalSince1970: -0.0004).databaseValue, "1970-01-01 00:00:00.000".databaseValue)
        XCTAssertEqual(Date(timeIntervalSince1970: 1_441_995_255.1234).databaseValue, "2015-09-11 18:14:15.123".databaseValue)
    }

    func testStoredDateReadsBackAndIsStableOverRoundTrips() {
        // A date read from text writes the same text again.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let interval = Double.random(in: -62_000_000_000...253_000_000_000, using: &generator)
            let stored = Date(timeIntervalSince1970: interval).databaseValue
            guard let read = Date.fromDatabaseValue(stored) else {
                return XCTFail("could not read \(stored)")
            }
            XCTAssertEqual(read.databaseValue, stored)
            XCTAssertEqual(read.timeIntervalSince1970, interval, accuracy: 0.0006)
        }
    }

    func testDateFormatMatchesTheGregorianCalendar() {
        // Dates after the Gregorian reform, where Foundation's calendar and
        // the proleptic Gregorian calendar of SQLite agree.
        let dates = [
            Date(timeIntervalSince1970: -12_219_292_800), // 1582-10-15
            Date(timeIntervalSince1970: -2_208_988_800),  // 1900-01-01
            Date(timeIntervalSince1970: 951_868_799),     // 2000-02-29 23:59:59
            Date(timeIntervalSince1970: 4_102_444_800),   // 2100-01-01
            Date(timeIntervalSince1970: 253_402_300_799), // 9999-12-31 23:59:59
            sampleDate,
        ]
        for date in dates {
            let components = utcComponents(date)
            let millisecond = Int((Double(components.nanosecond!) / 1e6).rounded())
            let expected = String(
                format: "%04ld-%02ld-%02ld %02ld:%02ld:%02ld.%03ld",
                components.year!, components.month!, components.day!,
                components.hour!, components.minute!, components.second!, millisecond)
            XCTAssertEqual(date.databaseValue, expected.databaseValue)
        }
    }

    func testDateFormatMatchesSQLiteDateFunctions() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let dates = [
                sampleDate,
                Date(timeIntervalSince1970: -62_135_596_800), // 0001-01-01
                Date(timeIntervalSince1970: -62_167_219_200), // 0000-01-01
                Date.distantPast,
                Date.distantFuture,
            ]
            for date in dates {
                // SQLite reformats the stored text identically.
                let sqliteText = try String.fetchOne(db, sql: "SELECT strftime('%Y-%m-%d %H:%M:%f', ?)", arguments: [date])
                XCTAssertEqual(sqliteText.map { DatabaseValue(value: $0) }, date.databaseValue)
                // And agrees on the Unix timestamp.
                let unixTime = try Int64.fetchOne(db, sql: "SELECT CAST(strftime('%s', ?) AS INTEGER)", arguments: [date])
                XCTAssertEqual(unixTime, Int64(date.timeIntervalSince1970.rounded(.down)))
            }
            XCTAssertEqual(Date.distantPast.databaseValue, "0000-12-30 00:00:00.000".databaseValue)
            XCTAssertEqual(Date.distantFuture.databaseValue, "4001-01-01 00:00:00.000".databaseValue)
        }
    }

    func testDatesCompareInSQLWithCurrentTimestamp() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE event (date DATETIME)")
            let past = Date(timeIntervalSinceNow: -86_400)
            let future = Date(timeIntervalSinceNow: 86_400)
            try db.execute(literal: "INSERT INTO event (date) VALUES (\(future)), (\(past))")
            XCTAssertEqual(lastSQLQuery, "INSERT INTO event (date) VALUES (?), (?)")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT typeof(date) FROM event"), ["text", "text"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event WHERE date > CURRENT_TIMESTAMP"), 1)
            let ordered = try Date.fetchAll(db, sql: "SELECT date FROM event ORDER BY date")
            XCTAssertEqual(ordered.map(\.databaseValue), [past.databaseValue, future.databaseValue])
        }
    }

    func testYearsOutsideTheSQLiteRangeRoundTripWithExtendedYears() throws {
        let farFuture = Date(timeIntervalSince1970: 253_402_300_800) // 10000-01-01
        try assertRoundTrip(farFuture, stores: "10000-01-01 00:00:00.000".databaseValue)
        let beforeYearZero = Date(timeIntervalSince1970: -62_167_219_200 - 86_400) // -0001-12-31
        try assertRoundTrip(beforeYearZero, stores: "-0001-12-31 00:00:00.000".databaseValue)
        // Dates beyond millions of years are stored as Unix timestamps.
        let absurd = Date(timeIntervalSince1970: 1e15)
        try assertRoundTrip(absurd, stores: DatabaseValue(storage: .double(1e15)))
        XCTAssertEqual(Date(timeIntervalSinceReferenceDate: .infinity).databaseValue, DatabaseValue(storage: .double(.infinity)))
        XCTAssertNil(Date.fromDatabaseValue(DatabaseValue(storage: .double(.infinity))))
    }

    // MARK: - Reading text

    func testDateReadsAllSQLiteTextFormats() throws {
        let expectations: [(String, String)] = [
            ("2015-09-11", "2015-09-11 00:00:00.000"),
            ("2015-09-11 18:14", "2015-09-11 18:14:00.000"),
            ("2015-09-11 18:14:15", "2015-09-11 18:14:15.000"),
            ("2015-09-11 18:14:15.1", "2015-09-11 18:14:15.100"),
            ("2015-09-11 18:14:15.123", "2015-09-11 18:14:15.123"),
            ("2015-09-11 18:14:15.123456789", "2015-09-11 18:14:15.123"),
            ("2015-09-11 18:14:15.1239999999999", "2015-09-11 18:14:15.123"),
            ("2015-09-11T18:14", "2015-09-11 18:14:00.000"),
            ("2015-09-11T18:14:15", "2015-09-11 18:14:15.000"),
            ("2015-09-11T18:14:15.123", "2015-09-11 18:14:15.123"),
            ("2015-09-11T18:14:15.123Z", "2015-09-11 18:14:15.123"),
            ("2015-09-11 18:14:15z", "2015-09-11 18:14:15.000"),
            ("2015-09-11 18:14:15+02:00", "2015-09-11 16:14:15.000"),
            ("2015-09-11 18:14:15 -05:30", "2015-09-11 23:44:15.000"),
            ("2015-09-11T00:30+01:00", "2015-09-10 23:30:00.000"),
            ("2015-09-11 18:14:15  ", "2015-09-11 18:14:15.000"),
            ("2000-02-29 12:00", "2000-02-29 12:00:00.000"),
        ]
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            for (text, stored) in expectations {
                let date = try XCTUnwrap(Date.fromDatabaseValue(text.databaseValue), text)
                XCTAssertEqual(date.databaseValue, stored.databaseValue, text)
                // Fast path (live statement column) and generic path agree.
                XCTAssertEqual(try Date.fetchOne(db, sql: "SELECT ?", arguments: [text])?.databaseValue, stored.databaseValue, text)
                let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT ?", arguments: [text]))
                XCTAssertEqual(try row.decode(Date.self, atIndex: 0).databaseValue, stored.databaseValue, text)
                // SQLite agrees with the interpretation.
                let sqliteDate = try String.fetchOne(db, sql: "SELECT strftime('%Y-%m-%d %H:%M:%f', ?)", arguments: [text])
                if !text.contains("123456789") && !text.contains("1239999") {
                    XCTAssertEqual(sqliteDate, String.fromDatabaseValue(stored.databaseValue), text)
                }
            }
        }
    }

    func testFixedWidthDateTextReadsAsTheGeneralParserReadsIt() throws {
        // "YYYY-MM-DD HH:MM:SS.SSS" (and "T", and no milliseconds) have a
        // fast parser; a trailing space sends the same text through the
        // general one. Both must give the same Date, bit for bit, or nil.
        let texts = [
            "2015-09-11 18:14:15.123", "2015-09-11T18:14:15.123", "2015-09-11 18:14:15",
            "2015-09-11T18:14:15", "1970-01-01 00:00:00.000", "1969-12-31 23:59:59.999",
            "0000-01-01 00:00:00.000", "0001-03-01 12:00:00.001", "9999-12-31 23:59:59.999",
            "2000-02-29 00:00:00.500", "1900-02-28 23:59:59.999", "2024-02-29 12:34:56.789",
            "2001-01-01 00:00:00.000", "1582-10-10 10:10:10.010",
            // Invalid fields: both refuse them.
            "1900-02-29 00:00:00.000", "2015-02-29 00:00:00.000", "2015-04-31 00:00:00.000",
            "2015-13-01 00:00:00.000", "2015-00-01 00:00:00.000", "2015-01-00 00:00:00.000",
            "2015-09-11 24:00:00.000", "2015-09-11 18:60:00.000", "2015-09-11 18:14:60.000",
            "2015-09-11 18:14:60", "2015-09-11x18:14:15.123", "2015-09-11 18:14:15,123",
            "2015-09-11 18:14:15.12a", "2015/09/11 18:14:15.123", "+015-09-11 18:14:15.123",
        ]
        for text in texts {
            let fast = Date.fromDatabaseValue(text.databaseValue)
            let general = Date.fromDatabaseValue((text + " ").databaseValue)
            XCTAssertEqual(fast?.timeIntervalSinceReferenceDate.bitPattern,
                           general?.timeIntervalSinceReferenceDate.bitPattern, text)
        }
        XCTAssertNotNil(Date.fromDatabaseValue("2024-02-29 12:34:56.789".databaseValue))
        XCTAssertNil(Date.fromDatabaseValue("2015-02-29 00:00:00.000".databaseValue))
        // Random dates round-trip, and agree with the general parser.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: Double.random(in: -62_000_000_000...253_000_000_000, using: &generator))
            let text = try XCTUnwrap(String.fromDatabaseValue(date.databaseValue))
            let fast = try XCTUnwrap(Date.fromDatabaseValue(text.databaseValue), text)
            let general = try XCTUnwrap(Date.fromDatabaseValue((text + " ").databaseValue), text)
            XCTAssertEqual(fast.timeIntervalSinceReferenceDate.bitPattern, general.timeIntervalSinceReferenceDate.bitPattern, text)
        }
    }

    func testDateReadsWhatSQLiteDateFunctionsProduce() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: """
                SELECT date('2015-09-11 18:14:15'), datetime('2015-09-11 18:14:15', '+1 day'),
                       strftime('%Y-%m-%d %H:%M:%f', '2015-09-11 18:14:15.5'), CURRENT_TIMESTAMP,
                       unixepoch('2015-09-11 18:14:15')
                """))
            XCTAssertEqual((row[0] as Date).databaseValue, "2015-09-11 00:00:00.000".databaseValue)
            XCTAssertEqual((row[1] as Date).databaseValue, "2015-09-12 18:14:15.000".databaseValue)
            XCTAssertEqual((row[2] as Date).databaseValue, "2015-09-11 18:14:15.500".databaseValue)
            XCTAssertEqual((row[3] as Date).timeIntervalSinceNow, 0, accuracy: 5)
            XCTAssertEqual((row[4] as Date).databaseValue, "2015-09-11 18:14:15.000".databaseValue)
        }
    }

    func testInvalidDateTextThrowsRowDecodingError() throws {
        let invalid = [
            "", "Mom's birthday", "2015", "2015-09", "2015-9-11", "15-09-11", "2015/09/11",
            "2015-13-01", "2015-00-10", "2015-02-29", "2015-04-31", "2015-09-00", "2015-09-32",
            "2015-09-11 24:00", "2015-09-11 18:60", "2015-09-11 18:14:60", "2015-09-11 18",
            "2015-09-11 18:14:", "2015-09-11 18:14:15.", "2015-09-11 18:14:15.12a",
            "2015-09-11 18:14:15 +2", "2015-09-11 18:14:15+02", "2015-09-11 18:14:15 UTC",
            "2015-09-11x18:14", "2015-09-11  18:14", " 2015-09-11", "2015-09-11 ", "18:14:15",
            "2015-09-11 18:14:15 now", "２０１５-09-11",
        ]
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            for text in invalid {
                XCTAssertNil(Date.fromDatabaseValue(text.databaseValue), text)
                let sql = "SELECT ? AS date"
                let error = assertThrowsRowDecodingError(try Date.fetchOne(db, sql: sql, arguments: [text]))
                XCTAssertEqual(error?.reason, .valueMismatch, text)
                XCTAssertEqual(error?.column, "date", text)
                XCTAssertEqual(error?.sql, sql, text)
                XCTAssertEqual(error?.databaseValue, text.databaseValue, text)
                let row = try XCTUnwrap(Row.fetchOne(db, sql: sql, arguments: [text]))
                assertThrowsRowDecodingError(try row.decode(Date.self, forColumn: "date"))
                assertThrowsRowDecodingError(try row.decode(Date?.self, forColumn: "date"))
            }
            let expected = "could not decode Date from database value \"Mom\\'s birthday\" - column: \"date\", column index: 0, row: [date:\"Mom\\'s birthday\"], sql: `SELECT 'Mom''s birthday' AS date`"
            let error = assertThrowsRowDecodingError(try Date.fetchAll(db, sql: "SELECT 'Mom''s birthday' AS date"))
            XCTAssertEqual(error?.description, expected)
            let fetchOneError = assertThrowsRowDecodingError(try Date.fetchOne(db, sql: "SELECT 'Mom''s birthday' AS date"))
            XCTAssertEqual(fetchOneError?.description, expected)
            let optionalError = assertThrowsRowDecodingError(try Date?.fetchAll(db, sql: "SELECT 'Mom''s birthday' AS date"))
            XCTAssertEqual(optionalError?.description, expected)
        }
    }

    // MARK: - Reading numbers

    func testNumbersAreReadAsUnixTimestamps() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 0, 1441995255, 1441995255.123, -86400"))
            XCTAssertEqual(row[0] as Date, Date(timeIntervalSince1970: 0))
            XCTAssertEqual(row[1] as Date, Date(timeIntervalSince1970: 1_441_995_255))
            XCTAssertEqual(row[2] as Date, Date(timeIntervalSince1970: 1_441_995_255.123))
            XCTAssertEqual(try row.decode(Date.self, atIndex: 3), Date(timeIntervalSince1970: -86_400))
            XCTAssertEqual(Date.fromDatabaseValue(1_441_995_255.databaseValue), Date(timeIntervalSince1970: 1_441_995_255))
            XCTAssertEqual(Date.fromDatabaseValue(1.5.databaseValue), Date(timeIntervalSince1970: 1.5))
            let cursor = try Date.fetchCursor(db, sql: "SELECT 60 UNION ALL SELECT 60.5")
            XCTAssertEqual(try cursor.next(), Date(timeIntervalSince1970: 60))
            XCTAssertEqual(try cursor.next(), Date(timeIntervalSince1970: 60.5))
        }
    }

    func testJulianDaysConvertExplicitly() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let julianDay = try XCTUnwrap(Double.fetchOne(db, sql: "SELECT julianday('2015-09-11 18:14:15.123')"))
            let date = try XCTUnwrap(Date(julianDay: julianDay))
            XCTAssertEqual(date.timeIntervalSince1970, sampleDate.timeIntervalSince1970, accuracy: 0.001)
            XCTAssertEqual(date.databaseValue, "2015-09-11 18:14:15.123".databaseValue)
            XCTAssertEqual(Date(julianDay: 2_440_587.5), Date(timeIntervalSince1970: 0))
            XCTAssertEqual(Date(julianDay: 2_451_545.0)?.databaseValue, "2000-01-01 12:00:00.000".databaseValue)
            XCTAssertNil(Date(julianDay: .infinity))
            XCTAssertNil(Date(julianDay: .nan))
            // A julian day read as a Date is a Unix timestamp, on purpose.
            XCTAssertEqual(try Date.fetchOne(db, sql: "SELECT 2440587.5"), Date(timeIntervalSince1970: 2_440_587.5))
        }
    }

    func testBlobsAndNullDoNotConvertToDates() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT CAST('2015-09-11' AS BLOB) AS blob, NULL AS absent"
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            assertThrowsRowDecodingError(try row.decode(Date.self, forColumn: "blob"))
            XCTAssertNil(row["absent"] as Date?)
            let error = assertThrowsRowDecodingError(try row.decode(Date.self, forColumn: "absent"))
            XCTAssertEqual(error?.description, "could not decode Date from database value NULL - column: \"absent\", column index: 1, row: [blob:Data(10 bytes) absent:NULL], sql: `SELECT CAST('2015-09-11' AS BLOB) AS blob, NULL AS absent`")
            let cursor = try Row.fetchCursor(db, sql: sql)
            let liveRow = try XCTUnwrap(cursor.next())
            assertThrowsRowDecodingError(try liveRow.decode(Date.self, atIndex: 0))
            XCTAssertNil(try liveRow.decode(Date?.self, atIndex: 1))
        }
    }
}
