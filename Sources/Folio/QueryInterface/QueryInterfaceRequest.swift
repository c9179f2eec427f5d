/// A request built with the query interface, without SQL.
///
/// ```swift
/// // SELECT * FROM player WHERE score > 1000 ORDER BY name LIMIT 10
/// let request = Player
///     .filter { $0.score > 1000 }
///     .order(\.name)
///     .limit(10)
/// let players = try request.fetchAll(db)     // [Player]
/// let count = try request.fetchCount(db)     // Int
/// let sql = try request.makePreparedRequest(db).statement.sql
/// ```
///
/// Requests are values: each method returns a new request, and the same
/// request can be fetched many times.
///
/// ## Topics
/// - ``filter(_:)-((DynamicColumns.)->SQLSpecificExpressible)``
/// - ``order(_:)``
/// - ``select(_:as:)-((DynamicColumns.)->SQLSelectable,_)``
/// - ``limit(_:offset:)``
/// - ``fetchCount(_:)``
/// - ``deleteAll(_:)``
public struct QueryInterfaceRequest<RowDecoder>: Sendable {
    var query: SQLQuery

    init(query: SQLQuery) {
        self.query = query
    }

    init(relation: SQLRelation) {
        self.query = SQLQuery(relation: relation)
    }
}

extension QueryInterfaceRequest: FetchRequest {
    /// Returns the prepared statement of the request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - singleResult: Whether one row only is needed: the request then
    ///     gets `LIMIT 1` when it has no limit.
    /// - Returns: A prepared request.
    /// - Throws: A ``DatabaseError``, with the generated SQL when SQLite
    ///   refuses it (an unknown column, for example).
    public func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool = false) throws -> PreparedRequest {
        try query.makePreparedRequest(db, forSingleResult: singleResult)
    }

    /// Returns the number of rows the request would fetch, with
    /// `SELECT COUNT(*)`.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of rows.
    /// - Throws: A ``DatabaseError``.
    public func fetchCount(_ db: Database) throws -> Int {
        try query.fetchCount(db)
    }

    /// Returns whether the request fetches no row, with
    /// `SELECT EXISTS (...)`.
    ///
    /// ```swift
    /// // SELECT EXISTS (SELECT * FROM player WHERE score > 1000)
    /// let noSuchPlayer = try Player.filter { $0.score > 1000 }.isEmpty(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether there is no row.
    /// - Throws: A ``DatabaseError``.
    public func isEmpty(_ db: Database) throws -> Bool {
        try !query.exists(db)
    }
}

extension QueryInterfaceRequest: SQLSubqueryable {
    /// The request as a subquery.
    public var sqlSubquery: SQLSubquery {
        SQLSubquery(impl: .query(query))
    }
}

extension QueryInterfaceRequest: DerivableRequest {
    /// The name of the queried table.
    public var databaseTableName: String {
        query.relation.tableName
    }

    /// The relation of the request.
    public var _relation: SQLRelation { query.relation }

    /// Returns the request with another relation.
    public func _withRelation(_ relation: SQLRelation) -> Self {
        var request = self
        request.query.relation = relation
        return request
    }

    private func mapRelation(_ transform: (SQLRelation) -> SQLRelation) -> Self {
        _withRelation(transform(query.relation))
    }

    private func mapQuery(_ transform: (inout SQLQuery) -> Void) -> Self {
        var request = self
        transform(&request.query)
        return request
    }

    /// Returns a request that selects the given columns and expressions.
    ///
    /// - Parameter selection: The selected columns and expressions.
    /// - Returns: A request.
    public func select(_ selection: [any SQLSelectable]) -> Self {
        mapRelation { $0.select(selection.map(\.sqlSelection)) }
    }

    /// Returns a request with added columns and expressions.
    ///
    /// - Parameter selection: The added columns and expressions.
    /// - Returns: A request.
    public func annotated(with selection: [any SQLSelectable]) -> Self {
        mapRelation { $0.annotated(with: selection.map(\.sqlSelection)) }
    }

    /// Returns a request filtered by a predicate.
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    public func filter(_ predicate: any SQLExpressible) -> Self {
        mapRelation { $0.filter(predicate.sqlExpression) }
    }

    /// Returns a request sorted by the given orderings.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    public func order(_ orderings: [any SQLOrderingTerm]) -> Self {
        mapRelation { $0.order(orderings.map(\.sqlOrdering)) }
    }

    /// Returns a request sorted by the current ordering, then by the given
    /// orderings.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    public func thenOrder(_ orderings: [any SQLOrderingTerm]) -> Self {
        mapRelation { $0.thenOrder(orderings.map(\.sqlOrdering)) }
    }

    /// Returns a request with the ordering reversed.
    ///
    /// - Returns: A request.
    public func reversed() -> Self {
        mapRelation { $0.reversed() }
    }

    /// Returns a request with no ordering.
    ///
    /// - Returns: A request.
    public func unordered() -> Self {
        mapRelation { $0.unordered() }
    }

    /// Returns a request grouped by the given expressions.
    ///
    /// - Parameter expressions: Grouping expressions.
    /// - Returns: A request.
    public func group(_ expressions: [any SQLExpressible]) -> Self {
        let expressions = expressions.map(\.sqlExpression)
        return mapQuery { $0 = $0.grouped(by: expressions) }
    }

    /// Returns a request with a HAVING condition.
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    public func having(_ predicate: any SQLExpressible) -> Self {
        let predicate = predicate.sqlExpression
        return mapQuery { $0 = $0.having(predicate) }
    }

    /// Returns a request whose table is named by the alias.
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    public func aliased(_ alias: TableAlias<RowDecoder>) -> Self {
        aliased(alias as TableAliasBase)
    }

    func aliased(_ base: TableAliasBase) -> Self {
        let oldAlias = query.relation.alias
        base.bind(to: query.relation.tableName)
        return mapQuery { query in
            query.relation = query.relation.realiased(base)
            // GROUP BY and HAVING belong to the query, and refer to the
            // relation's alias as well.
            query.groupExpressions = query.groupExpressions.map { $0.requalified(from: oldAlias, to: base) }
            query.havingExpressions = query.havingExpressions.map { $0.requalified(from: oldAlias, to: base) }
        }
    }

    /// Returns a request that returns distinct rows (`SELECT DISTINCT`).
    ///
    /// - Returns: A request.
    public func distinct() -> Self {
        mapQuery { $0.isDistinct = true }
    }

    /// Returns a request limited to `limit` rows, after skipping `offset`.
    ///
    /// ```swift
    /// // SELECT * FROM player LIMIT 10 OFFSET 20
    /// Player.all().limit(10, offset: 20)
    /// ```
    ///
    /// - Parameters:
    ///   - limit: The maximum number of rows.
    ///   - offset: The number of rows to skip.
    /// - Returns: A request.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        mapQuery { $0.limit = SQLLimit(limit: limit, offset: offset) }
    }

    /// Returns a request of another type, with the same SQL.
    ///
    /// ```swift
    /// let rows = try Player.all().asRequest(of: Row.self).fetchAll(db)
    /// ```
    ///
    /// - Parameter type: The type of fetched values.
    /// - Returns: A request.
    public func asRequest<T>(of type: T.Type) -> QueryInterfaceRequest<T> {
        QueryInterfaceRequest<T>(query: query)
    }

    /// Returns a request of values of another type, that selects the given
    /// columns and expressions.
    ///
    /// ```swift
    /// let names = try Player.all().select([Column("name")], as: String.self).fetchAll(db)
    /// ```
    ///
    /// - Parameters:
    ///   - selection: The selected columns and expressions.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public func select<T>(_ selection: [any SQLSelectable], as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        select(selection).asRequest(of: T.self)
    }

    /// Returns a request of values of another type, that selects the given
    /// columns and expressions.
    ///
    /// - Parameters:
    ///   - selection: The selected columns and expressions.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public func select<T>(_ selection: any SQLSelectable..., as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        select(selection).asRequest(of: T.self)
    }

    /// Returns a request of values of another type, that selects raw SQL.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public func select<T>(sql: String, arguments: StatementArguments = StatementArguments(), as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        select(sql: sql, arguments: arguments).asRequest(of: T.self)
    }

    /// Returns a request of values of another type, that selects an SQL
    /// literal.
    ///
    /// ```swift
    /// let defaultName = "Anonymous"
    /// let names = try Player.all().select(literal: "IFNULL(name, \(defaultName))", as: String.self).fetchAll(db)
    /// ```
    ///
    /// - Parameters:
    ///   - sqlLiteral: An SQL literal.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public func select<T>(literal sqlLiteral: SQL, as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        select(literal: sqlLiteral).asRequest(of: T.self)
    }

    /// Returns a request with a common table expression in its WITH clause.
    ///
    /// ```swift
    /// // WITH playerName AS (SELECT 'O''Brien')
    /// // SELECT * FROM player WHERE name = (SELECT * FROM playerName)
    /// let playerNameCTE = CommonTableExpression(named: "playerName", literal: "SELECT \("O'Brien")")
    /// let request = Player.all()
    ///     .with(playerNameCTE)
    ///     .filter(Column("name") == playerNameCTE.all())
    /// ```
    ///
    /// A common table expression with the same table name, embedded
    /// before, is replaced by the new one.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameter cte: A common table expression.
    /// - Returns: A request.
    public func with<T>(_ cte: CommonTableExpression<T>) -> Self {
        mapRelation { $0.with(cte) }
    }
}

extension QueryInterfaceRequest where RowDecoder: TableRecord {
    /// The database components of the record type: `$0` in the closures of
    /// the request.
    ///
    /// ```swift
    /// // Player.Columns.Type, or DynamicColumns.Type
    /// QueryInterfaceRequest<Player>.DatabaseComponents.self
    /// ```
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents
}

extension QueryInterfaceRequest {
    /// Returns a request of values of another type, that selects the
    /// column or expression returned by the closure, which receives the
    /// columns of the record (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT name FROM player
    /// let names: [String] = try Player.all().select(\.name).fetchAll(db)
    /// ```
    ///
    /// - Parameters:
    ///   - selection: A closure that receives the columns.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select<T>(
        _ selection: (QueryInterfaceRequest<RowDecoder>.DatabaseComponents) throws -> any SQLSelectable,
        as type: T.Type = T.self) rethrows -> QueryInterfaceRequest<T>
    where RowDecoder: TableRecord
    {
        select([try selection(RowDecoder.databaseComponents)]).asRequest(of: T.self)
    }
}

// The closures of requests of rows: `$0` is `DynamicColumns`.
extension QueryInterfaceRequest where RowDecoder == Row {
    /// Returns a request of values of another type, that selects the
    /// column or expression returned by the closure, which receives
    /// ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT name FROM player
    /// let names: [String] = try Table("player").all().select(\.name).fetchAll(db)
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameters:
    ///   - selection: A closure that receives the columns.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select<T>(
        _ selection: (DynamicColumns.Type) throws -> any SQLSelectable,
        as type: T.Type = T.self) rethrows -> QueryInterfaceRequest<T>
    {
        select([try selection(DynamicColumns.self)]).asRequest(of: T.self)
    }
}

extension SQLRelation {
    /// Returns the relation with another alias, requalifying its
    /// expressions.
    func realiased(_ newAlias: TableAliasBase) -> SQLRelation {
        var relation = SQLRelation(table: tableName, alias: newAlias, selection: [])
        relation.source = source
        relation.selection = selection.map { $0.requalified(from: alias, to: newAlias) }
        relation.filters = filters.map { $0.requalified(from: alias, to: newAlias) }
        relation.ordering = ordering.map { $0.requalified(from: alias, to: newAlias) }
        relation.isOrderingReversed = isOrderingReversed
        relation.children = children
        relation.commonTableExpressions = commonTableExpressions
        // Connected derivations qualify their expressions with the alias
        // of the relation they resolve: the new one.
        relation.connectedDerivations = connectedDerivations
        relation.grouping = grouping?.map { $0.requalified(from: alias, to: newAlias) }
        relation.havingExpressions = havingExpressions.map { $0.requalified(from: alias, to: newAlias) }
        relation.isDistinct = isDistinct
        relation.mergedAliases = mergedAliases
        return relation
    }
}

extension QueryInterfaceRequest {
    /// Returns a request that selects the primary key of the records.
    ///
    /// ```swift
    /// // SELECT id FROM player WHERE name IS NOT NULL
    /// let ids = try Player.filter { $0.name != nil }.selectID().fetchAll(db)
    /// ```
    ///
    /// The table must have a single-column primary key, or no explicit
    /// primary key (the rowid is then selected): other tables make the
    /// request fail with a ``DatabaseError``.
    ///
    /// When `ID` is optional, such as `Int64?`, prefer
    /// ``selectPrimaryKey(as:)``, which fetches non-optional values.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Returns: A request of identifiers.
    public func selectID() -> QueryInterfaceRequest<RowDecoder.ID> where RowDecoder: Identifiable {
        select([SQLExpression(.singlePrimaryKey(nil))], as: RowDecoder.ID.self)
    }
}
