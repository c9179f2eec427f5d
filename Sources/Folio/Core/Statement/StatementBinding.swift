import CSQLite

/// A type that can bind itself to a parameter of a prepared statement.
///
/// All ``DatabaseValueConvertible`` types adopt it, by binding their
/// ``DatabaseValueConvertible/databaseValue``:
///
/// ```swift
/// let statement = try db.makeStatement(sql: "SELECT ?")
/// let code = "Arthur".bind(to: statement.sqliteStatement, at: 1)
/// // code == SQLITE_OK
/// ```
///
/// Prefer statement arguments (``StatementArguments``), which check the
/// number of parameters and throw errors: this protocol is the low-level
/// interface to `sqlite3_bind_*`.
///
/// See <https://www.sqlite.org/c3ref/bind_blob.html>.
public protocol StatementBinding {
    /// Binds the value to a parameter of a statement.
    ///
    /// ```swift
    /// let code = 42.bind(to: statement.sqliteStatement, at: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: An SQLite statement.
    ///   - index: The index of the parameter, starting at 1.
    /// - Returns: The result code of the `sqlite3_bind_*` function
    ///   (`SQLITE_OK`, or `SQLITE_RANGE` for an invalid index...). See
    ///   <https://www.sqlite.org/c3ref/bind_blob.html>.
    func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt
}

extension DatabaseValueConvertible {
    /// Binds the database value of this value to a parameter of a
    /// statement.
    ///
    /// ```swift
    /// let code = Date().bind(to: statement.sqliteStatement, at: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: An SQLite statement.
    ///   - index: The index of the parameter, starting at 1.
    /// - Returns: The result code of the `sqlite3_bind_*` function. See
    ///   <https://www.sqlite.org/c3ref/bind_blob.html>.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        databaseValue.bind(to: sqliteStatement, at: index)
    }
}

extension DatabaseValue {
    /// Binds the value to a parameter of a statement, with the
    /// `sqlite3_bind_*` function of its storage class.
    ///
    /// ```swift
    /// let code = DatabaseValue.null.bind(to: statement.sqliteStatement, at: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: An SQLite statement.
    ///   - index: The index of the parameter, starting at 1.
    /// - Returns: The result code of the `sqlite3_bind_*` function. See
    ///   <https://www.sqlite.org/c3ref/bind_blob.html>.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        // An integer that SQLite can not store (`UInt64.max`) is left
        // unbound.
        _bind(to: sqliteStatement, at: index, unrepresentableCode: SQLITE_MISMATCH)
    }

    /// Binds the value with the `sqlite3_bind_*` function of its storage
    /// class: the one implementation of binding, for ``bind(to:at:)`` and
    /// for the statements of Folio.
    ///
    /// - Parameters:
    ///   - sqliteStatement: An SQLite statement.
    ///   - index: The index of the parameter, starting at 1.
    ///   - unrepresentableCode: The code returned, without binding, for
    ///     an integer that SQLite can not store.
    /// - Returns: The result code of the `sqlite3_bind_*` function.
    @inline(__always)
    func _bind(to sqliteStatement: SQLiteStatement, at index: CInt, unrepresentableCode: CInt) -> CInt {
        switch _storage {
        case .unrepresentable:
            return unrepresentableCode
        case .null:
            return sqlite3_bind_null(sqliteStatement, index)
        case .int64(let int64):
            return sqlite3_bind_int64(sqliteStatement, index, int64)
        case .double(let double):
            return sqlite3_bind_double(sqliteStatement, index, double)
        case .string(var string):
            // The 64-bit variants take the length without a conversion
            // that could trap: SQLite reports SQLITE_TOOBIG instead.
            return string.withUTF8 { buffer in
                sqlite3_bind_text64(
                    sqliteStatement, index,
                    UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                        .assumingMemoryBound(to: CChar.self),
                    UInt64(buffer.count), _folio_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        case .blob(let data):
            return data.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress, buffer.count > 0 else {
                    return sqlite3_bind_zeroblob(sqliteStatement, index, 0)
                }
                return sqlite3_bind_blob64(sqliteStatement, index, base, UInt64(buffer.count), _folio_sqlite_transient())
            }
        }
    }
}
