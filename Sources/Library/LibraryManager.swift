import Folio
import Foundation

/// Gives access to the library database, one use case per method.
///
/// Each method that feeds a screen fetches all its data in a single read,
/// so that it is consistent even when other threads write at the same
/// time. Each method that changes the library does it in a single write,
/// so that a failure leaves the database as it was.
///
/// ```swift
/// let manager = try LibraryManager(dbWriter: DatabaseQueue(path: "/tmp/library.sqlite"))
/// for item in try manager.authorList() {
///     print(item.author.name, item.bookCount)
/// }
/// ```
public final class LibraryManager: Sendable {
    /// The database (internal, for the extensions of other files).
    let dbWriter: any DatabaseWriter

    /// Creates a manager, and migrates the database.
    ///
    /// - Parameter dbWriter: A database queue or pool, created by the
    ///   application (an in-memory queue in tests).
    /// - Throws: A ``DatabaseError`` when the database can not be migrated.
    public init(dbWriter: any DatabaseWriter) throws {
        self.dbWriter = dbWriter
        try LibrarySchema.migrator.migrate(dbWriter)
    }
}

// MARK: - Reading

extension LibraryManager {
    /// An author and the number of their books.
    public struct AuthorListItem: Decodable, FetchableRecord, Equatable, Sendable {
        /// The author.
        public var author: Author
        /// The number of books of the author.
        public var bookCount: Int
    }

    /// An author and their books.
    public struct AuthorInfo: Equatable, Sendable {
        /// The author.
        public var author: Author
        /// The books of the author, by title.
        public var books: [Book]
    }

    /// A book and its author.
    public struct BookInfo: Equatable, Sendable {
        /// The book.
        public var book: Book
        /// The author of the book.
        public var author: Author
    }

    /// All authors, by name, with their number of books.
    ///
    /// - Returns: The list of authors.
    /// - Throws: A ``DatabaseError``.
    public func authorList() throws -> [AuthorListItem] {
        try dbWriter.read { db in
            let request = Author
                .annotated(with: Author.books.count)
                .orderByName()
            return try AuthorListItem.fetchAll(db, request)
        }
    }

    /// An author and their books, or nil when the author does not exist.
    ///
    /// - Parameter authorId: The id of an author.
    /// - Returns: The author and their books.
    /// - Throws: A ``DatabaseError``.
    public func authorInfo(authorId: Int64) throws -> AuthorInfo? {
        try dbWriter.read { db in
            guard let author = try Author.fetchOne(db, key: authorId) else {
                return nil
            }
            let books = try author.books.orderByTitle().fetchAll(db)
            return AuthorInfo(author: author, books: books)
        }
    }

    /// A book and its author, or nil when the book does not exist.
    ///
    /// - Parameter bookId: The id of a book.
    /// - Returns: The book and its author.
    /// - Throws: A ``DatabaseError``.
    public func bookInfo(bookId: Int64) throws -> BookInfo? {
        try dbWriter.read { db in
            guard let book = try Book.fetchOne(db, key: bookId) else {
                return nil
            }
            guard let author = try book.author.fetchOne(db) else {
                return nil
            }
            return BookInfo(book: book, author: author)
        }
    }

    /// The authors, by name, who have at least one book and are from a
    /// country.
    ///
    /// - Parameter country: A country.
    /// - Returns: The authors.
    /// - Throws: A ``DatabaseError``.
    public func authorsWithBooks(from country: String) throws -> [Author] {
        try dbWriter.read { db in
            try Author.all()
                .filter(country: country)
                .havingBooks()
                .orderByName()
                .fetchAll(db)
        }
    }

    /// The books whose author is from a country, by title.
    ///
    /// - Parameter country: A country.
    /// - Returns: The books.
    /// - Throws: A ``DatabaseError``.
    public func books(authorCountry country: String) throws -> [Book] {
        try dbWriter.read { db in
            try Book.all()
                .filter(authorCountry: country)
                .orderByTitle()
                .fetchAll(db)
        }
    }
}

// MARK: - Writing

extension LibraryManager {
    /// Inserts an author and their books, all or nothing.
    ///
    /// - Parameters:
    ///   - author: An author, not inserted yet.
    ///   - titles: The titles of their books.
    /// - Returns: The inserted author and books, with their ids.
    /// - Throws: A ``DatabaseError``; nothing is inserted then.
    public func addAuthor(_ author: Author, bookTitles titles: [String]) throws -> AuthorInfo {
        try dbWriter.write { db in
            var author = author
            try author.insert(db)
            var books: [Book] = []
            for title in titles {
                var book = Book(authorId: author.id!, title: title)
                try book.insert(db)
                books.append(book)
            }
            return AuthorInfo(author: author, books: books)
        }
    }

    /// Changes the title of a book, and stamps its modification date
    /// (the `modifiedAt` column, which replicas compare: see
    /// ``LibraryReplica``).
    ///
    /// - Parameters:
    ///   - bookId: The id of a book.
    ///   - title: The new title.
    ///   - modifiedAt: The date of the edit (now, by default).
    /// - Returns: The updated book, or nil when the book does not exist.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func renameBook(bookId: Int64, title: String, modifiedAt: Date = Date()) throws -> Book? {
        try dbWriter.write { db in
            try db.execute(
                sql: "UPDATE book SET title = ?, modifiedAt = ? WHERE id = ?",
                arguments: [title, modifiedAt.timeIntervalSince1970, bookId])
            guard db.changesCount > 0 else { return nil }
            return try Book.fetchOne(db, key: bookId)
        }
    }

    /// Deletes an author, and all their books with them (the schema
    /// cascades the deletion).
    ///
    /// - Parameter authorId: The id of an author.
    /// - Returns: Whether an author was deleted.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func deleteAuthor(authorId: Int64) throws -> Bool {
        try dbWriter.write { db in
            try Author.deleteOne(db, key: authorId)
        }
    }

    /// Inserts a few authors and books when the library is empty.
    ///
    /// - Returns: Whether the library was seeded.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func seedIfEmpty() throws -> Bool {
        try dbWriter.write { db in
            guard try Author.fetchCount(db) == 0 else { return false }
            let library: [(Author, [String])] = [
                (Author(name: "Gabriel García Márquez", country: "Colombia"),
                 ["One Hundred Years of Solitude", "Love in the Time of Cholera", "Chronicle of a Death Foretold"]),
                (Author(name: "Italo Calvino", country: "Italy"),
                 ["The Baron in the Trees", "Invisible Cities", "If on a Winter's Night a Traveler"]),
                (Author(name: "Elsa Morante", country: "Italy"), ["History"]),
                (Author(name: "Herman Melville", country: "United States"), ["Moby-Dick"]),
                (Author(name: "Anonymous"), []),
            ]
            for (author, titles) in library {
                var author = author
                try author.insert(db)
                for title in titles {
                    var book = Book(authorId: author.id!, title: title)
                    try book.insert(db)
                }
            }
            return true
        }
    }
}
