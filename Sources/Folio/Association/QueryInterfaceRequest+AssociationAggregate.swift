// Requests annotated and filtered with association aggregates.

extension QueryInterfaceRequest {
    /// Returns a request with the aggregates selected after the current
    /// selection, each under its key.
    ///
    /// ```swift
    /// // SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount"
    /// // FROM "author"
    /// // LEFT JOIN "book" ON "book"."authorId" = "author"."id"
    /// // GROUP BY "author"."id"
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
        var request = self
        let selection = aggregates.map { aggregate -> any SQLSelectable in
            let expression = request.prepare(aggregate).expression
            if let key = aggregate.key {
                return SQLSelection(.aliased(expression, key))
            }
            return SQLSelection.expression(expression)
        }
        return request.annotated(with: selection)
    }

    /// Returns a request filtered by a predicate on association
    /// aggregates.
    ///
    /// ```swift
    /// // SELECT "author".* FROM "author"
    /// // LEFT JOIN "book" ON "book"."authorId" = "author"."id"
    /// // GROUP BY "author"."id"
    /// // HAVING COUNT(DISTINCT "book"."id") > 0
    /// let request = Author.all().having(Author.books.isEmpty == false)
    /// ```
    ///
    /// - Parameter predicate: A predicate built from aggregates.
    /// - Returns: A request.
    public func having(_ predicate: AssociationAggregate<RowDecoder>) -> Self {
        var request = self
        let (expression, isJoined) = request.prepare(predicate)
        if isJoined {
            request.query = request.query.having(expression)
            return request
        }
        // Correlated subqueries: without GROUP BY, the condition is an
        // ordinary WHERE condition.
        if !request.query.connectedDerivations.isEmpty {
            // The grouping may be connected: decide when it is known.
            request.query = request.query.deriving { query, _ in
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
        if request.query.groupExpressions.isEmpty {
            return request.filter(expression)
        }
        return request.having(expression)
    }

    /// Returns a request filtered by a predicate on association
    /// aggregates (an alias of `having(_:)-...`).
    ///
    /// - Parameter predicate: A predicate built from aggregates.
    /// - Returns: A request.
    public func filter(_ predicate: AssociationAggregate<RowDecoder>) -> Self {
        having(predicate)
    }

    /// Prepares the request for an aggregate, and returns its expression.
    ///
    /// When the aggregate can be joined, the request left-joins its
    /// associations (`joining(optional:)`, under their keys), and is
    /// grouped by primary key unless it is grouped already, as GRDB does.
    /// Otherwise (a request of a common table expression, which has no
    /// primary key, or an aggregate of a common table expression), the
    /// expression is a correlated subquery.
    ///
    /// - Returns: The expression, and whether it is joined.
    private mutating func prepare(_ aggregate: AssociationAggregate<RowDecoder>) -> (expression: SQLExpression, isJoined: Bool) {
        let alias = query.relation.alias
        guard let joined = aggregate.joined, case .table = query.relation.source else {
            return (aggregate.makeExpression(alias), false)
        }
        for association in joined.associations {
            query.relation = association.apply(to: query.relation, kind: .optional, isSelected: false)
        }
        if !query.connectedDerivations.isEmpty {
            query = query.deriving { query, _ in
                query.groupExpressions.isEmpty ? query.grouped(by: [SQLExpression.primaryKeyColumns]) : query
            }
        } else if query.groupExpressions.isEmpty {
            query = query.grouped(by: [SQLExpression.primaryKeyColumns])
        }
        return (joined.makeExpression(alias), true)
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
    /// // SELECT "author".*,
    /// //   COUNT(DISTINCT "book"."id") AS "bookCount",
    /// //   MAX("book"."year") AS "maxBookYear"
    /// // FROM "author"
    /// // LEFT JOIN "book" ON "book"."authorId" = "author"."id"
    /// // GROUP BY "author"."id"
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
