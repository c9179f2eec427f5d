import Folio
import XCTest

private struct Author: TableRecord, FetchableRecord, Decodable {
    var id: Int64
    var name: String
    static let books = hasMany(Book.self)
    static let publishers = hasMany(Publisher.self, through: books, using: Book.publisher)
}

private struct Book: TableRecord, FetchableRecord, Decodable {
    var id: Int64
    var title: String
    static let author = belongsTo(Author.self)
    static let publisher = belongsTo(Publisher.self)
}

private struct Publisher: TableRecord, FetchableRecord, Decodable {
    var id: Int64
    var name: String
}

private struct AuthorInfo: FetchableRecord, Decodable {
    var author: Author
    var books: [Book]
}

private struct Failure: Error, Equatable { }

/// The `…WhenConnected` derivations of associations: the closures run when
/// the request that uses the association is prepared, for joins,
/// prefetches and aggregates.
final class AssociationWhenConnectedTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
                CREATE TABLE publisher (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (
                    id INTEGER PRIMARY KEY,
                    authorId INTEGER REFERENCES author(id),
                    publisherId INTEGER REFERENCES publisher(id),
                    title TEXT NOT NULL,
                    year INTEGER NOT NULL);
                CREATE TABLE setting (name TEXT PRIMARY KEY, value);
                INSERT INTO author VALUES (1, 'Gabriel García Márquez', 'Colombia'), (2, 'Italo Calvino', 'Italy');
                INSERT INTO publisher VALUES (1, 'Sudamericana'), (2, 'Einaudi');
                INSERT INTO book VALUES
                    (1, 1, 1, 'Cien años de soledad', 1967),
                    (2, 1, 1, 'El amor en los tiempos del cólera', 1985),
                    (3, 2, 2, 'Il barone rampante', 1957);
                INSERT INTO setting VALUES ('minimumYear', 1960);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    /// A filter on books that reads its bound in the database.
    private static let recentBooks = Author.books.filterWhenConnected { db in
        Column("year") >= (try Int.fetchOne(db, sql: "SELECT value FROM setting WHERE name = 'minimumYear'"))
    }

    func testIncludingAllWithFilterWhenConnected() throws {
        try makeLibrary().read { db in
            let request = Author.including(all: Self.recentBooks.order(Column("year").desc)).order(Column("id"))
            let infos = try AuthorInfo.fetchAll(db, request)
            XCTAssertEqual(infos.map(\.author.name), ["Gabriel García Márquez", "Italo Calvino"])
            XCTAssertEqual(infos.map { $0.books.map(\.id) }, [[2, 1], []])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE ("year" >= ?) AND ("authorId" IN (?, ?)) ORDER BY "year" DESC"#)
        }
    }

    func testIncludingAllClosureRunsEachTimeTheRequestIsPrepared() throws {
        let dbQueue = try makeLibrary()
        let calls = Counter()
        let books = Author.books.filterWhenConnected { _ in
            calls.increment()
            return Column("year") < 1980
        }
        let request = Author.including(all: books).order(Column("id"))
        XCTAssertEqual(calls.count, 0)
        try dbQueue.read { db in
            XCTAssertEqual(try AuthorInfo.fetchAll(db, request).map { $0.books.map(\.id) }, [[1], [3]])
            XCTAssertEqual(calls.count, 1)
            _ = try AuthorInfo.fetchAll(db, request)
            XCTAssertEqual(calls.count, 2)
        }
    }

    func testJoiningWithFilterWhenConnected() throws {
        try makeLibrary().read { db in
            let request = Book
                .joining(required: Book.author.filterWhenConnected { _ in Column("country") == "Italy" })
                .filter(Column("year") > 1900)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".* FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."country" = ?) WHERE "book"."year" > ?"#)
            XCTAssertEqual(try Book.fetchAll(db, request).map(\.id), [3])
            XCTAssertEqual(try request.fetchCount(db), 1)
        }
    }

    func testIncludingRequiredWithSelectAndOrderWhenConnected() throws {
        try makeLibrary().read { db in
            let author = Book.author
                .selectWhenConnected { _ in [Column("id"), Column("name")] }
                .orderWhenConnected { _ in [Column("name").desc] }
            let request = Book.including(required: author).orderWhenConnected { _ in [Column("id")] }
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "author"."id", "author"."name" FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" ORDER BY "book"."id", "author"."name" DESC"#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0.scopes["author"]?["name"] as String? }, ["Gabriel García Márquez", "Gabriel García Márquez", "Italo Calvino"])
            XCTAssertEqual(rows[0].scopes["author"]?.count, 2)
        }
    }

    func testIncludingRequiredWithAnnotatedWhenConnected() throws {
        try makeLibrary().read { db in
            let author = Book.author
                .select(Column("id"))
                .annotatedWhenConnected { _ in [Column("name").forKey("authorName")] }
            let request = Book.including(required: author).filter(key: 3)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "author"."id", "author"."name" AS "authorName" FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" WHERE "book"."id" = ?"#)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row.scopes["author"], ["id": 2, "authorName": "Italo Calvino"])
        }
    }

    func testAnnotatedWithRequiredAssociationWithSelectWhenConnected() throws {
        try makeLibrary().read { db in
            let author = Book.author.selectWhenConnected { _ in [Column("name").forKey("authorName")] }
            let request = Book.select(Column("title")).annotated(withRequired: author).order(Column("id"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book"."title", "author"."name" AS "authorName" FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" ORDER BY "book"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, request).last, ["title": "Il barone rampante", "authorName": "Italo Calvino"])
        }
    }

    func testAnnotatedWithRequiredAfterSelectWhenConnectedOfTheRequest() throws {
        try makeLibrary().read { db in
            let request = Book.all()
                .selectWhenConnected { _ in [Column("title")] }
                .annotated(withRequired: Book.author.select(Column("name").forKey("authorName")))
                .filter(key: 1)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book"."title", "author"."name" AS "authorName" FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" WHERE "book"."id" = ?"#)
        }
    }

    func testAssociationAggregateOfConnectedAssociation() throws {
        try makeLibrary().read { db in
            let request = Author
                .annotated(with: Self.recentBooks.count)
                .order(Column("id"))
                .asRequest(of: Row.self)
            XCTAssertEqual(try request.fetchAll(db).map { $0["bookCount"] as Int }, [2, 0])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount" FROM "author" "#
                    + #"LEFT JOIN "book" ON ("book"."authorId" = "author"."id") AND ("book"."year" >= ?) GROUP BY "author"."id" ORDER BY "author"."id""#)
        }
    }

    func testHavingAssociationAggregateAfterGroupWhenConnected() throws {
        try makeLibrary().read { db in
            let request = Author
                .select(Column("country"), count(Column("id")).forKey("count"))
                .groupWhenConnected { _ in [Column("country")] }
                .having(Author.books.count > 0)
                .asRequest(of: Row.self)
            let sql = try request.makePreparedRequest(db).statement.sql
            // The grouping of the request is kept.
            XCTAssertTrue(sql.contains(#"GROUP BY "author"."country" HAVING COUNT(DISTINCT "book"."id") > ?"#), sql)
            XCTAssertEqual(try request.fetchAll(db).count, 2)
        }
    }

    func testThroughAssociationWithFilterWhenConnected() throws {
        try makeLibrary().read { db in
            let publishers = Author.publishers.filterWhenConnected { _ in Column("name") == "Einaudi" }
            let request = Author.joining(required: publishers).select(Column("name"), as: String.self)
            XCTAssertEqual(try request.fetchAll(db), ["Italo Calvino"])
        }
    }

    func testMergedAssociationsKeepTheConnectedFiltersOfBoth() throws {
        try makeLibrary().read { db in
            let request = Book
                .joining(required: Book.author.filterWhenConnected { _ in Column("country") != nil })
                .joining(required: Book.author.filterWhenConnected { _ in Column("id") == 2 })
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".* FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."country" IS NOT NULL) AND ("author"."id" = ?)"#)
            XCTAssertEqual(try Book.fetchAll(db, request).map(\.id), [3])
        }
    }

    func testAssociationClosureErrorReachesFetchAll() throws {
        try makeLibrary().read { db in
            let books = Author.books.orderWhenConnected { _ -> [any SQLOrderingTerm] in throw Failure() }
            XCTAssertThrowsError(try AuthorInfo.fetchAll(db, Author.including(all: books))) { error in
                XCTAssertTrue(error is Failure, "\(error)")
            }
            let author = Book.author.selectWhenConnected { _ -> [any SQLSelectable] in throw Failure() }
            XCTAssertThrowsError(try Row.fetchAll(db, Book.including(optional: author))) { error in
                XCTAssertTrue(error is Failure, "\(error)")
            }
        }
    }
}
