import Foundation

// The writes of the `encode(to:)` that `@DatabaseRecord` generates: one
// overload per kind of property type, as the reads of
// Row+RecordColumnDecoding.swift (GRDB has no such API):
// `DatabaseValueConvertible` values store their database value, `Date`
// follows the record's `databaseDateEncodingStrategy(for:)`, values with
// a raw value store it, and other `Encodable` values store JSON text
// written by the record's `databaseJSONEncoder(for:)`.

extension PersistenceContainer {
    /// Stores a property of a record in a column. GRDB has no such API.
    ///
    /// ```swift
    /// try container.encodeColumn(name, forColumn: "name", record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value of the property.
    ///   - column: The column name.
    ///   - record: The record type.
    @inlinable @inline(__always)
    public mutating func encodeColumn<Value: DatabaseValueConvertible, Record>(
        _ value: Value, forColumn column: String, record: Record.Type) throws
    {
        setDatabaseValue(value.databaseValue, forColumn: column)
    }

    /// Stores an optional property of a record in a column (NULL for nil).
    /// GRDB has no such API.
    ///
    /// ```swift
    /// try container.encodeColumnIfPresent(teamId, forColumn: "teamId", record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value of the property.
    ///   - column: The column name.
    ///   - record: The record type.
    @inlinable @inline(__always)
    public mutating func encodeColumnIfPresent<Value: DatabaseValueConvertible, Record>(
        _ value: Value?, forColumn column: String, record: Record.Type) throws
    {
        setDatabaseValue(value?.databaseValue ?? .null, forColumn: column)
    }

    /// Stores a date property of a record in a column, with the record's
    /// ``EncodableRecord/databaseDateEncodingStrategy(for:)``.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// try container.encodeColumn(date, forColumn: "date", record: Event.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The date.
    ///   - column: The column name.
    ///   - record: The record type, whose date strategy applies.
    public mutating func encodeColumn<Record: EncodableRecord>(
        _ value: Date, forColumn column: String, record: Record.Type) throws
    {
        setDatabaseValue(Record.databaseDateEncodingStrategy(for: column).databaseValue(for: value), forColumn: column)
    }

    /// Stores an optional date property of a record in a column (NULL for
    /// nil), with the record's
    /// ``EncodableRecord/databaseDateEncodingStrategy(for:)``.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// try container.encodeColumnIfPresent(date, forColumn: "date", record: Event.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The date, or nil.
    ///   - column: The column name.
    ///   - record: The record type, whose date strategy applies.
    public mutating func encodeColumnIfPresent<Record: EncodableRecord>(
        _ value: Date?, forColumn column: String, record: Record.Type) throws
    {
        guard let value else {
            setDatabaseValue(.null, forColumn: column)
            return
        }
        try encodeColumn(value, forColumn: column, record: Record.self)
    }

    /// Stores a property whose type has a raw value: its raw value. GRDB
    /// has no such API.
    ///
    /// ```swift
    /// enum Kind: String { case human, robot }
    /// try container.encodeColumn(kind, forColumn: "kind", record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value of the property.
    ///   - column: The column name.
    ///   - record: The record type.
    @inlinable @_disfavoredOverload
    public mutating func encodeColumn<Value: RawRepresentable, Record: EncodableRecord>(
        _ value: Value, forColumn column: String, record: Record.Type) throws
    where Value.RawValue: DatabaseValueConvertible
    {
        setDatabaseValue(value.rawValue.databaseValue, forColumn: column)
    }

    /// Stores an optional property whose type has a raw value: its raw
    /// value, or NULL. GRDB has no such API.
    ///
    /// ```swift
    /// try container.encodeColumnIfPresent(kind, forColumn: "kind", record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value of the property.
    ///   - column: The column name.
    ///   - record: The record type.
    @inlinable @_disfavoredOverload
    public mutating func encodeColumnIfPresent<Value: RawRepresentable, Record: EncodableRecord>(
        _ value: Value?, forColumn column: String, record: Record.Type) throws
    where Value.RawValue: DatabaseValueConvertible
    {
        setDatabaseValue(value?.rawValue.databaseValue ?? .null, forColumn: column)
    }

    /// Stores an `Encodable` property as JSON text, written by the
    /// record's ``EncodableRecord/databaseJSONEncoder(for:)``, as
    /// `Encodable` records do. GRDB has no such API.
    ///
    /// ```swift
    /// struct Info: Codable { var level: Int }
    /// try container.encodeColumn(info, forColumn: "info", record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value of the property.
    ///   - column: The column name.
    ///   - record: The record type.
    /// - Throws: The error of the JSON encoder.
    @_disfavoredOverload
    public mutating func encodeColumn<Value: Encodable, Record: EncodableRecord>(
        _ value: Value, forColumn column: String, record: Record.Type) throws
    {
        let data = try Record.databaseJSONEncoder(for: column).encode(value)
        // JSONEncoder writes UTF-8.
        setDatabaseValue(String(decoding: data, as: UTF8.self).databaseValue, forColumn: column)
    }

    /// Stores an optional `Encodable` property as JSON text, or NULL.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// try container.encodeColumnIfPresent(info, forColumn: "info", record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value of the property.
    ///   - column: The column name.
    ///   - record: The record type.
    /// - Throws: The error of the JSON encoder.
    @_disfavoredOverload
    public mutating func encodeColumnIfPresent<Value: Encodable, Record: EncodableRecord>(
        _ value: Value?, forColumn column: String, record: Record.Type) throws
    {
        guard let value else {
            setDatabaseValue(.null, forColumn: column)
            return
        }
        try encodeColumn(value, forColumn: column, record: Record.self)
    }

    /// Stores an `Encodable` property that has a raw value: its raw value
    /// (as `Encodable` records store such enums). GRDB has no such API.
    ///
    /// ```swift
    /// enum Kind: String, Codable { case human, robot }
    /// try container.encodeColumn(kind, forColumn: "kind", record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value of the property.
    ///   - column: The column name.
    ///   - record: The record type.
    @inlinable @_disfavoredOverload
    public mutating func encodeColumn<Value: RawRepresentable & Encodable, Record: EncodableRecord>(
        _ value: Value, forColumn column: String, record: Record.Type) throws
    where Value.RawValue: DatabaseValueConvertible
    {
        setDatabaseValue(value.rawValue.databaseValue, forColumn: column)
    }

    /// Stores an optional `Encodable` property that has a raw value: its
    /// raw value, or NULL. GRDB has no such API.
    ///
    /// ```swift
    /// try container.encodeColumnIfPresent(kind, forColumn: "kind", record: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value of the property.
    ///   - column: The column name.
    ///   - record: The record type.
    @inlinable @_disfavoredOverload
    public mutating func encodeColumnIfPresent<Value: RawRepresentable & Encodable, Record: EncodableRecord>(
        _ value: Value?, forColumn column: String, record: Record.Type) throws
    where Value.RawValue: DatabaseValueConvertible
    {
        setDatabaseValue(value?.rawValue.databaseValue ?? .null, forColumn: column)
    }
}
