/// The protocol of associations between record types: ``BelongsToAssociation``,
/// ``HasManyAssociation``, ``HasOneAssociation``,
/// ``HasManyThroughAssociation`` and ``HasOneThroughAssociation``.
///
/// ```swift
/// extension Author {
///     static let books = hasMany(Book.self)
/// }
/// extension Book {
///     static let author = belongsTo(Author.self)
/// }
///
/// // Books with their author
/// let request = Book.including(required: Book.author)
/// ```
///
/// Associations are requests: they can be filtered, sorted, and refined
/// like `QueryInterfaceRequest`, and the extensions you write on
/// ``DerivableRequest`` apply to them:
///
/// ```swift
/// let frenchAuthor = Book.author.filter { $0.country == "France" }
/// let request = Book.joining(required: frenchAuthor)
/// ```
public protocol Association: DerivableRequest, Sendable {
    /// The record type at the origin of the association.
    associatedtype OriginRowDecoder

    /// The model of the association.
    var _sqlAssociation: _SQLAssociation { get set }

    /// Creates an association from its model.
    init(_sqlAssociation: _SQLAssociation)
}

extension Association {
    private func mapDestination(_ transform: (SQLRelation) -> SQLRelation) -> Self {
        Self(_sqlAssociation: _sqlAssociation.mapDestinationRelation(transform))
    }

    /// Returns the association with another key: the name of its scope in
    /// fetched rows, and of the matching property of Decodable records.
    ///
    /// ```swift
    /// extension Author {
    ///     static let novels = books.filter { $0.kind == "novel" }.forKey("novels")
    /// }
    /// ```
    ///
    /// - Parameter key: An association key.
    /// - Returns: An association.
    public func forKey(_ key: String) -> Self {
        Self(_sqlAssociation: _sqlAssociation.forKey(key))
    }

    /// Returns the association with a coding key's name as key.
    ///
    /// - Parameter codingKey: A coding key.
    /// - Returns: An association.
    public func forKey(_ codingKey: some CodingKey) -> Self {
        forKey(codingKey.stringValue)
    }

    /// The name of the destination table.
    public var databaseTableName: String {
        _sqlAssociation.destination.relation.tableName
    }

    /// The relation of the destination, for joins.
    public var _relation: SQLRelation {
        _sqlAssociation.destination.relation
    }

    /// Returns the association with another destination relation.
    public func _withRelation(_ relation: SQLRelation) -> Self {
        mapDestination { _ in relation }
    }

    /// Returns the association with a selection for the destination.
    ///
    /// - Parameter selection: Columns and expressions.
    /// - Returns: An association.
    public func select(_ selection: [any SQLSelectable]) -> Self {
        mapDestination { $0.select(selection.map(\.sqlSelection)) }
    }

    /// Returns the association with columns added to the selection.
    ///
    /// - Parameter selection: Columns and expressions.
    /// - Returns: An association.
    public func annotated(with selection: [any SQLSelectable]) -> Self {
        mapDestination { $0.annotated(with: selection.map(\.sqlSelection)) }
    }

    /// Returns the association filtered by a predicate on the destination.
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: An association.
    public func filter(_ predicate: any SQLExpressible) -> Self {
        mapDestination { $0.filter(predicate.sqlExpression) }
    }

    /// Returns the association with an ordering of the destination.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: An association.
    public func order(_ orderings: [any SQLOrderingTerm]) -> Self {
        mapDestination { $0.order(orderings.map(\.sqlOrdering)) }
    }

    /// Returns the association with an additional ordering.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: An association.
    public func thenOrder(_ orderings: [any SQLOrderingTerm]) -> Self {
        mapDestination { $0.thenOrder(orderings.map(\.sqlOrdering)) }
    }

    /// Returns the association with its ordering reversed.
    ///
    /// - Returns: An association.
    public func reversed() -> Self {
        mapDestination { $0.reversed() }
    }

    /// Returns the association with no ordering.
    ///
    /// - Returns: An association.
    public func unordered() -> Self {
        mapDestination { $0.unordered() }
    }

    /// Returns the association grouped by the given expressions. Any
    /// previous grouping is discarded.
    ///
    /// A grouped association can only be used with
    /// ``JoinableRequest/including(all:)``, whose prefetch query groups
    /// the associated rows of each parent record apart, and with
    /// `request(for:)`. Joins and association aggregates fail with a
    /// ``DatabaseError``.
    ///
    /// ```swift
    /// struct BookKindInfo: Decodable {
    ///     var kind: String
    ///     var maxYear: Int
    /// }
    /// struct AuthorInfo: Decodable, FetchableRecord {
    ///     var author: Author
    ///     var bookKindInfos: [BookKindInfo]
    /// }
    /// // SELECT kind, MAX(year) AS maxYear, authorId FROM book
    /// // WHERE authorId IN (1, 2, ...) GROUP BY kind, authorId
    /// let bookKindInfos = Author.books
    ///     .select(Column("kind"), max(Column("year")).forKey("maxYear"))
    ///     .group(Column("kind"))
    ///     .forKey("bookKindInfos")
    /// let infos = try Author.including(all: bookKindInfos).asRequest(of: AuthorInfo.self).fetchAll(db)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter expressions: Grouping expressions.
    /// - Returns: An association.
    public func group(_ expressions: [any SQLExpressible]) -> Self {
        let expressions = expressions.map(\.sqlExpression)
        return mapDestination { $0.grouped(by: expressions) }
    }

    /// Returns the association with a HAVING condition, in addition to the
    /// current ones. As ``group(_:)``, it can only be used with
    /// ``JoinableRequest/including(all:)`` and `request(for:)`.
    ///
    /// ```swift
    /// let prolificKinds = Author.books
    ///     .select(Column("kind"))
    ///     .group(Column("kind"))
    ///     .having(count(Column("id")) >= 2)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter predicate: A predicate.
    /// - Returns: An association.
    public func having(_ predicate: any SQLExpressible) -> Self {
        let predicate = predicate.sqlExpression
        return mapDestination { $0.having(predicate) }
    }

    /// Returns the association that fetches distinct rows.
    ///
    /// As ``group(_:)``, a distinct association can only be used with
    /// ``JoinableRequest/including(all:)``, whose prefetch query returns
    /// the distinct rows of each parent record, and with `request(for:)`.
    /// Joins and association aggregates fail with a ``DatabaseError``.
    ///
    /// ```swift
    /// struct AuthorInfo: Decodable, FetchableRecord {
    ///     var author: Author
    ///     var bookKinds: Set<String>
    /// }
    /// // SELECT DISTINCT kind, authorId FROM book WHERE authorId IN (1, 2, ...)
    /// let bookKinds = Author.books.select(Column("kind")).distinct().forKey("bookKinds")
    /// let infos = try Author.including(all: bookKinds).asRequest(of: AuthorInfo.self).fetchAll(db)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#distinct>.
    ///
    /// - Returns: An association.
    public func distinct() -> Self {
        mapDestination { $0.distinct() }
    }

    /// Returns the association whose destination table is named by the
    /// alias.
    ///
    /// ```swift
    /// let authorAlias = TableAlias<Author>()
    /// let request = Book
    ///     .joining(required: Book.author.aliased(authorAlias))
    ///     .filter { $0.publishDate >= authorAlias.deathDate }
    /// ```
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: An association.
    public func aliased(_ alias: TableAlias<RowDecoder>) -> Self {
        mapDestination { relation in
            alias.bind(to: relation.tableName)
            return relation.realiased(alias)
        }
    }
}
