import Foundation

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

/// What ``decodeColumn(_:row:index:codingPath:record:)`` needs to know
/// about a `Decodable` type that a coding key decodes from a column: the
/// results of the dynamic casts that choose how to decode it.
///
/// A ``RowDecodingPlan`` keeps the traits of the type of each of its
/// column keys, so that the casts (run-time conformance look-ups) run once
/// per statement instead of once per decoded value.
struct ColumnTypeTraits {
    /// How a column decodes, in the order of
    /// ``decodeColumn(_:row:index:codingPath:record:)``.
    enum Kind {
        /// An optional: NULL is nil, other values decode as the wrapped type.
        case optional(any OptionalColumnDecodable.Type)
        /// `Date`, with the record's date decoding strategy.
        case date
        /// `Data`, with the record's data decoding strategy.
        case data
        /// A database value that reads straight from the statement.
        case statementValue(any (DatabaseValueConvertible & StatementColumnConvertible).Type)
        /// A database value.
        case databaseValue(any DatabaseValueConvertible.Type)
        /// Any other type: decodes from a ``ColumnDecoder``, or from JSON.
        case other
    }

    /// The decoded type.
    let type: ObjectIdentifier

    let kind: Kind

    init<T>(_ type: T.Type) {
        self.type = ObjectIdentifier(T.self)
        if let optionalType = T.self as? any OptionalColumnDecodable.Type {
            kind = .optional(optionalType)
        } else if T.self == Date.self {
            kind = .date
        } else if T.self == Data.self {
            kind = .data
        } else if let convertibleType = T.self as? any (DatabaseValueConvertible & StatementColumnConvertible).Type {
            kind = .statementValue(convertibleType)
        } else if let convertibleType = T.self as? any DatabaseValueConvertible.Type {
            kind = .databaseValue(convertibleType)
        } else {
            kind = .other
        }
    }
}
