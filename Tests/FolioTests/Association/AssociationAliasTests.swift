import Folio
import XCTest

/// One association value joined at several places of a request gets one
/// table name per place.
final class AssociationAliasTests: FolioTestCase {
    private struct Country: TableRecord, FetchableRecord, Decodable {
        var code: String
        var name: String
    }

    private struct Person: TableRecord, FetchableRecord, Decodable {
        static let country = belongsTo(Country.self)
        var id: Int64
        var name: String
    }

    private struct Book: TableRecord, FetchableRecord, Decodable {
        static let author = belongsTo(Person.self, key: "author", using: ForeignKey(["authorId"]))
        static let translator = belongsTo(Person.self, key: "translator", using: ForeignKey(["translatorId"]))
        static let authorCountry = hasOne(Country.self, through: author, using: Person.country, key: "authorCountry")
        var id: Int64
        var title: String
    }

    private struct BookInfo: FetchableRecord, Decodable {
        struct PersonInfo: Decodable {
            var name: String
            var country: Country
        }
        var book: Book
        var author: PersonInfo
        var translator: PersonInfo?
    }

    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL, countryCode TEXT REFERENCES country(code));
                CREATE TABLE book (
                  id INTEGER PRIMARY KEY,
                  title TEXT NOT NULL,
                  authorId INTEGER NOT NULL REFERENCES person(id),
                  translatorId INTEGER REFERENCES person(id));
                INSERT INTO country VALUES ('RU', 'Russia'), ('FR', 'France');
                INSERT INTO person VALUES (1, 'Tolstoy', 'RU'), (2, 'Bienstock', 'FR');
                INSERT INTO book VALUES (1, 'War and Peace', 1, 2), (2, 'Anna Karenina', 1, NULL);
                """)
        }
        return dbQueue
    }

    func testSameAssociationUnderTwoParentsGetsTwoNames() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Book
                .including(required: Book.author.including(required: Person.country))
                .including(optional: Book.translator.including(optional: Person.country))
                .order(Column("id"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "person1".*, "country1".*, "person2".*, "country2".* FROM "book" "#
                    + #"JOIN "person" "person1" ON "person1"."id" = "book"."authorId" "#
                    + #"JOIN "country" "country1" ON "country1"."code" = "person1"."countryCode" "#
                    + #"LEFT JOIN "person" "person2" ON "person2"."id" = "book"."translatorId" "#
                    + #"LEFT JOIN "country" "country2" ON "country2"."code" = "person2"."countryCode" "#
                    + #"ORDER BY "book"."id""#)
            let infos = try request.asRequest(of: BookInfo.self).fetchAll(db)
            XCTAssertEqual(infos.map(\.book.title), ["War and Peace", "Anna Karenina"])
            XCTAssertEqual(infos.map(\.author.country.name), ["Russia", "Russia"])
            XCTAssertEqual(infos.map(\.translator?.country.name), ["France", nil])
        }
    }

    func testFiltersAndOrderingsOfAReusedAssociationUseTheirOwnPlace() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let french = Person.country.filter { $0.code == "FR" }.order(Column("name"))
            let request = Book
                .joining(required: Book.author.joining(optional: french))
                .joining(required: Book.translator.joining(required: french))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".* FROM "book" "#
                    + #"JOIN "person" "person1" ON "person1"."id" = "book"."authorId" "#
                    + #"LEFT JOIN "country" "country1" ON ("country1"."code" = "person1"."countryCode") AND ("country1"."code" = ?) "#
                    + #"JOIN "person" "person2" ON "person2"."id" = "book"."translatorId" "#
                    + #"JOIN "country" "country2" ON ("country2"."code" = "person2"."countryCode") AND ("country2"."code" = ?) "#
                    + #"ORDER BY "country1"."name", "country2"."name""#)
            XCTAssertEqual(try Book.fetchAll(db, request).map(\.title), ["War and Peace"])
        }
    }

    func testThroughAssociationNextToItsPivotSharesThePivotJoin() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Book
                .including(required: Book.author)
                .including(required: Book.authorCountry)
                .filter(key: 1)
            let row = try XCTUnwrap(try Row.fetchOne(db, request))
            XCTAssertEqual(row.scopes["author"]?["name"], "Tolstoy")
            XCTAssertEqual(row.scopes["author"]?.scopes["authorCountry"]?["name"], "Russia")
            XCTAssertFalse(try request.makePreparedRequest(db).statement.sql.contains(#""person1""#))
        }
    }

    func testCombiningAssociationsOfOneTableNumbersEveryPlace() throws {
        // AssociationsBasics.md, "Combining Associations".
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Book
                .including(required: Book.author)
                .including(optional: Book.translator)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "person1".*, "person2".* FROM "book" "#
                    + #"JOIN "person" "person1" ON "person1"."id" = "book"."authorId" "#
                    + #"LEFT JOIN "person" "person2" ON "person2"."id" = "book"."translatorId""#)
            let rows = try Row.fetchAll(db, request.order(Column("id")))
            XCTAssertEqual(rows.map { $0.scopes["author"]?["name"] as String? }, ["Tolstoy", "Tolstoy"])
            XCTAssertEqual(rows.map { $0.scopes["translator"]?["name"] as String? }, ["Bienstock", nil])
        }
    }

    func testSelfJoinAliasesTheRootToo() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE employee (id INTEGER PRIMARY KEY, managerId INTEGER REFERENCES employee(id), name TEXT NOT NULL);
                INSERT INTO employee VALUES (1, NULL, 'Boss'), (2, 1, 'Worker');
                """)
            struct Employee: TableRecord {
                static let manager = belongsTo(Employee.self)
            }
            let request = Employee.including(optional: Employee.manager).order(Column("id"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "employee1".*, "employee2".* FROM "employee" "employee1" "#
                    + #"LEFT JOIN "employee" "employee2" ON "employee2"."id" = "employee1"."managerId" "#
                    + #"ORDER BY "employee1"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["name"] as String }, ["Boss", "Worker"])
            XCTAssertEqual(rows.map { $0.scopes["employee"]?["name"] as String? }, [nil, "Boss"])
        }
    }

    func testUserAliasNamedAfterATableKeepsItsName() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let alias = TableAlias<Book>(name: "person")
            let request = Book.aliased(alias).joining(required: Book.author).filter { _ in alias[Column("id")] == 1 }
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "person".* FROM "book" "person" "#
                    + #"JOIN "person" "person1" ON "person1"."id" = "person"."authorId" "#
                    + #"WHERE "person"."id" = ?"#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["title"] as String }, ["War and Peace"])
        }
    }

    func testUserAliasOfAJoinedAssociationStillRefersToItsTable() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let translatorAlias = TableAlias<Person>()
            let request = Book
                .joining(required: Book.author)
                .joining(required: Book.translator.aliased(translatorAlias))
                .filter { _ in translatorAlias.name == "Bienstock" }
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".* FROM "book" "#
                    + #"JOIN "person" "person1" ON "person1"."id" = "book"."authorId" "#
                    + #"JOIN "person" "person2" ON "person2"."id" = "book"."translatorId" "#
                    + #"WHERE "person2"."name" = ?"#)
            XCTAssertEqual(try Book.fetchAll(db, request).map(\.title), ["War and Peace"])
        }
    }
}
