// The members of the aliases of record types: the columns of the record
// (its database components), qualified with the alias.

extension TableAlias where RowDecoder: TableRecord {
    /// The database components of the record type: the members of the
    /// alias.
    ///
    /// ```swift
    /// // Author.Columns.Type, or DynamicColumns.Type
    /// TableAlias<Author>.DatabaseComponents.self
    /// ```
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// An expression of the record type, qualified with the alias:
    /// `authorAlias.name`.
    ///
    /// ```swift
    /// // SELECT book.* FROM book
    /// // JOIN author ON author.id = book.authorId
    /// // ORDER BY author.name, book.title
    /// let authorAlias = TableAlias<Author>()
    /// let request = Book
    ///     .joining(required: Book.author.aliased(authorAlias))
    ///     .order { [authorAlias.name, $0.title] }
    /// ```
    ///
    /// - Parameter keyPath: A member of the record's database components.
    /// - Returns: The qualified expression.
    public subscript<T>(dynamicMember keyPath: KeyPath<TableAlias<RowDecoder>.DatabaseComponents, T>) -> SQLExpression
    where T: SQLSpecificExpressible
    {
        self[RowDecoder.databaseComponents[keyPath: keyPath]]
    }

    /// A JSON expression of the record type, qualified with the alias:
    /// `playerAlias.info`, when `info` is a ``JSONColumn``.
    ///
    /// ```swift
    /// // SELECT p.info ->> 'country' FROM player p
    /// let alias = TableAlias<Player>(name: "p")
    /// Player.aliased(alias).select(alias.info["country"])
    /// ```
    ///
    /// - Parameter keyPath: A member of the record's database components.
    /// - Returns: The qualified JSON expression.
    public subscript<T>(dynamicMember keyPath: KeyPath<TableAlias<RowDecoder>.DatabaseComponents, T>) -> AnySQLJSONExpressible
    where T: SQLJSONExpressible
    {
        self[RowDecoder.databaseComponents[keyPath: keyPath]]
    }

    /// A result column of the record type, qualified with the alias: a
    /// member that is only selectable, such as `AllColumns()`, gives this
    /// one.
    ///
    /// ```swift
    /// extension Player {
    ///     enum Columns {
    ///         static let everything = AllColumns()
    ///     }
    /// }
    ///
    /// // SELECT p.* FROM player p JOIN team ...
    /// let alias = TableAlias<Player>(name: "p")
    /// Player.aliased(alias).joining(required: Player.team).select(alias.everything)
    /// ```
    ///
    /// - Parameter keyPath: A member of the record's database components.
    /// - Returns: The qualified selection.
    public subscript<T>(dynamicMember keyPath: KeyPath<TableAlias<RowDecoder>.DatabaseComponents, T>) -> SQLSelection
    where T: SQLSelectable
    {
        self[RowDecoder.databaseComponents[keyPath: keyPath]]
    }

    /// An ordering term of the record type, qualified with the alias: a
    /// member that is only an ordering term gives this one.
    ///
    /// ```swift
    /// extension Author {
    ///     enum Columns {
    ///         static let byNameDesc = Column("name").desc
    ///     }
    /// }
    ///
    /// // SELECT book.* FROM book JOIN author ON ... ORDER BY author.name DESC
    /// let authorAlias = TableAlias<Author>()
    /// Book.joining(required: Book.author.aliased(authorAlias))
    ///     .order(authorAlias.byNameDesc)
    /// ```
    ///
    /// - Parameter keyPath: A member of the record's database components.
    /// - Returns: The qualified ordering.
    public subscript<T>(dynamicMember keyPath: KeyPath<TableAlias<RowDecoder>.DatabaseComponents, T>) -> SQLOrdering
    where T: SQLOrderingTerm
    {
        self[RowDecoder.databaseComponents[keyPath: keyPath]]
    }
}
