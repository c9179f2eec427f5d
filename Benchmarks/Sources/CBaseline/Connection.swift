import CSQLiteBench

/// An error of the C baseline: the SQLite message and the SQL.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var sql: String?

    var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
    }
}

/// A thin owner of an `sqlite3*` connection, opened in multi-thread mode
/// (`SQLITE_OPEN_NOMUTEX`) as a library that serialises its accesses
/// would. Only setup and error paths go through it: the timed loops call
/// the C API directly.
final class Connection: @unchecked Sendable {
    let handle: OpaquePointer

    init(path: String = ":memory:", readonly: Bool = false) throws {
        var handle: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        flags |= readonly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, message: message, sql: nil)
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, 10_000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or several statements without arguments.
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql) }
    }

    /// Prepares a statement, which the caller finalizes.
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code, sql) }
        return statement
    }

    /// The integer in the first column of the first row of `sql`.
    func fetchInt(_ sql: String) throws -> Int {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw error(code, sql) }
        return Int(sqlite3_column_int64(statement, 0))
    }

    /// The index of a column of a prepared statement.
    func columnIndex(_ statement: OpaquePointer, _ name: String) throws -> Int32 {
        for index in 0..<sqlite3_column_count(statement) where String(cString: sqlite3_column_name(statement, index)) == name {
            return index
        }
        throw SQLiteError(code: SQLITE_ERROR, message: "no such column: \(name)", sql: String(cString: sqlite3_sql(statement)))
    }

    func error(_ code: Int32, _ sql: String?) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

/// Reads a text column as a Swift string.
@inline(__always)
func columnText(_ statement: OpaquePointer, _ index: Int32) -> String {
    guard let text = sqlite3_column_text(statement, index) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
}

/// The version of the SQLite library that the benchmarks link.
public var sqliteVersion: String {
    String(cString: sqlite3_libversion())
}
