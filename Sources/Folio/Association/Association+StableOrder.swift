extension Association {
    /// Returns the association with its rows in a well-defined order, for
    /// tests that compare fetched values or dumps.
    ///
    /// ```swift
    /// // SELECT * FROM book WHERE authorId IN (...) ORDER BY id
    /// Author.including(all: Author.books.withStableOrder())
    /// ```
    ///
    /// The association is sorted by its current ordering, then by the
    /// primary key of its table (the rowid when the table has no explicit
    /// primary key), or by all the columns of a view, from left to right;
    /// the pivot tables of through associations, and nested associations,
    /// as well. See ``QueryInterfaceRequest/withStableOrder()``.
    ///
    /// This ordering is meant for tests: it is not guaranteed to be a
    /// meaningful, nor an efficient ordering.
    ///
    /// - Returns: An association.
    public func withStableOrder() -> Self {
        var association = _sqlAssociation
        association.steps = association.steps.map(\.withStableOrder)
        return Self(_sqlAssociation: association)
    }
}
