import Folio
import Foundation
import XCTest

/// The public hooks that the `@DatabaseRecord` macro calls, used by hand:
/// column indexes resolved once per statement, and the reads and writes
/// of each kind of property type.
final class RecordColumnIndexesTests: FolioTestCase {
    private struct Item: FetchableRecord, PersistableRecord, Equatable {
        static let databaseTableName = "item"
        static let columnNames = ["id", "name", "kind", "info", "date"]
        var id: Int64
        var name: String?
        var kind: Kind
        var info: Info
        var date: Date

        enum Kind: String { case small, large }
        struct Info: Codable, Equatable { var size: Int }

        init(id: Int64, name: String?, kind: Kind, info: Info, date: Date) {
            (self.id, self.name, self.kind, self.info, self.date) = (id, name, kind, info, date)
        }

        init(row: Row) throws {
            let indexes = row.columnIndexes(of: Self.self) { Self.columnNames }
            id = try row.decodeColumn(Int64.self, at: 0, of: indexes, record: Self.self)
            name = try row.decodeColumnIfPresent(String.self, at: 1, of: indexes, record: Self.self)
            kind = try row.decodeColumn(Kind.self, at: 2, of: indexes, record: Self.self)
            info = try row.decodeColumn(Info.self, at: 3, of: indexes, record: Self.self)
            date = try row.decodeColumn(Date.self, at: 4, of: indexes, record: Self.self)
        }

        func encode(to container: inout PersistenceContainer) throws {
            try container.encodeColumn(id, forColumn: "id", record: Self.self)
            try container.encodeColumnIfPresent(name, forColumn: "name", record: Self.self)
            try container.encodeColumn(kind, forColumn: "kind", record: Self.self)
            try container.encodeColumn(info, forColumn: "info", record: Self.self)
            try container.encodeColumn(date, forColumn: "date", record: Self.self)
        }

        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            .timeIntervalSince1970
        }
        static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
            .timeIntervalSince1970
        }
    }

    private func makeItems(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, kind TEXT NOT NULL, info TEXT NOT NULL, date DOUBLE NOT NULL)")
        try Item(id: 1, name: "a", kind: .small, info: .init(size: 1), date: Date(timeIntervalSince1970: 10)).insert(db)
        try Item(id: 2, name: nil, kind: .large, info: .init(size: 2), date: Date(timeIntervalSince1970: 20)).insert(db)
    }

    func testIndexesFollowTheColumnsOfEachStatement() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try makeItems(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT info FROM item WHERE id = 1"), #"{"size":1}"#)
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT date FROM item WHERE id = 2"), 20)
            let all = try Item.fetchAll(db, sql: "SELECT * FROM item ORDER BY id")
            let reversed = try Item.fetchAll(db, sql: "SELECT date, info, kind, name, id FROM item ORDER BY id")
            XCTAssertEqual(all, reversed)
            XCTAssertEqual(all.map(\.kind), [.small, .large])
            XCTAssertEqual(all.map(\.name), ["a", nil])

            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT kind, id FROM item"))
            let indexes = row.columnIndexes(of: Item.self) { Item.columnNames }
            XCTAssertEqual(indexes[0], 1)
            XCTAssertNil(indexes[1])
            XCTAssertEqual(indexes[2], 0)
            // A missing optional column is nil; a missing non-optional one
            // throws.
            XCTAssertNil(try row.decodeColumnIfPresent(String.self, at: 1, of: indexes, record: Item.self))
            XCTAssertThrowsError(try Item(row: row)) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .columnNotFound)
                XCTAssertEqual(error.column, "info")
            }
        }
    }

    func testScopedRowsHaveTheirOwnIndexes() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try makeItems(db)
            let adapter = ScopeAdapter(["other": SuffixRowAdapter(fromIndex: 5)])
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT a.*, b.* FROM item a JOIN item b ON b.id = 3 - a.id ORDER BY a.id",
                adapter: adapter)
            let pairs = try rows.map { row in try (Item(row: row).id, Item(row: XCTUnwrap(row.scopes["other"])).id) }
            XCTAssertEqual(pairs.map(\.0), [1, 2])
            XCTAssertEqual(pairs.map(\.1), [2, 1])
        }
    }

    func testBadValuesThrowRowDecodingError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let cases: [(String, String)] = [
                ("SELECT 1 AS id, NULL AS name, 'medium' AS kind, '{\"size\":1}' AS info, 0 AS date", "kind"),
                ("SELECT 1 AS id, NULL AS name, 'small' AS kind, '{' AS info, 0 AS date", "info"),
                ("SELECT 1 AS id, NULL AS name, 'small' AS kind, '{\"size\":1}' AS info, NULL AS date", "date"),
                ("SELECT NULL AS id, NULL AS name, 'small' AS kind, '{\"size\":1}' AS info, 0 AS date", "id"),
            ]
            for (sql, column) in cases {
                XCTAssertThrowsError(try Item.fetchOne(db, sql: sql)) { error in
                    guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                    XCTAssertEqual(error.reason, .valueMismatch)
                    XCTAssertEqual(error.column, column)
                    XCTAssertEqual(error.sql, sql)
                }
            }
        }
    }
}
