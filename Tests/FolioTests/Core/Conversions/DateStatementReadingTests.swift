import Folio
import Foundation
import XCTest

/// Dates read straight from a statement column (`Date.fromStatement`,
/// `Date(sqliteStatement:index:)`) agree with `Date.fromDatabaseValue`, and
/// the parser of Folio's fixed-width date text agrees with SQLite's date
/// functions.
final class DateStatementReadingTests: FolioTestCase {
    /// Reads the single column of each row of an SQL query with the three
    /// ways of reading a date.
    private func readDates(
        _ db: Database,
        sql: String,
        arguments: StatementArguments = StatementArguments()) throws -> [(fromStatement: Date?, initializer: Date?, fromDatabaseValue: Date?)]
    {
        let statement = try db.makeStatement(sql: sql)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        var results: [(Date?, Date?, Date?)] = []
        while let row = try rows.next() {
            let sqliteStatement = statement.sqliteStatement
            results.append((
                Date.fromStatement(sqliteStatement, atUncheckedIndex: 0),
                Date(sqliteStatement: sqliteStatement, index: 0),
                Date.fromDatabaseValue(row[0] as DatabaseValue)))
        }
        return results
    }

    func testDateReadFromAStatementEqualsTheDateOfItsDatabaseValue() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let values: [DatabaseValue] = [
                "2015-09-11 18:14:15.123".databaseValue,
                "2015-09-11T18:14:15".databaseValue,
                "2015-09-11 18:14".databaseValue,
                "2015-09-11".databaseValue,
                "2015-09-11 18:14:15.123456".databaseValue,
                "2015-09-11 18:14:15+02:00".databaseValue,
                "2015-02-30 00:00:00.000".databaseValue,
                "tomorrow".databaseValue,
                "".databaseValue,
                1_441_995_255.databaseValue,
                1_441_995_255.5.databaseValue,
                Double.infinity.databaseValue,
                Data("2015-09-11".utf8).databaseValue,
                .null,
            ]
            for value in values {
                let dates = try readDates(db, sql: "SELECT ?", arguments: [value])
                XCTAssertEqual(dates.count, 1)
                XCTAssertEqual(dates[0].fromStatement, dates[0].fromDatabaseValue, "\(value)")
                XCTAssertEqual(dates[0].initializer, dates[0].fromDatabaseValue, "\(value)")
            }
            // The values that convert, and those that do not.
            let converted = try values.map { try readDates(db, sql: "SELECT ?", arguments: [$0])[0].fromStatement != nil }
            XCTAssertEqual(converted, [true, true, true, true, true, true, false, false, false, true, true, false, false, false])
        }
    }

    func testFixedWidthDateTextWithAWrongCharacterAgreesWithSQLiteDateFunctions() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            for valid in ["2015-09-11 18:14:15.123", "2015-09-11T18:14:15", "0000-01-01 00:00:00.000", "9999-12-31 23:59:59.999"] {
                let bytes = Array(valid.utf8)
                for position in bytes.indices {
                    let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
                    // Characters just outside the digits, letters, and
                    // digits where a separator is expected.
                    let replacements: [UInt8] = isDigit
                        ? [UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "a"), UInt8(ascii: "x"), 0x7F]
                        : [UInt8(ascii: "0"), UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "x")]
                    for replacement in replacements {
                        var mutated = bytes
                        mutated[position] = replacement
                        let text = String(decoding: mutated, as: UTF8.self)
                        let julianDay = try Double?.fetchOne(db, sql: "SELECT julianday(?)", arguments: [text]) ?? nil
                        let dates = try readDates(db, sql: "SELECT ?", arguments: [text])
                        XCTAssertEqual(dates[0].fromStatement, dates[0].fromDatabaseValue, text)
                        if let julianDay {
                            guard let date = dates[0].fromStatement else {
                                XCTFail("SQLite reads \(text), Folio does not")
                                continue
                            }
                            XCTAssertEqual(date.timeIntervalSince1970, (julianDay - 2_440_587.5) * 86_400, accuracy: 0.001, text)
                        } else {
                            XCTAssertNil(dates[0].fromStatement, text)
                        }
                    }
                }
                // The valid text itself.
                let julianDay = try XCTUnwrap(Double.fetchOne(db, sql: "SELECT julianday(?)", arguments: [valid]))
                let date = try XCTUnwrap(readDates(db, sql: "SELECT ?", arguments: [valid])[0].fromStatement)
                XCTAssertEqual(date.timeIntervalSince1970, (julianDay - 2_440_587.5) * 86_400, accuracy: 0.001, valid)
            }
        }
    }
}
