import Folio
import XCTest

/// The semi-public forms of the association methods, which take the model
/// of an association (`_SQLAssociation`): they build the same requests as
/// the typed methods.
final class SQLAssociationTests: FolioTestCase {
    private struct Country: TableRecord, FetchableRecord, Decodable {
        var code: String
        var name: String
    }

    private struct Person: TableRecord, FetchableRecord, Decodable {
        static let country = belongsTo(Country.self)
        static let books = hasMany(Book.self, using: ForeignKey(["authorId"]))
        var id: Int64
        var name: String
    }

    private struct Book: TableRecord, FetchableRecord, Decodable {
        static let author = belongsTo(Person.self, key: "author", using: ForeignKey(["authorId"]))
        var id: Int64
        var title: String
    }

    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL, countryCode TEXT REFERENCES country(code));
                CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, authorId INTEGER NOT NULL REFERENCES person(id));
                INSERT INTO country VALUES ('RU', 'Russia');
                INSERT INTO person VALUES (1, 'Tolstoy', 'RU'), (2, 'Nobody', NULL);
                INSERT INTO book VALUES (1, 'War and Peace', 1), (2, 'Anna Karenina', 1);
                """)
        }
        return dbQueue
    }

    func testUnderscoredMethodsOfRequestsBuildTheSameSQLAsTheTypedOnes() throws {
        try makeLibrary().read { db in
            let author = Book.author._sqlAssociation
            XCTAssertEqual(try sql(db, Book.all()._including(required: author)), try sql(db, Book.including(required: Book.author)))
            XCTAssertEqual(try sql(db, Book.all()._including(optional: author)), try sql(db, Book.including(optional: Book.author)))
            XCTAssertEqual(try sql(db, Book.all()._joining(required: author)), try sql(db, Book.joining(required: Book.author)))
            XCTAssertEqual(try sql(db, Book.all()._joining(optional: author)), try sql(db, Book.joining(optional: Book.author)))

            let rows = try Row.fetchAll(db, Person.all()._including(all: Person.books._sqlAssociation).order(Column("id")))
            XCTAssertEqual(rows.count, 2)
            XCTAssertEqual(rows[0].prefetchedRows["books"]?.count, 2)
            XCTAssertEqual(rows[1].prefetchedRows["books"]?.count, 0)
        }
    }

    func testUnderscoredMethodsOfAssociationsNestAssociations() throws {
        try makeLibrary().read { db in
            let typed = Book.including(required: Book.author.including(required: Person.country))
            let semiPublic = Book.all()._including(required: Book.author._including(required: Person.country._sqlAssociation)._sqlAssociation)
            XCTAssertEqual(try sql(db, semiPublic), try sql(db, typed))
            let row = try Row.fetchOne(db, semiPublic.order(Column("id")))!
            XCTAssertEqual(row.scopes["author"]?.scopes["country"]?["name"], "Russia")
            XCTAssertEqual(
                try sql(db, Book.all()._joining(optional: Book.author._joining(optional: Person.country._sqlAssociation)._sqlAssociation)),
                try sql(db, Book.joining(optional: Book.author.joining(optional: Person.country))))
        }
    }

    func testUnderscoredAliasesNameTheirTables() throws {
        try makeLibrary().read { db in
            let alias = TableAlias(name: "a")
            let request = Book.all()._joining(required: Book.author._aliased(alias)._sqlAssociation)
                .filter(sql: "a.name = 'Tolstoy'")
            XCTAssertEqual(try request.fetchCount(db), 2)
            let bookAlias = TableAlias(name: "b")
            XCTAssertEqual(try sql(db, Book.all()._aliased(bookAlias)), #"SELECT "b".* FROM "book" "b""#)
            let filtered = Table<Book>("book").all()._aliased(bookAlias).filter(sql: "b.id = 1")
            XCTAssertEqual(try sql(db, filtered), #"SELECT "b".* FROM "book" "b" WHERE b.id = 1"#)
            XCTAssertEqual(try Row.fetchAll(db, filtered).count, 1)
        }
    }

    func testSQLAssociationIsRefinable() throws {
        try makeLibrary().read { db in
            var association = Book.author
            association._sqlAssociation = Book.author._sqlAssociation.with { _ in }
            XCTAssertEqual(try sql(db, Book.including(required: association)), try sql(db, Book.including(required: Book.author)))
        }
    }
}
