import Foundation

/// A decoder for the value of one column of a row, used for the
/// properties of `Decodable` records that are not standard values.
///
/// Its single value container reads the column. Asking it for a keyed or
/// unkeyed container means that the value is a nested struct, an array or
/// a dictionary: it throws ``JSONRequired``, and ``decodeColumn(_:row:index:codingPath:)``
/// decodes the column as JSON instead.
struct ColumnDecoder: Decoder {
    let row: Row
    let index: Int
    let codingPath: [any CodingKey]

    /// The decoded record type, whose strategies apply.
    let record: any FetchableRecord.Type

    var userInfo: [CodingUserInfoKey: Any] { record.databaseDecodingUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw JSONRequired()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw JSONRequired()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }
}

/// Thrown by ``ColumnDecoder`` when a value needs a keyed or unkeyed
/// container: the column holds JSON.
struct JSONRequired: Error { }

extension ColumnDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        row.hasNull(atIndex: index)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try row._fastDecode(Bool.self, atUncheckedIndex: index) }
    func decode(_ type: String.Type) throws -> String { try row._fastDecode(String.self, atUncheckedIndex: index) }
    func decode(_ type: Double.Type) throws -> Double { try row._fastDecode(Double.self, atUncheckedIndex: index) }
    func decode(_ type: Float.Type) throws -> Float { try row._fastDecode(Float.self, atUncheckedIndex: index) }
    func decode(_ type: Int.Type) throws -> Int { try row._fastDecode(Int.self, atUncheckedIndex: index) }
    func decode(_ type: Int8.Type) throws -> Int8 { try row._fastDecode(Int8.self, atUncheckedIndex: index) }
    func decode(_ type: Int16.Type) throws -> Int16 { try row._fastDecode(Int16.self, atUncheckedIndex: index) }
    func decode(_ type: Int32.Type) throws -> Int32 { try row._fastDecode(Int32.self, atUncheckedIndex: index) }
    func decode(_ type: Int64.Type) throws -> Int64 { try row._fastDecode(Int64.self, atUncheckedIndex: index) }
    func decode(_ type: UInt.Type) throws -> UInt { try row._fastDecode(UInt.self, atUncheckedIndex: index) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try row._fastDecode(UInt8.self, atUncheckedIndex: index) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try row._fastDecode(UInt16.self, atUncheckedIndex: index) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try row._fastDecode(UInt32.self, atUncheckedIndex: index) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try row._fastDecode(UInt64.self, atUncheckedIndex: index) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeColumn(T.self, row: row, index: index, codingPath: codingPath, record: record)
    }
}

/// Decodes the value of a column as any `Decodable` type.
///
/// In order:
/// - optionals: NULL is nil, other values decode as the wrapped type;
/// - `Date` and `Data`, with the record's strategies for the column;
/// - database values (`DatabaseValueConvertible`), with their own
///   conversion, straight from the statement when they can;
/// - other types decode from a ``ColumnDecoder`` (raw representable
///   enums, single value wrappers), or from JSON when they need a keyed or
///   unkeyed container (structs, arrays, dictionaries), with the record's
///   ``FetchableRecord/databaseJSONDecoder(for:)``.
///
/// - Throws: A ``RowDecodingError`` naming the column, the type and the
///   SQL.
func decodeColumn<T: Decodable>(
    _ type: T.Type,
    row: Row,
    index: Int,
    codingPath: @autoclosure () -> [any CodingKey],
    record: any FetchableRecord.Type) throws -> T
{
    try decodeColumn(T.self, row: row, index: index, codingPath: codingPath(), record: record, traits: ColumnTypeTraits(T.self))
}

/// Decodes the value of a column as any `Decodable` type, whose traits
/// are known already (a ``RowDecodingPlan`` keeps them per statement).
///
/// - Parameter traits: The traits of `T`.
func decodeColumn<T: Decodable>(
    _ type: T.Type,
    row: Row,
    index: Int,
    codingPath: @autoclosure () -> [any CodingKey],
    record: any FetchableRecord.Type,
    traits: ColumnTypeTraits) throws -> T
{
    switch traits.kind {
    case .optional(let optionalType):
        return try optionalType.decodeOptionalColumn(row: row, index: index, codingPath: codingPath(), record: record) as! T
    case .date:
        // T is Date: no dynamic cast.
        return try unsafeBitCast(decodeDateColumn(row: row, index: index, record: record), to: T.self)
    case .data:
        let column = row._columnName(atUncheckedIndex: index)
        if case .custom(let decode) = record.databaseDataDecodingStrategy(for: column) {
            let dbValue = row.databaseValue(atUncheckedIndex: index)
            guard !dbValue.isNull, let data = decode(dbValue) else {
                throw row._valueMismatch(Data.self, index: index, databaseValue: dbValue)
            }
            return data as! T
        }
        return try row._fastDecode(Data.self, atUncheckedIndex: index) as! T
    case .statementValue(let convertibleType):
        return try row._fastDecode(convertibleType, atUncheckedIndex: index) as! T
    case .databaseValue(let convertibleType):
        return try row._decode(convertibleType, atUncheckedIndex: index) as! T
    case .other:
        do {
            return try T(from: ColumnDecoder(row: row, index: index, codingPath: codingPath(), record: record))
        } catch is JSONRequired {
            return try decodeJSONColumn(T.self, row: row, index: index, record: record)
        }
    }
}

/// Decodes the `Date` of a column, with the record's date decoding
/// strategy for the column. Not generic: the keyed containers call it
/// directly for the `Date` keys that their plan has resolved (see
/// ``RowKeyedDecodingContainer``), and ``decodeColumn(_:row:index:codingPath:record:traits:)``
/// for the others.
///
/// - Throws: A ``RowDecodingError`` naming the column, the type and the
///   SQL, for NULL and for values that do not convert.
@inline(never)
func decodeDateColumn(row: Row, index: Int, record: any FetchableRecord.Type) throws -> Date {
    let column = row._columnName(atUncheckedIndex: index)
    let strategy = record.databaseDateDecodingStrategy(for: column)
    if case .deferredToDate = strategy {
        return try row._fastDecode(Date.self, atUncheckedIndex: index)
    }
    let dbValue = row.databaseValue(atUncheckedIndex: index)
    guard !dbValue.isNull, let decoded = strategy.decode(dbValue) else {
        throw row._valueMismatch(Date.self, index: index, databaseValue: dbValue)
    }
    return decoded
}

/// Decodes the optional `Date` of a column: nil for NULL (the strategy is
/// not asked), and otherwise as ``decodeDateColumn(row:index:record:)``.
@inline(never)
func decodeOptionalDateColumn(row: Row, index: Int, record: any FetchableRecord.Type) throws -> Date? {
    if row.hasNull(atIndex: index) { return nil }
    return try decodeDateColumn(row: row, index: index, record: record)
}

/// Decodes the JSON value of a column.
private func decodeJSONColumn<T: Decodable>(
    _ type: T.Type,
    row: Row,
    index: Int,
    record: any FetchableRecord.Type) throws -> T
{
    let dbValue = row.databaseValue(atUncheckedIndex: index)
    let data: Data
    switch dbValue.storage {
    case .string(let string): data = Data(string.utf8)
    case .blob(let blob): data = blob
    default: throw row._valueMismatch(T.self, index: index, databaseValue: dbValue)
    }
    let column = row._columnName(atUncheckedIndex: index)
    do {
        return try record.databaseJSONDecoder(for: column).decode(T.self, from: data)
    } catch {
        throw RowDecodingError(
            reason: .valueMismatch, type: T.self, column: column, index: index,
            databaseValue: dbValue, row: row, sql: row.sql,
            message: "invalid JSON: \(error)")
    }
}

/// Optionals decode NULL as nil, whatever their wrapped type.
protocol OptionalColumnDecodable {
    /// Decodes the wrapped value of a key that feeds no column, or nil.
    static func decodeIfPresent<Container: KeyedDecodingContainerProtocol>(from container: Container, forKey key: Container.Key) throws -> Self

    /// Decodes NULL as nil, and other values as the wrapped type.
    static func decodeOptionalColumn(
        row: Row,
        index: Int,
        codingPath: [any CodingKey],
        record: any FetchableRecord.Type) throws -> Self
}

extension Optional: OptionalColumnDecodable where Wrapped: Decodable {
    static func decodeIfPresent<Container: KeyedDecodingContainerProtocol>(from container: Container, forKey key: Container.Key) throws -> Self {
        try container.decodeIfPresent(Wrapped.self, forKey: key)
    }

    static func decodeOptionalColumn(
        row: Row,
        index: Int,
        codingPath: [any CodingKey],
        record: any FetchableRecord.Type) throws -> Self
    {
        if row.hasNull(atIndex: index) {
            return nil
        }
        return try decodeColumn(Wrapped.self, row: row, index: index, codingPath: codingPath, record: record)
    }
}
