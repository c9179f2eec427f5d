import Foundation

/// What the keyed containers of ``RecordDecoder`` share: each coding key
/// reads the column that feeds it.
///
/// Columns are found through a ``RowDecodingPlan``, resolved once per
/// statement. Standard values (`Bool`, `String`, `Double`, `Float`, and
/// integers), and their optionals, read straight from the SQLite statement
/// of live rows, with no intermediate `DatabaseValue`. Other types go
/// through ``decodeColumn(_:row:index:codingPath:record:)``: `Date` and
/// `Data` strategies, database values, JSON.
///
/// - A missing column throws a ``RowDecodingError`` for non-optional
///   properties, and decodes as nil for optional ones.
/// - NULL throws a ``RowDecodingError`` for non-optional properties.
/// - A value that does not convert throws a ``RowDecodingError``.
///
/// The standard library copies the container for each decoded key: the
/// containers keep their reference counting to a minimum. They refer to
/// their row without retaining it:
///
/// - ``RecordKeyedDecodingContainer`` retains its row once (`owner`), and
///   the decoding code reads it without retaining it again.
/// - ``CachedRowKeyedDecodingContainer``, the container of a row that a
///   cursor reuses, is kept by a ``KeyedContainerCache`` that the row owns.
///   It holds no reference at all: copying it costs no reference counting
///   (the cache keeps the row alive if a container outlives the cursor).
///
/// The plan of a live row is owned by the row's statement, which the row
/// retains: containers refer to it without retaining it. The plans of
/// the row that decodes a prefetch buffer are owned by its
/// ``KeyedContainerCache``. Other copied rows have no plan.
///
/// The containers are generic over the coding key only, and hold the record
/// type as a metatype: creating one costs one generic metadata look-up
/// instead of a look-up keyed by two types.
///
/// The fast paths of standard values are written in this protocol's
/// extension, and inlined into each container. The rest of the decoding
/// code is in ``RowKeyedDecoding``, which is not generic over the
/// container: calling a method of a protocol extension that is not
/// inlined would make the runtime look up the conformance of the
/// (generic) container for each call.
protocol RowKeyedDecodingContainer: KeyedDecodingContainerProtocol {
    /// The decoded row, not retained.
    var unmanagedRow: Unmanaged<Row> { get }

    /// The plan of a live row, not retained; nil for copied rows.
    var plan: Unmanaged<RowDecodingPlan>? { get }

    /// The decoded record type, whose strategies apply.
    var record: any FetchableRecord.Type { get }
}

/// The keyed container of ``RecordDecoder`` for rows that no
/// ``KeyedContainerCache`` keeps: it retains its row.
struct RecordKeyedDecodingContainer<Key: CodingKey>: RowKeyedDecodingContainer {
    // The properties are not in the order of CachedRowKeyedDecodingContainer:
    // were the layouts the same, the compiler would merge the decoding
    // methods of both containers, at the cost of one more call for each
    // decoded key. Measured with the instruction guard (issue 24), the
    // same order as the cached container (`owner` first) cost workload 4
    // (Decodable records) 48.66M -> 49.46M instructions (+1.6 %), and
    // workload 9 (prefetched Decodable records) 32.18M -> 32.34M
    // (+0.5 %). Only performance depends on it:
    // RowKeyedDecodingContainerLayoutTests fails when the layouts become
    // the same.
    let plan: Unmanaged<RowDecodingPlan>?
    let record: any FetchableRecord.Type
    /// The decoded row.
    let owner: Row

    var unmanagedRow: Unmanaged<Row> { Unmanaged.passUnretained(owner) }

    init(row: Row, plan: Unmanaged<RowDecodingPlan>?, record: any FetchableRecord.Type) {
        self.owner = row
        self.plan = plan
        self.record = record
    }
}

/// The keyed container of ``RecordDecoder`` kept by a
/// ``KeyedContainerCache``, which keeps its row alive: a plain value.
struct CachedRowKeyedDecodingContainer<Key: CodingKey>: RowKeyedDecodingContainer {
    let unmanagedRow: Unmanaged<Row>
    let plan: Unmanaged<RowDecodingPlan>?
    let record: any FetchableRecord.Type
}

/// The requirements of `KeyedDecodingContainerProtocol`, forwarded to
/// ``RowKeyedDecoding``. They are inlined into the containers' methods, so
/// that the fast paths of standard values cost no call.
extension RowKeyedDecodingContainer {
    /// The decoding code, for this container.
    @inline(__always)
    var decoding: RowKeyedDecoding<Key> {
        RowKeyedDecoding(unmanagedRow: unmanagedRow, plan: plan, record: record)
    }

    /// The decoded row.
    var row: Row { unmanagedRow.takeUnretainedValue() }

    var codingPath: [any CodingKey] { [] }

    @inline(__always) var allKeys: [Key] { decoding.allKeys }

    @inline(__always) func contains(_ key: Key) -> Bool { decoding.contains(key) }

    @inline(__always) func decodeNil(forKey key: Key) throws -> Bool { try decoding.decodeNil(forKey: key) }

    // MARK: - Standard values

    // The fast paths read the container's properties as they need them:
    // the slow paths build a ``RowKeyedDecoding``.

    @inline(__always)
    private func decodeValue<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type,
        forKey key: Key) throws -> Value
    {
        // The fast path: a live row, a key resolved by the plan, and a
        // value of the expected type.
        if let plan {
            let index = plan._withUnsafeGuaranteedRef { $0.resolvedColumnIndex(forKey: key) }
            if index >= 0 {
                let value: Value? = unmanagedRow._withUnsafeGuaranteedRef { row in
                    guard let sqliteStatement = row._sqliteStatement else { return nil }
                    return Row._readValue(Value.self, sqliteStatement, CInt(truncatingIfNeeded: index &+ row._offset))
                }
                if let value {
                    return value
                }
                // NULL, a value that needs a conversion, or an error: the
                // key is no longer needed.
                return try row._slowDecode(Value.self, atUncheckedIndex: index)
            }
        }
        // The slow path: a key that is not resolved yet, a copied row.
        // Out of line, so that the fast path stays small: the column
        // look-up depends on the key type only, and the decoding on the
        // value type only (so that it is specialized for each standard
        // type).
        let decoding = self.decoding
        guard let index = decoding.outOfLineColumnIndex(key) else {
            throw decoding.columnNotFound(Value.self, forKey: key)
        }
        return try decodeRowValue(Value.self, row: decoding.row, index: index)
    }

    @inline(__always)
    private func decodeValueIfPresent<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type,
        forKey key: Key) throws -> Value?
    {
        // The fast path: a live row, and a key resolved by the plan.
        if let plan {
            let index = plan._withUnsafeGuaranteedRef { $0.resolvedColumnIndex(forKey: key) }
            if index >= 0 {
                let value: Value?? = unmanagedRow._withUnsafeGuaranteedRef { row in
                    guard let sqliteStatement = row._sqliteStatement else { return nil }
                    return Row._readOptionalValue(Value.self, sqliteStatement, CInt(truncatingIfNeeded: index &+ row._offset))
                }
                if let value {
                    return value
                }
                return try row._slowDecode(Value?.self, atUncheckedIndex: index)
            }
        }
        // The slow path (see decodeValue(_:forKey:)).
        let decoding = self.decoding
        guard let index = decoding.outOfLineColumnIndex(key) else {
            return nil
        }
        return try decodeRowOptionalValue(Value.self, row: decoding.row, index: index)
    }

    /// Decodes a value of a type with the same values and the same
    /// conversions as `Value` (`Int64` and `Int` on 64-bit platforms), and
    /// names the decoded type in errors.
    ///
    /// Decoding both types with the same code keeps the compiler from
    /// merging the methods that decode them, which would cost one more
    /// call for each decoded key.
    @inline(__always)
    private func decodeSameValue<Value: DatabaseValueConvertible & StatementColumnConvertible, Decoded>(
        as type: Value.Type,
        forKey key: Key,
        _ convert: (Value) -> Decoded) throws -> Decoded
    {
        do {
            return try convert(decodeValue(Value.self, forKey: key))
        } catch var error as RowDecodingError {
            error.typeName = typeNameForMessages(Decoded.self)
            throw error
        }
    }

    @inline(__always) func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(Bool.self, forKey: key) }
    @inline(__always) func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeValue(String.self, forKey: key) }
    @inline(__always) func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeValue(Double.self, forKey: key) }
    @inline(__always) func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeValue(Float.self, forKey: key) }
    @inline(__always) func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeValue(Int.self, forKey: key) }
    @inline(__always) func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeValue(Int8.self, forKey: key) }
    @inline(__always) func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeValue(Int16.self, forKey: key) }
    @inline(__always) func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeValue(Int32.self, forKey: key) }
    @inline(__always) func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        guard Int.bitWidth == 64 else { return try decodeValue(Int64.self, forKey: key) }
        return try decodeSameValue(as: Int.self, forKey: key) { Int64($0) }
    }
    @inline(__always) func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeValue(UInt.self, forKey: key) }
    @inline(__always) func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeValue(UInt8.self, forKey: key) }
    @inline(__always) func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeValue(UInt16.self, forKey: key) }
    @inline(__always) func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeValue(UInt32.self, forKey: key) }
    @inline(__always) func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        guard UInt.bitWidth == 64 else { return try decodeValue(UInt64.self, forKey: key) }
        return try decodeSameValue(as: UInt.self, forKey: key) { UInt64($0) }
    }

    @inline(__always) func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeValueIfPresent(Bool.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeValueIfPresent(String.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeValueIfPresent(Double.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeValueIfPresent(Float.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeValueIfPresent(Int.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeValueIfPresent(Int8.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeValueIfPresent(Int16.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeValueIfPresent(Int32.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeValueIfPresent(Int64.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeValueIfPresent(UInt.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeValueIfPresent(UInt8.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeValueIfPresent(UInt16.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeValueIfPresent(UInt32.self, forKey: key) }
    @inline(__always) func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeValueIfPresent(UInt64.self, forKey: key) }

    // MARK: - Other values

    // Dates have a fast path of their own, as standard values do: a live
    // row and a key resolved by the plan decode the date directly, without
    // the generic decoding code (one comparison of metatypes for the other
    // types).

    @inline(__always) func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if T.self == Date.self, let plan {
            let index = plan._withUnsafeGuaranteedRef { $0.resolvedColumnIndex(forKey: key) }
            if index >= 0 {
                let record = self.record
                let date = try unmanagedRow._withUnsafeGuaranteedRef {
                    try decodeDateColumn(row: $0, index: index, record: record)
                }
                // T is Date: no dynamic cast.
                return unsafeBitCast(date, to: T.self)
            }
        }
        return try decoding.decode(T.self, forKey: key, in: self)
    }

    @inline(__always) func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if T.self == Date.self, let plan {
            let index = plan._withUnsafeGuaranteedRef { $0.resolvedColumnIndex(forKey: key) }
            if index >= 0 {
                let record = self.record
                let date = try unmanagedRow._withUnsafeGuaranteedRef {
                    try decodeOptionalDateColumn(row: $0, index: index, record: record)
                }
                guard let date else { return nil }
                // T is Date: no dynamic cast.
                return unsafeBitCast(date, to: T.self)
            }
        }
        return try decoding.decodeIfPresent(T.self, forKey: key)
    }

    @inline(__always) func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key) throws -> KeyedDecodingContainer<NestedKey>
    {
        try decoding.nestedContainer(keyedBy: NestedKey.self, forKey: key)
    }

    @inline(__always) func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoding.nestedUnkeyedContainer(forKey: key)
    }

    @inline(__always) func superDecoder() throws -> any Decoder { try decoding.superDecoder() }

    @inline(__always) func superDecoder(forKey key: Key) throws -> any Decoder { try decoding.superDecoder(forKey: key) }
}

/// Decodes a standard value from a row, out of the fast path of
/// ``RowKeyedDecodingContainer``. Not inlined, and generic over the value
/// type only, so that it is specialized for each standard type.
@inline(never)
private func decodeRowValue<Value: DatabaseValueConvertible & StatementColumnConvertible>(
    _ type: Value.Type,
    row: Row,
    index: Int) throws -> Value
{
    try row._fastDecode(Value.self, atUncheckedIndex: index)
}

/// Decodes an optional standard value from a row, out of the fast path of
/// ``RowKeyedDecodingContainer``. Not inlined, and generic over the value
/// type only, so that it is specialized for each standard type.
@inline(never)
private func decodeRowOptionalValue<Value: DatabaseValueConvertible & StatementColumnConvertible>(
    _ type: Value.Type,
    row: Row,
    index: Int) throws -> Value?
{
    try row._fastDecodeOptional(Value.self, atUncheckedIndex: index)
}
