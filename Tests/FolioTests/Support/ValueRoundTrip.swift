import Folio
import XCTest

// Round trips of one value through a real table, by every insertion and
// read path: arguments and SQL literals; copied rows and live cursor rows;
// subscripts by index, name and Column; throwing `decode`; fetchOne,
// fetchAll, fetchCursor and requests. Types that read statement columns
// directly are checked through both the fast and the generic paths.

extension FolioTestCase {
    /// Inserts a value twice, with arguments and with an SQL literal, and
    /// checks what is stored and every way to read it back.
    ///
    /// - Parameters:
    ///   - value: The value to store.
    ///   - stored: The database value expected in the table (compared by
    ///     storage class too: 1 and 1.0 differ here).
    ///   - columnType: The declared type of the column (none by default,
    ///     so that SQLite applies no conversion).
    func assertRoundTrip<T: DatabaseValueConvertible & Equatable>(
        _ value: T,
        stores stored: DatabaseValue,
        columnType: String = "",
        file: StaticString = #filePath,
        line: UInt = #line) throws
    {
        try assertRoundTrip(value, stores: stored, columnType: columnType, isEqual: ==, file: file, line: line)
    }

    /// The variant of ``assertRoundTrip(_:stores:columnType:file:line:)``
    /// for types that read statement columns directly: both the fast and
    /// the generic paths are checked.
    func assertRoundTrip<T: DatabaseValueConvertible & StatementColumnConvertible & Equatable>(
        _ value: T,
        stores stored: DatabaseValue,
        columnType: String = "",
        file: StaticString = #filePath,
        line: UInt = #line) throws
    {
        try assertRoundTrip(value, stores: stored, columnType: columnType, isEqual: ==, file: file, line: line)
    }

    /// Round trip of a value compared with a custom equality.
    func assertRoundTrip<T: DatabaseValueConvertible>(
        _ value: T,
        stores stored: DatabaseValue,
        columnType: String = "",
        isEqual: (T, T) -> Bool,
        file: StaticString = #filePath,
        line: UInt = #line) throws
    {
        let dbQueue = try makeStoredValueQueue(value, stores: stored, columnType: columnType, file: file, line: line)
        try dbQueue.read { db in
            try checkGenericReads(db, expected: value, isEqual: isEqual, file: file, line: line)
        }
    }

    /// Round trip of a value that reads statement columns directly,
    /// compared with a custom equality.
    func assertRoundTrip<T: DatabaseValueConvertible & StatementColumnConvertible>(
        _ value: T,
        stores stored: DatabaseValue,
        columnType: String = "",
        isEqual: (T, T) -> Bool,
        file: StaticString = #filePath,
        line: UInt = #line) throws
    {
        let dbQueue = try makeStoredValueQueue(value, stores: stored, columnType: columnType, file: file, line: line)
        try dbQueue.read { db in
            try checkGenericReads(db, expected: value, isEqual: isEqual, file: file, line: line)
            try checkFastReads(db, expected: value, isEqual: isEqual, file: file, line: line)
        }
    }

    /// Returns a database whose table `t` holds the value in its two rows,
    /// after checking the stored value and the insertion SQL.
    private func makeStoredValueQueue<T: DatabaseValueConvertible>(
        _ value: T,
        stores stored: DatabaseValue,
        columnType: String,
        file: StaticString,
        line: UInt) throws -> DatabaseQueue
    {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, value \(columnType))")
            try db.execute(sql: "INSERT INTO t (value) VALUES (?)", arguments: [value])
            XCTAssertEqual(lastSQLQuery, "INSERT INTO t (value) VALUES (?)", file: file, line: line)
            try db.execute(literal: "INSERT INTO t (value) VALUES (\(value))")
            XCTAssertEqual(lastSQLQuery, "INSERT INTO t (value) VALUES (?)", file: file, line: line)
        }
        try dbQueue.read { db in
            let storedValues = try DatabaseValue.fetchAll(db, sql: "SELECT value FROM t ORDER BY id")
            XCTAssertEqual(storedValues, [stored, stored], file: file, line: line)
            let storageClasses = try String.fetchAll(db, sql: "SELECT typeof(value) FROM t ORDER BY id")
            XCTAssertEqual(storageClasses, [stored.storageClassName, stored.storageClassName], file: file, line: line)
        }
        return dbQueue
    }

    /// Reads through `DatabaseValue` conversions: a generic context only
    /// sees the `DatabaseValueConvertible` overloads.
    private func checkGenericReads<T: DatabaseValueConvertible>(
        _ db: Database,
        expected: T,
        isEqual: (T, T) -> Bool,
        file: StaticString,
        line: UInt) throws
    {
        func check(_ actual: T?, _ path: String) {
            guard let actual else {
                return XCTFail("\(path): nil, expected \(expected)", file: file, line: line)
            }
            XCTAssertTrue(isEqual(actual, expected), "\(path): \(actual) is not \(expected)", file: file, line: line)
        }
        func checkRow(_ row: Row, _ kind: String) throws {
            check(row[1] as T, "\(kind) row[1]")
            check(row[1] as T?, "\(kind) row[1] as T?")
            check(row["value"] as T, "\(kind) row[\"value\"]")
            check(row["VALUE"] as T, "\(kind) row[\"VALUE\"]")
            check(row[Column("value")] as T, "\(kind) row[Column]")
            check(try row.decode(T.self, atIndex: 1), "\(kind) decode(atIndex:)")
            check(try row.decode(T.self, forColumn: "value"), "\(kind) decode(forColumn:)")
            check(try row.decode(T.self, forKey: Column("value")), "\(kind) decode(forKey:)")
            check(try row.decode(T?.self, forColumn: "value") ?? nil, "\(kind) decode(T?, forColumn:)")
            check(T.fromDatabaseValue(Array(row.databaseValues)[1]), "\(kind) fromDatabaseValue")
        }

        let sql = "SELECT id, value FROM t ORDER BY id"
        let copiedRows = try Row.fetchAll(db, sql: sql)
        XCTAssertEqual(copiedRows.count, 2, file: file, line: line)
        for row in copiedRows {
            try checkRow(row, "copied")
        }
        try checkRow(try XCTUnwrap(Row.fetchOne(db, sql: sql), file: file, line: line), "fetchOne")
        let cursor = try Row.fetchCursor(db, sql: sql)
        var liveCount = 0
        while let row = try cursor.next() {
            liveCount += 1
            try checkRow(row, "live")
            try checkRow(row.copy(), "copy of live")
        }
        XCTAssertEqual(liveCount, 2, file: file, line: line)

        let valueSQL = "SELECT value FROM t ORDER BY id"
        let all: [T] = try genericFetchAll(db, sql: valueSQL)
        XCTAssertEqual(all.count, 2, file: file, line: line)
        all.forEach { check($0, "fetchAll") }
        check(try genericFetchOne(db, sql: valueSQL), "fetchOne")
        let values: [T] = try genericFetchAll(db, request: SQLRequest<T>(sql: valueSQL))
        values.forEach { check($0, "request fetchAll") }
        XCTAssertEqual(values.count, 2, file: file, line: line)
    }

    /// Reads through `StatementColumnConvertible`: the overloads that read
    /// SQLite columns directly.
    private func checkFastReads<T: DatabaseValueConvertible & StatementColumnConvertible>(
        _ db: Database,
        expected: T,
        isEqual: (T, T) -> Bool,
        file: StaticString,
        line: UInt) throws
    {
        func check(_ actual: T?, _ path: String) {
            guard let actual else {
                return XCTFail("fast \(path): nil, expected \(expected)", file: file, line: line)
            }
            XCTAssertTrue(isEqual(actual, expected), "fast \(path): \(actual) is not \(expected)", file: file, line: line)
        }
        func checkRow(_ row: Row, _ kind: String) throws {
            check(row[1] as T, "\(kind) row[1]")
            check(row[1] as T?, "\(kind) row[1] as T?")
            check(row["value"] as T, "\(kind) row[\"value\"]")
            check(row[Column("value")] as T, "\(kind) row[Column]")
            check(try row.decode(T.self, atIndex: 1), "\(kind) decode(atIndex:)")
            check(try row.decode(T.self, forColumn: "value"), "\(kind) decode(forColumn:)")
            check(try row.decode(T.self, forKey: Column("value")), "\(kind) decode(forKey:)")
        }

        let sql = "SELECT id, value FROM t ORDER BY id"
        for row in try Row.fetchAll(db, sql: sql) {
            try checkRow(row, "copied")
        }
        let cursor = try Row.fetchCursor(db, sql: sql)
        while let row = try cursor.next() {
            try checkRow(row, "live")
        }

        let valueSQL = "SELECT value FROM t ORDER BY id"
        let all = try T.fetchAll(db, sql: valueSQL)
        XCTAssertEqual(all.count, 2, file: file, line: line)
        all.forEach { check($0, "fetchAll") }
        check(try T.fetchOne(db, sql: valueSQL), "fetchOne")
        let valueCursor = try T.fetchCursor(db, sql: valueSQL)
        var cursorCount = 0
        while let value = try valueCursor.next() {
            cursorCount += 1
            check(value, "fetchCursor")
        }
        XCTAssertEqual(cursorCount, 2, file: file, line: line)
        let optionals = try Optional<T>.fetchAll(db, sql: valueSQL)
        optionals.forEach { check($0, "Optional fetchAll") }
        let statement = try db.makeStatement(sql: valueSQL)
        try T.fetchAll(statement).forEach { check($0, "statement fetchAll") }
    }

    private func genericFetchAll<T: DatabaseValueConvertible>(_ db: Database, sql: String) throws -> [T] {
        try T.fetchAll(db, sql: sql)
    }

    private func genericFetchOne<T: DatabaseValueConvertible>(_ db: Database, sql: String) throws -> T? {
        try T.fetchOne(db, sql: sql)
    }

    private func genericFetchAll<T: DatabaseValueConvertible>(_ db: Database, request: SQLRequest<T>) throws -> [T] {
        try request.fetchAll(db)
    }
}

extension DatabaseValue {
    /// The name of the storage class, as the SQL `typeof()` function
    /// returns it.
    var storageClassName: String {
        switch storage {
        case .null: return "null"
        case .int64: return "integer"
        case .double: return "real"
        case .string: return "text"
        case .blob: return "blob"
        }
    }
}

extension XCTestCase {
    /// Asserts that an expression throws a `RowDecodingError`, and returns
    /// it for further checks.
    @discardableResult
    func assertThrowsRowDecodingError<T>(
        _ expression: @autoclosure () throws -> T,
        file: StaticString = #filePath,
        line: UInt = #line) -> RowDecodingError?
    {
        var decodingError: RowDecodingError?
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            guard let error = error as? RowDecodingError else {
                return XCTFail("expected RowDecodingError, got \(type(of: error)): \(error)", file: file, line: line)
            }
            decodingError = error
        }
        return decodingError
    }

    /// Asserts that an expression throws a `DatabaseError`, and returns it
    /// for further checks.
    @discardableResult
    func assertThrowsDatabaseError<T>(
        _ expression: @autoclosure () throws -> T,
        file: StaticString = #filePath,
        line: UInt = #line) -> DatabaseError?
    {
        var databaseError: DatabaseError?
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            guard let error = error as? DatabaseError else {
                return XCTFail("expected DatabaseError, got \(type(of: error)): \(error)", file: file, line: line)
            }
            databaseError = error
        }
        return databaseError
    }
}
