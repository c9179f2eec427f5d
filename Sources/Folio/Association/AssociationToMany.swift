/// An association to any number of records: ``HasManyAssociation``,
/// ``HasManyThroughAssociation``. They feed `including(all:)` and
/// association aggregates (`Author.books.count`).
public protocol AssociationToMany: Association { }

extension AssociationToMany {
    /// Returns the association with another key: the name of its scope in
    /// fetched rows, of the matching property of Decodable records, and
    /// the base name of its aggregates (`novelCount`).
    ///
    /// ```swift
    /// extension Author {
    ///     static let novels = books.filter { $0.kind == "novel" }.forKey("novels")
    /// }
    ///
    /// // SELECT author.*, COUNT(DISTINCT book.id) AS novelCount FROM author LEFT JOIN book ...
    /// let request = Author.annotated(with: Author.novels.count)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter key: An association key, usually plural.
    /// - Returns: An association.
    public func forKey(_ key: String) -> Self {
        Self(_sqlAssociation: _sqlAssociation.forKey(key))
    }
}
