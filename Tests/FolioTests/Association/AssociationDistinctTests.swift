import Folio
import XCTest

private struct Author: TableRecord, FetchableRecord, EncodableRecord, Codable {
    var id: Int64
    var name: String
    static let books = hasMany(Book.self)
}

private struct Book: TableRecord { }

/// Distinct associations: the prefetch query returns the distinct rows of
/// each parent; joins refuse them.
final class AssociationDistinctTests: FolioTestCase {
    func testIncludingAllDistinctRowsOfEachParent() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), kind TEXT NOT NULL, year INTEGER NOT NULL);
                INSERT INTO author VALUES (1, 'Márquez'), (2, 'Calvino');
                INSERT INTO book VALUES (1, 1, 'novel', 1967), (2, 1, 'novel', 1985), (3, 1, 'novella', 1981), (4, 2, 'novel', 1957);
                """)
        }
        struct Info: Decodable, FetchableRecord {
            var author: Author
            var bookKinds: Set<String>
        }
        try dbQueue.read { db in
            let bookKinds = Author.books.select(Column("kind")).distinct().forKey("bookKinds")
            let infos = try Author.including(all: bookKinds).order(Column("id")).asRequest(of: Info.self).fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT DISTINCT "kind", "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (?, ?)"#)
            XCTAssertEqual(infos.map(\.bookKinds), [["novel", "novella"], ["novel"]])

            let author = try XCTUnwrap(Author.fetchOne(db, key: 1))
            let kinds = author.request(for: Author.books.select(Column("kind")).distinct()).asRequest(of: String.self)
            XCTAssertEqual(try kinds.fetchCount(db), 2)
            XCTAssertEqual(Set(try kinds.fetchAll(db)), ["novel", "novella"])

            assertDatabaseError(sql: nil, message: "refined with group, having or distinct can only be used with including(all:)") {
                _ = try Row.fetchAll(db, Author.joining(required: Author.books.distinct()))
            }
        }
    }
}
