import Folio
import XCTest

private struct Country: Codable, FetchableRecord, PersistableRecord {
    var code: String
    var name: String
    static let authors = hasMany(Author.self)
    static let books = hasMany(Book.self, through: authors, using: Author.books)
}

private struct Author: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var countryCode: String?
    var name: String
    static let books = hasMany(Book.self)
    static let country = belongsTo(Country.self)
}

private struct Book: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var authorId: Int64
    var title: String
    static let tags = hasMany(Tag.self)
    static let marks = hasMany(Mark.self)
    static let author = belongsTo(Author.self)
}

/// A table without explicit primary key.
private struct Tag: Codable, FetchableRecord, PersistableRecord {
    var bookId: Int64
    var label: String
}

/// A WITHOUT ROWID table with a compound primary key.
private struct Mark: Codable, FetchableRecord, PersistableRecord {
    var bookId: Int64
    var reader: String
    var value: Int
}

/// Association aggregates through pivots, of tables without a
/// single-column primary key, with prefetches, and of associations.
final class AssociationAggregateShapeTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE author (id INTEGER PRIMARY KEY, countryCode TEXT REFERENCES country(code), name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), title TEXT NOT NULL);
                CREATE TABLE tag (bookId INTEGER NOT NULL REFERENCES book(id), label TEXT NOT NULL);
                CREATE TABLE mark (bookId INTEGER NOT NULL REFERENCES book(id), reader TEXT NOT NULL, value INTEGER NOT NULL,
                                   PRIMARY KEY (bookId, reader)) WITHOUT ROWID;
                INSERT INTO country VALUES ('FR', 'France'), ('ES', 'Spain'), ('IT', 'Italy');
                INSERT INTO author VALUES (1, 'FR', 'Flaubert'), (2, 'FR', 'Proust'), (3, 'ES', 'Cervantes');
                INSERT INTO book VALUES (1, 1, 'Madame Bovary'), (2, 1, 'Salammbô'), (3, 2, 'Swann'), (4, 3, 'Don Quixote');
                INSERT INTO tag VALUES (1, 'novel'), (1, 'classic'), (4, 'novel');
                INSERT INTO mark VALUES (1, 'ann', 5), (1, 'bob', 3), (4, 'ann', 4);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testHasManyThrough() throws {
        try makeDatabase().read { db in
            let request = Country.annotated(with: Country.books.count).order(Column("name"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "country".*, COUNT(DISTINCT "book"."id") AS "bookCount" FROM "country" "#
                    + #"LEFT JOIN "author" ON "author"."countryCode" = "country"."code" "#
                    + #"LEFT JOIN "book" ON "book"."authorId" = "author"."id" "#
                    + #"GROUP BY "country"."code" ORDER BY "country"."name""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["name"] as String }, ["France", "Italy", "Spain"])
            XCTAssertEqual(rows.map { $0["bookCount"] as Int }, [3, 0, 1])

            let prolific = Country.having(Country.books.count >= 2)
            XCTAssertEqual(try prolific.fetchAll(db).map(\.code), ["FR"])
        }
    }

    func testThroughAndPivotAggregatesTogether() throws {
        try makeDatabase().read { db in
            let request = Country.annotated(with: Country.authors.count, Country.books.count).order(Column("name"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "country".*, COUNT(DISTINCT "author"."id") AS "authorCount", COUNT(DISTINCT "book"."id") AS "bookCount" "#
                    + #"FROM "country" LEFT JOIN "author" ON "author"."countryCode" = "country"."code" "#
                    + #"LEFT JOIN "book" ON "book"."authorId" = "author"."id" "#
                    + #"GROUP BY "country"."code" ORDER BY "country"."name""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["authorCount"] as Int }, [2, 0, 1])
            XCTAssertEqual(rows.map { $0["bookCount"] as Int }, [3, 0, 1])
        }
    }

    func testTableWithoutPrimaryKeyCountsRowIDs() throws {
        try makeDatabase().read { db in
            let request = Book.annotated(with: Book.tags.count).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "book".*, COUNT(DISTINCT "tag"."rowid") AS "tagCount" FROM "book" "#
                    + #"LEFT JOIN "tag" ON "tag"."bookId" = "book"."id" GROUP BY "book"."id" ORDER BY "book"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["tagCount"] as Int }, [2, 0, 0, 1])

            let untagged = Book.having(Book.tags.isEmpty)
            XCTAssertEqual(try untagged.fetchAll(db).map(\.id), [2, 3])
        }
    }

    func testWithoutRowIDCompoundKeyCountIsASubquery() throws {
        try makeDatabase().read { db in
            let request = Book.annotated(with: Book.marks.count, Book.marks.max(Column("value"))).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "book".*, (SELECT COUNT(*) FROM "mark" "mark1" WHERE "bookId" = "book"."id") AS "markCount", "#
                    + #"MAX("mark"."value") AS "maxMarkValue" FROM "book" LEFT JOIN "mark" ON "mark"."bookId" = "book"."id" "#
                    + #"GROUP BY "book"."id" ORDER BY "book"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["markCount"] as Int }, [2, 0, 0, 1])
            XCTAssertEqual(rows.map { $0["maxMarkValue"] as Int? }, [5, nil, nil, 4])
        }
    }

    func testOriginWithCompoundPrimaryKeyGroupsByAllColumns() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE edition (bookId INTEGER NOT NULL, year INTEGER NOT NULL, PRIMARY KEY (bookId, year));
                CREATE TABLE printing (id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL, year INTEGER NOT NULL,
                                       FOREIGN KEY (bookId, year) REFERENCES edition(bookId, year));
                INSERT INTO edition VALUES (1, 1857), (1, 1900);
                INSERT INTO printing VALUES (1, 1, 1857), (2, 1, 1857), (3, 1, 1900);
                """)
        }
        try dbQueue.read { db in
            let editions = Table("edition")
            let request = editions.annotated(with: editions.hasMany(Table("printing")).count).order(Column("year"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "edition".*, COUNT(DISTINCT "printing"."id") AS "printingCount" FROM "edition" "#
                    + #"LEFT JOIN "printing" ON ("printing"."bookId" = "edition"."bookId") AND ("printing"."year" = "edition"."year") "#
                    + #"GROUP BY "edition"."bookId", "edition"."year" ORDER BY "edition"."year""#)
            XCTAssertEqual(try request.fetchAll(db).map { $0["printingCount"] as Int }, [2, 1])
        }
    }

    func testAggregatesWithPrefetch() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var bookCount: Int
            var books: [Book]
        }
        try makeDatabase().read { db in
            let request = Author
                .annotated(with: Author.books.count)
                .including(all: Author.books.order(Column("id")))
                .order(Column("id"))
            let infos = try AuthorInfo.fetchAll(db, request)
            XCTAssertEqual(infos.map(\.bookCount), [2, 1, 1])
            XCTAssertEqual(infos.map { $0.books.map(\.id) }, [[1, 2], [3], [4]])
            XCTAssertEqual(
                sqlQueries.first { $0.contains("GROUP BY") },
                #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount" FROM "author" "#
                    + #"LEFT JOIN "book" ON "book"."authorId" = "author"."id" GROUP BY "author"."id" ORDER BY "author"."id""#)
        }
    }

    func testAggregatesOfPrefetchedAssociation() throws {
        try makeDatabase().read { db in
            // The aggregates of an association are correlated subqueries.
            let taggedBooks = Author.books.having(Book.tags.isEmpty == false).forKey("taggedBooks")
            let request = Author.including(all: taggedBooks).order(Column("id"))
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0.prefetchedRows["taggedBooks"]?.map { $0["id"] as Int64 } ?? [] }, [[1], [], [4]])
        }
    }

    func testAggregateOfJoinedAssociationWithJoinedAggregates() throws {
        try makeDatabase().read { db in
            let request = Book
                .including(required: Book.author.annotated(with: Author.books.count))
                .annotated(with: Book.tags.count)
                .order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "book".*, COUNT(DISTINCT "tag"."rowid") AS "tagCount", "author".*, "#
                    + #"(SELECT COUNT(*) FROM "book" "book1" WHERE "authorId" = "author"."id") AS "bookCount" "#
                    + #"FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" LEFT JOIN "tag" ON "tag"."bookId" = "book"."id" "#
                    + #"GROUP BY "book"."id" ORDER BY "book"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["tagCount"] as Int }, [2, 0, 0, 1])
            XCTAssertEqual(rows.map { $0.scopes["author"]?["bookCount"] as Int? }, [2, 2, 1, 1])
        }
    }
}

extension AssociationAggregateShapeTests {
    func testSumThroughPivotIsJoined() throws {
        try makeDatabase().read { db in
            // The author and book joins are one path: no book row is
            // repeated, and the sum is joined.
            let request = Country.annotated(with: Country.books.sum(Column("id")), Country.books.count).order(Column("name"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "country".*, SUM("book"."id") AS "bookIdSum", COUNT(DISTINCT "book"."id") AS "bookCount" FROM "country" "#
                    + #"LEFT JOIN "author" ON "author"."countryCode" = "country"."code" "#
                    + #"LEFT JOIN "book" ON "book"."authorId" = "author"."id" "#
                    + #"GROUP BY "country"."code" ORDER BY "country"."name""#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["bookIdSum"] as Int? }, [6, nil, 4])
        }
    }

    func testSumOfPivotRepeatedByDestinationIsASubquery() throws {
        try makeDatabase().read { db in
            // The book join repeats the author rows: the sum of authors is
            // a subquery.
            let request = Country.annotated(with: Country.authors.sum(Column("id")), Country.books.count).order(Column("name"))
            let sql = try sql(db, request)
            XCTAssertTrue(sql.contains(#"(SELECT SUM("id") FROM "author" "author1" WHERE "countryCode" = "country"."code") AS "authorIdSum""#), sql)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["authorIdSum"] as Int? }, [3, nil, 3])
        }
    }
}
