import Folio

/// A book, written by an author.
///
/// `Book` is responsible for the `book` table: it is the only type that
/// writes in it.
public struct Book: Codable, Hashable, Identifiable, Sendable {
    /// The book id, nil until the book is inserted.
    public var id: Int64?

    /// The id of the author of the book.
    public var authorId: Int64

    /// The title of the book.
    public var title: String

    /// Creates a book.
    ///
    /// - Parameters:
    ///   - id: The id, nil for a book not inserted yet.
    ///   - authorId: The id of the author.
    ///   - title: The title.
    public init(id: Int64? = nil, authorId: Int64, title: String) {
        self.id = id
        self.authorId = authorId
        self.title = title
    }
}

extension Book: FetchableRecord, MutablePersistableRecord {
    /// The columns of the `book` table, derived from the coding keys.
    public enum Columns {
        /// The `id` column.
        public static let id = Column(CodingKeys.id)
        /// The `authorId` column.
        public static let authorId = Column(CodingKeys.authorId)
        /// The `title` column.
        public static let title = Column(CodingKeys.title)
    }

    /// The author of a book.
    public static let author = belongsTo(Author.self)

    /// Updates the auto-incremented id upon insertion.
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The request of the author of this book.
    public var author: QueryInterfaceRequest<Author> {
        request(for: Book.author)
    }
}

// Reusable requests of books.
extension DerivableRequest<Book> {
    /// Books ordered by title, in a localized case-insensitive fashion.
    public func orderByTitle() -> Self {
        order(Book.Columns.title.collating(.localizedCaseInsensitiveCompare))
    }

    /// Books whose author is from a country.
    ///
    /// A book is from a country if it can be joined with an author from
    /// that country.
    ///
    /// - Parameter authorCountry: A country.
    public func filter(authorCountry: String) -> Self {
        joining(required: Book.author.filter(country: authorCountry))
    }
}
