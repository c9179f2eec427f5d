import Folio
import Synchronization
import XCTest

private struct Author: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var name: String
    static let books = hasMany(Book.self)
    static let bookTags = hasMany(BookTag.self, through: books, using: Book.tags)
}

private struct Book: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var authorId: Int64
    var title: String
    var year: Int
    static let tags = hasMany(BookTag.self)
}

private struct BookTag: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "bookTag"
    var id: Int64
    var bookId: Int64
    var label: String
    var color: String
}

/// The region observed by requests that prefetch with `including(all:)`:
/// as in GRDB, it lists the columns that the prefetch queries read, not
/// whole tables.
final class PrefetchRegionTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), title TEXT NOT NULL, year INTEGER NOT NULL);
                CREATE TABLE bookTag (id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id), label TEXT NOT NULL, color TEXT NOT NULL);
                INSERT INTO author VALUES (1, 'Cervantes');
                INSERT INTO book VALUES (1, 1, 'Don Quixote', 1605);
                INSERT INTO bookTag VALUES (1, 1, 'novel', 'red');
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testRegionListsPrefetchedColumns() throws {
        try makeDatabase().read { db in
            let request = Author.including(all: Author.books)
            XCTAssertEqual(try request.databaseRegion(db).description, "author(id,name),book(authorid,id,title,year)")
        }
    }

    func testRegionOfPrefetchSelectionListsSelectedColumns() throws {
        try makeDatabase().read { db in
            let request = Author.including(all: Author.books.select(Column("title")))
            XCTAssertEqual(try request.databaseRegion(db).description, "author(id,name),book(authorid,title)")
            let filtered = Author.select(Column("name")).including(all: Author.books.select(Column("title")).filter(Column("year") > 1600))
            XCTAssertEqual(try filtered.databaseRegion(db).description, "author(id,name),book(authorid,title,year)")
        }
    }

    func testRegionOfNestedPrefetches() throws {
        try makeDatabase().read { db in
            let request = Author.including(all: Author.books.select(Column("title")).including(all: Book.tags.select(Column("label"))))
            XCTAssertEqual(
                try request.databaseRegion(db).description,
                "author(id,name),book(authorid,id,title),booktag(bookid,label)")
        }
    }

    func testRegionOfPrefetchThroughPivot() throws {
        try makeDatabase().read { db in
            let request = Author.including(all: Author.bookTags.select(Column("color")))
            XCTAssertEqual(
                try request.databaseRegion(db).description,
                "author(id,name),book(authorid,id),booktag(bookid,color)")
        }
    }

    func testRegionIsNotModifiedByColumnsNotRead() throws {
        let request = Author.including(all: Author.books.select(Column("title")))
        let region = try makeDatabase().read { try request.databaseRegion($0) }
        XCTAssertFalse(region.isModified(byEventsOfKind: .update(tableName: "book", columnNames: ["year"])))
        XCTAssertTrue(region.isModified(byEventsOfKind: .update(tableName: "book", columnNames: ["title"])))
        XCTAssertTrue(region.isModified(byEventsOfKind: .insert(tableName: "book")))
    }

    func testRegionObservationOfPrefetchingRequest() throws {
        let dbQueue = try makeDatabase()
        let request = Author.including(all: Author.books.select(Column("title")))
        let changes = Mutex(0)
        let cancellable = DatabaseRegionObservation(tracking: request).start(in: dbQueue) { error in
            XCTFail("\(error)")
        } onChange: { _ in
            changes.withLock { $0 += 1 }
        }
        // The observation is notified synchronously, after each commit.
        try dbQueue.write { db in try db.execute(sql: "UPDATE book SET year = 1606") }
        XCTAssertEqual(changes.withLock { $0 }, 0)
        try dbQueue.write { db in try db.execute(sql: "UPDATE book SET title = 'Quixote'") }
        XCTAssertEqual(changes.withLock { $0 }, 1)
        cancellable.cancel()
    }
}
