import Folio
import XCTest

final class TypedRequestTests: FolioTestCase {
    struct Author: TableRecord, FetchableRecord, Decodable {
        var id: Int64
        static let books = hasMany(Book.self)
        static let firstBook = hasOne(Book.self)
    }

    struct Book: TableRecord, FetchableRecord, Decodable {
        var id: Int64
        var authorId: Int64
        static let author = belongsTo(Author.self)
    }

    private func decoderName<R: TypedRequest>(_ request: R) -> String {
        String(describing: R.RowDecoder.self)
    }

    private func fetchTitles<R: TypedRequest & DerivableRequest>(_ request: R) -> R where R.RowDecoder == Book {
        request.filter(Column("authorId") == 1)
    }

    func testRequestsAndAssociationsAreTypedRequests() {
        XCTAssertEqual(decoderName(Author.all()), "Author")
        XCTAssertEqual(decoderName(Author.all().asRequest(of: Row.self)), "Row")
        XCTAssertEqual(decoderName(Author.books), "Book")
        XCTAssertEqual(decoderName(Author.firstBook), "Book")
        XCTAssertEqual(decoderName(Book.author), "Author")
        XCTAssertEqual(decoderName(Author.hasMany(Author.self, through: Author.books, using: Book.author)), "Author")
        XCTAssertEqual(decoderName(Book.hasOne(Book.self, through: Book.author, using: Author.firstBook)), "Book")
    }

    func testTypedRequestConstrainedExtensionsApplyToRequestsAndAssociations() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
                INSERT INTO author VALUES (1), (2);
                INSERT INTO book VALUES (1, 1), (2, 2);
                """)
            let books = try fetchTitles(Book.all()).fetchAll(db)
            XCTAssertEqual(books.map(\.id), [1])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "book" WHERE "authorId" = ?"#)
            let authors = try Author.joining(required: fetchTitles(Author.books)).fetchAll(db)
            XCTAssertEqual(authors.map(\.id), [1])
        }
    }
}
