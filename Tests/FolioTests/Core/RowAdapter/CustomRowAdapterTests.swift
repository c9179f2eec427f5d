import Folio
import XCTest

// Row adapters of a companion library, written as for GRDB: they build on
// the semi-public API of adapters (`RowAdapter._layoutedAdapter(from:)`,
// `_RowLayout`, `_LayoutedRowAdapter`, `_LayoutedColumnMapping`) only.

/// Renames one column, and keeps the others, in their order.
private struct RenamingAdapter: RowAdapter {
    var old: String
    var new: String

    func _layoutedAdapter(from layout: some _RowLayout) throws -> any _LayoutedRowAdapter {
        var mapping: [String: String] = [:]
        for (_, name) in layout._layoutColumns {
            mapping[name == old ? new : name] = name
        }
        return try ColumnMapping(mapping)._layoutedAdapter(from: layout)
    }
}

/// Keeps the columns from the first one with a given name, and scopes the
/// others as "rest".
private struct FromColumnAdapter: RowAdapter {
    var name: String

    func _layoutedAdapter(from layout: some _RowLayout) throws -> any _LayoutedRowAdapter {
        guard let index = layout._layoutIndex(ofColumn: name) else {
            throw AdapterError.missingColumn(name)
        }
        return try RangeRowAdapter(index..<layout._layoutColumns.count)
            .addingScopes(["rest": RangeRowAdapter(0..<index)])
            ._layoutedAdapter(from: layout)
    }
}

/// A layouted adapter of the library's own type: the columns of the
/// mapping of another layouted adapter, in reverse order.
private struct ReversedLayout: _LayoutedRowAdapter {
    var base: any _LayoutedRowAdapter
    var _mapping: _LayoutedColumnMapping { base._mapping }
    var _scopes: [String: any _LayoutedRowAdapter] { ["base": base] }
}

private struct ReversingAdapter: RowAdapter {
    func _layoutedAdapter(from layout: some _RowLayout) throws -> any _LayoutedRowAdapter {
        let columns = layout._layoutColumns
        var mapping: [String: String] = [:]
        for (_, name) in columns { mapping[name] = name }
        return ReversedLayout(base: try ColumnMapping(mapping)._layoutedAdapter(from: layout))
    }
}

private enum AdapterError: Error, Equatable {
    case missingColumn(String)
}

final class CustomRowAdapterTests: FolioTestCase {
    func testUserAdapterRenamesAColumn() throws {
        try makeDatabaseQueue().read { db in
            let adapter = RenamingAdapter(old: "b", new: "renamed")
            let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c", adapter: adapter)!
            XCTAssertEqual(Array(row.columnNames), ["a", "renamed", "c"])
            XCTAssertEqual(row["renamed"] as Int?, 2)
            XCTAssertNil(row["b"] as Int?)
            XCTAssertEqual(Array(row.unadapted.columnNames), ["a", "b", "c"])
        }
    }

    func testUserAdapterWorksWithEveryFetchingMethod() throws {
        struct Player: FetchableRecord, Decodable, Equatable {
            var id: Int
            var fullName: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO player VALUES (1, 'Arthur'), (2, 'Barbara');
                """)
        }
        try dbQueue.read { db in
            let adapter = RenamingAdapter(old: "name", new: "fullName")
            let sql = "SELECT * FROM player ORDER BY id"
            XCTAssertEqual(
                try Player.fetchAll(db, sql: sql, adapter: adapter),
                [Player(id: 1, fullName: "Arthur"), Player(id: 2, fullName: "Barbara")])
            let request = SQLRequest<Player>(sql: sql, adapter: adapter)
            XCTAssertEqual(try request.fetchOne(db), Player(id: 1, fullName: "Arthur"))
            let cursor = try Row.fetchCursor(db, sql: sql, adapter: adapter)
            var names: [String] = []
            while let row = try cursor.next() { names.append(row["fullName"]) }
            XCTAssertEqual(names, ["Arthur", "Barbara"])
            // A built-in adapter applied after the user's one.
            let adapted = Table("player").all().adapted { _ in adapter }.adapted { _ in SuffixRowAdapter(fromIndex: 1) }
            XCTAssertEqual(try Row.fetchAll(db, adapted), [["fullName": "Arthur"], ["fullName": "Barbara"]])
        }
    }

    func testUserAdapterFindsColumnsByNameAndDefinesScopes() throws {
        try makeDatabaseQueue().read { db in
            let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c", adapter: FromColumnAdapter(name: "B"))!
            XCTAssertEqual(Array(row.columnNames), ["b", "c"])
            XCTAssertEqual(Array(row.databaseValues), [2.databaseValue, 3.databaseValue])
            XCTAssertEqual(row.scopes["rest"], ["a": 1])
            XCTAssertEqual(Array(row.scopes.names), ["rest"])
            XCTAssertThrowsError(try Row.fetchOne(db, sql: "SELECT 1 AS a", adapter: FromColumnAdapter(name: "z"))) { error in
                XCTAssertEqual(error as? AdapterError, .missingColumn("z"))
            }
        }
    }

    func testLayoutedAdapterOfAnotherTypeIsReadThroughItsMappingAndScopes() throws {
        try makeDatabaseQueue().read { db in
            let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b", adapter: ReversingAdapter())!
            XCTAssertEqual(Array(row.columnNames), ["a", "b"])
            XCTAssertEqual(Array(row.databaseValues), [1.databaseValue, 2.databaseValue])
            XCTAssertEqual(row.scopes["base"], ["a": 1, "b": 2])
        }
    }

    func testLayoutsDescribeTheirColumns() throws {
        try makeDatabaseQueue().read { db in
            let statement = try db.makeStatement(sql: "SELECT 1 AS a, 2 AS b, 3 AS c")
            XCTAssertEqual(statement._layoutColumns.map(\.0), [0, 1, 2])
            XCTAssertEqual(statement._layoutColumns.map(\.1), ["a", "b", "c"])
            XCTAssertEqual(statement._layoutIndex(ofColumn: "C"), 2)
            XCTAssertNil(statement._layoutIndex(ofColumn: "d"))

            let layouted = try SuffixRowAdapter(fromIndex: 1)
                .addingScopes(["first": RangeRowAdapter(0..<1)])
                ._layoutedAdapter(from: statement)
            let mapping = layouted._mapping
            XCTAssertEqual(mapping._layoutColumns.map(\.0), [1, 2])
            XCTAssertEqual(mapping._layoutColumns.map(\.1), ["b", "c"])
            XCTAssertEqual(mapping._layoutIndex(ofColumn: "c"), 1)
            XCTAssertTrue(mapping._scopes.isEmpty)
            XCTAssertEqual(Array(layouted._scopes.keys), ["first"])
            XCTAssertEqual(layouted._scopes["first"]?._mapping._layoutColumns.map(\.1), ["a"])

            // A mapping is a layout that adapters apply to again: indexes
            // stay the statement's.
            let renamed = try RenamingAdapter(old: "c", new: "z")._layoutedAdapter(from: mapping)
            XCTAssertEqual(renamed._mapping._layoutColumns.map(\.0), [1, 2])
            XCTAssertEqual(renamed._mapping._layoutColumns.map(\.1), ["b", "z"])
        }
    }
}
