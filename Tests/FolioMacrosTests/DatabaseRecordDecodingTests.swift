import Folio
import FolioMacros
import Foundation
import XCTest

/// The decoding of macro records: the values equal those of a
/// hand-written `init(row:)`, and bad values throw `RowDecodingError`.
final class DatabaseRecordDecodingTests: MacroTestCase {
    func testDecodedValuesEqualHandWrittenInitRow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            for i in 0..<200 {
                var sample = Sample.make(i)
                try sample.insert(db)
            }
            // The same rows, through a cursor and through fetchAll, in two
            // column orders.
            for sql in ["SELECT * FROM sample ORDER BY id", "SELECT point, tags, scores, email, color, optionalGrape, grape, decimal, url, optionalDate, date, uuid, data, string, bool, double, int32, int, id FROM sample ORDER BY id"] {
                let generated = try Sample.fetchAll(db, sql: sql)
                let rows = try Row.fetchCursor(db, sql: sql)
                var handWritten: [Sample] = []
                while let row = try rows.next() {
                    handWritten.append(try Sample.handWritten(row: row))
                }
                XCTAssertEqual(generated.count, 200)
                XCTAssertEqual(generated, handWritten)
            }
        }
    }

    func testNullInNonOptionalPropertyThrowsRowDecodingError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT 1 AS id, NULL AS name, 10 AS score_total, NULL AS teamId, '{\"level\":1,\"tags\":[]}' AS info"
            XCTAssertThrowsError(try Player.fetchOne(db, sql: sql)) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                let message = String(describing: error)
                XCTAssertTrue(message.contains("\"name\""), message)
                XCTAssertTrue(message.contains("String"), message)
                XCTAssertTrue(message.contains("NULL"), message)
                XCTAssertTrue(message.contains(sql), message)
            }
        }
    }

    func testValuesThatDoNotConvertThrowRowDecodingError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let cases: [(sql: String, column: String)] = [
                ("SELECT 1 AS id, 'A' AS name, 'many' AS score_total, NULL AS teamId, '{\"level\":1,\"tags\":[]}' AS info", "score_total"),
                ("SELECT 1 AS id, 'A' AS name, 1 AS score_total, NULL AS teamId, 'not json' AS info", "info"),
                ("SELECT 1 AS id, 'A' AS name, 1 AS score_total, NULL AS teamId, NULL AS info", "info"),
            ]
            for (sql, column) in cases {
                XCTAssertThrowsError(try Player.fetchAll(db, sql: sql)) { error in
                    guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                    XCTAssertTrue(String(describing: error).contains("\"\(column)\""), "\(error)")
                }
            }
            let badEnum = "SELECT 1 AS id, 'A' AS name, 'unknown' AS kind, NULL AS founded"
            XCTAssertThrowsError(try Team.fetchOne(db, sql: badEnum)) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                let message = String(describing: error)
                XCTAssertTrue(message.contains("\"kind\""), message)
                XCTAssertTrue(message.contains("Kind"), message)
                XCTAssertTrue(message.contains("unknown"), message)
            }
        }
    }

    func testMissingNonOptionalColumnThrowsColumnNotFound() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertThrowsError(try Team.fetchOne(db, sql: "SELECT 1 AS id, 'club' AS kind")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .columnNotFound)
                XCTAssertTrue(String(describing: error).contains("\"name\""), "\(error)")
            }
        }
    }
}
