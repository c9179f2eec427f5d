/// A type that can be used as an SQL expression: values (`Int`, `String`,
/// `Date`...), columns, and expressions built from them.
///
/// ```swift
/// // SELECT * FROM player WHERE score > 1000
/// Player.filter(Column("score") > 1000)
/// ```
public protocol SQLExpressible {
    /// The SQL expression.
    var sqlExpression: SQLExpression { get }
}
