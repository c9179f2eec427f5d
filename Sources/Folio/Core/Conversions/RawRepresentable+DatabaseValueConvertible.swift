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

// A wrapper whose raw value binds and reads itself does too, with empty
// conformances, as GRDB's DatabaseValueConvertible article shows for the
// Tagged library:
//
//     extension Tagged: StatementBinding where RawValue: StatementBinding { }
//     extension Tagged: StatementColumnConvertible where RawValue: StatementColumnConvertible { }
//
// The DatabaseValueConvertible variant of `bind(to:at:)` is the
// tie-breaker for enums that adopt DatabaseValueConvertible: more
// specialized than both the RawRepresentable default and the
// DatabaseValueConvertible default of StatementBinding.swift.

extension StatementBinding where Self: RawRepresentable, Self.RawValue: StatementBinding {
    /// Binds the raw value to a parameter of a statement.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        rawValue.bind(to: sqliteStatement, at: index)
    }
}

extension DatabaseValueConvertible where Self: RawRepresentable, Self.RawValue: DatabaseValueConvertible {
    /// Binds the raw value to a parameter of a statement.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        rawValue.databaseValue.bind(to: sqliteStatement, at: index)
    }
}

extension StatementColumnConvertible where Self: RawRepresentable, Self.RawValue: StatementColumnConvertible {
    /// Reads the raw value; nil when it matches no value of the type.
    @inline(__always)
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard let rawValue = RawValue(sqliteStatement: sqliteStatement, index: index) else {
            return nil
        }
        self.init(rawValue: rawValue)
    }
}
