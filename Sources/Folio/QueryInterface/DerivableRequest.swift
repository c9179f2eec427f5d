/// A request that can change its selection.
public protocol SelectionRequest {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// Returns a request that selects the given columns and expressions,
    /// replacing the current selection.
    ///
    /// ```swift
    /// // SELECT id, name FROM player
    /// Player.all().select([Column("id"), Column("name")])
    /// ```
    ///
    /// - Parameter selection: The selected columns and expressions.
    /// - Returns: A request.
    func select(_ selection: [any SQLSelectable]) -> Self

    /// Returns a request that selects the given columns and expressions
    /// after the current selection.
    ///
    /// ```swift
    /// // SELECT *, score * 2 AS doubleScore FROM player
    /// Player.annotated(with: (Column("score") * 2).forKey("doubleScore"))
    /// ```
    ///
    /// - Parameter selection: The added columns and expressions.
    /// - Returns: A request.
    func annotated(with selection: [any SQLSelectable]) -> Self
}

extension SelectionRequest {
    /// Returns a request that selects the given columns and expressions.
    ///
    /// - Parameter selection: The selected columns and expressions.
    /// - Returns: A request.
    public func select(_ selection: any SQLSelectable...) -> Self {
        select(selection)
    }

    /// Returns a request that selects raw SQL: `select(sql: "id, name")`.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func select(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        select([SQL(sql: sql, arguments: arguments)])
    }

    /// Returns a request that selects an SQL literal.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public func select(literal sqlLiteral: SQL) -> Self {
        select([sqlLiteral])
    }

    /// Returns a request that selects the columns returned by the closure.
    ///
    /// ```swift
    /// Player.all().select { [$0.id, $0.name] }
    /// ```
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    public func select(_ selection: (DatabaseComponents<RowDecoder>) throws -> [any SQLSelectable]) rethrows -> Self {
        select(try selection(DatabaseComponents()))
    }

    /// Returns a request that selects the column or expression returned by
    /// the closure.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    public func select(_ selection: (DatabaseComponents<RowDecoder>) throws -> any SQLSelectable) rethrows -> Self {
        select([try selection(DatabaseComponents())])
    }

    /// Returns a request with added columns and expressions.
    ///
    /// - Parameter selection: The added columns and expressions.
    /// - Returns: A request.
    public func annotated(with selection: any SQLSelectable...) -> Self {
        annotated(with: selection)
    }

    /// Returns a request with the columns returned by the closure added to
    /// the selection.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    public func annotated(with selection: (DatabaseComponents<RowDecoder>) throws -> [any SQLSelectable]) rethrows -> Self {
        annotated(with: try selection(DatabaseComponents()))
    }

    /// Returns a request with the column or expression returned by the
    /// closure added to the selection.
    ///
    /// ```swift
    /// // SELECT *, score + bonus AS total FROM player
    /// Player.all().annotated { ($0.score + $0.bonus).forKey("total") }
    /// ```
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    public func annotated(with selection: (DatabaseComponents<RowDecoder>) throws -> any SQLSelectable) rethrows -> Self {
        annotated(with: [try selection(DatabaseComponents())])
    }
}

/// A request that can be filtered.
public protocol FilteredRequest {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// Returns a request filtered by a predicate, in addition to the current
    /// filters (they are joined with AND).
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score > 1000
    /// Player.all().filter(Column("score") > 1000)
    /// ```
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    func filter(_ predicate: any SQLExpressible) -> Self
}

extension FilteredRequest {
    /// Returns a request filtered by the predicate returned by the closure.
    ///
    /// ```swift
    /// Player.all().filter { $0.name == "Arthur" }
    /// ```
    ///
    /// - Parameter predicate: A closure that receives the columns.
    /// - Returns: A request.
    public func filter(_ predicate: (DatabaseComponents<RowDecoder>) throws -> any SQLExpressible) rethrows -> Self {
        filter(try predicate(DatabaseComponents()).sqlExpression)
    }

    /// Returns a request filtered by raw SQL.
    ///
    /// ```swift
    /// Player.all().filter(sql: "score > ?", arguments: [1000])
    /// ```
    ///
    /// - Parameters:
    ///   - sql: A raw SQL condition.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func filter(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        filter(SQL(sql: sql, arguments: arguments))
    }

    /// Returns a request filtered by an SQL literal.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public func filter(literal sqlLiteral: SQL) -> Self {
        filter(sqlLiteral)
    }

    /// Returns a request that fetches nothing.
    ///
    /// - Returns: A request.
    public func none() -> Self {
        filter(false.databaseValue)
    }
}

/// A request that can be sorted.
public protocol OrderedRequest {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// Returns a request sorted by the given orderings, replacing the
    /// current ordering.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    func order(_ orderings: [any SQLOrderingTerm]) -> Self

    /// Returns a request sorted by the current ordering, then by the given
    /// orderings.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    func thenOrder(_ orderings: [any SQLOrderingTerm]) -> Self

    /// Returns a request with the ordering reversed. A request with no
    /// ordering is then sorted by primary key, descending.
    ///
    /// - Returns: A request.
    func reversed() -> Self

    /// Returns a request with no ordering.
    ///
    /// - Returns: A request.
    func unordered() -> Self
}

extension OrderedRequest {
    /// Returns a request sorted by the given orderings.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// Player.all().order(Column("score").desc, Column("name"))
    /// ```
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    public func order(_ orderings: any SQLOrderingTerm...) -> Self {
        order(orderings)
    }

    /// Returns a request sorted by the current ordering, then by the given
    /// orderings.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    public func thenOrder(_ orderings: any SQLOrderingTerm...) -> Self {
        thenOrder(orderings)
    }

    /// Returns a request sorted by the ordering returned by the closure.
    ///
    /// ```swift
    /// Player.all().order { $0.score.desc }
    /// Player.all().order { [$0.score.desc, $0.name] }
    /// ```
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    public func order(_ orderings: (DatabaseComponents<RowDecoder>) throws -> any SQLOrderingTerm) rethrows -> Self {
        order([try orderings(DatabaseComponents())])
    }

    /// Returns a request sorted by the orderings returned by the closure.
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    public func order(_ orderings: (DatabaseComponents<RowDecoder>) throws -> [any SQLOrderingTerm]) rethrows -> Self {
        order(try orderings(DatabaseComponents()))
    }

    /// Returns a request sorted by the current ordering, then by the
    /// ordering returned by the closure.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// Player.order(\.score.desc).thenOrder(\.name)
    /// ```
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    public func thenOrder(_ orderings: (DatabaseComponents<RowDecoder>) throws -> any SQLOrderingTerm) rethrows -> Self {
        thenOrder([try orderings(DatabaseComponents())])
    }

    /// Returns a request sorted by the current ordering, then by the
    /// orderings returned by the closure.
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    public func thenOrder(_ orderings: (DatabaseComponents<RowDecoder>) throws -> [any SQLOrderingTerm]) rethrows -> Self {
        thenOrder(try orderings(DatabaseComponents()))
    }

    /// Returns a request sorted by raw SQL: `order(sql: "RANDOM()")`.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func order(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        order([SQL(sql: sql, arguments: arguments)])
    }

    /// Returns a request sorted by an SQL literal.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public func order(literal sqlLiteral: SQL) -> Self {
        order([sqlLiteral])
    }
}

/// A request that can be grouped.
public protocol AggregatingRequest {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// Returns a request grouped by the given expressions.
    ///
    /// - Parameter expressions: Grouping expressions.
    /// - Returns: A request.
    func group(_ expressions: [any SQLExpressible]) -> Self

    /// Returns a request with a HAVING condition, in addition to the
    /// current ones.
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    func having(_ predicate: any SQLExpressible) -> Self
}

extension AggregatingRequest {
    /// Returns a request grouped by the given expressions.
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId
    /// Player.select(Column("teamId"), max(Column("score"))).group(Column("teamId"))
    /// ```
    ///
    /// - Parameter expressions: Grouping expressions.
    /// - Returns: A request.
    public func group(_ expressions: any SQLExpressible...) -> Self {
        group(expressions)
    }

    /// Returns a request grouped by the expressions returned by the closure.
    ///
    /// - Parameter expressions: A closure that receives the columns.
    /// - Returns: A request.
    public func group(_ expressions: (DatabaseComponents<RowDecoder>) throws -> [any SQLExpressible]) rethrows -> Self {
        group(try expressions(DatabaseComponents()))
    }

    /// Returns a request grouped by the expression returned by the closure.
    ///
    /// - Parameter expression: A closure that receives the columns.
    /// - Returns: A request.
    public func group(_ expression: (DatabaseComponents<RowDecoder>) throws -> any SQLExpressible) rethrows -> Self {
        group([try expression(DatabaseComponents())])
    }

    /// Returns a request grouped by raw SQL.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func group(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        group([SQL(sql: sql, arguments: arguments)])
    }

    /// Returns a request with the HAVING condition returned by the closure.
    ///
    /// - Parameter predicate: A closure that receives the columns.
    /// - Returns: A request.
    public func having(_ predicate: (DatabaseComponents<RowDecoder>) throws -> any SQLExpressible) rethrows -> Self {
        having(try predicate(DatabaseComponents()).sqlExpression)
    }

    /// Returns a request with a raw SQL HAVING condition.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func having(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        having(SQL(sql: sql, arguments: arguments))
    }
}

/// A request on a database table.
public protocol TableRequest {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// The name of the queried table.
    var databaseTableName: String { get }

    /// Returns a request whose table is named by the alias, so that other
    /// parts of the query can refer to its columns.
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    func aliased(_ alias: TableAlias<RowDecoder>) -> Self
}

/// The protocol of requests that can be refined: query interface requests
/// and associations. Extend it to define reusable requests:
///
/// ```swift
/// extension DerivableRequest<Author> {
///     func orderByName() -> Self {
///         order(Author.Columns.name.collating(.localizedCaseInsensitiveCompare))
///     }
///
///     func filter(country: String) -> Self {
///         filter(Author.Columns.country == country)
///     }
/// }
///
/// let authors = try Author.all().filter(country: "France").orderByName().fetchAll(db)
/// ```
public protocol DerivableRequest<RowDecoder>: AggregatingRequest, FilteredRequest, JoinableRequest,
    OrderedRequest, SelectionRequest, TableRequest
{
    /// Returns a request that returns distinct rows.
    ///
    /// - Returns: A request.
    func distinct() -> Self
}
