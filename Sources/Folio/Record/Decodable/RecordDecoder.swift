/// The decoder that builds `Decodable` records from rows: the default
/// implementation of ``FetchableRecord/init(row:)``.
///
/// - Its keyed container maps coding keys to columns (see
///   ``RowKeyedDecodingContainer``).
/// - Its single value container reads the leftmost column, so that a
///   `Decodable` type that decodes from a single value can be fetched from
///   one-column queries.
/// - It has no unkeyed container: a row is not an array.
///
/// It is small enough (three words) to fit in the inline storage of the
/// `any Decoder` existential: creating it allocates nothing. It is not
/// generic (it holds the record type as a metatype): creating it costs no
/// run-time look-up of generic metadata or conformance. Its coding path
/// is always empty: it decodes a whole row (or the row again, for a
/// superclass).
@usableFromInline
struct RecordDecoder: Decoder {
    let row: Row

    /// The decoded record type, whose strategies apply.
    let record: any FetchableRecord.Type

    @usableFromInline
    init(row: Row, record: any FetchableRecord.Type) {
        self.row = row
        self.record = record
    }

    @usableFromInline
    var codingPath: [any CodingKey] { [] }

    @usableFromInline
    var userInfo: [CodingUserInfoKey: Any] { record.databaseDecodingUserInfo }

    @usableFromInline @inline(__always)
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let cache = row._layerSlot.value(as: KeyedContainerCache.self) {
            return cache.container(row: row, record: record, key: Key.self)
        }
        if row._isReusedByCursor {
            // The first record of a cursor.
            let cache = row._layerSlot.value(orInsert: { KeyedContainerCache() })
            return cache.container(row: row, record: record, key: Key.self)
        }
        let plan = RowDecodingPlan.plan(for: row, record: record, key: Key.self)
        return KeyedDecodingContainer(RecordKeyedDecodingContainer<Key>(
            row: row,
            plan: plan.map { Unmanaged.passUnretained($0) },
            record: record))
    }

    @usableFromInline
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "a database row can not be decoded as an unkeyed container (an array)"
                + (row.sql.map { " - sql: `\($0)`" } ?? "")))
    }

    @usableFromInline
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.count > 0 else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "a row with no column can not be decoded as a single value"
                    + (row.sql.map { " - sql: `\($0)`" } ?? "")))
        }
        return ColumnDecoder(row: row, index: 0, codingPath: codingPath, record: record)
    }
}
