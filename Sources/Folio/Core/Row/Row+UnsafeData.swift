import CSQLite
import Foundation

// Reading blobs without copying them: the `Data` given to the closure
// points to the memory of SQLite when the row reads a live statement.

extension Row {
    /// Calls a closure with the data at an index, without copying the bytes
    /// of a row that reads a live statement (a row of a cursor).
    ///
    /// ```swift
    /// let rows = try Row.fetchCursor(db, sql: "SELECT thumbnail FROM image")
    /// while let row = try rows.next() {
    ///     try row.withUnsafeData(atIndex: 0) { data in
    ///         if let data { thumbnails.append(UIImage(data: data)) }
    ///     }
    /// }
    /// ```
    ///
    /// A BLOB gives its bytes, and TEXT its UTF-8 bytes.
    ///
    /// - Warning: The data must not be stored or used after the closure
    ///   returns: the memory belongs to SQLite.
    /// - Parameters:
    ///   - index: A column index, from 0 to `count - 1`.
    ///   - body: A closure that receives the data, or nil for NULL.
    /// - Returns: The result of the closure.
    /// - Throws: A ``RowDecodingError`` when the index is out of range, or
    ///   the value is a number (it does not convert to `Data`), and the
    ///   error of the closure. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    public func withUnsafeData<T>(atIndex index: Int, _ body: (Data?) throws -> T) throws -> T {
        guard index >= 0 && index < count else {
            throw _columnNotFound(Data.self, column: nil, index: index)
        }
        return try _withUnsafeData(atUncheckedIndex: index, body)
    }

    /// Calls a closure with the data of the leftmost column with this name
    /// (case-insensitive), without copying the bytes of a row that reads a
    /// live statement (a row of a cursor).
    ///
    /// ```swift
    /// try row.withUnsafeData(named: "thumbnail") { data in
    ///     data?.count // the number of bytes
    /// }
    /// ```
    ///
    /// A BLOB gives its bytes, and TEXT its UTF-8 bytes. A missing column
    /// gives nil, as NULL does.
    ///
    /// - Warning: The data must not be stored or used after the closure
    ///   returns: the memory belongs to SQLite.
    /// - Parameters:
    ///   - columnName: A column name.
    ///   - body: A closure that receives the data, or nil for NULL and a
    ///     missing column.
    /// - Returns: The result of the closure.
    /// - Throws: A ``RowDecodingError`` when the value is a number, and the
    ///   error of the closure. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    public func withUnsafeData<T>(named columnName: String, _ body: (Data?) throws -> T) throws -> T {
        guard let index = index(forColumn: columnName) else {
            return try body(nil)
        }
        return try _withUnsafeData(atUncheckedIndex: index, body)
    }

    /// The data at an index that is known to be valid.
    func _withUnsafeData<T>(atUncheckedIndex index: Int, _ body: (Data?) throws -> T) throws -> T {
        // A live row reads the statement, a mapped row the statement of
        // its base row: their bytes are not copied.
        let live: (SQLiteStatement, CInt)?
        if let _sqliteStatement {
            live = (_sqliteStatement, CInt(index + _offset))
        } else if let _mappedBase, let sqliteStatement = _mappedBase._sqliteStatement {
            live = (sqliteStatement, CInt(_baseIndexes[index]))
        } else {
            live = nil
        }
        guard let (sqliteStatement, cIndex) = live else {
            let dbValue = databaseValue(atUncheckedIndex: index)
            switch dbValue.storage {
            case .null:
                return try body(nil)
            case .blob(let data):
                return try body(data)
            case .string(let string):
                return try body(Data(string.utf8))
            case .int64, .double:
                throw _valueMismatch(Data.self, index: index, databaseValue: dbValue)
            }
        }
        switch sqlite3_column_type(sqliteStatement, cIndex) {
        case SQLITE_NULL:
            return try body(nil)
        case SQLITE_BLOB, SQLITE_TEXT:
            // sqlite3_column_blob before sqlite3_column_bytes, as SQLite
            // recommends. For TEXT, it returns the UTF-8 bytes of the text.
            guard let bytes = sqlite3_column_blob(sqliteStatement, cIndex) else {
                return try body(Data())
            }
            let count = Int(sqlite3_column_bytes(sqliteStatement, cIndex))
            let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes), count: count, deallocator: .none)
            return try body(data)
        default:
            throw _valueMismatch(Data.self, index: index, databaseValue: databaseValue(atUncheckedIndex: index))
        }
    }
}
