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

    /// Grouping is not available on associations, as ``group(_:)``: a
    /// request that uses the association fails with a ``DatabaseError``
    /// that names the method. The closure never runs.
    ///
    /// ```swift
    /// let books = Author.books.groupWhenConnected { db in [Column("year")] }
    /// try Author.including(all: books).fetchAll(db) // throws
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter expressions: A closure that accepts a database
    ///   connection and returns an array of SQL expressions.
    /// - Returns: An association.
    public func groupWhenConnected(_ expressions: @escaping @Sendable (Database) throws -> [any SQLExpressible]) -> Self {
        mapDestinationRelation { $0.withUnsupportedFeature("groupWhenConnected(_:)") }
    }

    /// HAVING is not available on associations, as ``having(_:)``: a
    /// request that uses the association fails with a ``DatabaseError``
    /// that names the method. The closure never runs. Use association
    /// aggregates on the request instead (`having(Author.books.count > 2)`).
    ///
    /// ```swift
    /// let books = Author.books.havingWhenConnected { db in count(Column("id")) > 1 }
    /// try Author.including(all: books).fetchAll(db) // throws
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter predicate: A closure that accepts a database connection
    ///   and returns a boolean SQL expression.
    /// - Returns: An association.
    public func havingWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) -> Self {
        mapDestinationRelation { $0.withUnsupportedFeature("havingWhenConnected(_:)") }
    }
}
