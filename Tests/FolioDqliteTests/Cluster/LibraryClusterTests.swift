import Foundation
import XCTest
import Folio
import Library
@testable import FolioDqlite

/// The Library sample's use cases, unchanged, on a three-node cluster.
final class LibraryClusterTests: DqliteClusterTestCase {
    func testMigratorCreatesTheSchemaOnTheCluster() throws {
        let database = try makeDatabase()
        _ = try LibraryManager(dbWriter: database)
        // Another client, through another node, sees the migrated schema.
        let other = try DqliteDatabase(servers: [cluster.addresses[1]], database: database.databaseName)
        try other.read { db in
            XCTAssertEqual(try db.columns(in: "author").map(\.name), ["id", "name", "country"])
            XCTAssertEqual(try db.columns(in: "book").map(\.name), ["id", "title", "authorId", "modifiedAt"])
            XCTAssertEqual(try db.foreignKeys(on: "book").first?.destinationTable, "author")
            XCTAssertTrue(try db.indexes(on: "book").contains { $0.columns == ["authorId"] })
        }
        XCTAssertTrue(try other.read { db in try LibrarySchema.migrator.hasCompletedMigrations(db) })
    }

    func testSeedAndRequestsOrderedBySQLiteCollations() throws {
        let database = try makeDatabase()
        let manager = try LibraryManager(dbWriter: database)
        XCTAssertTrue(try manager.seedIfEmpty())
        XCTAssertFalse(try manager.seedIfEmpty())
        XCTAssertEqual(try database.read { try Author.fetchCount($0) }, 5)
        let book = try XCTUnwrap(database.read { db in try Book.order(Column("id")).fetchOne(db) })
        let bookInfo = try XCTUnwrap(manager.bookInfo(bookId: XCTUnwrap(book.id)))
        XCTAssertEqual(bookInfo.book, book)
        XCTAssertEqual(bookInfo.author.id, book.authorId)
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var books: [Book]
        }
        // Associations with prefetching, ordered by SQLite's own collations.
        let infos = try database.read { db in
            try AuthorInfo.fetchAll(db, Author.including(all: Author.books.order(Column("id"))).order(Column("name")))
        }
        XCTAssertEqual(infos.map(\.author.name), [
            "Anonymous", "Elsa Morante", "Gabriel García Márquez", "Herman Melville", "Italo Calvino",
        ])
        XCTAssertEqual(infos.map(\.books.count), [0, 1, 3, 1, 3])
    }

    func testEveryUseCaseGivesWhatALocalDatabaseGives() throws {
        // The sample sorts names and titles with `localizedCaseInsensitiveCompare`,
        // a Swift collation that the cluster's SQLite does not know: the
        // leader gets the SQL without it, and the rows are sorted locally.
        let remote = try LibraryManager(dbWriter: makeDatabase())
        let local = try LibraryManager(dbWriter: DatabaseQueue())
        for manager in [remote, local] {
            XCTAssertTrue(try manager.seedIfEmpty())
            // Names that byte order and the Swift collation sort differently.
            for name in ["émile Zola", "anne Carson", "Zadie Smith"] {
                _ = try manager.addAuthor(Author(name: name, country: "Italy"), bookTitles: ["a " + name, "Z " + name])
            }
        }
        let list = try remote.authorList()
        XCTAssertEqual(list, try local.authorList())
        XCTAssertEqual(list.map(\.author.name).prefix(3), ["anne Carson", "Anonymous", "Elsa Morante"])
        for id: Int64 in [1, 2, 3, 999] {
            XCTAssertEqual(try remote.authorInfo(authorId: id), try local.authorInfo(authorId: id))
            XCTAssertEqual(try remote.bookInfo(bookId: id), try local.bookInfo(bookId: id))
        }
        for country in ["Italy", "Colombia", "France"] {
            XCTAssertEqual(try remote.authorsWithBooks(from: country), try local.authorsWithBooks(from: country))
            XCTAssertEqual(try remote.books(authorCountry: country), try local.books(authorCountry: country))
        }
        XCTAssertGreaterThan(try remote.books(authorCountry: "Italy").count, 6)
    }

    func testRenameAndDeleteCascade() throws {
        let database = try makeDatabase()
        let manager = try LibraryManager(dbWriter: database)
        let info = try manager.addAuthor(Author(name: "Herman Melville"), bookTitles: ["Moby-Dick", "Bartleby"])
        let bookId = try XCTUnwrap(info.books.first?.id)
        XCTAssertEqual(try manager.renameBook(bookId: bookId, title: "Moby Dick")?.title, "Moby Dick")
        XCTAssertTrue(try manager.deleteAuthor(authorId: XCTUnwrap(info.author.id)))
        XCTAssertEqual(try database.read { try Book.fetchCount($0) }, 0)
    }

    func testAddAuthorIsAtomic() throws {
        let database = try makeDatabase()
        let manager = try LibraryManager(dbWriter: database)
        try database.write { db in
            try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON book WHEN NEW.title = 'bad' BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        XCTAssertThrowsError(try manager.addAuthor(Author(name: "X"), bookTitles: ["good", "bad"]))
        XCTAssertEqual(try database.read { try Author.fetchCount($0) }, 0)
        XCTAssertEqual(try database.read { try Book.fetchCount($0) }, 0)
    }
}
