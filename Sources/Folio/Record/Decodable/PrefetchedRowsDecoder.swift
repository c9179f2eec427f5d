/// A decoder of the prefetched rows of a to-many association
/// (`including(all:)`), for the collection properties of `Decodable`
/// records:
///
/// ```swift
/// struct AuthorInfo: Decodable, FetchableRecord {
///     var author: Author
///     var books: [Book] // the prefetched rows of the "books" key
/// }
/// ```
///
/// Its unkeyed container decodes one record per row, so that arrays, sets,
/// and other decodable collections of records work.
struct PrefetchedRowsDecoder: Decoder {
    let rows: PrefetchedRowSet
    let codingPath: [any CodingKey]

    /// The enclosing record type, whose strategies apply.
    let record: any FetchableRecord.Type

    var userInfo: [CodingUserInfoKey: Any] { record.databaseDecodingUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch(KeyedDecodingContainer<Key>.self, DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "prefetched rows decode as a collection of records, not as a keyed container"))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        PrefetchedRowsContainer(rows: rows, codingPath: codingPath, record: record)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "prefetched rows decode as a collection of records, not as a single value"))
    }
}

/// The unkeyed container of ``PrefetchedRowsDecoder``: one record per row.
struct PrefetchedRowsContainer: UnkeyedDecodingContainer {
    let rows: PrefetchedRowSet
    let codingPath: [any CodingKey]
    let record: any FetchableRecord.Type
    private(set) var currentIndex = 0

    /// The row that decodes the rows of a prefetch buffer, one after the
    /// other: the one of the buffer, shared by all the parent rows.
    private let bufferCursor: PrefetchedRowsCursor?

    init(rows: PrefetchedRowSet, codingPath: [any CodingKey], record: any FetchableRecord.Type) {
        self.rows = rows
        self.codingPath = codingPath
        self.record = record
        if let buffer = rows.buffer, !rows.rowIndexes.isEmpty {
            bufferCursor = buffer.layerSlot.value(orInsert: { PrefetchedRowsCursor(buffer: buffer) })
        } else {
            bufferCursor = nil
        }
    }

    /// The row to decode the element at an index from.
    ///
    /// The prefetched rows of a plain prefetch query are the values of one
    /// buffer (``PrefetchBuffer``): a single row, reused by moving its
    /// start in the buffer, decodes them all, for all the parent rows of
    /// the fetch, with one decoding plan and one keyed decoding container
    /// of the element type (``KeyedContainerCache``) instead of one per
    /// element. As in a cursor, `init(row:)` gets a row that changes after
    /// it returns: a record that keeps it must keep `row.copy()`. Other
    /// rows decode as they are.
    private func decodingRow(at index: Int) -> Row {
        guard let bufferCursor else { return rows.row(at: index) }
        let row = bufferCursor.row
        row._valueBase = rows.rowIndexes[index] &* bufferCursor.columnCount
        return row
    }

    var count: Int? { rows.count }

    var isAtEnd: Bool { currentIndex >= rows.count }

    mutating func decodeNil() throws -> Bool {
        false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(T.self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "no more prefetched rows"))
        }
        defer { currentIndex += 1 }
        let traits: DecodedTypeTraits
        if let bufferCursor {
            traits = bufferCursor.traits(of: T.self)
        } else {
            traits = DecodedTypeTraits(T.self)
        }
        return try decodeRecord(T.self, from: decodingRow(at: currentIndex), record: record, recordType: traits.recordType)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(KeyedDecodingContainer<NestedKey>.self, DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "prefetched rows decode as records: decode a Decodable type instead"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "prefetched rows decode as records: decode a Decodable type instead"))
    }

    mutating func superDecoder() throws -> any Decoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "no more prefetched rows"))
        }
        defer { currentIndex += 1 }
        return RecordDecoder(row: rows.row(at: currentIndex), record: record)
    }
}

/// The row that decodes the prefetched rows of one buffer (see
/// ``PrefetchedRowsContainer``), kept by the buffer for all the parent
/// rows of the fetch, with the decoding plans of its records: its
/// decoding containers are released with the buffer, as a cursor
/// releases those of its row.
final class PrefetchedRowsCursor: LayerSlotValue {
    let row: Row

    /// The number of values of each row of the buffer.
    let columnCount: Int

    /// The traits of the type of the elements, computed once.
    private var elementTraits: DecodedTypeTraits?

    /// - Parameter buffer: A buffer of rows.
    init(buffer: PrefetchBuffer) {
        row = Row(buffer: buffer, base: 0)
        columnCount = buffer.columnCount
        row._enableStepCaches()
        // The rows of the buffer have no statement to own the decoding
        // plans of their records: the cache of the cursor's containers
        // owns them.
        _ = row._layerSlot.value(orInsert: { KeyedContainerCache(planCache: RowDecodingPlanCache()) })
    }

    /// The traits of the type of the elements, computed once per type.
    func traits<T>(of type: T.Type) -> DecodedTypeTraits {
        if let elementTraits, elementTraits.type == ObjectIdentifier(T.self) {
            return elementTraits
        }
        let traits = DecodedTypeTraits(T.self)
        elementTraits = traits
        return traits
    }

    deinit {
        row._releaseStepCaches()
    }
}

/// Decodes a record from a whole row: an associated record (a scope), a
/// prefetched row, or the base record of a joined request.
///
/// Types that adopt ``FetchableRecord`` decode with their own
/// `init(row:)`. Other `Decodable` types decode with the strategies of the
/// enclosing record.
///
/// - Parameters:
///   - type: The decoded type.
///   - row: The row of the record.
///   - record: The enclosing record type.
///   - recordType: `T` as a ``FetchableRecord`` type, or nil when it is
///     not one (see ``DecodedTypeTraits``).
func decodeRecord<T: Decodable>(
    _ type: T.Type,
    from row: Row,
    record: any FetchableRecord.Type,
    recordType: (any FetchableRecord.Type)?) throws -> T
{
    if let recordType {
        return try initRecord(recordType, row: row, as: T.self)
    }
    return try T(from: RecordDecoder(row: row, record: record))
}

/// Creates a record of type `R`, which is `T` (opened from the existential
/// metatype, so that the record is not boxed in an existential).
///
/// `R` is `T` itself (``DecodedTypeTraits/recordType`` is `T.self` as a
/// ``FetchableRecord`` type, and its callers check that the traits are
/// those of `T`): the record is returned as `T` without a dynamic cast,
/// which would look the types up at run time for each record. Should the
/// types ever differ, the cast runs.
private func initRecord<R: FetchableRecord, T>(_ recordType: R.Type, row: Row, as type: T.Type) throws -> T {
    let record = try R(row: row)
    if R.self == T.self {
        return unsafeBitCast(record, to: T.self)
    }
    return record as! T
}
