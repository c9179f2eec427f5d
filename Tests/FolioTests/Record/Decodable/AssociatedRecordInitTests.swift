import Folio
import XCTest

private final class Author: Decodable, FetchableRecord, TableRecord {
    let id: Int64
    let name: String
    /// Set by `init(row:)`, to tell it from `init(from:)`.
    let decodedByInitRow: Bool

    enum CodingKeys: String, CodingKey { case id, name }

    required init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
        decodedByInitRow = true
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        decodedByInitRow = false
    }
}

private struct Book: Decodable, FetchableRecord, TableRecord {
    static let author = belongsTo(Author.self)
    var id: Int64
    var authorId: Int64
    var title: String
}

/// Records decoded from an associated record, from the row itself, or from
/// prefetched rows, by a `Decodable` record, are built by their own
/// `init(row:)`, whether they are structs or classes.
final class AssociatedRecordInitTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), title TEXT NOT NULL);
                INSERT INTO author VALUES (1, 'Italo Calvino'), (2, 'Umberto Eco');
                INSERT INTO book VALUES (1, 1, 'Il barone rampante'), (2, 2, 'Il nome della rosa'), (3, 1, 'Le città invisibili');
                """)
        }
        return dbQueue
    }

    func testAssociatedRecordsOfClassTypeDecodeWithTheirOwnInitRow() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: Author
        }
        try makeLibrary().read { db in
            let infos = try Book.including(required: Book.author).order(Column("id")).asRequest(of: BookInfo.self).fetchAll(db)
            XCTAssertEqual(infos.map(\.book.title), ["Il barone rampante", "Il nome della rosa", "Le città invisibili"])
            XCTAssertEqual(infos.map(\.author.name), ["Italo Calvino", "Umberto Eco", "Italo Calvino"])
            XCTAssertTrue(infos.allSatisfy(\.author.decodedByInitRow))
        }
    }

    func testBaseAndPrefetchedRecordsOfClassTypeDecodeWithTheirOwnInitRow() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var books: [Book]
        }
        struct Shelf: Decodable, FetchableRecord {
            var book: Book
            var authors: [Author]
        }
        try makeLibrary().read { db in
            let authorInfos = try Author
                .including(all: Author.hasMany(Book.self).order(Column("id")))
                .order(Column("id"))
                .asRequest(of: AuthorInfo.self)
                .fetchAll(db)
            XCTAssertEqual(authorInfos.map(\.author.name), ["Italo Calvino", "Umberto Eco"])
            XCTAssertTrue(authorInfos.allSatisfy(\.author.decodedByInitRow))
            XCTAssertEqual(authorInfos.map { $0.books.map(\.id) }, [[1, 3], [2]])

            let shelves = try Book
                .including(all: Book.hasMany(Author.self, key: "authors", using: ForeignKey(["id"], to: ["authorId"])))
                .order(Column("id"))
                .asRequest(of: Shelf.self)
                .fetchAll(db)
            XCTAssertEqual(shelves.map { $0.authors.map(\.name) }, [["Italo Calvino"], ["Umberto Eco"], ["Italo Calvino"]])
            XCTAssertTrue(shelves.allSatisfy { $0.authors.allSatisfy(\.decodedByInitRow) })
        }
    }
}
