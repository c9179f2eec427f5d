/// What the decoder needs to know about a `Decodable` type that a coding
/// key decodes from something else than a column (an associated record,
/// prefetched rows, the row itself): the results of the dynamic casts
/// that tell how to decode it.
///
/// Dynamic casts to protocols look conformances up at run time, which
/// costs more than decoding a column. A ``RowDecodingPlan`` keeps the
/// traits of the type of each of its keys, so that the casts run once
/// per statement instead of once per row.
struct DecodedTypeTraits {
    /// The decoded type.
    let type: ObjectIdentifier

    /// The type, when it is an optional: NULL and missing values are nil.
    let optionalType: (any OptionalColumnDecodable.Type)?

    /// The type, when it is a record that decodes with its own
    /// `init(row:)`.
    let recordType: (any FetchableRecord.Type)?

    /// Whether the type is a database value, which only decodes from a
    /// column.
    let isDatabaseValue: Bool

    init<T>(_ type: T.Type) {
        self.type = ObjectIdentifier(T.self)
        optionalType = T.self as? any OptionalColumnDecodable.Type
        recordType = T.self as? any FetchableRecord.Type
        isDatabaseValue = T.self is any DatabaseValueConvertible.Type
    }
}
