// Aliasing requests with a `TableAlias<Void>`: an alias that is not tied
// to a record type, usable with any table.

extension TableRequest {
    /// Returns a request whose table is named by an alias that is not
    /// tied to a record type, so that other parts of the query can refer
    /// to its columns.
    ///
    /// ```swift
    /// // SELECT p.* FROM player p WHERE p.score > 1000
    /// let alias = TableAlias(name: "p")
    /// let request = Player.all().aliased(alias).filter(alias[Column("score")] > 1000)
    /// ```
    ///
    /// An alias refers to one table only: using it for two different
    /// tables stops the program.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    public func aliased(_ alias: TableAlias<Void>) -> Self {
        aliased(TableAlias<RowDecoder>(base: alias.base))
    }
}

extension TableRecord {
    /// A request of all records, whose table is named by an alias that is
    /// not tied to a record type.
    ///
    /// ```swift
    /// // SELECT p.* FROM player p WHERE p.score > 1000
    /// let alias = TableAlias(name: "p")
    /// let request = Player.aliased(alias).filter(alias[Column("score")] > 1000)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    public static func aliased(_ alias: TableAlias<Void>) -> QueryInterfaceRequest<Self> {
        all().aliased(alias)
    }
}

extension Table {
    /// A request of all rows of the table, whose table is named by an
    /// alias that is not tied to a record type.
    ///
    /// ```swift
    /// // SELECT p.* FROM player p WHERE p.score > 1000
    /// let alias = TableAlias(name: "p")
    /// let request = Table("player").aliased(alias).filter(alias[Column("score")] > 1000)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    public func aliased(_ alias: TableAlias<Void>) -> QueryInterfaceRequest<RowDecoder> {
        all().aliased(alias)
    }
}
