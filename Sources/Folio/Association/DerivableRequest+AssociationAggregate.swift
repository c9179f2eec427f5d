// Association aggregates on any derivable request: query interface
// requests and associations.

extension DerivableRequest {
    /// Returns a request with the aggregates selected after the current
    /// selection, each under its key.
    ///
    /// ```swift
    /// // SELECT author.*, COUNT(DISTINCT book.id) AS bookCount
    /// // FROM author LEFT JOIN book ON ... GROUP BY author.id
    /// let request = Author.all().annotated(with: Author.books.count)
    ///
    /// // Books with their author and the number of books of the author:
    /// let request = Book.including(required: Book.author.annotated(with: Author.books.count))
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_aggfunc.html).
    ///
    /// - Parameter aggregates: Association aggregates.
    /// - Returns: A request.
    public func annotated(with aggregates: AssociationAggregate<RowDecoder>...) -> Self {
        annotated(with: aggregates)
    }

    /// Returns a request with the aggregates selected after the current
    /// selection, each under its key.
    ///
    /// ```swift
    /// let request = Author.all().annotated(with: [Author.books.count, Author.books.max(Column("year"))])
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_aggfunc.html).
    ///
    /// - Parameter aggregates: Association aggregates.
    /// - Returns: A request.
    public func annotated(with aggregates: [AssociationAggregate<RowDecoder>]) -> Self {
        // A query interface request joins the associations and groups its
        // rows; an association (joined or prefetched) has no grouping of
        // its own: its aggregates are correlated subqueries.
        if let request = self as? QueryInterfaceRequest<RowDecoder>, let result = request.annotated(with: aggregates) as? Self {
            return result
        }
        let relation = _relation
        return _withRelation(relation.annotated(with: aggregates.map { $0.selection(relation.alias) }))
    }

    /// Returns a request filtered by a predicate on association
    /// aggregates.
    ///
    /// ```swift
    /// // Authors with at least one book
    /// let request = Author.all().having(Author.books.isEmpty == false)
    ///
    /// // Books whose author wrote at least two books
    /// let request = Book.joining(required: Book.author.having(Author.books.count >= 2))
    /// ```
    ///
    /// A query interface request joins the associations of the
    /// aggregates, groups its rows by primary key (unless it is grouped
    /// already), and the predicate is a condition of its HAVING clause.
    /// The aggregates of an association are correlated subqueries, in its
    /// WHERE clause.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_aggfunc.html).
    ///
    /// - Parameter predicate: A predicate built from aggregates.
    /// - Returns: A request.
    public func having(_ predicate: AssociationAggregate<RowDecoder>) -> Self {
        // A grouped query interface request needs HAVING: it knows its
        // grouping, which is not part of its relation.
        if let request = self as? QueryInterfaceRequest<RowDecoder>, let result = request.having(predicate) as? Self {
            return result
        }
        let relation = _relation
        return _withRelation(relation.filter(predicate.makeExpression(relation.alias)))
    }
}

extension AssociationAggregate {
    /// The aggregate as a selected expression, under its key, given the
    /// alias of the origin table.
    func selection(_ originAlias: TableAliasBase) -> SQLSelection {
        let expression = makeExpression(originAlias)
        if let key {
            return SQLSelection(.aliased(expression, key))
        }
        return SQLSelection.expression(expression)
    }
}
