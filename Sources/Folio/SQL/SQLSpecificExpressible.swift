/// A type that can be used as an SQL expression, and is not a plain Swift
/// value: columns and expressions. Values of this type can be selected,
/// and used as ordering terms.
public protocol SQLSpecificExpressible: SQLExpressible, SQLSelectable, SQLOrderingTerm { }

extension SQLSpecificExpressible {
    /// The expression, selected.
    public var sqlSelection: SQLSelection { .expression(sqlExpression) }

    /// The expression, in ascending order.
    public var sqlOrdering: SQLOrdering { SQLOrdering(expression: sqlExpression, direction: .unspecified) }
}
