import Folio
import XCTest

private struct Person: TableRecord {}

private struct Book: TableRecord {
    static let author = belongsTo(Person.self, key: "author", using: ForeignKey(["authorId"]))
    static let translator = belongsTo(Person.self, key: "translator", using: ForeignKey(["translatorId"]))
}

/// Uses of one association key merge by GRDB's rules ("Refining
/// Association Requests"): including wins over joining, required over
/// optional, all filters apply, the last ordering and selection win.
final class AssociationRefinementTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
                CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL,
                  authorId INTEGER REFERENCES person(id), translatorId INTEGER REFERENCES person(id));
                INSERT INTO person VALUES (1, 'Tolstoy', 'RU'), (2, 'Hugo', 'FR'), (3, 'Bienstock', 'FR');
                INSERT INTO book VALUES (1, 'War and Peace', 1, 3), (2, 'Les Misérables', 2, NULL), (3, 'Anna Karenina', 1, NULL);
                """)
        }
        return dbQueue
    }

    func testIncludingWinsOverALaterJoiningAndKeepsItsSelectionAndOrdering() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Book
                .including(required: Book.author.select(Column("name")).order(Column("name")))
                .joining(required: Book.author)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "person"."name" FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" ORDER BY "person"."name""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0.scopes["author"]?["name"] as String? }, ["Hugo", "Tolstoy", "Tolstoy"])
        }
    }

    func testAllFiltersApplyAndTheLastOrderingWins() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Book
                .including(required: Book.author.filter(Column("country") == "RU").order(Column("name")))
                .including(optional: Book.author.filter(Column("id") > 0).order(Column("id").desc))
                .order(Column("title"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "person".* FROM "book" "#
                    + #"JOIN "person" ON ("person"."id" = "book"."authorId") AND ("person"."country" = ?) AND ("person"."id" > ?) "#
                    + #"ORDER BY "book"."title", "person"."id" DESC"#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["title"] as String }, ["Anna Karenina", "War and Peace"])
        }
    }

    func testMergedUsesOfATableJoinedTwiceKeepTheirFilters() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Book
                .joining(required: Book.author.filter(Column("country") == "RU"))
                .including(required: Book.author)
                .including(optional: Book.translator)
                .order(Column("id"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "person1".*, "person2".* FROM "book" "#
                    + #"JOIN "person" "person1" ON ("person1"."id" = "book"."authorId") AND ("person1"."country" = ?) "#
                    + #"LEFT JOIN "person" "person2" ON "person2"."id" = "book"."translatorId" "#
                    + #"ORDER BY "book"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["title"] as String }, ["War and Peace", "Anna Karenina"])
            XCTAssertEqual(rows.map { $0.scopes["translator"]?["name"] as String? }, ["Bienstock", nil])
        }
    }

    func testAnAliasOfAnEarlierUseRefersToTheMergedTable() throws {
        // AssociationsBasics.md, "Refining Association Requests".
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let authorAlias = TableAlias<Person>()
            let request = Book
                .joining(required: Book.author.filter(Column("country") == "RU"))
                .joining(optional: Book.author.aliased(authorAlias))
                .order(authorAlias[Column("name")], Column("title"))
                .including(required: Book.author)
                .including(optional: Book.translator)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["title"] as String }, ["Anna Karenina", "War and Peace"])
            XCTAssertTrue(try request.makePreparedRequest(db).statement.sql.hasSuffix(#"ORDER BY "person1"."name", "book"."title""#))
        }
    }
}
