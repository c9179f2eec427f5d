import Folio
import XCTest

private struct Country: TableRecord, FetchableRecord, Equatable {
    var code: String
    var name: String
    init(row: Row) throws {
        code = try row.decode(forColumn: "code")
        name = try row.decode(forColumn: "name")
    }
    init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

private struct Author: TableRecord, FetchableRecord, Equatable {
    static let country = belongsTo(Country.self)
    static let books = hasMany(Book.self)
    var id: Int64
    var name: String
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
    }
}

private struct Book: TableRecord, FetchableRecord, Hashable {
    static let author = belongsTo(Author.self)
    var id: Int64
    var title: String
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        title = try row.decode(forColumn: "title")
    }
}

final class RowScopeSubscriptTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, countryCode TEXT REFERENCES country(code));
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT NOT NULL);
                INSERT INTO country VALUES ('RU', 'Russia');
                INSERT INTO author VALUES (1, 'Tolstoy', 'RU'), (2, 'Anonymous', NULL);
                INSERT INTO book VALUES (10, 1, 'War and Peace'), (11, 2, 'Beowulf'), (12, 1, 'Anna Karenina');
                """)
        }
        return dbQueue
    }

    func testScopeSubscriptsDecodeRecordsOfTheScopesTree() throws {
        try makeLibrary().read { db in
            let request = Book
                .including(required: Book.author.including(optional: Author.country))
                .order(Column("id"))
            let rows = try Row.fetchAll(db, request)
            let author: Author = rows[0]["author"]
            XCTAssertEqual(author.name, "Tolstoy")
            let country: Country = rows[0]["country"]
            XCTAssertEqual(country, Country(code: "RU", name: "Russia"))
            let optionalCountry: Country? = rows[0]["country"]
            XCTAssertEqual(optionalCountry, Country(code: "RU", name: "Russia"))
            // A scope of NULL values, and a missing scope, are nil.
            let noCountry: Country? = rows[1]["country"]
            XCTAssertNil(noCountry)
            let missing: Country? = rows[1]["missing"]
            XCTAssertNil(missing)
        }
    }

    func testScopeSubscriptsDecodeRecordsOfAdapterScopes() throws {
        try makeLibrary().read { db in
            let adapters = try splittingRowAdapters(columnCounts: [
                db.columns(in: "book").count,
                db.columns(in: "author").count,
            ])
            let adapter = ScopeAdapter(["book": adapters[0], "author": adapters[1]])
            let sql = "SELECT book.*, author.* FROM book JOIN author ON author.id = book.authorId ORDER BY book.id"
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql, adapter: adapter))
            let book: Book = row["book"]
            let author: Author = row["author"]
            XCTAssertEqual(book.title, "War and Peace")
            XCTAssertEqual(author.name, "Tolstoy")
        }
    }

    func testPrefetchSubscriptsDecodeArraysAndSets() throws {
        try makeLibrary().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, Author.including(all: Author.books.order(Column("id"))).order(Column("id"))))
            let books: [Book] = row["books"]
            XCTAssertEqual(books.map(\.title), ["War and Peace", "Anna Karenina"])
            let bookSet: Set<Book> = row["books"]
            XCTAssertEqual(Set(bookSet.map(\.id)), [10, 12])
        }
    }

    func testDecodeForKeyOfMissingScopeNamesTheAvailableScopes() throws {
        try makeLibrary().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, Book.including(required: Book.author)))
            XCTAssertThrowsError(try row.decode(Country.self, forKey: "country")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .columnNotFound)
                XCTAssertTrue("\(error)".contains("available scopes: [\"author\"]"), "\(error)")
            }
        }
    }
}
