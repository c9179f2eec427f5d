import Folio

/// An author of books.
///
/// `Author` is responsible for the `author` table: it is the only type
/// that writes in it.
public struct Author: Codable, Hashable, Identifiable, Sendable {
    /// The author id, nil until the author is inserted.
    public var id: Int64?

    /// The name of the author.
    public var name: String

    /// The country of the author, when known.
    public var country: String?

    /// Creates an author.
    ///
    /// - Parameters:
    ///   - id: The id, nil for an author not inserted yet.
    ///   - name: The name.
    ///   - country: The country, if known.
    public init(id: Int64? = nil, name: String, country: String? = nil) {
        self.id = id
        self.name = name
        self.country = country
    }
}

extension Author: FetchableRecord, MutablePersistableRecord {
    /// The columns of the `author` table, derived from the coding keys.
    public enum Columns {
        /// The `id` column.
        public static let id = Column(CodingKeys.id)
        /// The `name` column.
        public static let name = Column(CodingKeys.name)
        /// The `country` column.
        public static let country = Column(CodingKeys.country)
    }

    /// The books of an author.
    public static let books = hasMany(Book.self)

    /// Updates the auto-incremented id upon insertion.
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The request of the books of this author.
    public var books: QueryInterfaceRequest<Book> {
        request(for: Author.books)
    }
}

// Reusable requests of authors. They apply to `Author.all()`, and to
// associations that lead to authors (`Book.author`).
extension DerivableRequest<Author> {
    /// Authors ordered by name, in a localized case-insensitive fashion.
    ///
    /// ```swift
    /// let authors = try Author.all().orderByName().fetchAll(db)
    /// ```
    public func orderByName() -> Self {
        order(Author.Columns.name.collating(.localizedCaseInsensitiveCompare))
    }

    /// Authors from a country.
    ///
    /// ```swift
    /// let frenchAuthors = try Author.all().filter(country: "France").fetchAll(db)
    /// ```
    ///
    /// - Parameter country: A country.
    public func filter(country: String) -> Self {
        filter(Author.Columns.country == country)
    }
}

extension QueryInterfaceRequest<Author> {
    /// Authors with at least one book.
    ///
    /// ```swift
    /// let authors = try Author.all().havingBooks().fetchAll(db)
    /// ```
    public func havingBooks() -> QueryInterfaceRequest<Author> {
        having(Author.books.isEmpty == false)
    }
}
