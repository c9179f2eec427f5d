// A wrapper whose raw value is an expression is an expression too, with an
// empty conformance, as GRDB's DatabaseValueConvertible article shows for
// the Tagged library:
//
//     extension Tagged: SQLExpressible where RawValue: SQLExpressible { }
//
// The DatabaseValueConvertible variant below is the tie-breaker for the
// common case of an enum that adopts DatabaseValueConvertible: it is more
// specialized than both the RawRepresentable default and the
// DatabaseValueConvertible default of SQLExpression.swift.

extension SQLExpressible where Self: RawRepresentable, Self.RawValue: SQLExpressible {
    /// The raw value as an expression.
    public var sqlExpression: SQLExpression { rawValue.sqlExpression }
}

extension DatabaseValueConvertible where Self: RawRepresentable, Self.RawValue: DatabaseValueConvertible {
    /// The raw value as an expression.
    public var sqlExpression: SQLExpression { .value(databaseValue) }
}
