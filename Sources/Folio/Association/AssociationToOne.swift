/// An association to at most one record: ``BelongsToAssociation``,
/// ``HasOneAssociation``, ``HasOneThroughAssociation``.
public protocol AssociationToOne: Association { }

extension AssociationToOne {
    /// Returns the association with another key: the name of its scope in
    /// fetched rows, and of the matching property of Decodable records.
    ///
    /// ```swift
    /// extension Book {
    ///     static let writer = belongsTo(Author.self).forKey("writer")
    /// }
    ///
    /// // SELECT book.*, author.* FROM book JOIN author ON ...
    /// struct BookInfo: Decodable, FetchableRecord {
    ///     var book: Book
    ///     var writer: Author
    /// }
    /// let infos = try BookInfo.fetchAll(db, Book.including(required: Book.writer))
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter key: An association key.
    /// - Returns: An association.
    public func forKey(_ key: String) -> Self {
        Self(_sqlAssociation: _sqlAssociation.forKey(key))
    }
}
