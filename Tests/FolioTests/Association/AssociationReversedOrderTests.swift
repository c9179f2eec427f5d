import Folio
import XCTest

private struct Country: TableRecord {}

private struct Person: TableRecord {
    static let country = belongsTo(Country.self)
}

private struct Book: TableRecord {
    static let author = belongsTo(Person.self, key: "author", using: ForeignKey(["authorId"]))
    static let country = hasOne(Country.self, through: author, using: Person.country)
}

/// `reversed()` reverses the orderings of the request, and those that its
/// joined associations bring, nested ones included; `annotated(with...)`
/// of a `hasOne(through:)` selects the columns of the far table.
final class AssociationReversedOrderTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL, countryCode TEXT REFERENCES country(code));
                CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, authorId INTEGER REFERENCES person(id));
                INSERT INTO country VALUES ('FR', 'France'), ('RU', 'Russia');
                INSERT INTO person VALUES (1, 'Tolstoy', 'RU'), (2, 'Hugo', 'FR'), (3, 'Anonymous', NULL);
                INSERT INTO book VALUES (1, 'War and Peace', 1), (2, 'Les Misérables', 2), (3, 'Anna Karenina', 1), (4, 'Beowulf', 3);
                """)
        }
        return dbQueue
    }

    func testReversedReversesTheOrderingsOfJoinedAssociations() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Book
                .including(required: Book.author
                    .order(Column("name"))
                    .including(optional: Person.country.order(Column("name"))))
                .order(Column("title"))
                .reversed()
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "person".*, "country".* FROM "book" "#
                    + #"JOIN "person" ON "person"."id" = "book"."authorId" "#
                    + #"LEFT JOIN "country" ON "country"."code" = "person"."countryCode" "#
                    + #"ORDER BY "book"."title" DESC, "person"."name" DESC, "country"."name" DESC"#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["title"] as String }, ["War and Peace", "Les Misérables", "Beowulf", "Anna Karenina"])

            // Reversed twice: the original orderings.
            XCTAssertEqual(
                try request.reversed().makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "person".*, "country".* FROM "book" "#
                    + #"JOIN "person" ON "person"."id" = "book"."authorId" "#
                    + #"LEFT JOIN "country" ON "country"."code" = "person"."countryCode" "#
                    + #"ORDER BY "book"."title", "person"."name", "country"."name""#)
        }
    }

    func testAnnotatedWithRequiredHasOneThrough() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Book
                .annotated(withRequired: Book.country.select(Column("name").forKey("countryName")))
                .order(Column("id"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "country"."name" AS "countryName" FROM "book" "#
                    + #"JOIN "person" ON "person"."id" = "book"."authorId" "#
                    + #"JOIN "country" ON "country"."code" = "person"."countryCode" "#
                    + #"ORDER BY "book"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["countryName"] as String }, ["Russia", "France", "Russia"])
            XCTAssertEqual(rows.map { $0["title"] as String }, ["War and Peace", "Les Misérables", "Anna Karenina"])
        }
    }

    func testAnnotatedWithHasOneThroughNextToItsPivot() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Book
                .including(required: Book.author)
                .annotated(withRequired: Book.country.select(Column("name").forKey("countryName")))
                .order(Column("id"))
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["countryName"] as String }, ["Russia", "France", "Russia"])
            XCTAssertEqual(rows.map { $0.scopes["author"]?["name"] as String? }, ["Tolstoy", "Hugo", "Tolstoy"])

            let allColumns = try Row.fetchAll(db, Book.annotated(withOptional: Book.country).order(Column("id")))
            XCTAssertEqual(allColumns.map(\.count), [5, 5, 5, 5])
            XCTAssertEqual(allColumns.map { $0[4] as String? }, ["Russia", "France", "Russia", nil])
        }
    }

    func testAnnotatedWithOptionalHasOneThrough() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Book
                .annotated(withOptional: Book.country.select(Column("name").forKey("countryName")))
                .order(Column("id"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "country"."name" AS "countryName" FROM "book" "#
                    + #"LEFT JOIN "person" ON "person"."id" = "book"."authorId" "#
                    + #"LEFT JOIN "country" ON "country"."code" = "person"."countryCode" "#
                    + #"ORDER BY "book"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["countryName"] as String? }, ["Russia", "France", "Russia", nil])
        }
    }
}
