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

/// The decoding code of the keyed containers of ``RecordDecoder``
/// (see ``RowKeyedDecodingContainer``).
///
/// It is generic over the coding key only, not over the container: the
/// containers' methods forward to it, and its methods that are not inlined
/// receive the metadata of the key from their caller. Methods of a protocol
/// extension would need the conformance of the container, which the
/// runtime looks up for each call when the container is generic.
struct RowKeyedDecoding<Key: CodingKey> {
    /// The decoded row, not retained.
    let unmanagedRow: Unmanaged<Row>

    /// The plan of a live row, not retained; nil for copied rows.
    let plan: Unmanaged<RowDecodingPlan>?

    /// The decoded record type, whose strategies apply.
    let record: any FetchableRecord.Type

    @inline(__always)
    init(unmanagedRow: Unmanaged<Row>, plan: Unmanaged<RowDecodingPlan>?, record: any FetchableRecord.Type) {
        self.unmanagedRow = unmanagedRow
        self.plan = plan
        self.record = record
    }

    /// The decoded row.
    var row: Row { unmanagedRow.takeUnretainedValue() }

    /// The keys fed by the columns of the row, by its associated records
    /// (scopes), and by its prefetched rows.
    var allKeys: [Key] {
        let strategy = record.databaseColumnDecodingStrategy
        var names = row.columnNameArray.map { strategy.key(forColumn: $0) }
        names += row.scopeNames
        names += row.prefetchedRows.keys.sorted()
        var keys: [Key] = []
        var seen: Set<ByteExactString> = []
        for name in names {
            if seen.insert(ByteExactString(name)).inserted, let key = Key(stringValue: name) {
                keys.append(key)
            }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        if columnIndex(key) != nil { return true }
        let name = key.stringValue
        return row.scopesTree[name] != nil || row.prefetchedRowSet(forKey: name) != nil
    }

    /// The traits of a type decoded by the key that ``columnIndex(_:)``
    /// has just looked for, computed once per statement when the row has
    /// a plan.
    @inline(__always)
    private func traitsOfLastKey<T>(_ type: T.Type) -> DecodedTypeTraits {
        guard let plan else { return DecodedTypeTraits(T.self) }
        return plan._withUnsafeGuaranteedRef { $0.traitsOfLastKey(T.self) }
    }

    /// The traits of a type decoded from the column that
    /// ``columnIndex(_:)`` has just found, computed once per statement when
    /// the row has a plan.
    @inline(__always)
    private func columnTraitsOfLastKey<T>(_ type: T.Type) -> ColumnTypeTraits {
        guard let plan else { return ColumnTypeTraits(T.self) }
        return plan._withUnsafeGuaranteedRef { $0.columnTraitsOfLastKey(T.self) }
    }

    /// The index of the column that feeds the key, or nil.
    @inline(__always)
    private func columnIndex(_ key: Key) -> Int? {
        unmanagedRow._withUnsafeGuaranteedRef { columnIndex(key, row: $0) }
    }

    @inline(__always)
    private func columnIndex(_ key: Key, row: Row) -> Int? {
        guard let plan else {
            var columnKeys: [String]?
            return RowDecodingPlan.resolveColumnIndex(
                forKey: key.stringValue, in: row, record: record, columnKeys: &columnKeys)
        }
        return plan._withUnsafeGuaranteedRef {
            $0.columnIndex(forKey: key, in: row, record: record)
        }
    }

    // MARK: - Standard values (the slow paths)

    /// The index of the column that feeds the key, or nil. Not inlined.
    @inline(never)
    func outOfLineColumnIndex(_ key: Key) -> Int? {
        columnIndex(key)
    }

    /// The error for a key that feeds no column. Not inlined, so that the
    /// decoding fast paths stay small.
    @inline(never)
    func columnNotFound(_ type: Any.Type, forKey key: Key) -> any Error {
        row._columnNotFound(type, column: key.stringValue, index: nil)
    }

    @inline(__always) func decodeNil(forKey key: Key) throws -> Bool {
        if let index = columnIndex(key) {
            return row.hasNull(atIndex: index)
        }
        let name = key.stringValue
        if let scope = row.scopesTree[name] {
            return !scope.containsNonNullValue
        }
        return row.prefetchedRowSet(forKey: name) == nil
    }

    // MARK: - Other values

    func decode<T: Decodable, Container: KeyedDecodingContainerProtocol>(
        _ type: T.Type,
        forKey key: Key,
        in container: Container) throws -> T
        where Container.Key == Key
    {
        if let index = columnIndex(key) {
            return try decodeColumn(
                T.self, row: row, index: index, codingPath: [key], record: record,
                traits: columnTraitsOfLastKey(T.self))
        }
        let traits = traitsOfLastKey(T.self)
        if let optionalType = traits.optionalType {
            return try optionalType.decodeIfPresent(from: container, forKey: key) as! T
        }
        // The rows of one layout find the record of a key in the same
        // place: the plan remembers it, and the next rows go there
        // directly, without looking the key's name up in the scopes and
        // the prefetched rows.
        if let plan {
            let rowAddress = unmanagedRow.toOpaque()
            switch plan._withUnsafeGuaranteedRef({ $0.sourceOfLastKey(inRowAt: rowAddress) }) {
            case .scope(let index):
                return try decodeScope(T.self, at: index, forKey: key, traits: traits)
            case .rowItself:
                return try decodeFromRowItself(T.self, forKey: key, traits: traits)
            case .unknown:
                break
            }
        }
        let name = key.stringValue
        if let scopes = row._layout?.scopes, let index = scopes.firstIndex(where: { $0.key.hasSameUTF8(as: name) }) {
            // A scope of the row (the first place `scopesTree` looks).
            plan?._withUnsafeGuaranteedRef { $0.setSourceOfLastKey(.scope(index), in: row) }
            return try decodeScope(T.self, at: index, forKey: key, traits: traits)
        }
        if let scope = row.scopesTree[name] {
            guard scope.containsNonNullValue else {
                throw onlyNullValues(T.self, forKey: key)
            }
            return try decodeRecord(T.self, from: scope, record: record, recordType: traits.recordType)
        }
        if let rows = row.prefetchedRowSet(forKey: name) {
            return try openDecodePrefetchedRows(T.self, rows: rows, key: key, record: record)
        }
        plan?._withUnsafeGuaranteedRef { $0.setSourceOfLastKey(.rowItself, in: row) }
        return try decodeFromRowItself(T.self, forKey: key, traits: traits)
    }

    /// Decodes a record from the scope at an index of the row's layout.
    private func decodeScope<T: Decodable>(
        _ type: T.Type,
        at index: Int,
        forKey key: Key,
        traits: DecodedTypeTraits) throws -> T
    {
        // The index comes from the row's layout, or from the plan, for
        // the next steps of the row.
        if let cachedScope = unmanagedRow._withUnsafeGuaranteedRef({ $0._unretainedCachedScopeRow(at: index) }) {
            // The scope row of a cursor's row, which keeps it for the
            // whole step: no retain and release of it per record.
            let record = self.record
            return try cachedScope._withUnsafeGuaranteedRef { scope in
                guard scope.containsNonNullValue else {
                    throw onlyNullValues(T.self, forKey: key)
                }
                return try decodeRecord(T.self, from: scope, record: record, recordType: traits.recordType)
            }
        }
        let scope = unmanagedRow._withUnsafeGuaranteedRef { row in
            row.scopeRow(at: index, of: row._layout?.scopes ?? [])
        }
        guard scope.containsNonNullValue else {
            throw onlyNullValues(T.self, forKey: key)
        }
        return try decodeRecord(T.self, from: scope, record: record, recordType: traits.recordType)
    }

    /// The error of a non-optional associated record whose values are
    /// all NULL.
    private func onlyNullValues(_ type: Any.Type, forKey key: Key) -> RowDecodingError {
        RowDecodingError(
            reason: .valueMismatch, type: type, column: nil, index: nil, databaseValue: .null,
            row: row, sql: row.sql,
            message: "the associated record \"\(key.stringValue)\" has only NULL values: decode an optional")
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if let index = columnIndex(key) {
            if row.hasNull(atIndex: index) { return nil }
            return try decodeColumn(
                T.self, row: row, index: index, codingPath: [key], record: record,
                traits: columnTraitsOfLastKey(T.self))
        }
        let name = key.stringValue
        if let scope = row.scopesTree[name] {
            guard scope.containsNonNullValue else { return nil }
            let traits = traitsOfLastKey(T.self)
            return try decodeRecord(T.self, from: scope, record: record, recordType: traits.recordType)
        }
        if let rows = row.prefetchedRowSet(forKey: name) {
            return try openDecodePrefetchedRows(T.self, rows: rows, key: key, record: record)
        }
        return nil
    }

    /// Decodes a key that feeds no column, no associated record and no
    /// prefetched rows: database values are missing, and other values
    /// decode from the row itself. This is how the base record of a joined
    /// request feeds its property:
    ///
    /// ```swift
    /// struct BookInfo: Decodable, FetchableRecord {
    ///     var book: Book     // from the row itself
    ///     var author: Author // from the "author" scope
    /// }
    /// let infos = try BookInfo.fetchAll(db, Book.including(required: Book.author))
    /// ```
    private func decodeFromRowItself<T: Decodable>(
        _ type: T.Type,
        forKey key: Key,
        traits: DecodedTypeTraits) throws -> T
    {
        if traits.isDatabaseValue {
            throw row._columnNotFound(T.self, column: key.stringValue, index: nil)
        }
        do {
            // The row as a guaranteed reference: no retain and release of
            // the row for each record (the container holds it unretained,
            // and its owner keeps it alive).
            let record = self.record
            return try unmanagedRow._withUnsafeGuaranteedRef { row in
                try decodeRecord(T.self, from: row, record: record, recordType: traits.recordType)
            }
        } catch let error as RowDecodingError where error.reason == .columnNotFound {
            throw RowDecodingError(
                reason: .columnNotFound, type: T.self, column: key.stringValue, index: nil, databaseValue: nil,
                row: row, sql: row.sql,
                message: "no column, associated record or prefetched rows for the key, "
                    + "and decoding from the row itself failed: \(error)")
        } catch is DecodingError {
            // Arrays, dictionaries... need a column (JSON).
            throw row._columnNotFound(T.self, column: key.stringValue, index: nil)
        }
    }

    // MARK: - Nested containers and decoders

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key) throws -> KeyedDecodingContainer<NestedKey>
    {
        throw DecodingError.typeMismatch(KeyedDecodingContainer<NestedKey>.self, DecodingError.Context(
            codingPath: [key],
            debugDescription: "nested containers are not supported in database rows: "
                + "decode a Decodable type (stored as JSON) for the key \"\(key.stringValue)\" instead"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
            codingPath: [key],
            debugDescription: "nested containers are not supported in database rows: "
                + "decode an array (stored as JSON) for the key \"\(key.stringValue)\" instead"))
    }

    /// A decoder of the same row, for the `Decodable` implementation of a
    /// superclass.
    func superDecoder() throws -> any Decoder {
        RecordDecoder(row: row, record: record)
    }

    /// A decoder of the column that feeds the key.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        guard let index = columnIndex(key) else {
            throw row._columnNotFound(Any.self, column: key.stringValue, index: nil)
        }
        return ColumnDecoder(row: row, index: index, codingPath: [key], record: record)
    }

    /// Decodes a collection of records from prefetched rows.
    private func openDecodePrefetchedRows<T: Decodable>(
        _ type: T.Type,
        rows: PrefetchedRowSet,
        key: Key,
        record: any FetchableRecord.Type) throws -> T
    {
        try T(from: PrefetchedRowsDecoder(rows: rows, codingPath: [key], record: record))
    }
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
