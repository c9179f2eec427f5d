import Folio
import XCTest

private struct Author: Decodable, FetchableRecord, TableRecord, Equatable {
    static let books = hasMany(Book.self)
    var id: Int64
    var name: String
}

private struct Book: Decodable, FetchableRecord, TableRecord, Hashable {
    var id: Int64
    var authorId: Int64?
    var title: String
}

/// A book that is not a ``FetchableRecord``: it decodes with the
/// strategies of the enclosing record.
private struct PlainBook: Decodable, Equatable {
    var id: Int64
    var title: String
}

/// A record that keeps a copy of its row, as the documentation of
/// `init(row:)` says to.
private struct KeptRowBook: FetchableRecord, Decodable {
    var row: Row
    var title: String

    init(row: Row) throws {
        self.row = row.copy()
        title = try row.decode(String.self, forColumn: "title")
    }

    init(from decoder: any Decoder) throws {
        fatalError("decoded with init(row:)")
    }
}

private struct AuthorInfo: Decodable, FetchableRecord {
    var author: Author
    var books: [Book]
}

private struct AuthorBookSet: Decodable, FetchableRecord {
    var author: Author
    var books: Set<Book>
}

private struct AuthorPlainBooks: Decodable, FetchableRecord {
    var author: Author
    var books: [PlainBook]
}

private struct AuthorKeptRows: Decodable, FetchableRecord {
    var author: Author
    var books: [KeptRowBook]
}

/// The prefetched rows of `including(all:)` share one buffer of values
/// per prefetch query, and the collections of `Decodable` records decode
/// them with one reused row: the records and rows are those of rows that
/// each hold their values.
final class PrefetchedRowsDecoderTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT NOT NULL);
                INSERT INTO author VALUES (1, 'A'), (2, 'B'), (3, 'C');
                INSERT INTO book VALUES (1, 1, 'a1'), (2, 2, 'b1'), (3, 1, 'a2'), (4, 1, 'a3'), (5, 2, 'b2');
                """)
        }
        return dbQueue
    }

    private var request: QueryInterfaceRequest<Author> {
        Author.including(all: Author.books.order(Column("id"))).order(Column("id"))
    }

    func testArrayOfRecordsDecodesEachPrefetchedRow() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let infos = try request.asRequest(of: AuthorInfo.self).fetchAll(db)
            XCTAssertEqual(infos.map(\.author.name), ["A", "B", "C"])
            XCTAssertEqual(infos.map { $0.books.map(\.id) }, [[1, 3, 4], [2, 5], []])
            XCTAssertEqual(infos.map { $0.books.map(\.title) }, [["a1", "a2", "a3"], ["b1", "b2"], []])
            XCTAssertEqual(infos.map { $0.books.map(\.authorId) }, [[1, 1, 1], [2, 2], []])
        }
    }

    func testSetOfRecordsDecodesEachPrefetchedRow() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let infos = try request.asRequest(of: AuthorBookSet.self).fetchAll(db)
            XCTAssertEqual(infos.map { Set($0.books.map(\.title)) }, [["a1", "a2", "a3"], ["b1", "b2"], []])
        }
    }

    func testArrayOfPlainDecodablesDecodesEachPrefetchedRow() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let infos = try request.asRequest(of: AuthorPlainBooks.self).fetchAll(db)
            XCTAssertEqual(infos.map(\.books), [
                [PlainBook(id: 1, title: "a1"), PlainBook(id: 3, title: "a2"), PlainBook(id: 4, title: "a3")],
                [PlainBook(id: 2, title: "b1"), PlainBook(id: 5, title: "b2")],
                [],
            ])
        }
    }

    func testRecordThatKeepsACopyOfItsRowKeepsItsOwnValues() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let infos = try request.asRequest(of: AuthorKeptRows.self).fetchAll(db)
            let keptRows = infos.map { $0.books.map(\.row) }
            XCTAssertEqual(keptRows, [
                [
                    ["id": 1, "authorId": 1, "title": "a1", "grdb_authorId": 1],
                    ["id": 3, "authorId": 1, "title": "a2", "grdb_authorId": 1],
                    ["id": 4, "authorId": 1, "title": "a3", "grdb_authorId": 1],
                ],
                [
                    ["id": 2, "authorId": 2, "title": "b1", "grdb_authorId": 2],
                    ["id": 5, "authorId": 2, "title": "b2", "grdb_authorId": 2],
                ],
                [],
            ])
            XCTAssertEqual(infos.map { $0.books.map(\.title) }, [["a1", "a2", "a3"], ["b1", "b2"], []])
            // The copies hold their own values only.
            XCTAssertEqual(keptRows[0][1].count, 4)
            XCTAssertEqual(Array(keptRows[0][1].databaseValues), [3.databaseValue, 1.databaseValue, "a2".databaseValue, 1.databaseValue])
        }
    }

    func testPrefetchedRowsOfABufferAreIndependentRows() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, request)
            let bookRows = try XCTUnwrap(rows[0].prefetchedRows["books"])
            XCTAssertEqual(bookRows, [
                ["id": 1, "authorId": 1, "title": "a1", "grdb_authorId": 1],
                ["id": 3, "authorId": 1, "title": "a2", "grdb_authorId": 1],
                ["id": 4, "authorId": 1, "title": "a3", "grdb_authorId": 1],
            ])
            let second = bookRows[1]
            XCTAssertEqual(second.count, 4)
            XCTAssertEqual(Array(second.columnNames), ["id", "authorId", "title", "grdb_authorId"])
            XCTAssertEqual(second["title"] as String, "a2")
            XCTAssertEqual(second[0] as Int64, 3)
            XCTAssertEqual(second.copy(), second)
            XCTAssertEqual(second.unadapted, second)
            XCTAssertEqual(second.description, #"[id:3 authorId:1 title:"a2" grdb_authorId:1]"#)
            XCTAssertEqual(second.hashValue, (["id": 3, "authorId": 1, "title": "a2", "grdb_authorId": 1] as Row).hashValue)
            XCTAssertEqual(try Book(row: second), Book(id: 3, authorId: 1, title: "a2"))
            XCTAssertEqual(rows[1].prefetchedRows["books"]?.map { $0["title"] as String }, ["b1", "b2"])
            XCTAssertEqual(rows[2].prefetchedRows["books"], [])
        }
    }

    func testDecodingErrorOfAPrefetchedRecordNamesItsValue() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.write { db in
            // Integer notes, but for the second book of the first author.
            try db.execute(sql: """
                ALTER TABLE book ADD COLUMN note;
                UPDATE book SET note = id * 10;
                UPDATE book SET note = 'bad' WHERE id = 3;
                """)
        }
        struct Strict: Decodable, FetchableRecord {
            var id: Int64
            var note: Int64
        }
        struct Info: Decodable, FetchableRecord {
            var author: Author
            var books: [Strict]
        }
        try dbQueue.read { db in
            XCTAssertThrowsError(try request.asRequest(of: Info.self).fetchAll(db)) { error in
                let description = String(describing: error)
                // The error names the value and the row of the failing book.
                XCTAssertTrue(description.contains("\"bad\""), description)
                XCTAssertTrue(description.contains("title:\"a2\""), description)
            }
        }
    }

    func testRecordsOfEveryParentDecodeWithCustomKeysAndStrategies() throws {
        let dbQueue = try makeLibrary()
        // Coding keys that are strings (not a one-byte enum), and a column
        // decoding strategy: the plan of the prefetched rows, shared by all
        // the parents, resolves them by name.
        struct TitledBook: Decodable, FetchableRecord {
            static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.custom { column in
                StringKey(stringValue: column == "title" ? "heading" : column)!
            }
            struct StringKey: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init?(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            var id: Int64
            var heading: String

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: StringKey.self)
                id = try container.decode(Int64.self, forKey: StringKey(stringValue: "id")!)
                heading = try container.decode(String.self, forKey: StringKey(stringValue: "heading")!)
            }
        }
        struct Info: Decodable, FetchableRecord {
            var author: Author
            var books: [TitledBook]
        }
        try dbQueue.read { db in
            let infos = try request.asRequest(of: Info.self).fetchAll(db)
            XCTAssertEqual(infos.map { $0.books.map(\.id) }, [[1, 3, 4], [2, 5], []])
            XCTAssertEqual(infos.map { $0.books.map(\.heading) }, [["a1", "a2", "a3"], ["b1", "b2"], []])
        }
    }

    func testRecordsOfTwoCollectionsOfOneParentDecodeFromTheSameBuffer() throws {
        let dbQueue = try makeLibrary()
        // Two keys of the same association: two prefetch queries, two
        // buffers; and each buffer decodes an array and a set.
        struct Info: Decodable, FetchableRecord {
            var author: Author
            var books: [Book]
            var sameBooks: Set<Book>
        }
        let request = Author
            .including(all: Author.books.order(Column("id")))
            .including(all: Author.books.forKey("sameBooks"))
            .order(Column("id"))
        try dbQueue.read { db in
            let infos = try request.asRequest(of: Info.self).fetchAll(db)
            XCTAssertEqual(infos.map { $0.books.map(\.title) }, [["a1", "a2", "a3"], ["b1", "b2"], []])
            XCTAssertEqual(infos.map { Set($0.sameBooks.map(\.title)) }, [["a1", "a2", "a3"], ["b1", "b2"], []])
        }
    }

    func testPrefetchedRowsAreBuiltOnDemandAsEqualIndependentRows() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, request)
            let first = try XCTUnwrap(rows[0].prefetchedRows["books"])
            let again = try XCTUnwrap(rows[0].prefetchedRows["books"])
            XCTAssertEqual(first, again)
            XCTAssertEqual(first.map { $0["title"] as String }, ["a1", "a2", "a3"])
            // Decoding records from the buffer leaves the rows unchanged.
            let books: [Book] = try rows[0].decode(forKey: "books")
            XCTAssertEqual(books.map(\.title), ["a1", "a2", "a3"])
            XCTAssertEqual(first.map { $0["title"] as String }, ["a1", "a2", "a3"])
            // Rows compare their prefetched rows.
            let refetched = try Row.fetchAll(db, request)
            XCTAssertEqual(rows, refetched)
            XCTAssertNotEqual(rows[0], refetched[1])
            XCTAssertTrue(rows[0].debugDescription.contains("+ books: 3 rows"), rows[0].debugDescription)
            XCTAssertTrue(rows[2].debugDescription.contains("+ books: 0 rows"), rows[2].debugDescription)
        }
    }
}
