import Folio
import Library
import XCTest

final class LibraryManagerTests: XCTestCase {
    private func makeManager() throws -> LibraryManager {
        try LibraryManager(dbWriter: DatabaseQueue())
    }

    func testMigrationCreatesSchema() throws {
        let dbQueue = try DatabaseQueue()
        _ = try LibraryManager(dbWriter: dbQueue)
        try dbQueue.read { db in
            XCTAssertEqual(try db.columns(in: "author").map(\.name), ["id", "name", "country"])
            XCTAssertEqual(try db.columns(in: "book").map(\.name), ["id", "title", "authorId", "modifiedAt"])
            let foreignKey = try XCTUnwrap(db.foreignKeys(on: "book").first)
            XCTAssertEqual(foreignKey.destinationTable, "author")
            XCTAssertEqual(foreignKey.originColumns, ["authorId"])
            XCTAssertTrue(try db.indexes(on: "book").contains { $0.columns == ["authorId"] })
        }
    }

    func testSeedAndAuthorList() throws {
        let manager = try makeManager()
        XCTAssertTrue(try manager.seedIfEmpty())
        XCTAssertFalse(try manager.seedIfEmpty())
        let list = try manager.authorList()
        XCTAssertEqual(list.map(\.author.name), [
            "Anonymous", "Elsa Morante", "Gabriel García Márquez", "Herman Melville", "Italo Calvino",
        ])
        XCTAssertEqual(list.map(\.bookCount), [0, 1, 3, 1, 3])
    }

    func testAuthorInfoAndBookInfo() throws {
        let manager = try makeManager()
        let added = try manager.addAuthor(Author(name: "Italo Calvino", country: "Italy"), bookTitles: ["Invisible Cities", "Cosmicomics"])
        let authorId = try XCTUnwrap(added.author.id)
        let info = try XCTUnwrap(manager.authorInfo(authorId: authorId))
        XCTAssertEqual(info.author.name, "Italo Calvino")
        XCTAssertEqual(info.books.map(\.title), ["Cosmicomics", "Invisible Cities"])
        let bookInfo = try XCTUnwrap(manager.bookInfo(bookId: XCTUnwrap(added.books[0].id)))
        XCTAssertEqual(bookInfo.book.title, "Invisible Cities")
        XCTAssertEqual(bookInfo.author, added.author)
        XCTAssertNil(try manager.authorInfo(authorId: 999))
        XCTAssertNil(try manager.bookInfo(bookId: 999))
    }

    func testRequestsByCountry() throws {
        let manager = try makeManager()
        try manager.seedIfEmpty()
        XCTAssertEqual(try manager.authorsWithBooks(from: "Italy").map(\.name), ["Elsa Morante", "Italo Calvino"])
        XCTAssertEqual(try manager.books(authorCountry: "Colombia").count, 3)
        XCTAssertEqual(try manager.authorsWithBooks(from: "Nowhere"), [])
    }

    func testRenameBook() throws {
        let manager = try LibraryManager(dbWriter: DatabaseQueue())
        let info = try manager.addAuthor(Author(name: "Frank Herbert"), bookTitles: ["Dune Messiah"])
        let bookId = try XCTUnwrap(info.books.first?.id)
        let renamed = try manager.renameBook(bookId: bookId, title: "Dune")
        XCTAssertEqual(renamed?.title, "Dune")
        XCTAssertEqual(try manager.bookInfo(bookId: bookId)?.book.title, "Dune")
        XCTAssertNil(try manager.renameBook(bookId: bookId + 1, title: "Missing"))
    }

    func testDeleteAuthorCascadesToBooks() throws {
        let dbQueue = try DatabaseQueue()
        let manager = try LibraryManager(dbWriter: dbQueue)
        let added = try manager.addAuthor(Author(name: "Herman Melville"), bookTitles: ["Moby-Dick", "Bartleby"])
        XCTAssertTrue(try manager.deleteAuthor(authorId: XCTUnwrap(added.author.id)))
        XCTAssertFalse(try manager.deleteAuthor(authorId: XCTUnwrap(added.author.id)))
        XCTAssertEqual(try dbQueue.read { try Book.fetchCount($0) }, 0)
    }

    func testAddAuthorIsAtomic() throws {
        let dbQueue = try DatabaseQueue()
        let manager = try LibraryManager(dbWriter: dbQueue)
        // A NOT NULL violation on the second book rolls everything back.
        try dbQueue.write { db in try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON book WHEN NEW.title = 'bad' BEGIN SELECT RAISE(ABORT, 'refused'); END") }
        XCTAssertThrowsError(try manager.addAuthor(Author(name: "X"), bookTitles: ["good", "bad"]))
        XCTAssertEqual(try dbQueue.read { try Author.fetchCount($0) }, 0)
        XCTAssertEqual(try dbQueue.read { try Book.fetchCount($0) }, 0)
    }

    func testDecodableCompositeRecords() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: Author
        }
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var books: [Book]
        }
        let dbQueue = try DatabaseQueue()
        let manager = try LibraryManager(dbWriter: dbQueue)
        try manager.seedIfEmpty()
        try dbQueue.read { db in
            let bookInfos = try BookInfo.fetchAll(db, Book.including(required: Book.author).filter(authorCountry: "Italy"))
            XCTAssertEqual(bookInfos.count, 4)
            XCTAssertTrue(bookInfos.allSatisfy { $0.author.country == "Italy" })
            let authorInfos = try AuthorInfo.fetchAll(db, Author.including(all: Author.books).orderByName())
            XCTAssertEqual(authorInfos.map(\.books.count), [0, 1, 3, 1, 3])
        }
    }
}
