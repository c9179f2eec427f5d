import Foundation

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
