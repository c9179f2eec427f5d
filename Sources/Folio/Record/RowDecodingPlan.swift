/// The column indexes of the coding keys of one `Decodable` record type,
/// for the rows of one statement.
///
/// Decoding a row asks for coding keys by name. Resolving a name means
/// scanning the column names (and applying the column decoding strategy):
/// the plan does it once per statement, not once per row. It records the
/// keys in the order the record's `init(from:)` asks for them, with their
/// column index. The next rows ask for the same keys in the same order: a
/// key is then found by comparing its name with the expected one, at the
/// expected position, with no dictionary look-up (or by comparing the
/// bits of the key, for one-byte plain keys such as synthesized `CodingKeys`
/// enums, without asking for its name at all). Keys asked for in
/// another order (conditional decoding) fall back to a linear search in
/// the plan, and new keys are resolved and appended.
///
/// Plans live in the ``Statement`` of live rows (see
/// ``RowDecodingPlanCache``), so that a statement reused by the
/// statement cache keeps its plans. Rows that hold their values (copies)
/// have no plan: their columns are resolved for each record, as a
/// hand-written `init(row:)` does.
final class RowDecodingPlan {
    /// The record type whose column decoding strategy applies.
    let recordType: ObjectIdentifier

    /// The coding key type.
    let keyType: ObjectIdentifier

    /// The columns of the statement that the decoded rows see: all of
    /// them, or the range of an associated record in a joined request.
    let columnOffset: Int
    let columnCount: Int

    /// The names of the keys, in the order of the last decoding.
    @exclusivity(unchecked) private var names: [String] = []

    /// The column index of each key in `names`, or -1 when the row has no
    /// column for the key.
    @exclusivity(unchecked) private var indexes: [Int] = []

    /// The traits of the type decoded by each key in `names` that feeds
    /// no column, once known.
    @exclusivity(unchecked) private var typeTraits: [DecodedTypeTraits?] = []

    /// The bits of each key in `names`, when `comparesKeyBits`.
    @exclusivity(unchecked) private var keyBits: [UInt8] = []

    /// Whether the coding key type is a plain value of at most one byte
    /// (an enum without payloads, like synthesized `CodingKeys`). Keys are
    /// then recognized by their bits: equal bits are the same key, with
    /// the same name. Different bits fall back to the name.
    let comparesKeyBits: Bool

    /// The position of the next expected key in `names`, reset when a
    /// record starts decoding.
    @exclusivity(unchecked) private var position = 0

    /// The coding key fed by each column, when the strategy is not
    /// `.useDefaultKeys`; computed on first use.
    private var columnKeys: [String]?

    init<Key: CodingKey>(recordType: ObjectIdentifier, key: Key.Type, columnOffset: Int, columnCount: Int) {
        self.recordType = recordType
        self.keyType = ObjectIdentifier(Key.self)
        self.columnOffset = columnOffset
        self.columnCount = columnCount
        self.comparesKeyBits = _isPOD(Key.self) && MemoryLayout<Key>.size <= 1
    }

    /// The bits of a key whose type is a plain value of at most one byte.
    @inline(__always)
    private static func bits<Key>(of key: Key) -> UInt8 {
        MemoryLayout<Key>.size == 1 ? unsafeBitCast(key, to: UInt8.self) : 0
    }

    /// Prepares the plan for decoding a new record.
    @inline(__always)
    func start() {
        position = 0
    }

    /// Returns the index of the column that feeds a key, or nil when the
    /// row has no such column.
    ///
    /// - Parameters:
    ///   - key: The coding key, of the plan's key type.
    ///   - row: The decoded row.
    ///   - record: The decoded record type, whose column decoding strategy
    ///     applies.
    @inline(__always)
    func columnIndex<Key: CodingKey>(
        forKey key: Key,
        in row: Row,
        record: any FetchableRecord.Type) -> Int?
    {
        let position = self.position
        if position < indexes.count {
            let isExpectedKey = comparesKeyBits
                ? keyBits[position] == Self.bits(of: key)
                : names[position] == key.stringValue
            if isExpectedKey {
                self.position = position + 1
                let index = indexes[position]
                return index >= 0 ? index : nil
            }
        }
        return slowColumnIndex(forKey: key, in: row, record: record)
    }

    private func slowColumnIndex<Key: CodingKey>(
        forKey key: Key,
        in row: Row,
        record: any FetchableRecord.Type) -> Int?
    {
        let name = key.stringValue
        if let known = names.firstIndex(of: name) {
            position = known + 1
            let index = indexes[known]
            return index >= 0 ? index : nil
        }
        let index = resolveColumnIndex(forKey: name, in: row, record: record)
        names.append(name)
        indexes.append(index ?? -1)
        keyBits.append(comparesKeyBits ? Self.bits(of: key) : 0)
        typeTraits.append(nil)
        position = names.count
        return index
    }

    /// Returns the traits of a type decoded by the last key found by
    /// ``columnIndex(forKey:in:record:)``, computed once per key.
    ///
    /// A key keeps the traits of the first type it decodes: when it
    /// decodes another type too (`decode(Author?.self)` decodes `Author`
    /// for the same key), the traits of the other type are computed each
    /// time.
    @inline(__always)
    func traitsOfLastKey<T>(_ type: T.Type) -> DecodedTypeTraits {
        let keyPosition = position - 1
        guard keyPosition >= 0 && keyPosition < typeTraits.count else {
            return DecodedTypeTraits(T.self)
        }
        if let traits = typeTraits[keyPosition] {
            if traits.type == ObjectIdentifier(T.self) {
                return traits
            }
            return DecodedTypeTraits(T.self)
        }
        let traits = DecodedTypeTraits(T.self)
        typeTraits[keyPosition] = traits
        return traits
    }

    /// Scans the columns of the row for the one that feeds the key: an
    /// exact match first, then a case-insensitive one, as SQLite column
    /// names are case-insensitive.
    private func resolveColumnIndex(
        forKey name: String,
        in row: Row,
        record: any FetchableRecord.Type) -> Int?
    {
        Self.resolveColumnIndex(forKey: name, in: row, record: record, columnKeys: &columnKeys)
    }

    /// Scans the columns of the row for the one that feeds the key.
    ///
    /// - Parameters:
    ///   - name: The string value of the key.
    ///   - row: The decoded row.
    ///   - record: The decoded record type.
    ///   - columnKeys: The coding key fed by each column, computed on
    ///     first use when the strategy is not `.useDefaultKeys`.
    static func resolveColumnIndex(
        forKey name: String,
        in row: Row,
        record: any FetchableRecord.Type,
        columnKeys: inout [String]?) -> Int?
    {
        if columnKeys == nil {
            let strategy = record.databaseColumnDecodingStrategy
            if case .useDefaultKeys = strategy {
                return row.index(forColumn: name)
            }
            columnKeys = row.columnNames.map { strategy.key(forColumn: $0) }
        }
        let columnKeys = columnKeys!
        if let index = columnKeys.firstIndex(of: name) {
            return index
        }
        let lowercased = name.lowercased()
        return columnKeys.firstIndex { $0.lowercased() == lowercased }
    }
}

/// The decoding plans of a statement, one per (record type, coding key
/// type, range of columns), stored in ``Statement/recordDecodingCache``.
/// The range of columns tells apart the base record and the associated
/// records (scopes) of joined requests.
final class RowDecodingPlanCache {
    private var plans: [RowDecodingPlan] = []

    /// Returns the plan of a record type, a coding key type and a range
    /// of columns, ready to decode a new record.
    @inline(__always)
    func plan<Key: CodingKey>(recordType: ObjectIdentifier, key: Key.Type, columnOffset: Int, columnCount: Int) -> RowDecodingPlan {
        let keyType = ObjectIdentifier(Key.self)
        // A linear search: a statement decodes very few types.
        for plan in plans
        where plan.keyType == keyType && plan.recordType == recordType
            && plan.columnOffset == columnOffset && plan.columnCount == columnCount
        {
            plan.start()
            return plan
        }
        let plan = RowDecodingPlan(
            recordType: recordType, key: Key.self,
            columnOffset: columnOffset, columnCount: columnCount)
        plans.append(plan)
        return plan
    }
}

extension RowDecodingPlan {
    /// Returns the plan for decoding a record from a live row, ready to
    /// decode a new record, or nil for a copied row.
    ///
    /// The plan is owned by the row's statement, and lives as long as the
    /// row. Copied rows have no statement, and no plan: their columns are
    /// resolved for each record.
    static func plan<Key: CodingKey>(
        for row: Row,
        record: any FetchableRecord.Type,
        key: Key.Type) -> RowDecodingPlan?
    {
        guard let statement = row._statement else {
            return nil
        }
        let cache: RowDecodingPlanCache
        if let existing = statement.recordDecodingCache {
            cache = unsafeDowncast(existing, to: RowDecodingPlanCache.self)
        } else {
            cache = RowDecodingPlanCache()
            statement.recordDecodingCache = cache
        }
        return cache.plan(
            recordType: ObjectIdentifier(record),
            key: Key.self,
            columnOffset: row._offset,
            columnCount: row.count)
    }
}
