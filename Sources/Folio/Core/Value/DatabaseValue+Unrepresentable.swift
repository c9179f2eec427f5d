/// A value that SQLite can not store, carried by a ``DatabaseValue`` until
/// it is bound to a statement, which throws a ``DatabaseError`` naming it.
///
/// Conversions to database values do not throw (`databaseValue` is a
/// property, as in GRDB), so a value such as `UInt64.max`, above the
/// signed 64-bit range of SQLite integers, can not fail where it is
/// converted. It fails where it would be stored: when it is bound as an
/// argument, written as an SQL literal, or returned by an SQL function.
/// Only such values allocate this object: the common case is a range check.
@usableFromInline
final class _UnrepresentableValue: Sendable {
    /// What the value is, for errors: `the integer 18446744073709551615`.
    let description: String

    /// How the value prints in the description of a ``DatabaseValue``
    /// (and of a row): `18446744073709551615`.
    let literal: String

    /// Why SQLite can not store it.
    let reason: String

    /// The unsigned integer, when the value is one, so that it converts
    /// back to `UInt64` before it is stored.
    @usableFromInline
    let unsignedInteger: UInt64?

    /// The storage class that ``DatabaseValue/storage`` reports.
    @usableFromInline
    let approximation: DatabaseValue.Storage

    init(description: String, literal: String, reason: String, unsignedInteger: UInt64?, approximation: DatabaseValue.Storage) {
        self.description = description
        self.literal = literal
        self.reason = reason
        self.unsignedInteger = unsignedInteger
        self.approximation = approximation
    }

    /// An unsigned integer above `Int64.max`.
    @usableFromInline
    convenience init(unsignedInteger: UInt64) {
        self.init(
            description: "the integer \(unsignedInteger)",
            literal: String(unsignedInteger),
            reason: "SQLite integers are signed 64-bit, at most \(Int64.max)",
            unsignedInteger: unsignedInteger,
            approximation: .double(Double(unsignedInteger)))
    }
}
