import Folio
import Foundation
import XCTest

/// `Date` and `Date?` properties of `Decodable` records, on the first row
/// of a statement (whose keys the decoding plan resolves) and on the rows
/// that follow (whose dates the keyed containers decode directly).
final class DecodableDateRowsTests: FolioTestCase {
    private struct Event: Decodable, FetchableRecord, Equatable {
        var id: Int
        var start: Date
        var cancel: Date?
    }

    /// Dates whose `cancel` column holds Unix timestamps, and `start` the
    /// default text.
    private struct UnixCancelEvent: Decodable, FetchableRecord, Equatable {
        var id: Int
        var start: Date
        var cancel: Date?
        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            column == "cancel" ? .timeIntervalSince1970 : .deferredToDate
        }
    }

    private let sql = """
        SELECT 1 AS id, '2015-09-11 18:14:15.123' AS start, NULL AS cancel
        UNION ALL SELECT 2, '2015-09-12T00:00:00', '2015-09-13 01:02:03.004'
        UNION ALL SELECT 3, 1441995255, NULL
        UNION ALL SELECT 4, '2015-09-11', 1441995255.5
        """

    func testDatesAndOptionalDatesDecodeOnEveryRowOfACursor() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let expected = [
                Event(id: 1, start: Date(timeIntervalSince1970: 1_441_995_255.123), cancel: nil),
                Event(id: 2, start: Date(timeIntervalSince1970: 1_442_016_000), cancel: Date(timeIntervalSince1970: 1_442_106_123.004)),
                Event(id: 3, start: Date(timeIntervalSince1970: 1_441_995_255), cancel: nil),
                Event(id: 4, start: Date(timeIntervalSince1970: 1_441_929_600), cancel: Date(timeIntervalSince1970: 1_441_995_255.5)),
            ]
            let events = try Event.fetchAll(db, sql: sql)
            XCTAssertEqual(events.count, expected.count)
            for (event, expected) in zip(events, expected) {
                XCTAssertEqual(event.id, expected.id)
                XCTAssertEqual(event.start.timeIntervalSince1970, expected.start.timeIntervalSince1970, accuracy: 0.0005)
                XCTAssertEqual(event.cancel == nil, expected.cancel == nil)
                if let cancel = event.cancel, let expectedCancel = expected.cancel {
                    XCTAssertEqual(cancel.timeIntervalSince1970, expectedCancel.timeIntervalSince1970, accuracy: 0.0005)
                }
            }
            // Copied rows (no decoding plan) decode the same dates.
            let copied = try Row.fetchAll(db, sql: sql).map { try Event(row: $0) }
            XCTAssertEqual(copied, events)
        }
    }

    func testDateStrategyOfEachColumnAppliesOnEveryRow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = """
                SELECT 1 AS id, '2015-09-11 18:14:15.000' AS start, 0 AS cancel
                UNION ALL SELECT 2, '2015-09-11 18:14:16.000', NULL
                UNION ALL SELECT 3, '2015-09-11 18:14:17.000', 86400
                """
            let events = try UnixCancelEvent.fetchAll(db, sql: sql)
            XCTAssertEqual(events.map(\.start.timeIntervalSince1970), [1_441_995_255, 1_441_995_256, 1_441_995_257])
            XCTAssertEqual(events.map { $0.cancel?.timeIntervalSince1970 }, [0, nil, 86_400])
            // Text does not convert with the strategy of the column.
            let invalidSQL = sql + " UNION ALL SELECT 4, '2015-09-11 18:14:18.000', '2015-09-11'"
            XCTAssertThrowsError(try UnixCancelEvent.fetchAll(db, sql: invalidSQL)) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "cancel")
                XCTAssertEqual(error.sql, invalidSQL)
            }
        }
    }

    func testNullOrInvalidDateOfALaterRowThrowsNamingTheColumnAndTheSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            for (value, expected) in [("NULL", DatabaseValue.null), ("'2015-02-30 00:00:00.000'", "2015-02-30 00:00:00.000".databaseValue)] {
                let sql = "SELECT 1 AS id, '2015-09-11 18:14:15.123' AS start, NULL AS cancel UNION ALL SELECT 2, \(value), NULL"
                XCTAssertThrowsError(try Event.fetchAll(db, sql: sql)) { error in
                    guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                    XCTAssertEqual(error.reason, .valueMismatch)
                    XCTAssertEqual(error.column, "start")
                    XCTAssertEqual(error.typeName, "Date")
                    XCTAssertEqual(error.databaseValue, expected)
                    XCTAssertEqual(error.sql, sql)
                }
                // The optional property throws too for invalid text.
                let optionalSQL = "SELECT 1 AS id, '2015-09-11' AS start, NULL AS cancel UNION ALL SELECT 2, '2015-09-11', \(value)"
                if expected.isNull {
                    XCTAssertEqual(try Event.fetchAll(db, sql: optionalSQL).map(\.cancel), [nil, nil])
                } else {
                    XCTAssertThrowsError(try Event.fetchAll(db, sql: optionalSQL)) { error in
                        guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                        XCTAssertEqual(error.column, "cancel")
                        XCTAssertEqual(error.sql, optionalSQL)
                    }
                }
            }
        }
    }

    func testMissingDateColumnThrowsOnEveryRowAndMissingOptionalDateIsNil() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS id, '2015-09-11' AS start UNION ALL SELECT 2, '2015-09-12'"
            XCTAssertEqual(try Event.fetchAll(db, sql: sql).map(\.cancel), [nil, nil])
            let missingSQL = "SELECT 1 AS id UNION ALL SELECT 2"
            XCTAssertThrowsError(try Event.fetchAll(db, sql: missingSQL)) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .columnNotFound)
                XCTAssertEqual(error.column, "start")
            }
        }
    }
}
