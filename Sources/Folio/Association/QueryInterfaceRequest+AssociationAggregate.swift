// Requests annotated and filtered with association aggregates.

extension QueryInterfaceRequest {
    /// Returns a request with the aggregates selected after the current
    /// selection, each under its key.
    ///
    /// ```swift
    /// // SELECT author.*, (SELECT COUNT(*) FROM book WHERE ...) AS bookCount FROM author
    /// let request = Author.all().annotated(with: Author.books.count)
    /// ```
    ///
    /// - Parameter aggregates: Association aggregates.
    /// - Returns: A request.
    public func annotated(with aggregates: AssociationAggregate<RowDecoder>...) -> Self {
        annotated(with: aggregates)
    }

    /// Returns a request with the aggregates selected after the current
    /// selection, each under its key.
    ///
    /// - Parameter aggregates: Association aggregates.
    /// - Returns: A request.
    public func annotated(with aggregates: [AssociationAggregate<RowDecoder>]) -> Self {
        let alias = query.relation.alias
        return annotated(with: aggregates.map { aggregate -> any SQLSelectable in
            let expression = aggregate.makeExpression(alias)
            if let key = aggregate.key {
                return SQLSelection(.aliased(expression, key))
            }
            return SQLSelection.expression(expression)
        })
    }

    /// Returns a request filtered by a predicate on association
    /// aggregates.
    ///
    /// ```swift
    /// // Authors with at least one book
    /// let request = Author.all().having(Author.books.isEmpty == false)
    /// ```
    ///
    /// - Parameter predicate: A predicate built from aggregates.
    /// - Returns: A request.
    public func having(_ predicate: AssociationAggregate<RowDecoder>) -> Self {
        // Aggregates are correlated subqueries: without GROUP BY, the
        // condition is an ordinary WHERE condition.
        let expression = predicate.makeExpression(query.relation.alias)
        if !query.connectedDerivations.isEmpty {
            // The grouping may be connected: decide when it is known.
            var request = self
            request.query = query.deriving { query, _ in
                var query = query
                if query.groupExpressions.isEmpty {
                    query.relation = query.relation.filter(expression)
                } else {
                    query = query.having(expression)
                }
                return query
            }
            return request
        }
        if query.groupExpressions.isEmpty {
            return filter(expression)
        }
        return having(expression)
    }

    /// Returns a request filtered by a predicate on association
    /// aggregates (an alias of `having(_:)-...`).
    ///
    /// - Parameter predicate: A predicate built from aggregates.
    /// - Returns: A request.
    public func filter(_ predicate: AssociationAggregate<RowDecoder>) -> Self {
        having(predicate)
    }
}

extension TableRecord {
    /// A request of all records annotated with association aggregates.
    ///
    /// ```swift
    /// let request = Author.annotated(with: Author.books.count)
    /// ```
    ///
    /// - Parameter aggregates: Association aggregates.
    /// - Returns: A request.
    public static func annotated(with aggregates: AssociationAggregate<Self>...) -> QueryInterfaceRequest<Self> {
        all().annotated(with: aggregates)
    }

    /// A request of all records annotated with association aggregates.
    ///
    /// ```swift
    /// // SELECT author.*,
    /// //   (SELECT COUNT(*) FROM book WHERE ...) AS bookCount,
    /// //   (SELECT MAX(year) FROM book WHERE ...) AS maxBookYear
    /// // FROM author
    /// let request = Author.annotated(with: [Author.books.count, Author.books.max(Column("year"))])
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_aggfunc.html).
    ///
    /// - Parameter aggregates: Association aggregates.
    /// - Returns: A request.
    public static func annotated(with aggregates: [AssociationAggregate<Self>]) -> QueryInterfaceRequest<Self> {
        all().annotated(with: aggregates)
    }

    /// A request of the records that satisfy a predicate on association
    /// aggregates.
    ///
    /// ```swift
    /// let request = Author.having(Author.books.count >= 2)
    /// ```
    ///
    /// - Parameter predicate: A predicate built from aggregates.
    /// - Returns: A request.
    public static func having(_ predicate: AssociationAggregate<Self>) -> QueryInterfaceRequest<Self> {
        all().having(predicate)
    }
}
