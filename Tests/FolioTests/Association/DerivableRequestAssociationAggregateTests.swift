import Folio
import XCTest

private struct Author: Decodable, FetchableRecord, TableRecord {
    var id: Int64
    var name: String
    static let books = hasMany(Book.self)
}

private struct Book: Decodable, FetchableRecord, TableRecord {
    var id: Int64
    var title: String
    var authorId: Int64
    var year: Int
    static let author = belongsTo(Author.self)
}

/// Association aggregates on any derivable request: associations, and
/// query interface requests in generic code.
final class DerivableRequestAssociationAggregateTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, authorId INTEGER NOT NULL REFERENCES author(id), year INTEGER NOT NULL);
                INSERT INTO author VALUES (1, 'Cervantes'), (2, 'Montaigne');
                INSERT INTO book VALUES (1, 'Don Quixote', 1, 1605), (2, 'Novelas', 1, 1613), (3, 'Essais', 2, 1580);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testAnnotatedAssociation() throws {
        try makeDatabase().read { db in
            let request = Book
                .including(required: Book.author.annotated(with: Author.books.count))
                .order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "book".*, "author".*, (SELECT COUNT(*) FROM "book" "book1" WHERE "authorId" = "author"."id") AS "bookCount" "#
                    + #"FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" ORDER BY "book"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0.scopes["author"]?["bookCount"] as Int? }, [2, 2, 1])
        }
    }

    func testHavingOnAssociation() throws {
        try makeDatabase().read { db in
            let request = Book.joining(required: Book.author.having(Author.books.count >= 2)).order(Column("id"))
            XCTAssertEqual(try Book.fetchAll(db, request).map(\.title), ["Don Quixote", "Novelas"])
            XCTAssertTrue(lastSQLQuery?.contains(#"JOIN "author" ON ("author"."id" = "book"."authorId") AND ("#) == true, "\(lastSQLQuery ?? "")")
        }
    }

    func testAggregatesInGenericCode() throws {
        func annotated<R: DerivableRequest<Author>>(_ request: R) -> R {
            request.annotated(with: Author.books.count, Author.books.max(Column("year")))
        }
        func prolific<R: DerivableRequest<Author>>(_ request: R) -> R {
            request.having(Author.books.count >= 2)
        }
        try makeDatabase().read { db in
            let rows = try Row.fetchAll(db, annotated(Author.all()).order(Column("id")))
            XCTAssertEqual(rows.map { $0["bookCount"] as Int }, [2, 1])
            XCTAssertEqual(rows.map { $0["maxBookYear"] as Int }, [1613, 1580])

            XCTAssertEqual(try prolific(Author.all()).fetchAll(db).map(\.name), ["Cervantes"])
            XCTAssertTrue(lastSQLQuery?.contains(#" GROUP BY "author"."id" HAVING "#) == true, "\(lastSQLQuery ?? "")")

            // A grouped request keeps its grouping, in generic code too.
            let grouped = prolific(Author.all().group(Column("name")))
            let groupedSQL = try sql(db, grouped)
            XCTAssertTrue(groupedSQL.contains(#" GROUP BY "author"."name" HAVING "#), groupedSQL)
            XCTAssertEqual(try grouped.fetchAll(db).map(\.name), ["Cervantes"])
        }
    }

    func testTableRecordAnnotatedWithArrayOfAggregates() throws {
        try makeDatabase().read { db in
            let request = Author.annotated(with: [Author.books.count, Author.books.min(Column("year"))]).order(Column("id"))
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["bookCount"] as Int }, [2, 1])
            XCTAssertEqual(rows.map { $0["minBookYear"] as Int }, [1605, 1580])
        }
    }
}
