// Connected derivations of associations: the destination relation is
// filtered, sorted or selected by a closure that receives the database
// connection when the request that uses the association is prepared.

extension Association {
    private func mapDestinationRelation(_ transform: (SQLRelation) -> SQLRelation) -> Self {
        Self(_sqlAssociation: _sqlAssociation.mapDestinationRelation(transform))
    }

    /// Returns the association filtered by the boolean SQL expression that
    /// the closure returns when a request that uses the association is
    /// prepared, in addition to the current filters.
    ///
    /// ```swift
    /// // SELECT * FROM author
    /// // SELECT * FROM book WHERE (year >= 2000) AND (authorId IN (1, 2, ...))
    /// let request = Author.including(all: Author.books.filterWhenConnected { db in
    ///     Column("year") >= 2000
    /// })
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#whereclause>.
    ///
    /// - Parameter predicate: A closure that accepts a database
    ///   connection and returns a boolean SQL expression.
    /// - Returns: An association.
    public func filterWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) -> Self {
        mapDestinationRelation { $0.filterWhenConnected { db in try predicate(db).sqlExpression } }
    }

    /// Returns the association sorted by the SQL ordering terms that the
    /// closure returns when a request that uses the association is
    /// prepared. Any previous ordering is discarded.
    ///
    /// ```swift
    /// let request = Author.including(all: Author.books.orderWhenConnected { db in
    ///     [Column("year").desc]
    /// })
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#the_order_by_clause>.
    ///
    /// - Parameter orderings: A closure that accepts a database connection
    ///   and returns an array of SQL ordering terms.
    /// - Returns: An association.
    public func orderWhenConnected(_ orderings: @escaping @Sendable (Database) throws -> [any SQLOrderingTerm]) -> Self {
        mapDestinationRelation { $0.orderWhenConnected { db in try orderings(db).map(\.sqlOrdering) } }
    }

    /// Returns the association that selects the result columns that the
    /// closure returns when a request that uses the association is
    /// prepared. Any previous selection is discarded.
    ///
    /// ```swift
    /// let request = Book.including(required: Book.author.selectWhenConnected { db in
    ///     [Column("id"), Column("name")]
    /// })
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#generation_of_the_set_of_result_rows>.
    ///
    /// - Parameter selection: A closure that accepts a database connection
    ///   and returns an array of result columns.
    /// - Returns: An association.
    public func selectWhenConnected(_ selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]) -> Self {
        mapDestinationRelation { $0.selectWhenConnected { db in try selection(db).map(\.sqlSelection) } }
    }

    /// Returns the association that appends the result columns that the
    /// closure returns when a request that uses the association is
    /// prepared to the selected columns.
    ///
    /// ```swift
    /// let request = Book.including(required: Book.author.annotatedWhenConnected { db in
    ///     [Column("name").uppercased.forKey("upperName")]
    /// })
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#generation_of_the_set_of_result_rows>.
    ///
    /// - Parameter selection: A closure that accepts a database connection
    ///   and returns an array of result columns.
    /// - Returns: An association.
    public func annotatedWhenConnected(with selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]) -> Self {
        mapDestinationRelation { $0.annotatedWhenConnected { db in try selection(db).map(\.sqlSelection) } }
    }

    /// Returns the association grouped by the SQL expressions that the
    /// closure returns when a request that uses the association is
    /// prepared. Any previous grouping is discarded.
    ///
    /// As ``group(_:)``, a grouped association can only be used with
    /// ``JoinableRequest/including(all:)``, whose prefetch query groups
    /// the associated rows of each parent record apart, and with
    /// `request(for:)`.
    ///
    /// ```swift
    /// let bookKinds = Author.books
    ///     .select(Column("kind"), max(Column("year")).forKey("maxYear"))
    ///     .groupWhenConnected { db in [Column("kind")] }
    /// let request = Author.including(all: bookKinds)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter expressions: A closure that accepts a database
    ///   connection and returns an array of SQL expressions.
    /// - Returns: An association.
    public func groupWhenConnected(_ expressions: @escaping @Sendable (Database) throws -> [any SQLExpressible]) -> Self {
        mapDestinationRelation { $0.groupWhenConnected { db in try expressions(db).map(\.sqlExpression) } }
    }

    /// Returns the association with the HAVING condition that the closure
    /// returns when a request that uses the association is prepared, in
    /// addition to the current ones. As ``having(_:)``, it can only be
    /// used with ``JoinableRequest/including(all:)`` and `request(for:)`.
    ///
    /// ```swift
    /// let prolificKinds = Author.books
    ///     .select(Column("kind"))
    ///     .group(Column("kind"))
    ///     .havingWhenConnected { db in count(Column("id")) >= 2 }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter predicate: A closure that accepts a database connection
    ///   and returns a boolean SQL expression.
    /// - Returns: An association.
    public func havingWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) -> Self {
        mapDestinationRelation { $0.havingWhenConnected { db in try predicate(db).sqlExpression } }
    }
}
