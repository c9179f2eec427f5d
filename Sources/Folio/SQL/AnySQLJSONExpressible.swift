/// A type-erased ``SQLJSONExpressible``: any expression, interpreted as
/// a JSON value.
///
/// ```swift
/// // A text column that contains JSON
/// let info = Column("info").asJSON
/// // "info" ->> 'country'
/// info["country"]
/// ```
///
/// See <https://www.sqlite.org/json1.html>.
public struct AnySQLJSONExpressible: SQLJSONExpressible {
    /// The wrapped expression.
    public let sqlExpression: SQLExpression

    /// Creates a type-erased JSON value.
    ///
    /// ```swift
    /// let info = AnySQLJSONExpressible(JSONColumn("info"))
    /// ```
    ///
    /// - Parameter base: A JSON value.
    public init(_ base: some SQLJSONExpressible) {
        self.sqlExpression = base.sqlExpression
    }

    /// Creates a JSON value from any expression.
    init(expression: SQLExpression) {
        self.sqlExpression = expression
    }
}

extension SQLSpecificExpressible {
    /// The expression, interpreted as a JSON value: it gives access to
    /// the JSON subcomponents, and is embedded as JSON in the functions
    /// that build JSON.
    ///
    /// ```swift
    /// let info = Column("info").asJSON
    /// // "info" ->> 'country'
    /// info["country"]
    /// // JSON_ARRAY(JSON("info"))
    /// Database.jsonArray([info])
    /// ```
    ///
    /// See <https://www.sqlite.org/json1.html>.
    public var asJSON: AnySQLJSONExpressible {
        AnySQLJSONExpressible(expression: sqlExpression)
    }
}
