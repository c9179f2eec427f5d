import Foundation

// The reads of the `init(row:)` that `@DatabaseRecord` generates: one
// overload per kind of property type, chosen by the compiler from the
// type of the property (GRDB has no such API).
//
// - `DatabaseValueConvertible & StatementColumnConvertible` values read
//   straight from the statement (the fast path of `row[index]`);
// - other `DatabaseValueConvertible` values, through their
//   `fromDatabaseValue(_:)`;
// - `Date`, with the record's `databaseDateDecodingStrategy(for:)`;
// - `RawRepresentable` values, through their raw value (disfavored, so
//   that a type's own `DatabaseValueConvertible` conformance wins; the
//   record type is a `FetchableRecord` in all disfavored overloads, so
//   that a `Decodable` enum with a raw value finds one most specific
//   overload);
// - `Decodable` values, from JSON, with the record's
//   `databaseJSONDecoder(for:)` (disfavored too).
//
// NULL in a non-optional property, a value that does not convert and a
// missing column throw a `RowDecodingError` that names the column, the
// type, the value and the SQL.

extension Row {
    // MARK: - Database values

    /// Decodes a column of a record from the row: a standard value, read
    /// straight from the statement. GRDB has no such API.
    ///
    /// ```swift
    /// let indexes = row.columnIndexes(of: Player.self) { ["id", "name"] }
    /// let name = try row.decodeColumn(String.self, at: 1, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes, from
    ///     ``columnIndexes(of:columns:)``.
    ///   - record: The record type.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError`` for NULL, a value that does not
    ///   convert, or a missing column.
    @inlinable @inline(__always)
    public func decodeColumn<Value: DatabaseValueConvertible & StatementColumnConvertible, Record>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value
    {
        let index = indexes._indexes[position]
        if index >= 0 { return try _fastDecode(Value.self, atUncheckedIndex: index) }
        return try _missingRecordColumn(Value.self, indexes._column(at: position))
    }

    /// Decodes an optional column of a record from the row: a standard
    /// value, read straight from the statement; nil for NULL or a missing
    /// column. GRDB has no such API.
    ///
    /// ```swift
    /// let teamId = try row.decodeColumnIfPresent(Int64.self, at: 3, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The wrapped type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value, or nil.
    /// - Throws: A ``RowDecodingError`` for a value that does not convert.
    @inlinable @inline(__always)
    public func decodeColumnIfPresent<Value: DatabaseValueConvertible & StatementColumnConvertible, Record>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value?
    {
        let index = indexes._indexes[position]
        if index >= 0 { return try _fastDecodeOptional(Value.self, atUncheckedIndex: index) }
        return nil
    }

    /// Decodes a column of a record from the row, through the type's
    /// ``DatabaseValueConvertible/fromDatabaseValue(_:)``.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let email = try row.decodeColumn(Email.self, at: 2, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError``.
    @inlinable
    public func decodeColumn<Value: DatabaseValueConvertible, Record>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value
    {
        let index = indexes._indexes[position]
        if index >= 0 { return try _decode(Value.self, atUncheckedIndex: index) }
        return try _missingRecordColumn(Value.self, indexes._column(at: position))
    }

    /// Decodes an optional column of a record from the row, through the
    /// type's ``DatabaseValueConvertible/fromDatabaseValue(_:)``; nil for
    /// NULL or a missing column. GRDB has no such API.
    ///
    /// ```swift
    /// let email = try row.decodeColumnIfPresent(Email.self, at: 2, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The wrapped type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value, or nil.
    /// - Throws: A ``RowDecodingError``.
    @inlinable
    public func decodeColumnIfPresent<Value: DatabaseValueConvertible, Record>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value?
    {
        let index = indexes._indexes[position]
        if index >= 0 { return try _decode(Value?.self, atUncheckedIndex: index) }
        return nil
    }

    // MARK: - Dates

    /// Decodes a date column of a record, with the record's
    /// ``FetchableRecord/databaseDateDecodingStrategy(for:)``.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let date = try row.decodeColumn(Date.self, at: 1, of: indexes, record: Event.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: `Date`.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type, whose date strategy applies.
    /// - Returns: The decoded date.
    /// - Throws: A ``RowDecodingError``.
    public func decodeColumn<Record: FetchableRecord>(
        _ type: Date.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Date
    {
        guard let date = try decodeColumnIfPresent(Date.self, at: position, of: indexes, record: Record.self) else {
            let index = indexes._indexes[position]
            if index < 0 { return try _missingRecordColumn(Date.self, indexes._column(at: position)) }
            throw _valueMismatch(Date.self, index: index, databaseValue: .null)
        }
        return date
    }

    /// Decodes an optional date column of a record, with the record's
    /// ``FetchableRecord/databaseDateDecodingStrategy(for:)``; nil for
    /// NULL or a missing column. GRDB has no such API.
    ///
    /// ```swift
    /// let date = try row.decodeColumnIfPresent(Date.self, at: 1, of: indexes, record: Event.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: `Date`.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type, whose date strategy applies.
    /// - Returns: The decoded date, or nil.
    /// - Throws: A ``RowDecodingError``.
    public func decodeColumnIfPresent<Record: FetchableRecord>(
        _ type: Date.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Date?
    {
        let index = indexes._indexes[position]
        guard index >= 0 else { return nil }
        let strategy = Record.databaseDateDecodingStrategy(for: indexes._column(at: position))
        if case .deferredToDate = strategy {
            return try _decode(Date?.self, atUncheckedIndex: index)
        }
        let dbValue = databaseValue(atUncheckedIndex: index)
        if dbValue.isNull { return nil }
        if let date = strategy.decode(dbValue) { return date }
        throw _valueMismatch(Date.self, index: index, databaseValue: dbValue)
    }

    // MARK: - Raw values

    /// Decodes a column of a record whose type has a raw value, from its
    /// raw value. GRDB has no such API.
    ///
    /// ```swift
    /// enum Kind: String { case human, robot }
    /// let kind = try row.decodeColumn(Kind.self, at: 2, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError`` when the raw value matches no value.
    @inlinable @_disfavoredOverload
    public func decodeColumn<Value: RawRepresentable, Record: FetchableRecord>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value
    where Value.RawValue: DatabaseValueConvertible
    {
        let raw = try decodeColumn(Value.RawValue.self, at: position, of: indexes, record: Record.self)
        if let value = Value(rawValue: raw) { return value }
        throw _valueMismatch(Value.self, index: indexes._indexes[position], databaseValue: raw.databaseValue)
    }

    /// Decodes an optional column of a record whose type has a raw value,
    /// from its raw value; nil for NULL or a missing column.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let kind = try row.decodeColumnIfPresent(Kind.self, at: 2, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The wrapped type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value, or nil.
    /// - Throws: A ``RowDecodingError`` when the raw value matches no value.
    @inlinable @_disfavoredOverload
    public func decodeColumnIfPresent<Value: RawRepresentable, Record: FetchableRecord>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value?
    where Value.RawValue: DatabaseValueConvertible
    {
        guard let raw = try decodeColumnIfPresent(Value.RawValue.self, at: position, of: indexes, record: Record.self) else {
            return nil
        }
        if let value = Value(rawValue: raw) { return value }
        throw _valueMismatch(Value.self, index: indexes._indexes[position], databaseValue: raw.databaseValue)
    }

    /// Decodes a column of a record whose type has a standard raw value,
    /// read straight from the statement. GRDB has no such API.
    ///
    /// ```swift
    /// let kind = try row.decodeColumn(Kind.self, at: 2, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError`` when the raw value matches no value.
    @inlinable @_disfavoredOverload
    public func decodeColumn<Value: RawRepresentable, Record: FetchableRecord>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value
    where Value.RawValue: DatabaseValueConvertible & StatementColumnConvertible
    {
        let raw = try decodeColumn(Value.RawValue.self, at: position, of: indexes, record: Record.self)
        if let value = Value(rawValue: raw) { return value }
        throw _valueMismatch(Value.self, index: indexes._indexes[position], databaseValue: raw.databaseValue)
    }

    /// Decodes an optional column of a record whose type has a standard
    /// raw value, read straight from the statement; nil for NULL or a
    /// missing column. GRDB has no such API.
    ///
    /// ```swift
    /// let kind = try row.decodeColumnIfPresent(Kind.self, at: 2, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The wrapped type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value, or nil.
    /// - Throws: A ``RowDecodingError`` when the raw value matches no value.
    @inlinable @_disfavoredOverload
    public func decodeColumnIfPresent<Value: RawRepresentable, Record: FetchableRecord>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value?
    where Value.RawValue: DatabaseValueConvertible & StatementColumnConvertible
    {
        guard let raw = try decodeColumnIfPresent(Value.RawValue.self, at: position, of: indexes, record: Record.self) else {
            return nil
        }
        if let value = Value(rawValue: raw) { return value }
        throw _valueMismatch(Value.self, index: indexes._indexes[position], databaseValue: raw.databaseValue)
    }

    // MARK: - JSON

    /// Decodes a column of a record whose type is `Decodable` from JSON
    /// text or a JSON blob, with the record's
    /// ``FetchableRecord/databaseJSONDecoder(for:)``, as `Decodable`
    /// records do. GRDB has no such API.
    ///
    /// ```swift
    /// struct Info: Codable { var level: Int }
    /// let info = try row.decodeColumn(Info.self, at: 5, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError`` for NULL, a value that is not the
    ///   JSON of a value, or a missing column.
    @_disfavoredOverload
    public func decodeColumn<Value: Decodable, Record: FetchableRecord>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value
    {
        guard let value = try decodeColumnIfPresent(Value.self, at: position, of: indexes, record: Record.self) else {
            let index = indexes._indexes[position]
            if index < 0 { return try _missingRecordColumn(Value.self, indexes._column(at: position)) }
            throw _valueMismatch(Value.self, index: index, databaseValue: .null)
        }
        return value
    }

    /// Decodes an optional column of a record whose type is `Decodable`
    /// from JSON, with the record's
    /// ``FetchableRecord/databaseJSONDecoder(for:)``; nil for NULL or a
    /// missing column. GRDB has no such API.
    ///
    /// ```swift
    /// let info = try row.decodeColumnIfPresent(Info.self, at: 5, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The wrapped type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value, or nil.
    /// - Throws: A ``RowDecodingError`` for a value that is not the JSON of
    ///   a value.
    @_disfavoredOverload
    public func decodeColumnIfPresent<Value: Decodable, Record: FetchableRecord>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value?
    {
        let index = indexes._indexes[position]
        guard index >= 0 else { return nil }
        let dbValue = databaseValue(atUncheckedIndex: index)
        let data: Data
        switch dbValue.storage {
        case .null: return nil
        case .string(let string): data = Data(string.utf8)
        case .blob(let blob): data = blob
        default: throw _valueMismatch(Value.self, index: index, databaseValue: dbValue)
        }
        do {
            return try Record.databaseJSONDecoder(for: indexes._column(at: position)).decode(Value.self, from: data)
        } catch {
            throw _valueMismatch(Value.self, index: index, databaseValue: dbValue)
        }
    }

    /// Decodes a column of a record whose type is `Decodable` and has a
    /// raw value, from its raw value (as `Decodable` records store such
    /// enums). GRDB has no such API.
    ///
    /// ```swift
    /// enum Kind: String, Codable { case human, robot }
    /// let kind = try row.decodeColumn(Kind.self, at: 2, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError`` when the raw value matches no value.
    @inlinable @_disfavoredOverload
    public func decodeColumn<Value: RawRepresentable & Decodable, Record: FetchableRecord>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value
    where Value.RawValue: DatabaseValueConvertible
    {
        let raw = try decodeColumn(Value.RawValue.self, at: position, of: indexes, record: Record.self)
        if let value = Value(rawValue: raw) { return value }
        throw _valueMismatch(Value.self, index: indexes._indexes[position], databaseValue: raw.databaseValue)
    }

    /// Decodes an optional column of a record whose type is `Decodable`
    /// and has a raw value, from its raw value; nil for NULL or a missing
    /// column. GRDB has no such API.
    ///
    /// ```swift
    /// let kind = try row.decodeColumnIfPresent(Kind.self, at: 2, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The wrapped type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value, or nil.
    /// - Throws: A ``RowDecodingError`` when the raw value matches no value.
    @inlinable @_disfavoredOverload
    public func decodeColumnIfPresent<Value: RawRepresentable & Decodable, Record: FetchableRecord>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value?
    where Value.RawValue: DatabaseValueConvertible
    {
        guard let raw = try decodeColumnIfPresent(Value.RawValue.self, at: position, of: indexes, record: Record.self) else {
            return nil
        }
        if let value = Value(rawValue: raw) { return value }
        throw _valueMismatch(Value.self, index: indexes._indexes[position], databaseValue: raw.databaseValue)
    }

    /// Decodes a column of a record whose type is `Decodable` and has a
    /// standard raw value, read straight from the statement.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let kind = try row.decodeColumn(Kind.self, at: 2, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError`` when the raw value matches no value.
    @inlinable @_disfavoredOverload
    public func decodeColumn<Value: RawRepresentable & Decodable, Record: FetchableRecord>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value
    where Value.RawValue: DatabaseValueConvertible & StatementColumnConvertible
    {
        let raw = try decodeColumn(Value.RawValue.self, at: position, of: indexes, record: Record.self)
        if let value = Value(rawValue: raw) { return value }
        throw _valueMismatch(Value.self, index: indexes._indexes[position], databaseValue: raw.databaseValue)
    }

    /// Decodes an optional column of a record whose type is `Decodable`
    /// and has a standard raw value; nil for NULL or a missing column.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let kind = try row.decodeColumnIfPresent(Kind.self, at: 2, of: indexes, record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The wrapped type of the property.
    ///   - position: The position of the column in `indexes`.
    ///   - indexes: The record's column indexes.
    ///   - record: The record type.
    /// - Returns: The decoded value, or nil.
    /// - Throws: A ``RowDecodingError`` when the raw value matches no value.
    @inlinable @_disfavoredOverload
    public func decodeColumnIfPresent<Value: RawRepresentable & Decodable, Record: FetchableRecord>(
        _ type: Value.Type, at position: Int, of indexes: RecordColumnIndexes, record: Record.Type) throws -> Value?
    where Value.RawValue: DatabaseValueConvertible & StatementColumnConvertible
    {
        guard let raw = try decodeColumnIfPresent(Value.RawValue.self, at: position, of: indexes, record: Record.self) else {
            return nil
        }
        if let value = Value(rawValue: raw) { return value }
        throw _valueMismatch(Value.self, index: indexes._indexes[position], databaseValue: raw.databaseValue)
    }

    // MARK: - Errors

    /// Throws the error of a missing column of a non-optional property.
    @usableFromInline @inline(never)
    func _missingRecordColumn<Value>(_ type: Value.Type, _ column: String) throws -> Value {
        if let optionalType = Value.self as? any DatabaseValueConvertible.Type,
           let value = optionalType.fromMissingColumn() as? Value
        {
            return value
        }
        throw _columnNotFound(Value.self, column: column, index: nil)
    }
}
