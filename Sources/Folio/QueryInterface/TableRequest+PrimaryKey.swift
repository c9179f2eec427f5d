// Requests that select, sort and group by primary key:
// `selectPrimaryKey(as:)`, `orderByPrimaryKey()`, `groupByPrimaryKey()`.
//
// The primary key is read from the schema when SQL is generated: all
// primary keys are supported, single-column, composite, or the hidden
// rowid of tables without explicit primary key. A table without primary
// key (a view) makes the request fail with a `DatabaseError`.

extension TableRequest where Self: OrderedRequest {
    /// Returns a request sorted by primary key. Any previous ordering is
    /// discarded.
    ///
    /// All primary keys are supported:
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY id
    /// let request = Player.all().orderByPrimaryKey()
    ///
    /// // SELECT * FROM country ORDER BY code
    /// let request = Country.all().orderByPrimaryKey()
    ///
    /// // SELECT * FROM citizenship ORDER BY citizenId, countryCode
    /// let request = Citizenship.all().orderByPrimaryKey()
    ///
    /// // Tables without explicit primary key are sorted by rowid:
    /// // SELECT * FROM event ORDER BY rowid
    /// let request = Table("event").all().orderByPrimaryKey()
    /// ```
    ///
    /// `reversed()` sorts by descending primary key.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#the_order_by_clause).
    ///
    /// - Returns: A request. Fetching it throws a ``DatabaseError`` when
    ///   the table does not exist, or has no primary key (a view).
    public func orderByPrimaryKey() -> Self {
        order([SQLOrdering(impl: .primaryKey(alias: nil, isDescending: false))])
    }
}

extension TableRequest where Self: AggregatingRequest {
    /// Returns an aggregate request grouped on the primary key. Any
    /// previous grouping is discarded.
    ///
    /// ```swift
    /// // SELECT author.*, COUNT(book.id) AS bookCount
    /// // FROM author LEFT JOIN book ON book.authorId = author.id
    /// // GROUP BY author.id
    /// let request = Author
    ///     .joining(optional: Author.books.aliased(bookAlias))
    ///     .annotated(with: count(bookAlias[Column("id")]).forKey("bookCount"))
    ///     .groupByPrimaryKey()
    /// ```
    ///
    /// All primary keys are supported: composite primary keys group on
    /// all their columns, and tables without explicit primary key on the
    /// rowid.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#resultset).
    ///
    /// - Returns: A request. Fetching it throws a ``DatabaseError`` when
    ///   the table does not exist, or has no primary key (a view).
    public func groupByPrimaryKey() -> Self {
        group([SQLExpression.primaryKeyColumns])
    }
}

extension QueryInterfaceRequest {
    /// Returns a request that selects the primary key. Any previous
    /// selection is discarded.
    ///
    /// All primary keys are supported:
    ///
    /// ```swift
    /// // SELECT id FROM player WHERE ...
    /// let ids = try Player.all().selectPrimaryKey(as: Int64.self).fetchAll(db)         // [Int64]
    ///
    /// // SELECT code FROM country WHERE ...
    /// let codes = try Country.all().selectPrimaryKey(as: String.self).fetchAll(db)     // [String]
    ///
    /// // SELECT citizenId, countryCode FROM citizenship WHERE ...
    /// let rows = try Citizenship.all().selectPrimaryKey(as: Row.self).fetchAll(db)     // [Row]
    /// ```
    ///
    /// For composite primary keys, you can define a ``FetchableRecord``
    /// type:
    ///
    /// ```swift
    /// extension Citizenship {
    ///     struct ID: Decodable, FetchableRecord {
    ///         var citizenId: Int64
    ///         var countryCode: String
    ///     }
    /// }
    /// let ids = try Citizenship.all().selectPrimaryKey(as: Citizenship.ID.self).fetchAll(db)
    /// ```
    ///
    /// Tables without explicit primary key select their rowid.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter type: The type of the fetched primary keys.
    /// - Returns: A request. Fetching it throws a ``DatabaseError`` when
    ///   the table does not exist, or has no primary key (a view).
    public func selectPrimaryKey<PrimaryKey>(as type: PrimaryKey.Type = PrimaryKey.self) -> QueryInterfaceRequest<PrimaryKey> {
        select([SQLSelection(.primaryKey(nil))], as: PrimaryKey.self)
    }
}

extension SQLExpression {
    /// The primary key columns of the table of the request, separated by
    /// commas, for the GROUP BY clause of `groupByPrimaryKey()`. The
    /// request qualifies it with the alias of its table.
    static let primaryKeyColumns = SQLExpression(.schemaDependent(nil) { _, alias in
        SQLExpression(.deferred { context in
            try TableAliasBase.primaryKeyColumns(of: alias, context.db)
                .map { try SQLExpression.column($0, alias).sql(&context) }
                .joined(separator: ", ")
        })
    })
}
