// Full-text search in the query interface: `Book.matching(pattern)`,
// `Column("body").match(pattern)`, `Column.rank`.

extension TableRecord {
    /// Returns a request for the rows of a full-text table that match a
    /// pattern, or no row when the pattern is nil.
    ///
    /// ```swift
    /// // SELECT * FROM "book" WHERE "book" MATCH ? -- 'sqlite database'
    /// let pattern = FTS3Pattern(matchingAllTokensIn: "SQLite database")
    /// let books = try Book.matching(pattern).fetchAll(db)
    /// ```
    ///
    /// - Parameter pattern: A pattern, or nil.
    /// - Returns: A request.
    ///
    /// See <https://www.sqlite.org/fts3.html#full_text_index_queries>.
    public static func matching(_ pattern: FTS3Pattern?) -> QueryInterfaceRequest<Self> {
        all().matching(pattern)
    }

    /// Returns a request for the rows of an FTS5 table that match a
    /// pattern, or no row when the pattern is nil.
    ///
    /// ```swift
    /// // SELECT * FROM "book" WHERE "book" MATCH ? ORDER BY "rank" -- '"sqlite" "database"'
    /// let pattern = FTS5Pattern(matchingAllTokensIn: "SQLite database")
    /// let books = try Book.matching(pattern).order(Column.rank).fetchAll(db)
    /// ```
    ///
    /// - Parameter pattern: A pattern, or nil.
    /// - Returns: A request.
    ///
    /// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
    public static func matching(_ pattern: FTS5Pattern?) -> QueryInterfaceRequest<Self> {
        all().matching(pattern)
    }
}

extension TableRequest where Self: FilteredRequest {
    /// Returns a request filtered by a full-text pattern, or a request
    /// that fetches nothing when the pattern is nil.
    ///
    /// ```swift
    /// let pattern = FTS3Pattern(matchingAllTokensIn: "SQLite database")
    /// let books = try Book.all().matching(pattern).limit(10).fetchAll(db)
    /// ```
    ///
    /// The queried table must be a full-text table.
    ///
    /// - Parameter pattern: A pattern, or nil.
    /// - Returns: A request.
    public func matching(_ pattern: FTS3Pattern?) -> Self {
        guard let pattern else { return none() }
        return filter(tableMatch(pattern))
    }

    /// Returns a request filtered by an FTS5 pattern, or a request that
    /// fetches nothing when the pattern is nil.
    ///
    /// ```swift
    /// let pattern = FTS5Pattern(matchingAllTokensIn: "SQLite database")
    /// let books = try Book.all().matching(pattern).order(Column.rank).fetchAll(db)
    /// ```
    ///
    /// The queried table must be an FTS5 table.
    ///
    /// - Parameter pattern: A pattern, or nil.
    /// - Returns: A request.
    public func matching(_ pattern: FTS5Pattern?) -> Self {
        guard let pattern else { return none() }
        return filter(tableMatch(pattern))
    }

    /// `"table" MATCH pattern`: the hidden column of a full-text table
    /// that has the name of the table. Like other columns, it is qualified
    /// with the table alias when the query needs it (`"b"."book"`).
    private func tableMatch(_ pattern: some SQLExpressible) -> SQLExpression {
        SQLExpression(.binary("MATCH", .column(databaseTableName), pattern.sqlExpression))
    }
}

extension ColumnExpression {
    /// Returns an expression that tests whether the column of a full-text
    /// table matches a pattern. A nil pattern matches nothing.
    ///
    /// ```swift
    /// // SELECT * FROM "book" WHERE "title" MATCH ? -- 'moby'
    /// let pattern = FTS3Pattern(matchingAllTokensIn: "Moby")
    /// let books = try Book.filter(Column("title").match(pattern)).fetchAll(db)
    /// ```
    ///
    /// - Parameter pattern: A pattern, or nil.
    /// - Returns: A boolean expression.
    public func match(_ pattern: FTS3Pattern?) -> SQLExpression {
        guard let pattern else { return false.sqlExpression }
        return SQLExpression(.binary("MATCH", sqlExpression, pattern.sqlExpression))
    }

    /// Returns an expression that tests whether the column of an FTS5
    /// table matches a pattern.
    ///
    /// ```swift
    /// // SELECT * FROM "book" WHERE "title" MATCH ? -- 'moby'
    /// let pattern = try FTS5Pattern(rawPattern: "moby")
    /// let books = try Book.filter { $0.title.match(pattern) }.fetchAll(db)
    /// ```
    ///
    /// - Parameter pattern: A pattern.
    /// - Returns: A boolean expression.
    ///
    /// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
    public func match(_ pattern: FTS5Pattern) -> SQLExpression {
        SQLExpression(.binary("MATCH", sqlExpression, pattern.sqlExpression))
    }

    /// Returns an expression that tests whether the column of an FTS5
    /// table matches a pattern. A nil pattern matches nothing.
    ///
    /// ```swift
    /// // SELECT * FROM "book" WHERE "title" MATCH ? -- 'moby'
    /// let pattern = FTS5Pattern(matchingAllTokensIn: "Moby")
    /// let books = try Book.filter { $0.title.match(pattern) }.fetchAll(db)
    /// ```
    ///
    /// - Parameter pattern: A pattern, or nil.
    /// - Returns: A boolean expression.
    public func match(_ pattern: FTS5Pattern?) -> SQLExpression {
        guard let pattern else { return false.sqlExpression }
        return SQLExpression(.binary("MATCH", sqlExpression, pattern.sqlExpression))
    }
}

extension Column {
    /// The hidden `rank` column of FTS5 tables, for sorting the results of
    /// a full-text query by relevance.
    ///
    /// ```swift
    /// let books = try Book.matching(pattern).order(Column.rank).fetchAll(db)
    /// ```
    ///
    /// See <https://www.sqlite.org/fts5.html#sorting_by_auxiliary_function_results>.
    public static let rank = Column("rank")
}
