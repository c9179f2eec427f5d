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

    /// Returns a request that selects the result columns that the closure
    /// returns when the request is prepared. Any previous selection is
    /// discarded.
    ///
    /// ```swift
    /// // SELECT id, name FROM player
    /// let request = Player.all().selectWhenConnected { db in
    ///     [Column("id"), Column("name")]
    /// }
    /// ```
    ///
    /// The closure runs each time the request is prepared, with the
    /// connection of the database access, and can read the database.
    ///
    /// See <https://www.sqlite.org/lang_select.html#generation_of_the_set_of_result_rows>.
    ///
    /// - Parameter selection: A closure that accepts a database connection
    ///   and returns an array of result columns.
    /// - Returns: A request.
    func selectWhenConnected(_ selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]) -> Self

    /// Returns a request that appends the result columns that the closure
    /// returns when the request is prepared to the selected columns.
    ///
    /// ```swift
    /// // SELECT *, score + bonus AS totalScore FROM player
    /// let request = Player.all().annotatedWhenConnected { db in
    ///     [(Column("score") + Column("bonus")).forKey("totalScore")]
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#generation_of_the_set_of_result_rows>.
    ///
    /// - Parameter selection: A closure that accepts a database connection
    ///   and returns an array of result columns.
    /// - Returns: A request.
    func annotatedWhenConnected(with selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]) -> Self
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
