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
    public var tableName: String

    var definition: SQLCommonTableExpressionDefinition

    /// Creates a common table expression from a request.
    ///
    /// - Parameters:
    ///   - recursive: Whether the expression is recursive.
    ///   - tableName: Its name.
    ///   - columns: Its column names, or nil for the request's.
    ///   - request: The request that defines it.
    public init(recursive: Bool = false, named tableName: String, columns: [String]? = nil, request: some SQLSubqueryable) {
        self.tableName = tableName
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
        self.tableName = tableName
        self.definition = SQLCommonTableExpressionDefinition(
            columns: columns, isRecursive: recursive, request: SQLSubquery(impl: .literal(sqlLiteral)))
    }

    /// A request of all rows of the common table expression.
    ///
    /// - Returns: A request.
    public func all() -> QueryInterfaceRequest<RowDecoder> {
        QueryInterfaceRequest(relation: SQLRelation(commonTableExpression: tableName, selection: [.allColumns]))
    }
}
