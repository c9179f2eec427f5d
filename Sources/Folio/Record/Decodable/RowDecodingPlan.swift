/// The column indexes of the coding keys of one `Decodable` record type,
/// for the rows of one statement.
///
/// Decoding a row asks for coding keys by name. Resolving a name means
/// scanning the column names (and applying the column decoding strategy):
/// the plan does it once per statement, not once per row. Each resolved
/// key gets a slot: its name, its column index, and the traits of the type
/// it decodes.
///
/// The next rows find their keys without a dictionary look-up:
///
/// - Keys whose type is a plain value of at most one byte (an enum without
///   payloads, like synthesized `CodingKeys`) are found by their bits, in
///   a table of 256 entries: equal bits are the same key, with the same
///   name. The name is not even asked for.
/// - Other keys are expected in the order the record's `init(from:)` asked
///   for them last time: a key is found by comparing its name with the
///   expected one. Keys asked for in another order (conditional decoding)
///   fall back to a linear search in the plan.
///
/// New keys are resolved and appended.
///
/// Plans live in the ``Statement`` of live rows (see
/// ``RowDecodingPlanCache``), so that a statement reused by the
/// statement cache keeps its plans. The row that decodes the prefetched
/// rows of a buffer keeps the plans of the buffer in its
/// ``KeyedContainerCache`` (see `PrefetchedRowsCursor`). Other rows that
/// hold their values (copies) have no plan: their columns are resolved
/// for each record, as a hand-written `init(row:)` does.
///
/// A plan also remembers, for the row that a cursor reuses, where each
/// key that feeds no column finds its record (``KeySource``).
final class RowDecodingPlan {
    /// The record type whose column decoding strategy applies.
    let recordType: ObjectIdentifier

    /// The coding key type.
    let keyType: ObjectIdentifier

    /// The columns of the statement that the decoded rows see: all of
    /// them, or the range of an associated record in a joined request.
    let columnOffset: Int
    let columnCount: Int

    /// The names of the keys, by slot.
    @exclusivity(unchecked) private var names: [String] = []

    /// The column index of each slot, or -1 when the row has no column
    /// for the key.
    @exclusivity(unchecked) private var indexes: [Int] = []

    /// The traits of the type decoded by each slot that feeds no column,
    /// once known.
    @exclusivity(unchecked) private var typeTraits: [DecodedTypeTraits?] = []

    /// The traits of the type decoded by each slot that feeds a column,
    /// once known.
    @exclusivity(unchecked) private var columnTypeTraits: [ColumnTypeTraits?] = []

    /// A resolved key, in ``keyTable``.
    struct KeyTableEntry {
        /// The slot of the key, or -1 when the key is not resolved yet.
        var slot: Int32
        /// The column index of the key, or -1 when the row has no column
        /// for the key.
        var column: Int32
    }

    /// The resolved keys by bits, when the coding key type is a plain
    /// value of at most one byte; nil for other key types.
    private let keyTable: UnsafeMutablePointer<KeyTableEntry>?

    /// The number of entries of ``keyTable``: one per value of a byte.
    private static let keyTableCount = 256

    /// The slot after the last key found: the key expected next, for key
    /// types that have no ``keyTable``. Reset when a record starts
    /// decoding.
    @exclusivity(unchecked) private var position = 0

    /// The coding key fed by each column, when the strategy is not
    /// `.useDefaultKeys`; computed on first use.
    private var columnKeys: [String]?

    /// Where a key that feeds no column finds its value, in the rows of
    /// one layout (see ``sourceOfLastKey(inRowAt:)``).
    enum KeySource {
        /// Not known yet: look for it.
        case unknown
        /// The record decodes from the row itself (the base record of a
        /// joined request).
        case rowItself
        /// The record decodes from the scope at this index of the row's
        /// layout (an associated record).
        case scope(Int)
    }

    /// The source of each slot, for the row ``sourceRow``.
    @exclusivity(unchecked) private var sources: [KeySource] = []

    /// The row for which ``sources`` hold, by address: a row that a
    /// cursor reuses (its steps share its layout), until the cursor ends
    /// (``forgetSources(of:)``, called by the ``KeyedContainerCache`` of
    /// the row, which holds the plan), so that no other row at the same
    /// address finds them.
    @exclusivity(unchecked) private var sourceRow: UnsafeMutableRawPointer?

    init<Key: CodingKey>(recordType: ObjectIdentifier, key: Key.Type, columnOffset: Int, columnCount: Int) {
        self.recordType = recordType
        self.keyType = ObjectIdentifier(Key.self)
        self.columnOffset = columnOffset
        self.columnCount = columnCount
        if _isPOD(Key.self) && MemoryLayout<Key>.size <= 1 {
            let table = UnsafeMutablePointer<KeyTableEntry>.allocate(capacity: Self.keyTableCount)
            table.initialize(repeating: KeyTableEntry(slot: -1, column: -1), count: Self.keyTableCount)
            keyTable = table
        } else {
            keyTable = nil
        }
    }

    deinit {
        keyTable?.deallocate()
    }

    /// The bits of a key whose type is a plain value of at most one byte.
    @inline(__always)
    private static func bits<Key>(of key: Key) -> Int {
        MemoryLayout<Key>.size == 1 ? Int(unsafeBitCast(key, to: UInt8.self)) : 0
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
        if let keyTable {
            let entry = keyTable[Self.bits(of: key)]
            if entry.slot >= 0 {
                position = Int(truncatingIfNeeded: entry.slot) &+ 1
                return entry.column >= 0 ? Int(truncatingIfNeeded: entry.column) : nil
            }
        } else {
            let position = self.position
            if position < names.count && names[position].hasSameUTF8(as: key.stringValue) {
                self.position = position + 1
                let index = indexes[position]
                return index >= 0 ? index : nil
            }
        }
        return slowColumnIndex(forKey: key, in: row, record: record)
    }

    /// Returns the index of the column that feeds a key whose type is a
    /// plain value of at most one byte, when the key is resolved already
    /// and feeds a column; -1 otherwise (then ask
    /// ``columnIndex(forKey:in:record:)``).
    ///
    /// This is the fast path of decoding, for synthesized `CodingKeys`: a
    /// look-up in ``keyTable``, which leaves the plan unchanged.
    @inline(__always)
    func resolvedColumnIndex<Key: CodingKey>(forKey key: Key) -> Int {
        guard let keyTable else { return -1 }
        return Int(truncatingIfNeeded: keyTable[Self.bits(of: key)].column)
    }

    @inline(never)
    private func slowColumnIndex<Key: CodingKey>(
        forKey key: Key,
        in row: Row,
        record: any FetchableRecord.Type) -> Int?
    {
        let name = key.stringValue
        let slot: Int
        if let known = names.firstIndex(where: { $0.hasSameUTF8(as: name) }) {
            slot = known
        } else {
            let index = resolveColumnIndex(forKey: name, in: row, record: record)
            names.append(name)
            indexes.append(index ?? -1)
            typeTraits.append(nil)
            columnTypeTraits.append(nil)
            sources.append(.unknown)
            slot = names.count - 1
        }
        position = slot + 1
        let index = indexes[slot]
        keyTable?[Self.bits(of: key)] = KeyTableEntry(
            slot: Int32(truncatingIfNeeded: slot),
            column: Int32(truncatingIfNeeded: index))
        return index >= 0 ? index : nil
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

    /// Returns where the last key found by
    /// ``columnIndex(forKey:in:record:)``, which feeds no column, finds
    /// its value in a row: ``KeySource/unknown`` until
    /// ``setSourceOfLastKey(_:in:)`` told it for this row.
    ///
    /// - Parameter row: The address of the decoded row.
    @inline(__always)
    func sourceOfLastKey(inRowAt row: UnsafeMutableRawPointer) -> KeySource {
        guard sourceRow == row else { return .unknown }
        let keyPosition = position &- 1
        guard keyPosition >= 0 && keyPosition < sources.count else { return .unknown }
        return sources[keyPosition]
    }

    /// Remembers where the last key found by
    /// ``columnIndex(forKey:in:record:)`` finds its value, for the next
    /// steps of a row that a cursor reuses (other rows are not
    /// remembered). The sources of the previous row are forgotten.
    func setSourceOfLastKey(_ source: KeySource, in row: Row) {
        let keyPosition = position &- 1
        guard keyPosition >= 0 && keyPosition < sources.count,
              row._isReusedByCursor, row._prefetchStorage == nil
        else { return }
        let address = Unmanaged.passUnretained(row).toOpaque()
        if sourceRow != address {
            for index in sources.indices {
                sources[index] = .unknown
            }
            sourceRow = address
        }
        sources[keyPosition] = source
    }

    /// Forgets the sources of a row whose cursor ends.
    func forgetSources(of row: Row) {
        if sourceRow == Unmanaged.passUnretained(row).toOpaque() {
            sourceRow = nil
        }
    }

    /// Returns the traits of a type decoded from a column by the last key
    /// found by ``columnIndex(forKey:in:record:)``, computed once per key
    /// (as ``traitsOfLastKey(_:)``).
    @inline(__always)
    func columnTraitsOfLastKey<T>(_ type: T.Type) -> ColumnTypeTraits {
        let keyPosition = position - 1
        guard keyPosition >= 0 && keyPosition < columnTypeTraits.count else {
            return ColumnTypeTraits(T.self)
        }
        if let traits = columnTypeTraits[keyPosition] {
            if traits.type == ObjectIdentifier(T.self) {
                return traits
            }
            return ColumnTypeTraits(T.self)
        }
        let traits = ColumnTypeTraits(T.self)
        columnTypeTraits[keyPosition] = traits
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
            columnKeys = row.columnNameArray.map { strategy.key(forColumn: $0) }
        }
        let columnKeys = columnKeys!
        if let index = columnKeys.firstIndex(where: { $0.hasSameUTF8(as: name) }) {
            return index
        }
        return columnKeys.firstIndex { $0.isSameDatabaseName(as: name) }
    }
}

/// The decoding plans of a statement, one per (record type, coding key
/// type, range of columns), stored in ``Statement/layerSlot``.
/// The range of columns tells apart the base record and the associated
/// records (scopes) of joined requests.
final class RowDecodingPlanCache: LayerSlotValue {
    private var plans: [RowDecodingPlan] = []

    /// The column indexes of the `@DatabaseRecord` records decoded from
    /// the statement (see ``RecordColumnIndexes``).
    @exclusivity(unchecked) private var columnIndexTables: [RecordColumnIndexTable] = []

    /// Returns the column indexes of a record type for a range of
    /// columns, made by `make` the first time.
    @inline(__always)
    func columnIndexTable(
        recordType: ObjectIdentifier,
        columnOffset: Int,
        columnCount: Int,
        make: () -> RecordColumnIndexTable) -> RecordColumnIndexTable
    {
        // A linear search: a statement decodes very few types.
        for table in columnIndexTables
        where table.recordType == recordType && table.columnOffset == columnOffset && table.columnCount == columnCount
        {
            return table
        }
        let table = make()
        columnIndexTables.append(table)
        return table
    }

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
        let cache = statement.layerSlot.value(orInsert: RowDecodingPlanCache.init)
        return cache.plan(
            recordType: ObjectIdentifier(record),
            key: Key.self,
            columnOffset: row._offset,
            columnCount: row.count)
    }
}
