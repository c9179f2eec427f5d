import Folio
import XCTest

private struct Author: TableRecord, FetchableRecord, Equatable {
    var id: Int64
    var name: String
    var country: String?
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
        country = try row.decode(forColumn: "country")
    }
    init(id: Int64, name: String, country: String?) {
        self.id = id; self.name = name; self.country = country
    }
    static let books = hasMany(Book.self)
    static let publishers = hasMany(Publisher.self, through: books, using: Book.publisher)
}

private struct Book: TableRecord, FetchableRecord, Equatable {
    var id: Int64
    var authorId: Int64?
    var title: String
    var pages: Int
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        authorId = try row.decode(forColumn: "authorId")
        title = try row.decode(forColumn: "title")
        pages = try row.decode(forColumn: "pages")
    }
    static let author = belongsTo(Author.self)
    static let publisher = belongsTo(Publisher.self)
}

private struct Publisher: TableRecord, FetchableRecord, Equatable {
    var id: Int64
    var name: String
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
    }
}

private extension DerivableRequest<Author> {
    func filter(country: String) -> Self {
        filter(Column("country") == country)
    }
}

private extension DerivableRequest<Book> {
    func filter(authorCountry: String) -> Self {
        joining(required: Book.author.filter(country: authorCountry))
    }
}

final class AssociationTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
                CREATE TABLE publisher (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (
                    id INTEGER PRIMARY KEY,
                    authorId INTEGER REFERENCES author(id) ON DELETE CASCADE,
                    publisherId INTEGER REFERENCES publisher(id),
                    title TEXT NOT NULL,
                    pages INTEGER NOT NULL);
                INSERT INTO author VALUES (1, 'Gabriel García Márquez', 'Colombia'), (2, 'Italo Calvino', 'Italy'), (3, 'Nobody', NULL);
                INSERT INTO publisher VALUES (1, 'Sudamericana'), (2, 'Einaudi');
                INSERT INTO book VALUES
                    (1, 1, 1, 'Cien años de soledad', 471),
                    (2, 1, 1, 'El amor en los tiempos del cólera', 348),
                    (3, 2, 2, 'Il barone rampante', 280),
                    (4, NULL, NULL, 'Anonymous', 10);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testIncludingRequiredBelongsTo() throws {
        try makeLibrary().read { db in
            let request = Book.including(required: Book.author).order(Column("id"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" ORDER BY "book"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.count, 3)
            XCTAssertEqual(Array(rows[0].columnNames), ["id", "authorId", "publisherId", "title", "pages"])
            XCTAssertEqual(rows[0].scopes.names.sorted(), ["author"])
            XCTAssertEqual(try Book(row: rows[0]).title, "Cien años de soledad")
            XCTAssertEqual(try rows[0].decode(Author.self, forKey: "author").name, "Gabriel García Márquez")
            XCTAssertEqual(try rows[2].decode(Author.self, forKey: "author").name, "Italo Calvino")
        }
    }

    func testIncludingOptionalGivesNilForMissingRecord() throws {
        try makeLibrary().read { db in
            let rows = try Row.fetchAll(db, Book.including(optional: Book.author).order(Column("id")))
            XCTAssertEqual(rows.count, 4)
            XCTAssertTrue(sqlQueries.last!.contains(#"LEFT JOIN "author" ON "author"."id" = "book"."authorId""#))
            XCTAssertNil(try rows[3].decodeIfPresent(Author.self, forKey: "author"))
            XCTAssertThrowsError(try rows[3].decode(Author.self, forKey: "author"))
            XCTAssertEqual(try rows[0].decodeIfPresent(Author.self, forKey: "author")?.id, 1)
        }
    }

    func testJoiningWithDerivableRequestExtension() throws {
        try makeLibrary().read { db in
            let request = Book.all().filter(authorCountry: "Italy")
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "book".* FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."country" = ?)"#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { try Book(row: $0).title }, ["Il barone rampante"])
            XCTAssertEqual(try request.fetchCount(db), 1)
        }
    }

    func testIncludingAllPrefetchesInOneQuery() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let request = Author.including(all: Author.books.order(Column("title"))).order(Column("id"))
            clearSQLQueries()
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("SELECT") }, [
                #"SELECT * FROM "author" ORDER BY "id""#,
                #"SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (?, ?, ?) ORDER BY "title""#,
            ])
            XCTAssertEqual(rows.map(\.count), [3, 3, 3])
            let books: [[Book]] = try rows.map { try $0.decode(forKey: "books") }
            XCTAssertEqual(books.map { $0.map(\.title) }, [
                ["Cien años de soledad", "El amor en los tiempos del cólera"],
                ["Il barone rampante"],
                [],
            ])
        }
    }

    func testPrefetchQueryCountDoesNotDependOnParentCount() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.write { db in
            for i in 10..<200 {
                try db.execute(sql: "INSERT INTO author (id, name) VALUES (?, ?)", arguments: [i, "Author \(i)"])
                try db.execute(sql: "INSERT INTO book (authorId, title, pages) VALUES (?, ?, 1)", arguments: [i, "Book \(i)"])
            }
        }
        try dbQueue.read { db in
            clearSQLQueries()
            let rows = try Row.fetchAll(db, Author.including(all: Author.books))
            XCTAssertEqual(rows.count, 193)
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("SELECT") }.count, 2)
        }
    }

    func testNestedPrefetchAndJoin() throws {
        try makeLibrary().read { db in
            let request = Author
                .including(all: Author.books.including(required: Book.publisher).order(Column("id")))
                .filter(Column("id") == 1)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            let bookRows = try XCTUnwrap(row.prefetchedRows["books"])
            XCTAssertEqual(bookRows.count, 2)
            XCTAssertEqual(try bookRows[0].decode(Publisher.self, forKey: "publisher").name, "Sudamericana")
        }
    }

    func testHasManyThrough() throws {
        try makeLibrary().read { db in
            let request = Author.including(all: Author.publishers).order(Column("id"))
            let rows = try Row.fetchAll(db, request)
            let publishers: [[Publisher]] = try rows.map { try $0.decode(forKey: "publishers") }
            XCTAssertEqual(publishers.map { $0.map(\.name) }, [["Sudamericana", "Sudamericana"], ["Einaudi"], []])
            XCTAssertTrue(sqlQueries.contains {
                $0.contains(#"FROM "publisher" JOIN "book" ON ("book"."publisherId" = "publisher"."id") AND ("book"."authorId" IN (?, ?, ?))"#)
            }, "\(sqlQueries)")

            let joined = Author.joining(required: Author.publishers.filter(Column("name") == "Einaudi"))
            XCTAssertEqual(try Row.fetchAll(db, joined).map { $0["name"] as String }, ["Italo Calvino"])
        }
    }

    func testAggregates() throws {
        try makeLibrary().read { db in
            let request = Author.annotated(with: Author.books.count, Author.books.sum(Column("pages"))).order(Column("id"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount", SUM("book"."pages") AS "bookPagesSum" FROM "author" "#
                    + #"LEFT JOIN "book" ON "book"."authorId" = "author"."id" GROUP BY "author"."id" ORDER BY "author"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["bookCount"] as Int }, [2, 1, 0])
            XCTAssertEqual(rows.map { $0["bookPagesSum"] as Int? }, [819, 280, nil])

            let havingBooks = Author.having(Author.books.isEmpty == false).order(Column("id"))
            XCTAssertEqual(try Row.fetchAll(db, havingBooks).map { try Author(row: $0).id }, [1, 2])
            let prolific = Author.having(Author.books.count >= 2)
            XCTAssertEqual(try Row.fetchAll(db, prolific).map { try Author(row: $0).id }, [1])
            let lonely = Author.having(Author.books.isEmpty)
            XCTAssertEqual(try Row.fetchAll(db, lonely).map { try Author(row: $0).id }, [3])
            let maxPages = try Row.fetchAll(db, Author.annotated(with: Author.books.max(Column("pages"))).order(Column("id")))
            XCTAssertEqual(maxPages.map { $0["maxBookPages"] as Int? }, [471, 280, nil])
        }
    }

    func testMissingAndAmbiguousForeignKeysThrowDescriptiveErrors() throws {
        struct Person: TableRecord { }
        struct Loan: TableRecord {
            static let borrower = belongsTo(Person.self)
            static let explicitBorrower = belongsTo(Person.self, using: ForeignKey(["borrowerId"]))
        }
        struct Orphan: TableRecord { static let person = belongsTo(Person.self) }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE person (id INTEGER PRIMARY KEY);
                CREATE TABLE loan (borrowerId INTEGER REFERENCES person(id), lenderId INTEGER REFERENCES person(id));
                CREATE TABLE orphan (personId INTEGER);
                """)
            XCTAssertThrowsError(try Row.fetchAll(db, Loan.including(required: Loan.borrower))) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "Ambiguous foreign key from loan to person")
            }
            XCTAssertThrowsError(try Row.fetchAll(db, Orphan.including(required: Orphan.person))) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "Could not infer foreign key from orphan to person")
            }
            XCTAssertEqual(
                try Loan.including(required: Loan.explicitBorrower).makePreparedRequest(db).statement.sql,
                #"SELECT "loan".*, "person".* FROM "loan" JOIN "person" ON "person"."id" = "loan"."borrowerId""#)
        }
    }

    func testSelfJoinUsesDistinctAliases() throws {
        struct Employee: TableRecord {
            static let manager = belongsTo(Employee.self, key: "manager")
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE employee (id INTEGER PRIMARY KEY, managerId INTEGER REFERENCES employee(id), name TEXT);
                INSERT INTO employee VALUES (1, NULL, 'Boss'), (2, 1, 'Worker');
                """)
            let request = Employee.including(optional: Employee.manager).order(Column("id"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "employee1".*, "employee2".* FROM "employee" "employee1" LEFT JOIN "employee" "employee2" ON "employee2"."id" = "employee1"."managerId" ORDER BY "employee1"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows[1].scopes["manager"]?["name"], "Boss")
        }
    }
}
