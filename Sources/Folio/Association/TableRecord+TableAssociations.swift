// Associations from a record type to a `Table`: `belongsTo`, `hasOne`,
// `hasMany` whose destination has no record type. The associated rows are
// selected with `*`.

extension TableRecord {
    /// Returns a **BelongsTo** association to a table, through a foreign
    /// key of this record's table.
    ///
    /// ```swift
    /// extension Book {
    ///     static let author = belongsTo(Table("author"))
    /// }
    ///
    /// // SELECT book.*, author.* FROM book JOIN author ON author.id = book.authorId
    /// let rows = try Row.fetchAll(db, Book.including(required: Book.author))
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/foreignkeys.html).
    ///
    /// - Parameters:
    ///   - destination: The table at the other side of the association.
    ///   - key: The association key. By default, it is
    ///     `destination.tableName`, singularized.
    ///   - foreignKey: A foreign key, or nil to read it from the schema.
    /// - Returns: An association.
    public static func belongsTo<Destination>(
        _ destination: Table<Destination>,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> BelongsToAssociation<Self, Destination>
    {
        BelongsToAssociation(_sqlAssociation: .belongsTo(
            from: databaseTableName,
            to: destination.tableName,
            selection: [.allColumns],
            key: key,
            foreignKey: foreignKey))
    }

    /// Returns a **HasMany** association to a table, through a foreign key
    /// of the destination table.
    ///
    /// ```swift
    /// extension Author {
    ///     static let books = hasMany(Table("book"))
    /// }
    ///
    /// // SELECT author.*, COUNT(DISTINCT book.id) AS bookCount FROM author LEFT JOIN book ... GROUP BY author.id
    /// let request = Author.annotated(with: Author.books.count)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/foreignkeys.html).
    ///
    /// - Parameters:
    ///   - destination: The table at the other side of the association.
    ///   - key: The association key. By default, it is
    ///     `destination.tableName`, pluralized.
    ///   - foreignKey: A foreign key, or nil to read it from the schema.
    /// - Returns: An association.
    public static func hasMany<Destination>(
        _ destination: Table<Destination>,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> HasManyAssociation<Self, Destination>
    {
        HasManyAssociation(_sqlAssociation: .hasOneOrMany(
            from: databaseTableName,
            to: destination.tableName,
            selection: [.allColumns],
            key: key,
            foreignKey: foreignKey,
            isToOne: false))
    }

    /// Returns a **HasOne** association to a table, through a foreign key
    /// of the destination table.
    ///
    /// ```swift
    /// extension Country {
    ///     static let demographics = hasOne(Table("demographics"))
    /// }
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/foreignkeys.html).
    ///
    /// - Parameters:
    ///   - destination: The table at the other side of the association.
    ///   - key: The association key. By default, it is
    ///     `destination.tableName`, singularized.
    ///   - foreignKey: A foreign key, or nil to read it from the schema.
    /// - Returns: An association.
    public static func hasOne<Destination>(
        _ destination: Table<Destination>,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> HasOneAssociation<Self, Destination>
    {
        HasOneAssociation(_sqlAssociation: .hasOneOrMany(
            from: databaseTableName,
            to: destination.tableName,
            selection: [.allColumns],
            key: key,
            foreignKey: foreignKey,
            isToOne: true))
    }
}
