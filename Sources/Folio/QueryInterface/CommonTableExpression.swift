/// A common table expression, for the WITH clause of a request.
///
/// ```swift
/// // WITH name AS (SELECT 'O''Brien')
/// // SELECT * FROM player WHERE name = (SELECT * FROM name)
/// let nameCTE = CommonTableExpression(named: "name", literal: "SELECT \("O'Brien")")
/// let request = Player.all()
///     .with(nameCTE)
///     .filter(Column("name") == nameCTE.all())
/// ```
///
/// See <https://www.sqlite.org/lang_with.html>.
public struct CommonTableExpression<RowDecoder>: Sendable {
    /// The name of the common table expression.
    ///
    /// ```swift
    /// let nameCTE = CommonTableExpression(named: "name", sql: "SELECT 'Arthur'")
    /// nameCTE.tableName // "name"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_with.html>.
    public var tableName: String { name }

    /// Storage for ``tableName``.
    let name: String

    var definition: SQLCommonTableExpressionDefinition

    /// Creates a common table expression from a request.
    ///
    /// - Parameters:
    ///   - recursive: Whether the expression is recursive.
    ///   - tableName: Its name.
    ///   - columns: Its column names, or nil for the request's.
    ///   - request: The request that defines it.
    public init(recursive: Bool = false, named tableName: String, columns: [String]? = nil, request: some SQLSubqueryable) {
        self.name = tableName
        self.definition = SQLCommonTableExpressionDefinition(columns: columns, isRecursive: recursive, request: request.sqlSubquery)
    }

    /// Creates a common table expression from raw SQL.
    ///
    /// - Parameters:
    ///   - recursive: Whether the expression is recursive.
    ///   - tableName: Its name.
    ///   - columns: Its column names.
    ///   - sql: The SQL that defines it.
    ///   - arguments: Its arguments.
    public init(recursive: Bool = false, named tableName: String, columns: [String]? = nil, sql: String, arguments: StatementArguments = StatementArguments()) {
        self.init(recursive: recursive, named: tableName, columns: columns, literal: SQL(sql: sql, arguments: arguments))
    }

    /// Creates a common table expression from an SQL literal.
    ///
    /// - Parameters:
    ///   - recursive: Whether the expression is recursive.
    ///   - tableName: Its name.
    ///   - columns: Its column names.
    ///   - sqlLiteral: The SQL that defines it.
    public init(recursive: Bool = false, named tableName: String, columns: [String]? = nil, literal sqlLiteral: SQL) {
        self.name = tableName
        self.definition = SQLCommonTableExpressionDefinition(
            columns: columns, isRecursive: recursive, request: SQLSubquery(impl: .literal(sqlLiteral)))
    }

    /// An expression that tests whether a value is one of the rows of the
    /// common table expression: `value IN cte`.
    ///
    /// ```swift
    /// // WITH selectedName AS (...)
    /// // SELECT * FROM player WHERE name IN selectedName
    /// let cte = CommonTableExpression(named: "selectedName", ...)
    /// Player.with(cte).filter { cte.contains($0.name) }
    /// ```
    ///
    /// The common table expression must have a single column. See
    /// <https://www.sqlite.org/lang_expr.html#the_in_and_not_in_operators>.
    ///
    /// - Parameter element: A value.
    /// - Returns: An `IN` expression.
    public func contains(_ element: some SQLExpressible) -> SQLExpression {
        SQLExpression(.inTable(element.sqlExpression, tableName, negated: false))
    }

    /// A request of all rows of the common table expression.
    ///
    /// - Returns: A request.
    public func all() -> QueryInterfaceRequest<RowDecoder> {
        QueryInterfaceRequest(relation: SQLRelation(commonTableExpression: tableName, selection: [.allColumns]))
    }
}

extension CommonTableExpression where RowDecoder == Row {
    /// Creates a common table expression of rows from a request.
    ///
    /// ```swift
    /// // WITH playerName AS (SELECT name FROM player) ...
    /// let playerNameCTE = CommonTableExpression(named: "playerName", request: Player.select(\.name))
    /// let rows = try playerNameCTE.all().with(playerNameCTE).fetchAll(db) // [Row]
    /// ```
    ///
    /// - Parameters:
    ///   - recursive: Whether the expression is recursive.
    ///   - tableName: Its name.
    ///   - columns: Its column names, or nil for the request's.
    ///   - request: The request that defines it.
    public init(recursive: Bool = false, named tableName: String, columns: [String]? = nil, request: some SQLSubqueryable) {
        self.name = tableName
        self.definition = SQLCommonTableExpressionDefinition(columns: columns, isRecursive: recursive, request: request.sqlSubquery)
    }

    /// Creates a common table expression of rows from raw SQL.
    ///
    /// - Parameters:
    ///   - recursive: Whether the expression is recursive.
    ///   - tableName: Its name.
    ///   - columns: Its column names.
    ///   - sql: The SQL that defines it.
    ///   - arguments: Its arguments.
    public init(recursive: Bool = false, named tableName: String, columns: [String]? = nil, sql: String, arguments: StatementArguments = StatementArguments()) {
        self.init(recursive: recursive, named: tableName, columns: columns, literal: SQL(sql: sql, arguments: arguments))
    }

    /// Creates a common table expression of rows from an SQL literal.
    ///
    /// - Parameters:
    ///   - recursive: Whether the expression is recursive.
    ///   - tableName: Its name.
    ///   - columns: Its column names.
    ///   - sqlLiteral: The SQL that defines it.
    public init(recursive: Bool = false, named tableName: String, columns: [String]? = nil, literal sqlLiteral: SQL) {
        self.name = tableName
        self.definition = SQLCommonTableExpressionDefinition(
            columns: columns, isRecursive: recursive, request: SQLSubquery(impl: .literal(sqlLiteral)))
    }
}
