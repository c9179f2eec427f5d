// Enums backed by a convertible raw value get their conformance for free:
//
//     enum Grape: String, DatabaseValueConvertible { case chardonnay, merlot }
//
// A stored raw value that matches no case fails the conversion.

extension DatabaseValueConvertible where Self: RawRepresentable, Self.RawValue: DatabaseValueConvertible {
    /// The raw value.
    public var databaseValue: DatabaseValue {
        rawValue.databaseValue
    }

    /// Converts the raw value; nil when it matches no case.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        RawValue.fromDatabaseValue(dbValue).flatMap { Self(rawValue: $0) }
    }
}
