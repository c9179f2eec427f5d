import CSQLite

// Reading values from a row: subscripts (a decoding failure is a programmer
// error) and throwing `decode` methods.
//
// The generic entry points are @inlinable: it allows specialization for
// the requested type in client code, so that reading an Int from a live row
// compiles down to one column look-up and its checked read
// (sqlite3_column_value, sqlite3_value_type, sqlite3_value_int64: see
// `FixedWidthInteger.init(_sqliteStatement:index:)`).

extension Row {
    // MARK: - Throwing decoding

    /// Decodes the value at an index.
    ///
    /// ```swift
    /// let name = try row.decode(String.self, atIndex: 0)
    /// let score = try row.decode(Int?.self, atIndex: 1) // nil for NULL
    /// ```
    ///
    /// - Parameters:
    ///   - type: The expected type.
    ///   - index: A column index, from 0 to `count - 1`.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError`` when the index is out of range or
    ///   the value does not convert.
    @inlinable
    public func decode<Value: DatabaseValueConvertible>(
        _ type: Value.Type = Value.self,
        atIndex index: Int) throws -> Value
    {
        guard index >= 0 && index < count else {
            throw _columnNotFound(Value.self, column: nil, index: index)
        }
        return try _decode(Value.self, atUncheckedIndex: index)
    }

    /// Decodes the value at an index (fast path for standard types).
    ///
    /// - Parameters:
    ///   - type: The expected type.
    ///   - index: A column index, from 0 to `count - 1`.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError``.
    @inlinable
    public func decode<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type = Value.self,
        atIndex index: Int) throws -> Value
    {
        guard index >= 0 && index < count else {
            throw _columnNotFound(Value.self, column: nil, index: index)
        }
        return try _fastDecode(Value.self, atUncheckedIndex: index)
    }

    /// Decodes the value of the leftmost column with the given name
    /// (case-insensitive).
    ///
    /// ```swift
    /// let bookCount = try row.decode(Int.self, forColumn: "bookCount")
    /// ```
    ///
    /// A missing column decodes as nil for optional types, and throws for
    /// others.
    ///
    /// - Parameters:
    ///   - type: The expected type.
    ///   - columnName: A column name.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError``.
    @inlinable
    public func decode<Value: DatabaseValueConvertible>(
        _ type: Value.Type = Value.self,
        forColumn columnName: String) throws -> Value
    {
        guard let index = index(forColumn: columnName) else {
            if let value = Value.fromMissingColumn() { return value }
            throw _columnNotFound(Value.self, column: columnName, index: nil)
        }
        return try _decode(Value.self, atUncheckedIndex: index)
    }

    /// Decodes the value of a column (fast path for standard types).
    ///
    /// Always inlined, as `row[index]` is: a hand-written `init(row:)`
    /// reads one column per call, and the call itself cost about 12
    /// instructions per column (the slow paths stay out of line).
    ///
    /// - Parameters:
    ///   - type: The expected type.
    ///   - columnName: A column name.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError``.
    @inlinable @inline(__always)
    public func decode<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type = Value.self,
        forColumn columnName: String) throws -> Value
    {
        // The fast path: a live row, the column after the last one found,
        // and a value of the expected type.
        if let sqliteStatement = _sqliteStatement, let index = _hintedIndex(forColumn: columnName) {
            if let value = Row._readValue(Value.self, sqliteStatement, CInt(truncatingIfNeeded: index &+ _offset)) {
                return value
            }
            return try _slowDecode(Value.self, atUncheckedIndex: index)
        }
        return try _slowDecode(Value.self, forColumn: columnName)
    }

    // MARK: - Subscripts

    /// The value at an index, as a generic convertible value, or nil for
    /// NULL.
    ///
    /// - Parameter index: A column index, from 0 to `count - 1`.
    public subscript(_ index: Int) -> (any DatabaseValueConvertible)? {
        _checkIndex(index)
        let dbValue = databaseValue(atUncheckedIndex: index)
        switch dbValue.storage {
        case .null: return nil
        case .int64(let int64): return int64
        case .double(let double): return double
        case .string(let string): return string
        case .blob(let data): return data
        }
    }

    /// The value at an index, converted to the requested type.
    ///
    /// - Precondition: the index is valid and the value converts: use
    ///   ``decode(_:atIndex:)-2if3`` to get an error instead.
    /// - Parameter index: A column index, from 0 to `count - 1`.
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        _checkIndex(index)
        do {
            return try _decode(Value.self, atUncheckedIndex: index)
        } catch {
            _decodingFailure(error)
        }
    }

    /// The value at an index, converted to the requested type (fast path).
    ///
    /// Always inlined: a loop over rows reads each column without a call
    /// (the index check and the read are a few instructions; the slow
    /// paths stay out of line).
    ///
    /// - Precondition: the index is valid and the value converts.
    /// - Parameter index: A column index, from 0 to `count - 1`.
    @inlinable @inline(__always)
    public subscript<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ index: Int) -> Value {
        _checkIndex(index)
        do {
            return try _fastDecode(Value.self, atUncheckedIndex: index)
        } catch {
            _decodingFailure(error)
        }
    }

    /// The value of the leftmost column with this name (case-insensitive),
    /// as a generic convertible value, or nil for NULL or a missing column.
    ///
    /// - Parameter columnName: A column name.
    public subscript(_ columnName: String) -> (any DatabaseValueConvertible)? {
        guard let index = index(forColumn: columnName) else { return nil }
        return self[index]
    }

    /// The value of a column, converted to the requested type.
    ///
    /// - Precondition: the column exists and its value converts: use
    ///   ``decode(_:forColumn:)-3auww`` to get an error instead.
    /// - Parameter columnName: A column name (case-insensitive).
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(_ columnName: String) -> Value {
        do {
            return try decode(Value.self, forColumn: columnName)
        } catch {
            _decodingFailure(error)
        }
    }

    /// The value of a column, converted to the requested type (fast path).
    ///
    /// Always inlined (see ``decode(_:forColumn:)-3auww``): a call per column
    /// costs more than the look-up of the column by name.
    ///
    /// - Precondition: the column exists and its value converts.
    /// - Parameter columnName: A column name (case-insensitive).
    @inlinable @inline(__always)
    public subscript<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ columnName: String) -> Value {
        do {
            return try decode(Value.self, forColumn: columnName)
        } catch {
            _decodingFailure(error)
        }
    }

    // MARK: - Implementation

    /// The slow path of ``decode(_:forColumn:)`` for standard types: a
    /// column other than the hinted one, copied rows, missing columns. Not
    /// inlined, so that the fast path stays small; inlinable, so that it is
    /// specialized.
    @inlinable @inline(never)
    func _slowDecode<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type,
        forColumn columnName: String) throws -> Value
    {
        guard let index = index(forColumn: columnName) else {
            if let value = Value.fromMissingColumn() { return value }
            throw _columnNotFound(Value.self, column: columnName, index: nil)
        }
        return try _fastDecode(Value.self, atUncheckedIndex: index)
    }

    /// The slow path of standard values that ``_readValue(_:_:_:)`` could
    /// not read: NULL and values that do not convert, which decode (or
    /// fail with a ``RowDecodingError``) from their ``DatabaseValue``. Not
    /// inlined, so that the fast paths stay small; inlinable, so that it is
    /// specialized.
    @inlinable @inline(never)
    func _slowDecode<Value: DatabaseValueConvertible>(
        _ type: Value.Type,
        atUncheckedIndex index: Int) throws -> Value
    {
        try _decode(Value.self, atUncheckedIndex: index)
    }

    @inlinable
    func _decode<Value: DatabaseValueConvertible>(_ type: Value.Type, atUncheckedIndex index: Int) throws -> Value {
        let dbValue = databaseValue(atUncheckedIndex: index)
        if let value = Value.fromDatabaseValue(dbValue) {
            return value
        }
        return try _decodeConverting(Value.self, atUncheckedIndex: index, databaseValue: dbValue)
    }

    /// The last resort of ``_decode(_:atUncheckedIndex:)``, once
    /// `fromDatabaseValue(_:)` refused the value: SQLite's convenience
    /// conversion of a TEXT or BLOB statement column that starts with a
    /// number to an integer (`'20 small cigars'` is 20), as GRDB lets it go
    /// through when it reads a statement column (README, "Values"); a
    /// ``RowDecodingError`` otherwise. Rows copied out of their statement
    /// do not convert, as in GRDB.
    ///
    /// Out of line and not specialized: only values that do not have the
    /// expected type get here, so that the paths of the values that do
    /// cost nothing more (testing the text in the fast path of integers
    /// cost workloads 1-3 12 to 14 % of their instructions).
    @usableFromInline @inline(never)
    func _decodeConverting<Value: DatabaseValueConvertible>(
        _ type: Value.Type,
        atUncheckedIndex index: Int,
        databaseValue dbValue: DatabaseValue) throws -> Value
    {
        switch dbValue.storage {
        case .string, .blob:
            // `Int?` and `Int??` (the value of `Int?.fetchOne`) convert
            // as `Int`.
            var target: Any.Type = Value.self
            while let optionalType = target as? any _OptionalType.Type {
                target = optionalType._wrappedType
            }
            if let integerType = target as? any _SQLiteNumericTextInteger.Type,
               let sqliteValue = _statementValue(atUncheckedIndex: index),
               let converted = integerType._fromNumericText(sqliteValue),
               let value = converted as? Value
            {
                return value
            }
        default:
            break
        }
        throw _valueMismatch(Value.self, index: index, databaseValue: dbValue)
    }

    /// The `sqlite3_value` of a column of a row that reads its statement
    /// (directly, or through its mapped base row), or nil for a copied row.
    private func _statementValue(atUncheckedIndex index: Int) -> OpaquePointer? {
        if let _sqliteStatement {
            return sqlite3_column_value(_sqliteStatement, CInt(truncatingIfNeeded: index &+ _offset))
        }
        if let _mappedBase, let baseStatement = _mappedBase._sqliteStatement {
            return sqlite3_column_value(baseStatement, CInt(truncatingIfNeeded: _baseIndexes[index]))
        }
        return nil
    }

    @inlinable @inline(__always)
    func _fastDecode<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type,
        atUncheckedIndex index: Int) throws -> Value
    {
        if let sqliteStatement = _sqliteStatement,
           let value = Row._readValue(Value.self, sqliteStatement, CInt(truncatingIfNeeded: index &+ _offset))
        {
            return value
        }
        return try _decode(Value.self, atUncheckedIndex: index)
    }

    @inlinable
    func _fastDecodeOptional<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type,
        atUncheckedIndex index: Int) throws -> Value?
    {
        if let sqliteStatement = _sqliteStatement,
           let value = Row._readOptionalValue(Value.self, sqliteStatement, CInt(truncatingIfNeeded: index &+ _offset))
        {
            return value
        }
        return try _decode(Value?.self, atUncheckedIndex: index)
    }

    /// Decodes the value that `fetchOne` returns: nil for NULL, unless the
    /// type accepts NULL (`Optional<Int>.fetchOne` returns `.some(nil)`).
    /// Values that ``_readValue(_:_:_:)`` reads take the fast path; NULL
    /// and values that do not convert go through
    /// ``Optional/fromDatabaseValue(_:)``.
    @inlinable
    func _fastDecodeFetchedOne<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type,
        atUncheckedIndex index: Int) throws -> Value?
    {
        if let sqliteStatement = _sqliteStatement,
           let value = Row._readValue(Value.self, sqliteStatement, CInt(truncatingIfNeeded: index &+ _offset))
        {
            return value
        }
        return try _decode(Value?.self, atUncheckedIndex: index)
    }

    /// Reads a standard value straight from the current row of a statement,
    /// or returns nil for NULL and for values that do not convert: decode
    /// those from their `DatabaseValue`.
    ///
    /// The standard types convert the values they accept here, as their
    /// `fromDatabaseValue` does (an integer from a REAL, a string from a
    /// UTF-8 BLOB, a date from text or a timestamp), so that nil is rare.
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement with a current row.
    ///   - cIndex: A column index of the statement.
    @inlinable @inline(__always)
    static func _readValue<Value: StatementColumnConvertible>(
        _ type: Value.Type,
        _ sqliteStatement: SQLiteStatement,
        _ cIndex: CInt) -> Value?
    {
        // The standard types check the column type themselves, NULL
        // included; other types get the NULL check of the default
        // implementation.
        Value.fromStatement(sqliteStatement, atUncheckedIndex: cIndex)
    }

    /// Reads an optional standard value straight from the current row of a
    /// statement: `.some(nil)` for NULL, or nil for values that need a
    /// conversion (or do not convert).
    @inlinable @inline(__always)
    static func _readOptionalValue<Value: StatementColumnConvertible>(
        _ type: Value.Type,
        _ sqliteStatement: SQLiteStatement,
        _ cIndex: CInt) -> Value??
    {
        if sqlite3_column_type(sqliteStatement, cIndex) == SQLITE_NULL {
            return .some(nil)
        }
        // Not NULL: the standard types read through `fromStatement`, which
        // checks the column type and refuses values that do not convert
        // (the cast is resolved at compile time once specialized). Other
        // types read through their initializer, which applies SQLite's
        // conversions.
        if Value.self is any _StatementColumnTypeChecking.Type {
            return Value.fromStatement(sqliteStatement, atUncheckedIndex: cIndex).map { .some($0) }
        }
        return Value(sqliteStatement: sqliteStatement, index: cIndex).map { .some($0) }
    }

    // The error helpers return the boxed error, so that the hot decoding
    // functions that throw it do not inline its boxing.

    @usableFromInline
    func _valueMismatch(_ type: Any.Type, index: Int, databaseValue: DatabaseValue) -> any Error {
        RowDecodingError(
            reason: .valueMismatch, type: type, column: _columnName(atUncheckedIndex: index), index: index,
            databaseValue: databaseValue, row: self, sql: sql)
    }

    @usableFromInline
    func _columnNotFound(_ type: Any.Type, column: String?, index: Int?) -> any Error {
        RowDecodingError(
            reason: .columnNotFound, type: type, column: column, index: index,
            databaseValue: nil, row: self, sql: sql)
    }

    /// Stops the program after a decoding failure in a non-throwing
    /// subscript: reading a value of the wrong type is a programmer error
    /// that GRDB documents as a fatal error. The message (the error's
    /// description: the column, the type, the value, the SQL) survives
    /// optimized builds.
    @usableFromInline
    func _decodingFailure(_ error: any Error) -> Never {
        fatalProgrammerError("\(error)")
    }
}
