import Folio
import XCTest

private struct Author: Decodable, FetchableRecord, TableRecord, Equatable {
    static let books = hasMany(Book.self)
    var id: Int64
    var name: String
}

private struct Book: Decodable, FetchableRecord, TableRecord, Equatable {
    var id: Int64
    var authorId: Int64?
    var title: String
}

private struct AuthorInfo: Decodable, FetchableRecord {
    var author: Author
    var books: [Book]
}

/// The prefetched rows of `including(all:)` join the group of their parent
/// in the order of the prefetch query, whether the rows of one parent come
/// in runs or interleaved with the rows of other parents.
final class PrefetchGroupingTests: FolioTestCase {
    private func makeLibrary(books: String) throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT NOT NULL);
                INSERT INTO author VALUES (1, 'A'), (2, 'B'), (3, 'C'), (4, 'D');
                \(books)
                """)
        }
        return dbQueue
    }

    func testPrefetchedRowsInterleavedByParentJoinTheirParentInQueryOrder() throws {
        let dbQueue = try makeLibrary(books: """
            INSERT INTO book VALUES (1, 1, 'a1'), (2, 2, 'b1'), (3, 1, 'a2'), (4, 3, 'c1'), (5, 2, 'b2'), (6, 1, 'a3');
            """)
        try dbQueue.read { db in
            let infos = try Author
                .including(all: Author.books.order(Column("id")))
                .order(Column("id"))
                .asRequest(of: AuthorInfo.self)
                .fetchAll(db)
            XCTAssertEqual(infos.map(\.author.name), ["A", "B", "C", "D"])
            XCTAssertEqual(infos.map { $0.books.map(\.title) }, [["a1", "a2", "a3"], ["b1", "b2"], ["c1"], []])
        }
    }

    func testPrefetchedRowsInRunsAndAgainLaterJoinTheirParentInQueryOrder() throws {
        // Runs of one parent, then the same parent again after another one.
        let dbQueue = try makeLibrary(books: """
            INSERT INTO book VALUES (1, 1, 'a1'), (2, 1, 'a2'), (3, 2, 'b1'), (4, 2, 'b2'), (5, 1, 'a3'), (6, 3, 'c1'), (7, 3, 'c2');
            """)
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, Author.including(all: Author.books.order(Column("id"))).order(Column("id")))
            let titles: [[String]] = try rows.map { row in
                try XCTUnwrap(row.prefetchedRows["books"]).map { $0["title"] }
            }
            XCTAssertEqual(titles, [["a1", "a2", "a3"], ["b1", "b2"], ["c1", "c2"], []])
        }
    }

    func testPrefetchedRowsOrderedAgainstTheKeyKeepTheRequestOrderInEachGroup() throws {
        let dbQueue = try makeLibrary(books: """
            INSERT INTO book VALUES (1, 1, 'z'), (2, 2, 'y'), (3, 1, 'x'), (4, 2, 'w'), (5, 1, 'v');
            """)
        try dbQueue.read { db in
            let infos = try Author
                .including(all: Author.books.order(Column("title").desc))
                .order(Column("id"))
                .asRequest(of: AuthorInfo.self)
                .fetchAll(db)
            XCTAssertEqual(infos.map { $0.books.map(\.title) }, [["z", "x", "v"], ["y", "w"], [], []])
        }
    }

    func testPrefetchedRowsWithRealKeysJoinTheirParentWithIntegerKey() throws {
        // SQLite compares 1 and 1.0 equal: so does the grouping.
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId REAL, title TEXT NOT NULL);
                INSERT INTO author VALUES (1, 'A'), (2, 'B');
                INSERT INTO book VALUES (1, 1.0, 'a1'), (2, 2.0, 'b1'), (3, 1.0, 'a2');
                """)
        }
        try dbQueue.read { db in
            let books = Author.hasMany(Table("book"), key: "books", using: ForeignKey(["authorId"]))
            let rows = try Row.fetchAll(db, Author.including(all: books.order(Column("id"))).order(Column("id")))
            let titles: [[String]] = try rows.map { row in
                try XCTUnwrap(row.prefetchedRows["books"]).map { $0["title"] }
            }
            XCTAssertEqual(titles, [["a1", "a2"], ["b1"]])
        }
    }
}
