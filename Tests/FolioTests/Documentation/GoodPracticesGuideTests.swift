import Folio
import Foundation
import XCTest

// The samples of Documentation/GoodPracticesForDesigningRecordTypes.md.
// Extensions that the guide writes at file scope name the guide's types
// with their namespace (`GoodPracticesGuide.Author`).

enum GoodPracticesGuide {
    static func makeMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("createLibrary") { db in
            try db.create(table: "author") { t in             // (1)
                t.autoIncrementedPrimaryKey("id")             // (2)
                t.column("name", .text).notNull()             // (3)
                t.column("country", .text)                    // (4)
            }

            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()            // (5)
                t.column("authorId", .integer)                // (6)
                    .notNull()                                // (7)
                    .indexed()                                // (8)
                    .references("author", onDelete: .cascade) // (9)
            }
        }
        return migrator
    }

    /// The tip about strings in migrations, both versions.
    static func makeTipMigrators() -> (recommended: DatabaseMigrator, notRecommended: DatabaseMigrator) {
        var recommended = DatabaseMigrator()
        recommended.registerMigration("createLibrary") { db in
            // RECOMMENDED
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                // ...
            }
        }
        var notRecommended = DatabaseMigrator()
        notRecommended.registerMigration("createLibrary") { db in
            // NOT RECOMMENDED
            try db.create(table: Author.databaseTableName) { t in
                t.autoIncrementedPrimaryKey(Author.Columns.id.name)
                // ...
            }
        }
        return (recommended, notRecommended)
    }

    struct Author: Codable {
        var id: Int64?
        var name: String
        var country: String?
    }

    struct Book: Codable {
        var id: Int64?
        var authorId: Int64
        var title: String
    }

    /// The non-Codable record of the "Define Record Requests" section.
    enum NonCodable {
        struct Author {
            var id: Int64?
            var name: String
            var country: String?
        }
    }

    struct AppConfiguration: Codable, FetchableRecord, PersistableRecord {
        var id: Int = 1
        var theme: String
    }

    /// Not in the guide: the rows of the tests.
    static func insertFixtures(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO author (id, name, country) VALUES
                (1, 'Gustave Flaubert', 'France'),
                (2, 'Gabriel García Márquez', 'Colombia'),
                (3, 'Italo Calvino', 'Italy'),
                (4, 'Émile Zola', 'France'),
                (5, 'Miguel de Cervantes', 'Spain'),
                (6, 'Alexandre Dumas', 'France');
            INSERT INTO book (id, authorId, title) VALUES
                (1, 1, 'Madame Bovary'),
                (2, 2, 'One Hundred Years of Solitude'),
                (3, 3, 'Invisible Cities'),
                (4, 4, 'Germinal'),
                (5, 1, 'Salammbô'),
                (6, 5, 'Don Quixote');
            """)
    }
}

extension GoodPracticesGuide.Author: FetchableRecord, MutablePersistableRecord {
    // Store the auto-incremented id after insertion
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension GoodPracticesGuide.Book: FetchableRecord, MutablePersistableRecord {
    // Store the auto-incremented id after insertion
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension GoodPracticesGuide.Author {
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let country = Column(CodingKeys.country)
    }
}

extension GoodPracticesGuide.NonCodable.Author {
    enum Columns: String, ColumnExpression {
        case id, name, country
    }
}

extension DerivableRequest<GoodPracticesGuide.Author> {
    /// Authors ordered by name, in a localized case-insensitive fashion
    func orderByName() -> Self {
        order(GoodPracticesGuide.Author.Columns.name.collating(.localizedCaseInsensitiveCompare))
    }

    /// Authors from a country
    func filter(country: String) -> Self {
        filter(GoodPracticesGuide.Author.Columns.country == country)
    }
}

extension DerivableRequest<GoodPracticesGuide.Book> {
    /// Books whose author comes from a country
    func filter(authorCountry: String) -> Self {
        // A book qualifies if it can be joined with an author from that country
        joining(required: GoodPracticesGuide.Book.author.filter(country: authorCountry))
    }
}

extension QueryInterfaceRequest<GoodPracticesGuide.Author> {
    /// Authors who wrote at least one book
    func havingBooks() -> QueryInterfaceRequest<GoodPracticesGuide.Author> {
        having(GoodPracticesGuide.Author.books.isEmpty == false)
    }
}

extension GoodPracticesGuide.AppConfiguration {
    /// The one and only stored configuration
    static let shared = all().limit(1)
}

extension GoodPracticesGuide.Author {
    static let books = hasMany(GoodPracticesGuide.Book.self)
}

extension GoodPracticesGuide.Book {
    static let author = belongsTo(GoodPracticesGuide.Author.self)
}

extension GoodPracticesGuide.Author {
    /// The books of this author
    var books: QueryInterfaceRequest<GoodPracticesGuide.Book> {
        request(for: GoodPracticesGuide.Author.books)
    }
}

extension GoodPracticesGuide.Book {
    /// The author of this book
    var author: QueryInterfaceRequest<GoodPracticesGuide.Author> {
        request(for: GoodPracticesGuide.Book.author)
    }
}

// MARK: - Database managers

extension GoodPracticesGuide {
    // A naive manager, to be improved
    final class NaiveLibraryManager: Sendable {
        private let dbQueue: DatabaseQueue

        init(dbQueue: DatabaseQueue) {
            self.dbQueue = dbQueue
        }

        func author(id: Int64) -> Author? {
            do {
                return try dbQueue.read { db in
                    try Author.fetchOne(db, key: id)
                }
            } catch {
                return nil
            }
        }

        func book(id: Int64) -> Book? {
            do {
                return try dbQueue.read { db in
                    try Book.fetchOne(db, key: id)
                }
            } catch {
                return nil
            }
        }

        func books(writtenBy author: Author) -> [Book] {
            do {
                return try dbQueue.read { db in
                    try author.books.fetchAll(db)
                }
            } catch {
                return []
            }
        }
    }

    // A manager that does not hide errors
    final class ImprovedLibraryManager: Sendable {
        private let dbQueue: DatabaseQueue

        init(dbQueue: DatabaseQueue) {
            self.dbQueue = dbQueue
        }

        func author(id: Int64) throws -> Author? {
            try dbQueue.read { db in
                try Author.fetchOne(db, key: id)
            }
        }

        func book(id: Int64) throws -> Book? {
            try dbQueue.read { db in
                try Book.fetchOne(db, key: id)
            }
        }

        func books(writtenBy author: Author) throws -> [Book] {
            try dbQueue.read { db in
                try author.books.fetchAll(db)
            }
        }
    }

    final class LibraryManager: Sendable {
        private let dbQueue: DatabaseQueue

        init(dbQueue: DatabaseQueue) {
            self.dbQueue = dbQueue
        }
    }
}

// The list of authors
extension GoodPracticesGuide.LibraryManager {
    typealias Author = GoodPracticesGuide.Author
    typealias Book = GoodPracticesGuide.Book

    struct AuthorListItem: Decodable, FetchableRecord {
        var author: Author
        var bookCount: Int
    }

    func authorList() throws -> [AuthorListItem] {
        try dbQueue.read { db in
            let request = Author
                .annotated(with: Author.books.count)
                .orderByName()
            return try AuthorListItem.fetchAll(db, request)
        }
    }
}

// The screen of a book
extension GoodPracticesGuide.LibraryManager {
    struct BookInfo {
        var book: Book
        var author: Author
    }

    func bookInfo(bookId: Int64) throws -> BookInfo? {
        try dbQueue.read { db in
            guard let book = try Book.fetchOne(db, key: bookId) else {
                return nil
            }
            guard let author = try book.author.fetchOne(db) else {
                return nil
            }
            return BookInfo(book: book, author: author)
        }
    }
}

// The screen of an author
extension GoodPracticesGuide.LibraryManager {
    struct AuthorInfo {
        var author: Author
        var books: [Book]
    }

    func authorInfo(authorId: Int64) throws -> AuthorInfo? {
        try dbQueue.read { db in
            guard let author = try Author.fetchOne(db, key: authorId) else {
                return nil
            }
            let books = try author.books.fetchAll(db)
            return AuthorInfo(author: author, books: books)
        }
    }
}

/// Runs the samples of Documentation/GoodPracticesForDesigningRecordTypes.md.
final class GoodPracticesGuideTests: FolioTestCase {
    typealias Author = GoodPracticesGuide.Author
    typealias Book = GoodPracticesGuide.Book
    typealias AppConfiguration = GoodPracticesGuide.AppConfiguration
    typealias LibraryManager = GoodPracticesGuide.LibraryManager

    private func makeLibraryQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        let migrator = GoodPracticesGuide.makeMigrator()
        try migrator.migrate(dbQueue)
        try dbQueue.write(GoodPracticesGuide.insertFixtures)
        clearSQLQueries()
        return dbQueue
    }

    // MARK: Trust SQLite More Than Yourself

    func testSchemaRejectsInvalidData() throws {
        let dbQueue = try makeDatabaseQueue()
        let migrator = GoodPracticesGuide.makeMigrator()
        try migrator.migrate(dbQueue)
        try dbQueue.write { db in
            XCTAssertEqual(
                try db.indexes(on: "book").map(\.columns), [["authorId"]])
            XCTAssertEqual(try db.foreignKeys(on: "book").map(\.destinationTable), ["author"])
            // A book must have a title and an existing author
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO book (title, authorId) VALUES (NULL, 1)"))
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO book (title, authorId) VALUES ('Orphan', 42)"))
            // Deleting an author deletes their books
            try db.execute(sql: """
                INSERT INTO author (id, name) VALUES (1, 'Herman Melville');
                INSERT INTO book (title, authorId) VALUES ('Moby-Dick', 1);
                DELETE FROM author;
                """)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book"), 0)
        }
    }

    func testMigrationTipBothVersionsCreateTheSameTable() throws {
        let (recommended, notRecommended) = GoodPracticesGuide.makeTipMigrators()
        let dbQueue1 = try makeDatabaseQueue()
        let dbQueue2 = try makeDatabaseQueue()
        try recommended.migrate(dbQueue1)
        try notRecommended.migrate(dbQueue2)
        let sql1 = try dbQueue1.read { try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = 'author'") }
        let sql2 = try dbQueue2.read { try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = 'author'") }
        XCTAssertEqual(sql1, sql2)
    }

    // MARK: Persistable Record Types are Responsible for Their Tables

    func testInsertedAuthorGetsAnId() throws {
        let dbQueue = try makeDatabaseQueue()
        try GoodPracticesGuide.makeMigrator().migrate(dbQueue)
        try dbQueue.write { db in
            var author = Author(id: nil, name: "Herman Melville", country: "United States")
            try author.insert(db)
            print(author.id!) // not nil after insertion
            XCTAssertEqual(author.id, 1)
        }
    }

    // MARK: Define Record Requests

    func testColumnsFromCodingKeysAndFromStringEnum() {
        XCTAssertEqual(Author.Columns.name.name, "name")
        XCTAssertEqual(GoodPracticesGuide.NonCodable.Author.Columns.country.name, "country")
    }

    func testDerivableRequests() throws {
        let dbQueue = try makeLibraryQueue()
        try dbQueue.read { db in
            let sortedAuthors: [Author] = try Author.all()
                .orderByName()
                .fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "author" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare"#)
            XCTAssertEqual(sortedAuthors.map(\.id), [6, 4, 2, 1, 3, 5])

            let frenchAuthors: [Author] = try Author.all()
                .filter(country: "France")
                .fetchAll(db)
            XCTAssertEqual(frenchAuthors.map(\.id), [1, 4, 6])

            let sortedSpanishAuthors: [Author] = try Author.all()
                .filter(country: "Spain")
                .orderByName()
                .fetchAll(db)
            XCTAssertEqual(sortedSpanishAuthors.map(\.name), ["Miguel de Cervantes"])
        }
    }

    func testDerivableRequestsApplyToAssociations() throws {
        let dbQueue = try makeLibraryQueue()
        try dbQueue.read { db in
            let italianBooks = try Book.all()
                .filter(authorCountry: "Italy")
                .fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "book".* FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."country" = ?)"#)
            XCTAssertEqual(italianBooks.map(\.title), ["Invisible Cities"])
        }
    }

    func testQueryInterfaceRequestExtensions() throws {
        let dbQueue = try makeLibraryQueue()
        try dbQueue.read { db in
            let sortedFrenchAuthorsHavingBooks = try Author.all()
                .filter(country: "France")
                .havingBooks()
                .orderByName()
                .fetchAll(db)
            XCTAssertEqual(sortedFrenchAuthorsHavingBooks.map(\.name), ["Émile Zola", "Gustave Flaubert"])
        }
    }

    func testStaticRequestOfTheRecordType() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "appConfiguration") { t in
                t.primaryKey("id", .integer)
                t.column("theme", .text).notNull()
            }
            try AppConfiguration(theme: "dark").insert(db)
        }
        let configuration = try dbQueue.read { db in
            try AppConfiguration.shared.fetchOne(db)
        }
        XCTAssertEqual(configuration?.theme, "dark")
    }

    // MARK: Compose Records

    func testComposedRecords() throws {
        // All authors, with their number of books
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var bookCount: Int
        }
        // All Colombian books, with their author
        struct Authorship: Decodable, FetchableRecord {
            var book: Book
            var author: Author
        }
        let dbQueue = try makeLibraryQueue()
        let authorInfos: [AuthorInfo] = try dbQueue.read { db in
            let request = Author.annotated(with: Author.books.count)
            return try AuthorInfo.fetchAll(db, request)
        }
        XCTAssertEqual(authorInfos.map(\.bookCount), [2, 1, 1, 1, 1, 0])

        let authorships: [Authorship] = try dbQueue.read { db in
            let request = Book.including(required: Book.author.filter(country: "Colombia"))
            return try Authorship.fetchAll(db, request)
        }
        XCTAssertEqual(authorships.map(\.book.title), ["One Hundred Years of Solitude"])
        XCTAssertEqual(authorships.map(\.author.name), ["Gabriel García Márquez"])
    }

    func testScreensFedWithAssociations() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var books: [Book]
        }
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: Author
        }
        let dbQueue = try makeLibraryQueue()

        // 1. The list of all authors
        let authors: [Author] = try dbQueue.read { db in
            try Author.all().orderByName().fetchAll(db)
        }
        XCTAssertEqual(authors.count, 6)

        // 2. An author and their books
        let authorId: Int64 = 1
        let authorInfo: AuthorInfo? = try dbQueue.read { db in
            let request = Author
                .filter(key: authorId)
                .including(all: Author.books)
            return try AuthorInfo.fetchOne(db, request)
        }
        XCTAssertEqual(authorInfo?.books.map(\.title), ["Madame Bovary", "Salammbô"])

        // 3. A book and its author
        let bookId: Int64 = 3
        let bookInfo: BookInfo? = try dbQueue.read { db in
            let request = Book
                .filter(key: bookId)
                .including(required: Book.author)
            return try BookInfo.fetchOne(db, request)
        }
        XCTAssertEqual(bookInfo?.author.name, "Italo Calvino")
    }

    func testScreensFedWithRequestsForAssociatedRecords() throws {
        struct AuthorInfo {
            var author: Author
            var books: [Book]
        }
        struct BookInfo {
            var book: Book
            var author: Author
        }
        let dbQueue = try makeLibraryQueue()

        let authorId: Int64 = 1
        let authorInfo: AuthorInfo? = try dbQueue.read { db in
            guard let author = try Author.fetchOne(db, key: authorId) else {
                return nil
            }
            let books = try author.books.fetchAll(db)
            return AuthorInfo(author: author, books: books)
        }
        XCTAssertEqual(authorInfo?.books.count, 2)

        let bookId: Int64 = 4
        let bookInfo: BookInfo? = try dbQueue.read { db in
            guard let book = try Book.fetchOne(db, key: bookId) else {
                return nil
            }
            guard let author = try book.author.fetchOne(db) else {
                return nil
            }
            return BookInfo(book: book, author: author)
        }
        XCTAssertEqual(bookInfo?.author.name, "Émile Zola")
    }

    // MARK: How to Design Database Managers

    func testNaiveManagerHidesErrors() throws {
        let dbQueue = try makeDatabaseQueue() // no schema: every fetch fails
        let naive = GoodPracticesGuide.NaiveLibraryManager(dbQueue: dbQueue)
        XCTAssertNil(naive.author(id: 1))
        XCTAssertNil(naive.book(id: 1))
        XCTAssertTrue(naive.books(writtenBy: Author(id: 1, name: "Herman Melville")).isEmpty)

        let improved = GoodPracticesGuide.ImprovedLibraryManager(dbQueue: dbQueue)
        XCTAssertThrowsError(try improved.author(id: 1))
        XCTAssertThrowsError(try improved.book(id: 1))
        XCTAssertThrowsError(try improved.books(writtenBy: Author(id: 1, name: "Herman Melville")))
    }

    func testTwoReadsUsage() throws {
        let dbQueue = try makeLibraryQueue()
        let libraryManager = GoodPracticesGuide.ImprovedLibraryManager(dbQueue: dbQueue)
        let authorId: Int64 = 123
        if let author = try libraryManager.author(id: authorId) {
            let books = try libraryManager.books(writtenBy: author)
            // Use author and books
            XCTFail("unexpected author \(author), \(books)")
        }
    }

    func testLibraryManager() throws {
        let dbQueue = try makeLibraryQueue()
        let manager = LibraryManager(dbQueue: dbQueue)

        let list = try manager.authorList()
        XCTAssertEqual(list.map(\.author.name), [
            "Alexandre Dumas", "Émile Zola", "Gabriel García Márquez", "Gustave Flaubert", "Italo Calvino", "Miguel de Cervantes",
        ])
        XCTAssertEqual(list.map(\.bookCount), [0, 1, 1, 2, 1, 1])

        XCTAssertEqual(try manager.bookInfo(bookId: 1)?.author.name, "Gustave Flaubert")
        XCTAssertNil(try manager.bookInfo(bookId: 42))
        XCTAssertEqual(try manager.authorInfo(authorId: 1)?.books.count, 2)
        XCTAssertNil(try manager.authorInfo(authorId: 42))
    }

    // MARK: Observe the Database and Refetch when Needed

    func testObservationOfTheAuthorList() async throws {
        let dbQueue = try makeLibraryQueue()
        let observation = ValueObservation.tracking { db in
            try Author
                .annotated(with: Author.books.count)
                .orderByName()
                .asRequest(of: LibraryManager.AuthorListItem.self)
                .fetchAll(db)
        }

        var counts: [Int] = []
        for try await authorList in observation.values(in: dbQueue) {
            print("\(authorList.count) authors")
            counts.append(authorList.count)
            if counts.count == 1 {
                try await dbQueue.write { db in
                    var author = Author(id: nil, name: "Herman Melville", country: "United States")
                    try author.insert(db)
                }
            } else {
                break
            }
        }
        XCTAssertEqual(counts, [6, 7])
    }
}
