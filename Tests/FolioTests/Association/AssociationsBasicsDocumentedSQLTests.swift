import Folio
import XCTest

/// The SQL of samples of GRDB's AssociationsBasics.md that no other test
/// asserts: `annotated(withRequired:)` and `annotated(withOptional:)` with
/// two columns of the author, and the chained `joining`/`including` and
/// `HasOneThrough` requests that skip the intermediate table.
final class AssociationsBasicsDocumentedSQLTests: FolioTestCase {
    private struct Author: Codable, FetchableRecord, TableRecord {
        var id: Int64
        var name: String
        var country: String
        enum Columns {
            static let name = Column(CodingKeys.name)
            static let country = Column(CodingKeys.country)
        }
    }

    private struct Book: Codable, FetchableRecord, TableRecord {
        static let author = belongsTo(Author.self)
        var id: Int64
        var authorId: Int64?
        var title: String
    }

    private struct Country: Codable, FetchableRecord, TableRecord {
        var code: String
        var name: String
    }

    private struct Person: Codable, FetchableRecord, TableRecord {
        static let country = belongsTo(Country.self)
        var id: Int64
        var countryCode: String?
    }

    private struct PersonBook: Codable, FetchableRecord, TableRecord {
        static let databaseTableName = "book"
        static let author = belongsTo(Person.self, key: "author")
        static let country = hasOne(Country.self, through: author, using: Person.country)
        var id: Int64
        var authorId: Int64?
    }

    private struct BookInfo: Decodable, FetchableRecord {
        var book: PersonBook
        var country: Country?
    }

    func testAnnotatedWithRequiredAndOptionalAssociatedColumns() throws {
        struct BookAuthorInfo: Decodable, FetchableRecord {
            var book: Book
            var name: String?
            var country: String?
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT NOT NULL);
                INSERT INTO author VALUES (1, 'Herman Melville', 'US');
                INSERT INTO book VALUES (1, 1, 'Moby-Dick'), (2, NULL, 'Beowulf');
                """)
            // SELECT book.*, author.name, author.country
            // FROM book
            // JOIN author ON author.id = book.authorId
            let required = Book.annotated(withRequired: Book.author.select { [$0.name, $0.country] })
            let requiredInfos = try required.asRequest(of: BookAuthorInfo.self).fetchAll(db)
            XCTAssertEqual(lastSQLQuery, """
                SELECT "book".*, "author"."name", "author"."country" FROM "book" \
                JOIN "author" ON "author"."id" = "book"."authorId"
                """)
            XCTAssertEqual(requiredInfos.map(\.book.title), ["Moby-Dick"])
            XCTAssertEqual(requiredInfos.map(\.country), ["US"])

            // SELECT book.*, author.name, author.country
            // FROM book
            // LEFT JOIN author ON author.id = book.authorId
            let optional = Book.annotated(withOptional: Book.author.select { [$0.name, $0.country] })
            let optionalInfos = try optional.asRequest(of: BookAuthorInfo.self).fetchAll(db)
            XCTAssertEqual(lastSQLQuery, """
                SELECT "book".*, "author"."name", "author"."country" FROM "book" \
                LEFT JOIN "author" ON "author"."id" = "book"."authorId"
                """)
            XCTAssertEqual(optionalInfos.map(\.name), ["Herman Melville", nil])
        }
    }

    func testRequestsThatSkipTheIntermediateTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE person (id INTEGER PRIMARY KEY, countryCode TEXT REFERENCES country(code));
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES person(id));
                INSERT INTO country VALUES ('US', 'United States of America');
                INSERT INTO person VALUES (1, 'US'), (2, NULL);
                INSERT INTO book VALUES (1, 1), (2, 2), (3, NULL);
                """)
            let expectedSQL = """
                SELECT "book".*, "country".* FROM "book" \
                LEFT JOIN "person" ON "person"."id" = "book"."authorId" \
                LEFT JOIN "country" ON "country"."code" = "person"."countryCode"
                """

            // SELECT book.*, country.*
            // FROM book
            // LEFT JOIN person ON person.id = book.authorId
            // LEFT JOIN country ON country.code = person.countryCode
            let chained = PersonBook
                .joining(optional: PersonBook.author
                    .including(optional: Person.country))
            let chainedInfos: [BookInfo] = try BookInfo.fetchAll(db, chained)
            XCTAssertEqual(lastSQLQuery, expectedSQL)
            XCTAssertEqual(chainedInfos.map(\.country?.code), ["US", nil, nil])

            // The same SQL, through the HasOneThrough association.
            let through = PersonBook.including(optional: PersonBook.country)
            let throughInfos: [BookInfo] = try BookInfo.fetchAll(db, through)
            XCTAssertEqual(lastSQLQuery, expectedSQL)
            XCTAssertEqual(throughInfos.map(\.country?.name), ["United States of America", nil, nil])
        }
    }
}
