import Folio
import Foundation
import XCTest

// The samples of Documentation/Associations.md.

enum AssociationsGuide {
    static func createTables(_ db: Database) throws {
        try db.create(table: "country") { t in
            t.primaryKey("code", .text)
            t.column("name", .text).notNull()
        }
        try db.create(table: "author") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
            t.belongsTo("country")                          // countryCode
        }
        try db.create(table: "book") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("title", .text).notNull()
            t.column("price", .double)
            t.column("year", .integer)
            t.belongsTo("author", onDelete: .cascade)       // authorId
        }
        try db.create(table: "coverImage") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("url", .text).notNull()
            t.belongsTo("book", onDelete: .cascade)         // bookId
            t.uniqueKey(["bookId"])                         // one image per book at most
        }
    }

    struct Country: Codable, FetchableRecord, PersistableRecord, Hashable {
        var code: String
        var name: String
    }

    struct Author: Codable, FetchableRecord, MutablePersistableRecord, Hashable {
        var id: Int64?
        var name: String
        var countryCode: String?

        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    struct Book: Codable, FetchableRecord, MutablePersistableRecord, Hashable {
        var id: Int64?
        var title: String
        var price: Double?
        var year: Int?
        var authorId: Int64?

        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    struct CoverImage: Codable, FetchableRecord, MutablePersistableRecord, Hashable {
        var id: Int64?
        var url: String
        var bookId: Int64

        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    // MARK: Foreign Keys

    struct Loan: Codable, FetchableRecord, PersistableRecord {
        var id: Int64
        var lenderId: Int64
        var borrowerId: Int64

        static let lenderForeignKey = ForeignKey(["lenderId"])
        static let borrowerForeignKey = ForeignKey(["borrowerId"])
        static let lender = belongsTo(Person.self, key: "lender", using: lenderForeignKey)
        static let borrower = belongsTo(Person.self, key: "borrower", using: borrowerForeignKey)
    }

    struct Person: Codable, FetchableRecord, PersistableRecord {
        var id: Int64
        var name: String

        static let lentLoans = hasMany(Loan.self, key: "lentLoans", using: Loan.lenderForeignKey)
        static let borrowedLoans = hasMany(Loan.self, key: "borrowedLoans", using: Loan.borrowerForeignKey)
    }

    // MARK: Decoding Associated Records

    // Book.including(required: Book.author)
    struct BookInfo: Decodable, FetchableRecord {
        var book: Book      // the columns of the book table
        var author: Author  // the "author" scope
    }

    // Book.including(optional: Book.author)
    struct OptionalBookInfo: Decodable, FetchableRecord {
        var book: Book
        var author: Author? // nil when the book has no author
    }

    // Author.including(all: Author.books)
    struct AuthorInfo: Decodable, FetchableRecord {
        var author: Author
        var books: [Book]   // or Set<Book>
    }

    // Book.including(required: Book.author.including(optional: Author.country))
    struct CompleteBookInfo: Decodable, FetchableRecord {
        struct AuthorInfo: Decodable {
            var author: Author
            var country: Country?
        }
        var book: Book
        var authorInfo: AuthorInfo

        enum CodingKeys: String, CodingKey {
            case book
            case authorInfo = "author"
        }
    }

    struct ManualBookInfo: FetchableRecord {
        var book: Book
        var author: Author?
        var coverImage: CoverImage?

        init(row: Row) throws {
            book = try Book(row: row)
            author = try row.decodeIfPresent(forKey: "author")
            coverImage = try row.decodeIfPresent(forKey: "coverImage")
        }
    }

    /// Not in the guide: the rows of the tests.
    static func insertFixtures(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO country (code, name) VALUES ('FR', 'France'), ('CO', 'Colombia'), ('IT', 'Italy');
            INSERT INTO author (id, name, countryCode) VALUES
                (1, 'Gustave Flaubert', 'FR'),
                (2, 'Gabriel García Márquez', 'CO'),
                (3, 'Anonymous', NULL);
            INSERT INTO book (id, title, price, year, authorId) VALUES
                (1, 'Madame Bovary', 10, 1857, 1),
                (2, 'Salammbô', 20, 1862, 1),
                (3, 'One Hundred Years of Solitude', 15, 1967, 2),
                (4, 'Memories of My Melancholy Whores', 12, 2004, 2),
                (5, 'Orphan Book', NULL, NULL, NULL);
            INSERT INTO coverImage (id, url, bookId) VALUES (1, 'https://example.com/bovary.jpg', 1);
            """)
    }
}

extension AssociationsGuide.Book {
    static let author = belongsTo(AssociationsGuide.Author.self)
    static let coverImage = hasOne(AssociationsGuide.CoverImage.self)
    // The country of a book is the country of its author
    static let country = hasOne(AssociationsGuide.Country.self, through: author, using: AssociationsGuide.Author.country)
    static let writer = belongsTo(AssociationsGuide.Author.self, key: "writer")

    var author: QueryInterfaceRequest<AssociationsGuide.Author> {
        request(for: AssociationsGuide.Book.author)
    }
}

extension AssociationsGuide.Author {
    static let books = hasMany(AssociationsGuide.Book.self)
    static let country = belongsTo(AssociationsGuide.Country.self)

    var books: QueryInterfaceRequest<AssociationsGuide.Book> {
        request(for: AssociationsGuide.Author.books)
    }
}

extension AssociationsGuide.Country {
    static let authors = hasMany(AssociationsGuide.Author.self)
    // The books of a country are the books of its authors
    static let books = hasMany(AssociationsGuide.Book.self, through: authors, using: AssociationsGuide.Author.books)
}

/// Runs the samples of Documentation/Associations.md.
final class AssociationsGuideTests: FolioTestCase {
    typealias Country = AssociationsGuide.Country
    typealias Author = AssociationsGuide.Author
    typealias Book = AssociationsGuide.Book
    typealias CoverImage = AssociationsGuide.CoverImage

    private func makeFixtureQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try AssociationsGuide.createTables(db)
            try AssociationsGuide.insertFixtures(db)
        }
        clearSQLQueries()
        return dbQueue
    }

    private func requestSQL(_ db: Database, _ request: some FetchRequest) throws -> String {
        try request.makePreparedRequest(db).statement.sql
    }

    // MARK: Introduction

    func testIntroduction() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: Author
        }
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var bookCount: Int
        }
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // All books with their author
            let bookInfos = try Book
                .including(required: Book.author)
                .asRequest(of: BookInfo.self)
                .fetchAll(db)
            XCTAssertEqual(bookInfos.map(\.book.title), ["Madame Bovary", "Salammbô", "One Hundred Years of Solitude", "Memories of My Melancholy Whores"])
            XCTAssertEqual(bookInfos.map(\.author.id), [1, 1, 2, 2])

            // All authors with their number of books
            let authorInfos = try Author
                .annotated(with: Author.books.count)
                .asRequest(of: AuthorInfo.self)
                .fetchAll(db)
            XCTAssertEqual(authorInfos.map(\.bookCount), [2, 2, 0])
        }
    }

    // MARK: The Database Schema

    func testSchemaCreatesForeignKeysAndIndexes() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try AssociationsGuide.createTables(db)
            XCTAssertEqual(try db.columns(in: "author").map(\.name), ["id", "name", "countryCode"])
            XCTAssertEqual(try db.columns(in: "book").map(\.name), ["id", "title", "price", "year", "authorId"])
            XCTAssertEqual(try db.foreignKeys(on: "book").map(\.destinationTable), ["author"])
            XCTAssertEqual(try db.table("coverImage", hasUniqueKey: ["bookId"]), true)
        }
    }

    // MARK: The Kinds of Associations

    func testKindsOfAssociationsAndKeys() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let bookRow = try Book
                .including(required: Book.author)
                .including(optional: Book.coverImage)
                .filter(key: 1)
                .asRequest(of: Row.self)
                .fetchOne(db)!
            XCTAssertEqual(bookRow.scopes.names.sorted(), ["author", "coverImage"])
            XCTAssertEqual(bookRow.scopes["coverImage"]?["url"], "https://example.com/bovary.jpg")

            let countryRow1 = try Book
                .including(optional: Book.country)
                .filter(key: 1)
                .asRequest(of: Row.self)
                .fetchOne(db)!
            XCTAssertEqual(countryRow1.scopesTree["country"]?["name"], "France")

            // Book.country is a HasOneThrough association whose pivot is
            // Book.author: the pivot shares the join of Book.author.
            let both = try Book
                .including(required: Book.author)
                .including(optional: Book.country)
                .filter(key: 1)
                .asRequest(of: Row.self)
                .fetchOne(db)!
            XCTAssertEqual(both.scopes["author"]?["name"], "Gustave Flaubert")
            XCTAssertEqual(both.scopes["author"]?.scopes["country"]?["name"], "France")

            let countryRow = try Country
                .including(all: Country.books.order(Column("year")))
                .filter(key: "CO")
                .asRequest(of: Row.self)
                .fetchOne(db)!
            XCTAssertEqual(countryRow.prefetchedRows["books"]?.map { $0["year"] as Int }, [1967, 2004])

            let writerRow = try Book.including(required: Book.writer).asRequest(of: Row.self).fetchOne(db)!
            XCTAssertEqual(writerRow.scopes.names.sorted(), ["writer"])
        }
    }

    // MARK: Foreign Keys

    func testExplicitForeignKeys() throws {
        typealias Loan = AssociationsGuide.Loan
        typealias Person = AssociationsGuide.Person
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE loan (
                  id INTEGER PRIMARY KEY,
                  lenderId INTEGER REFERENCES person(id),
                  borrowerId INTEGER REFERENCES person(id));
                INSERT INTO person (id, name) VALUES (1, 'Arthur'), (2, 'Barbara');
                INSERT INTO loan (id, lenderId, borrowerId) VALUES (1, 1, 2);
                """)
            let request = Loan.including(required: Loan.lender).including(required: Loan.borrower)
            let row = try Row.fetchOne(db, request)!
            XCTAssertEqual(row.scopes["lender"]?["name"], "Arthur")
            XCTAssertEqual(row.scopes["borrower"]?["name"], "Barbara")

            let person = try Person
                .annotated(with: Person.lentLoans.count, Person.borrowedLoans.count)
                .filter(key: 2)
                .asRequest(of: Row.self)
                .fetchOne(db)!
            XCTAssertEqual(person["lentLoanCount"], 0)
            XCTAssertEqual(person["borrowedLoanCount"], 1)

            // Without ForeignKey, two foreign keys to the same table are ambiguous
            struct AmbiguousLoan: TableRecord {
                static let databaseTableName = "loan"
                static let person = belongsTo(Person.self)
            }
            XCTAssertThrowsError(try Row.fetchAll(db, AmbiguousLoan.including(required: AmbiguousLoan.person))) { error in
                XCTAssertTrue("\(error)".contains("loan"), "\(error)")
                XCTAssertTrue("\(error)".contains("person"), "\(error)")
            }
        }
    }

    // MARK: Joining and Including

    func testJoiningAndIncluding() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // Books that have an author, with their author
            let request1 = Book.including(required: Book.author)
            XCTAssertEqual(
                try requestSQL(db, request1),
                #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId""#)
            XCTAssertEqual(try Row.fetchAll(db, request1).count, 4)

            // All books, with their author if any
            let request2 = Book.including(optional: Book.author)
            XCTAssertEqual(
                try requestSQL(db, request2),
                #"SELECT "book".*, "author".* FROM "book" LEFT JOIN "author" ON "author"."id" = "book"."authorId""#)
            XCTAssertEqual(try Row.fetchAll(db, request2).count, 5)

            // Books that have a French author
            let request3 = Book.joining(required: Book.author.filter { $0.countryCode == "FR" })
            XCTAssertEqual(
                try requestSQL(db, request3),
                #"SELECT "book".* FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."countryCode" = ?)"#)
            XCTAssertEqual(try request3.fetchAll(db).map(\.id), [1, 2])

            // Authors, each with all their books
            clearSQLQueries()
            let rows = try Row.fetchAll(db, Author.including(all: Author.books))
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("SELECT") }.count, 2)
            XCTAssertEqual(rows.map { $0.prefetchedRows["books"]?.count }, [2, 2, 0])
        }
    }

    func testAnnotatedWithAssociation() throws {
        struct BookWithAuthorName: Decodable, FetchableRecord {
            var title: String
            var name: String?
        }
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // SELECT book.*, author.name FROM book LEFT JOIN author ON author.id = book.authorId
            let items = try Book
                .annotated(withOptional: Book.author.select(\.name))
                .asRequest(of: BookWithAuthorName.self)
                .fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "book".*, "author"."name" FROM "book" LEFT JOIN "author" ON "author"."id" = "book"."authorId""#)
            XCTAssertEqual(items.map(\.name), ["Gustave Flaubert", "Gustave Flaubert", "Gabriel García Márquez", "Gabriel García Márquez", nil])
        }
    }

    func testNestedAndCombinedJoins() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // Books, with their author, and the country of the author
            let request1 = Book.including(required: Book.author.including(optional: Author.country))
            let rows1 = try Row.fetchAll(db, request1)
            XCTAssertEqual(rows1.map { $0.scopesTree["country"]?["name"] as String? }, ["France", "France", "Colombia", "Colombia"])

            // Books, with their author and their cover image
            let request2 = Book
                .including(required: Book.author)
                .including(optional: Book.coverImage)
            let rows2 = try Row.fetchAll(db, request2)
            XCTAssertEqual(rows2.map { $0.scopes["coverImage"]?["url"] as String? }, ["https://example.com/bovary.jpg", nil, nil, nil])
        }
    }

    // MARK: Refining Associations

    func testRefiningAssociations() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // Authors with their books published after 2000, sorted by year
            let rows = try Row.fetchAll(db, Author.including(all: Author.books.filter { $0.year > 2000 }.order(\.year)))
            XCTAssertEqual(rows.map { $0.prefetchedRows["books"]?.count }, [0, 1, 0])

            // Books with the name of their author only
            let row = try Row.fetchOne(db, Book.including(required: Book.author.select(\.name)))!
            XCTAssertEqual(row.scopes["author"], ["name": "Gustave Flaubert"])

            // Books sorted by author name, then title
            let authorAlias = TableAlias<Author>()
            let request = Book
                .joining(required: Book.author.aliased(authorAlias))
                .order(authorAlias.name, Column("title"))
            XCTAssertEqual(
                try requestSQL(db, request),
                #"SELECT "book".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" ORDER BY "author"."name", "book"."title""#)
            XCTAssertEqual(try request.fetchAll(db).map(\.id), [4, 3, 1, 2])

            // Books whose title contains the name of their author
            let request2 = Book
                .joining(required: Book.author.aliased(authorAlias))
                .filter(Column("title").like(SQL("'%' || \(authorAlias.name) || '%'")))
            XCTAssertEqual(try request2.fetchAll(db), [])

            // Authors with their recent and their old books
            let request3 = Author
                .including(all: Author.books.filter { $0.year >= 2000 }.forKey("recentBooks"))
                .including(all: Author.books.filter { $0.year < 2000 }.forKey("oldBooks"))
            let rows3 = try Row.fetchAll(db, request3)
            XCTAssertEqual(rows3[1].prefetchedRows["recentBooks"]?.count, 1)
            XCTAssertEqual(rows3[1].prefetchedRows["oldBooks"]?.count, 1)
            XCTAssertEqual(rows3[0].prefetchedRows["oldBooks"]?.count, 2)
        }
    }

    // MARK: Decoding Associated Records

    func testDecodingAssociatedRecords() throws {
        typealias Guide = AssociationsGuide
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let bookInfos = try Book
                .including(required: Book.author)
                .asRequest(of: Guide.BookInfo.self)
                .fetchAll(db)
            XCTAssertEqual(bookInfos.map(\.author.name).first, "Gustave Flaubert")

            let request = Author.including(all: Author.books)
            let authorInfos = try Guide.AuthorInfo.fetchAll(db, request)
            XCTAssertEqual(authorInfos.map(\.books.count), [2, 2, 0])

            let optionalInfos = try Guide.OptionalBookInfo.fetchAll(db, Book.including(optional: Book.author))
            XCTAssertEqual(optionalInfos.map { $0.author?.id }, [1, 1, 2, 2, nil])

            let completeInfos = try Guide.CompleteBookInfo.fetchAll(db, Book.including(required: Book.author.including(optional: Author.country)))
            XCTAssertEqual(completeInfos.map(\.authorInfo.country?.name), ["France", "France", "Colombia", "Colombia"])
            XCTAssertEqual(completeInfos.map(\.authorInfo.author.id), [1, 1, 2, 2])

            // A nested association decoded by a property of the top-level record
            struct FlatBookInfo: Decodable, FetchableRecord {
                var book: Book
                var author: Author
                var country: Country?
            }
            let flatInfos = try FlatBookInfo.fetchAll(db, Book.including(required: Book.author.including(optional: Author.country)))
            XCTAssertEqual(flatInfos.map(\.country?.code), ["FR", "FR", "CO", "CO"])

            // Prefetched records in a set
            struct AuthorBookSet: Decodable, FetchableRecord {
                var author: Author
                var books: Set<Book>
            }
            let sets = try AuthorBookSet.fetchAll(db, Author.including(all: Author.books))
            XCTAssertEqual(sets.map(\.books.count), [2, 2, 0])
        }
    }

    func testDecodingRowsByHand() throws {
        typealias Guide = AssociationsGuide
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let manualInfos = try Guide.ManualBookInfo.fetchAll(
                db,
                Book.including(optional: Book.author).including(optional: Book.coverImage))
            XCTAssertEqual(manualInfos.map { $0.author?.id }, [1, 1, 2, 2, nil])
            XCTAssertEqual(manualInfos.map { $0.coverImage?.id }, [1, nil, nil, nil, nil])

            let row = try Book
                .including(required: Book.author)
                .asRequest(of: Row.self)
                .fetchOne(db)!
            let authorRow = row.scopes["author"]         // Row?
            let authorName: String = authorRow!["name"]
            XCTAssertEqual(authorName, "Gustave Flaubert")

            let authorRow2 = try Author
                .including(all: Author.books)
                .asRequest(of: Row.self)
                .fetchOne(db)!
            let bookRows = authorRow2.prefetchedRows["books"] // [Row]?
            XCTAssertEqual(bookRows?.map { $0["title"] as String }, ["Madame Bovary", "Salammbô"])
        }
    }

    // MARK: Association Aggregates

    func testAggregatesJoinAndGroup() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            // Authors with their number of books
            let request = Author.annotated(with: Author.books.count)
            XCTAssertEqual(
                try requestSQL(db, request),
                #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount" FROM "author" "#
                    + #"LEFT JOIN "book" ON "book"."authorId" = "author"."id" GROUP BY "author"."id""#)
        }
    }

    func testAggregateDefaultKeys() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let row = try Author
                .annotated(with:
                    Author.books.count,
                    Author.books.isEmpty,
                    Author.books.average(\.price),
                    Author.books.sum(\.price),
                    Author.books.total(\.price),
                    Author.books.min(\.year),
                    Author.books.max(\.year))
                .filter(key: 1)
                .asRequest(of: Row.self)
                .fetchOne(db)!
            XCTAssertEqual(Array(row.columnNames.dropFirst(3)), [
                "bookCount", "hasNoBook", "averageBookPrice", "bookPriceSum", "bookPriceSum", "minBookYear", "maxBookYear",
            ])
            XCTAssertEqual(row["bookCount"], 2)
            XCTAssertEqual(row["hasNoBook"], false)
            XCTAssertEqual(row["averageBookPrice"], 15.0)
            XCTAssertEqual(row["bookPriceSum"], 30.0)
            XCTAssertEqual(row["minBookYear"], 1857)
            XCTAssertEqual(row["maxBookYear"], 1862)

            // SUM is NULL and TOTAL is 0.0 for no book
            // (the default key of `total` ends in `Sum`, as that of `sum`)
            let anonymousSum = try Author
                .annotated(with: Author.books.sum(\.price))
                .filter(key: 3)
                .asRequest(of: Row.self)
                .fetchOne(db)!
            XCTAssertTrue(anonymousSum["bookPriceSum"] == DatabaseValue.null)
            let anonymousTotal = try Author
                .annotated(with: Author.books.total(\.price))
                .filter(key: 3)
                .asRequest(of: Row.self)
                .fetchOne(db)!
            XCTAssertEqual(anonymousTotal["bookPriceSum"], 0.0)
        }
    }

    func testAggregatesWithKeys() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var bookCount: Int
            var averageBookPrice: Double?
            var numberOfRecentBooks: Int
        }
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let infos = try Author
                .annotated(with:
                    Author.books.count,
                    Author.books.average(\.price),
                    Author.books.filter { $0.year >= 2000 }.forKey("recentBooks").count.forKey("numberOfRecentBooks"))
                .asRequest(of: AuthorInfo.self)
                .fetchAll(db)
            XCTAssertEqual(infos.map(\.bookCount), [2, 2, 0])
            XCTAssertEqual(infos.map(\.averageBookPrice), [15, 13.5, nil])
            XCTAssertEqual(infos.map(\.numberOfRecentBooks), [0, 1, 0])
        }
    }

    func testFilteringAndSortingOnAggregates() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.write { db in
            // Authors who wrote at least one book
            let request1 = Author.having(Author.books.isEmpty == false)
            XCTAssertEqual(try request1.fetchAll(db).map(\.id), [1, 2])
            XCTAssertEqual(
                try requestSQL(db, request1),
                #"SELECT "author".* FROM "author" LEFT JOIN "book" ON "book"."authorId" = "author"."id" "#
                    + #"GROUP BY "author"."id" HAVING COUNT(DISTINCT "book"."id") > 0"#)

            // Authors who wrote at least 2 books, all before 2000
            let request2 = Author.having(Author.books.count >= 2 && Author.books.max(\.year) < 2000)
            XCTAssertEqual(try request2.fetchAll(db).map(\.id), [1])

            // Authors sorted by number of books: annotate, then sort on the key
            try db.execute(sql: "INSERT INTO book (title, authorId) VALUES ('Three Tales', 1)")
            let request3 = Author
                .annotated(with: Author.books.count)
                .order(Column("bookCount").detached.desc)
            XCTAssertEqual(try request3.fetchAll(db).map(\.id), [1, 2, 3])

            // Countries with their number of books
            let request4 = Country.annotated(with: Country.books.count) // key "bookCount"
            let rows = try Row.fetchAll(db, request4)
            let counts = Dictionary(uniqueKeysWithValues: rows.map { ($0["code"] as String, $0["bookCount"] as Int) })
            XCTAssertEqual(counts, ["FR": 3, "CO": 2, "IT": 0])
        }
    }

    func testAggregatesCombineWithJoinsWithoutMultiplyingRows() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let request = Author
                .including(optional: Author.country)
                .annotated(with: Author.books.count, Author.books.max(\.year))
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["bookCount"] as Int }, [2, 2, 0])
            XCTAssertEqual(rows.map { $0.scopes["country"]?["code"] as String? }, ["FR", "CO", nil])
        }
    }

    // MARK: Requests for the Associated Records of a Record

    func testRequestForAssociatedRecords() throws {
        let dbQueue = try makeFixtureQueue()
        try dbQueue.read { db in
            let author = try Author.fetchOne(db, key: 1)!
            let books = try author.books.order(\.title).fetchAll(db)
            XCTAssertEqual(books.map(\.title), ["Madame Bovary", "Salammbô"])

            let book = try Book.fetchOne(db, key: 3)!
            XCTAssertEqual(try book.author.fetchOne(db)?.name, "Gabriel García Márquez")
        }
    }
}
