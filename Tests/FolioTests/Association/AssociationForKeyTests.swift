import Folio
import XCTest

final class AssociationForKeyTests: FolioTestCase {
    struct Author: TableRecord, FetchableRecord, Decodable, Equatable {
        var id: Int64
        var name: String
        static let books = hasMany(Book.self)
    }

    struct Book: TableRecord, FetchableRecord, Decodable, Equatable {
        var id: Int64
        var authorId: Int64
        var kind: String
        static let author = belongsTo(Author.self)
    }

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), kind TEXT);
                INSERT INTO author VALUES (1, 'Arthur');
                INSERT INTO book VALUES (1, 1, 'novel'), (2, 1, 'poem'), (3, 1, 'novel');
                """)
        }
        return dbQueue
    }

    func testToOneForKeyRenamesTheDecodedScope() throws {
        struct BookInfo: FetchableRecord, Decodable {
            var book: Book
            var writer: Author
        }
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let writer: BelongsToAssociation<Book, Author> = Book.author.forKey("writer")
            let infos = try BookInfo.fetchAll(db, Book.including(required: writer).order(Column("id")))
            XCTAssertEqual(infos.map(\.book.id), [1, 2, 3])
            XCTAssertEqual(infos.map(\.writer.name), ["Arthur", "Arthur", "Arthur"])
            XCTAssertEqual(lastSQLQuery, """
                SELECT "book".*, "author".* FROM "book" \
                JOIN "author" ON "author"."id" = "book"."authorId" ORDER BY "book"."id"
                """)
        }
    }

    func testToManyKeyEndingInDigitsIsSingularizedOnItsLetters() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, Author.including(required: Author.books.forKey("ds2").orderByPrimaryKey())))
            XCTAssertEqual(Array(row.scopes.names), ["d2"])
            XCTAssertEqual(row.scopes["d2"]?["kind"], "novel")
            let rows = try Row.fetchAll(db, Author.including(all: Author.books.forKey("ds2")))
            XCTAssertEqual(rows.first?.prefetchedRows.keys, ["ds2"])
        }
    }

    func testToManyForKeyNamesAggregatesAndPrefetchedRecords() throws {
        struct AuthorInfo: FetchableRecord, Decodable {
            var author: Author
            var novels: [Book]
            var novelCount: Int
        }
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let novels: HasManyAssociation<Author, Book> = Author.books
                .filter(Column("kind") == "novel")
                .forKey("novels")
            let request = Author
                .annotated(with: novels.count)
                .including(all: novels.order(Column("id")))
            let info = try XCTUnwrap(AuthorInfo.fetchOne(db, request))
            XCTAssertEqual(info.author.name, "Arthur")
            XCTAssertEqual(info.novels.map(\.id), [1, 3])
            XCTAssertEqual(info.novelCount, 2)
        }
    }

    func testDistinctKeysCountDistinctSets() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let novelCount = Author.books.filter(Column("kind") == "novel").forKey("novels").count
            let poemCount = Author.books.filter(Column("kind") == "poem").forKey("poems").count
            let row = try XCTUnwrap(Row.fetchOne(db, Author.annotated(with: novelCount, poemCount)))
            XCTAssertEqual(row["novelCount"], 2)
            XCTAssertEqual(row["poemCount"], 1)
        }
    }
}
