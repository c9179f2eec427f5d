/// A request that can change its selection.
public protocol SelectionRequest: TypedRequest {
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

    /// Returns a request with added columns and expressions.
    ///
    /// - Parameter selection: The added columns and expressions.
    /// - Returns: A request.
    public func annotated(with selection: any SQLSelectable...) -> Self {
        annotated(with: selection)
    }
}

extension SelectionRequest where RowDecoder: TableRecord {
    /// The database components of the record type: `$0` in the closures of
    /// the request.
    ///
    /// ```swift
    /// // Player.Columns.Type, or DynamicColumns.Type
    /// QueryInterfaceRequest<Player>.DatabaseComponents.self
    /// ```
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// Returns a request that selects the columns returned by the
    /// closure, which receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT id, name FROM player
    /// Player.all().select { [$0.id, $0.name] }
    /// ```
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select(_ selection: (DatabaseComponents) throws -> [any SQLSelectable]) rethrows -> Self {
        select(try selection(RowDecoder.databaseComponents))
    }

    /// Returns a request that selects the column or expression returned by
    /// the closure, which receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT MAX(score) FROM player
    /// Player.all().select { max($0.score) }
    /// ```
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select(_ selection: (DatabaseComponents) throws -> any SQLSelectable) rethrows -> Self {
        select([try selection(RowDecoder.databaseComponents)])
    }

    /// Returns a request with the columns returned by the closure, which
    /// receives the columns of the record
    /// (``TableRecord/databaseComponents``), added to the selection.
    ///
    /// ```swift
    /// // SELECT *, score * 2 AS doubleScore, bonus * 2 AS doubleBonus FROM player
    /// Player.all().annotated { [($0.score * 2).forKey("doubleScore"), ($0.bonus * 2).forKey("doubleBonus")] }
    /// ```
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func annotated(with selection: (DatabaseComponents) throws -> [any SQLSelectable]) rethrows -> Self {
        annotated(with: try selection(RowDecoder.databaseComponents))
    }

    /// Returns a request with the column or expression returned by the
    /// closure, which receives the columns of the record
    /// (``TableRecord/databaseComponents``), added to the selection.
    ///
    /// ```swift
    /// // SELECT *, score + bonus AS total FROM player
    /// Player.all().annotated { ($0.score + $0.bonus).forKey("total") }
    /// ```
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func annotated(with selection: (DatabaseComponents) throws -> any SQLSelectable) rethrows -> Self {
        annotated(with: [try selection(RowDecoder.databaseComponents)])
    }
}

// The closures of requests of rows: `$0` is `DynamicColumns`.
extension SelectionRequest where RowDecoder == Row {
    /// Returns a request of rows that selects the columns returned by the
    /// closure, which receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT id, name FROM player
    /// Table("player").all().select { [$0.id, $0.name] }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select(_ selection: (DynamicColumns.Type) throws -> [any SQLSelectable]) rethrows -> Self {
        select(try selection(DynamicColumns.self))
    }

    /// Returns a request of rows that selects the column or expression returned by
    /// the closure, which receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT MAX(score) FROM player
    /// Table("player").all().select { max($0.score) }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select(_ selection: (DynamicColumns.Type) throws -> any SQLSelectable) rethrows -> Self {
        select([try selection(DynamicColumns.self)])
    }

    /// Returns a request of rows with the columns returned by the closure, which
    /// receives ``DynamicColumns``, added to the selection.
    ///
    /// ```swift
    /// // SELECT *, score * 2 AS doubleScore, bonus * 2 AS doubleBonus FROM player
    /// Table("player").all().annotated { [($0.score * 2).forKey("doubleScore"), ($0.bonus * 2).forKey("doubleBonus")] }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func annotated(with selection: (DynamicColumns.Type) throws -> [any SQLSelectable]) rethrows -> Self {
        annotated(with: try selection(DynamicColumns.self))
    }

    /// Returns a request of rows with the column or expression returned by the
    /// closure, which receives ``DynamicColumns``, added to the selection.
    ///
    /// ```swift
    /// // SELECT *, score + bonus AS total FROM player
    /// Table("player").all().annotated { ($0.score + $0.bonus).forKey("total") }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func annotated(with selection: (DynamicColumns.Type) throws -> any SQLSelectable) rethrows -> Self {
        annotated(with: [try selection(DynamicColumns.self)])
    }
}
