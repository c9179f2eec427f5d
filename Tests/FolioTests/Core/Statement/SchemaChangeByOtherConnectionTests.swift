import CSQLite
import Folio
import XCTest

/// A database cursor written outside of Folio, that reads the names of
/// its statement's columns at each row.
private final class ColumnNamesCursor: DatabaseCursor {
    let _statement: Statement
    var _isDone = false

    init(statement: Statement) {
        statement.setUncheckedArguments([])
        _statement = statement
    }

    func _element(sqliteStatement: SQLiteStatement) throws -> [String] {
        _statement.columnNames
    }
}

/// A connection that runs a cached `SELECT *` again after another
/// connection changed the columns of the table: SQLite compiles the
/// statement again at its first step, and the rows, the statement and the
/// records follow the new columns (names, count, values).
final class SchemaChangeByOtherConnectionTests: FolioTestCase {
    private let select = "SELECT * FROM t"

    /// Two queues on one new file; the first one (`reader`) has run
    /// `SELECT * FROM t` once, so that its statement cache holds it.
    private func makeQueues(schema: String) throws -> (reader: DatabaseQueue, writer: DatabaseQueue) {
        let path = temporaryDatabasePath()
        let writer = try DatabaseQueue(path: path)
        try writer.write { db in try db.execute(sql: schema) }
        let reader = try DatabaseQueue(path: path)
        try reader.read { db in _ = try Row.fetchAll(db, sql: select) }
        return (reader, writer)
    }

    private struct NamedRecord: FetchableRecord {
        var b: Int?
        var c: Int?
        init(row: Row) throws {
            b = try row.decode(Int?.self, forColumn: "b")
            c = try row.decode(Int?.self, forColumn: "c")
        }
    }

    private struct DecodedRecord: Decodable, FetchableRecord {
        var b: Int
        var c: Int
    }

    func testRowFetchAllSeesColumnAddedByAnotherConnection() throws {
        let (reader, writer) = try makeQueues(schema: "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 2)")
        try writer.write { db in try db.execute(sql: "ALTER TABLE t ADD COLUMN c DEFAULT 3") }
        let rows = try reader.read { db in try Row.fetchAll(db, sql: select) }
        XCTAssertEqual(rows, [["a": 1, "b": 2, "c": 3]])
    }

    func testRowFetchOneSeesColumnDroppedByAnotherConnection() throws {
        let (reader, writer) = try makeQueues(schema: "CREATE TABLE t(a, b, c); INSERT INTO t VALUES (1, 2, 3)")
        try writer.write { db in try db.execute(sql: "ALTER TABLE t DROP COLUMN a") }
        let row = try reader.read { db in try Row.fetchOne(db, sql: select) }
        XCTAssertEqual(row, ["b": 2, "c": 3])
        XCTAssertEqual(row?["b"] as Int?, 2)
        XCTAssertEqual(row?.hasColumn("a"), false)
    }

    func testRowCursorSeesColumnRenamedByAnotherConnection() throws {
        let (reader, writer) = try makeQueues(schema: "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 2)")
        try writer.write { db in try db.execute(sql: "ALTER TABLE t RENAME COLUMN b TO x") }
        try reader.read { db in
            let cursor = try Row.fetchCursor(db, sql: select)
            let row = try XCTUnwrap(cursor.next())
            XCTAssertEqual(Array(row.columnNames), ["a", "x"])
            XCTAssertEqual(row["x"] as Int?, 2)
            XCTAssertFalse(row.hasColumn("b"))
            XCTAssertEqual(cursor.columnNames, ["a", "x"])
            XCTAssertNil(try cursor.next())
        }
    }

    func testStatementColumnsFollowColumnCountChangedByAnotherConnection() throws {
        let path = temporaryDatabasePath()
        let writer = try DatabaseQueue(path: path)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t(a, b, c); INSERT INTO t VALUES (1, 2, 3)") }
        let reader = try DatabaseQueue(path: path)
        try reader.inDatabase { db in
            let statement = try db.makeStatement(sql: select)
            XCTAssertEqual(statement.columnCount, 3)
            _ = try Row.fetchAll(statement)
            try writer.write { db in try db.execute(sql: "ALTER TABLE t DROP COLUMN b") }
            let rows = try Row.fetchAll(statement)
            XCTAssertEqual(rows, [["a": 1, "c": 3]])
            XCTAssertEqual(statement.columnCount, 2)
            XCTAssertEqual(statement.columnNames, ["a", "c"])
            XCTAssertEqual(statement.index(ofColumn: "c"), 1)
            XCTAssertNil(statement.index(ofColumn: "b"))
        }
    }

    func testRowFetchAllWithAdapterSeesColumnAddedByAnotherConnection() throws {
        let (reader, writer) = try makeQueues(schema: "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 2)")
        let adapter = SuffixRowAdapter(fromIndex: 1)
        try reader.read { db in _ = try Row.fetchAll(db, sql: select, adapter: adapter) }
        try writer.write { db in try db.execute(sql: "ALTER TABLE t ADD COLUMN c DEFAULT 3") }
        let rows = try reader.read { db in try Row.fetchAll(db, sql: select, adapter: adapter) }
        XCTAssertEqual(rows, [["b": 2, "c": 3]])
        let row = try reader.read { db in try Row.fetchOne(db, sql: select, adapter: adapter) }
        XCTAssertEqual(row, ["b": 2, "c": 3])
    }

    func testRecordInitRowSeesColumnDroppedByAnotherConnection() throws {
        let (reader, writer) = try makeQueues(schema: "CREATE TABLE t(a, b, c); INSERT INTO t VALUES (1, 2, 3)")
        try reader.read { db in _ = try NamedRecord.fetchAll(db, sql: select) }
        try writer.write { db in try db.execute(sql: "ALTER TABLE t DROP COLUMN a") }
        let records = try reader.read { db in try NamedRecord.fetchAll(db, sql: select) }
        XCTAssertEqual(records.map(\.b), [2])
        XCTAssertEqual(records.map(\.c), [3])
        let record = try reader.read { db in try NamedRecord.fetchOne(db, sql: select) }
        XCTAssertEqual(record?.b, 2)
    }

    func testRecordCursorSeesColumnRenamedByAnotherConnection() throws {
        let (reader, writer) = try makeQueues(schema: "CREATE TABLE t(a, b, x); INSERT INTO t VALUES (1, 2, 3)")
        try writer.write { db in try db.execute(sql: "ALTER TABLE t RENAME COLUMN a TO c") }
        let records = try reader.read { db in try Array(NamedRecord.fetchCursor(db, sql: select)) }
        XCTAssertEqual(records.map(\.b), [2])
        XCTAssertEqual(records.map(\.c), [1])
    }

    func testDecodableRecordSeesColumnDroppedByAnotherConnection() throws {
        let (reader, writer) = try makeQueues(schema: "CREATE TABLE t(a, b, c); INSERT INTO t VALUES (1, 2, 3)")
        try reader.read { db in _ = try DecodedRecord.fetchAll(db, sql: select) }
        try writer.write { db in try db.execute(sql: "ALTER TABLE t DROP COLUMN a") }
        let records = try reader.read { db in try DecodedRecord.fetchAll(db, sql: select) }
        XCTAssertEqual(records.map(\.b), [2])
        XCTAssertEqual(records.map(\.c), [3])
    }

    func testPoolReaderSeesColumnsChangedByWriter() throws {
        var configuration = Configuration()
        configuration.maximumReaderCount = 1
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: configuration)
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 2)") }
        XCTAssertEqual(try dbPool.read { db in try Row.fetchAll(db, sql: select) }, [["a": 1, "b": 2]])
        try dbPool.write { db in try db.execute(sql: "ALTER TABLE t RENAME COLUMN a TO x; ALTER TABLE t ADD COLUMN c DEFAULT 3") }
        XCTAssertEqual(try dbPool.read { db in try Row.fetchAll(db, sql: select) }, [["x": 1, "b": 2, "c": 3]])
        try dbPool.write { db in try db.execute(sql: "ALTER TABLE t DROP COLUMN x") }
        try dbPool.read { db in
            let cursor = try Row.fetchCursor(db, sql: select)
            let row = try XCTUnwrap(cursor.next())
            XCTAssertEqual(row, ["b": 2, "c": 3])
        }
        XCTAssertEqual(try dbPool.read { db in try NamedRecord.fetchOne(db, sql: select)?.c }, 3)
    }

    func testCustomDatabaseCursorSeesColumnRenamedByAnotherConnection() throws {
        let (reader, writer) = try makeQueues(schema: "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 2)")
        try writer.write { db in try db.execute(sql: "ALTER TABLE t RENAME COLUMN b TO x") }
        let names = try reader.read { db in
            try Array(ColumnNamesCursor(statement: db.cachedStatement(sql: select)))
        }
        XCTAssertEqual(names, [["a", "x"]])
    }

    func testStatementColumnsFollowColumnAddedByAnotherConnectionWithoutRows() throws {
        let (reader, writer) = try makeQueues(schema: "CREATE TABLE t(a)")
        try writer.write { db in try db.execute(sql: "ALTER TABLE t ADD COLUMN b") }
        try reader.read { db in
            let cursor = try Row.fetchCursor(db, sql: select)
            XCTAssertNil(try cursor.next())
            XCTAssertEqual(cursor.columnNames, ["a", "b"])
            XCTAssertEqual(cursor.columnCount, 2)
        }
    }

    func testAdapterThatNoLongerFitsThrowsAfterColumnDroppedByAnotherConnection() throws {
        let (reader, writer) = try makeQueues(schema: "CREATE TABLE t(a, b, c); INSERT INTO t VALUES (1, 2, 3)")
        let adapter = RangeRowAdapter(2..<3)
        try reader.read { db in
            XCTAssertEqual(try Row.fetchOne(db, sql: select, adapter: adapter), ["c": 3])
        }
        try writer.write { db in try db.execute(sql: "ALTER TABLE t DROP COLUMN a") }
        try reader.read { db in
            XCTAssertThrowsError(try Row.fetchAll(db, sql: select, adapter: adapter)) { error in
                XCTAssertTrue(error is DatabaseError, "\(error)")
            }
            // The statement is released: it runs again.
            XCTAssertEqual(try Row.fetchAll(db, sql: select), [["b": 2, "c": 3]])
        }
    }

    private struct Author: TableRecord, FetchableRecord, Decodable {
        static let databaseTableName = "author"
        var id: Int64
        var name: String
    }

    private struct Book: TableRecord, FetchableRecord, Decodable {
        static let databaseTableName = "book"
        static let author = belongsTo(Author.self)
        var id: Int64
        var title: String
    }

    private struct BookInfo: FetchableRecord, Decodable {
        var book: Book
        var author: Author
    }

    func testJoinedRequestSeesColumnAddedByAnotherConnection() throws {
        let (reader, writer) = try makeQueues(schema: """
            CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId REFERENCES author(id), title TEXT);
            CREATE TABLE t(a);
            INSERT INTO author VALUES (1, 'Alice');
            INSERT INTO book VALUES (2, 1, 'Wonders');
            """)
        let request = Book.including(required: Book.author)
        try reader.read { db in _ = try request.asRequest(of: BookInfo.self).fetchAll(db) }
        try writer.write { db in try db.execute(sql: "ALTER TABLE book ADD COLUMN year DEFAULT 2000") }
        let infos = try reader.read { db in try request.asRequest(of: BookInfo.self).fetchAll(db) }
        XCTAssertEqual(infos.map(\.book.title), ["Wonders"])
        XCTAssertEqual(infos.map(\.author.name), ["Alice"])
        let row = try reader.read { db in try Row.fetchOne(db, request) }
        XCTAssertEqual(row?.unscoped, ["id": 2, "authorId": 1, "title": "Wonders", "year": 2000])
        XCTAssertEqual(row?.scopes["author"], ["id": 1, "name": "Alice"])
    }

    func testSchemaCacheFollowsColumnAddedByAnotherConnectionDuringAccess() throws {
        let path = temporaryDatabasePath()
        let writer = try DatabaseQueue(path: path)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t(a, b)") }
        let reader = try DatabaseQueue(path: path)
        try reader.inDatabase { db in
            XCTAssertEqual(try db.columns(in: "t").map(\.name), ["a", "b"])
            _ = try Row.fetchAll(db, sql: select)
            try writer.write { db in try db.execute(sql: "ALTER TABLE t ADD COLUMN c") }
            _ = try Row.fetchAll(db, sql: select)
            XCTAssertEqual(try db.columns(in: "t").map(\.name), ["a", "b", "c"])
        }
    }
}
