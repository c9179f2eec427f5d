import Folio
import XCTest

private struct Person: Decodable, FetchableRecord, TableRecord, Hashable {
    var id: Int64
    var name: String
    var countryCode: String?
    static let country = belongsTo(Country.self)
}

private struct Country: Decodable, FetchableRecord, TableRecord, Hashable {
    var code: String
    var name: String
}

private struct Book: Decodable, FetchableRecord, TableRecord, Hashable {
    var id: Int64
    var title: String
    var authorId: Int64?
    var translatorId: Int64?
    static let author = belongsTo(Person.self, key: "author", using: ForeignKey(["authorId"]))
    static let translator = belongsTo(Person.self, key: "translator", using: ForeignKey(["translatorId"]))
}

extension Person {
    fileprivate static let books = hasMany(Book.self, key: "books", using: ForeignKey(["authorId"]))
}

/// A book with its author and its optional translator, both persons.
private struct BookAuthorTranslator: Decodable, FetchableRecord {
    var book: Book
    var author: Person
    var translator: Person?

    /// The books, by id, with their author and translator.
    static let request = Book
        .including(required: Book.author)
        .including(optional: Book.translator)
        .order(Column("id"))
}

final class DecodableAssociationTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE person (
                  id INTEGER PRIMARY KEY,
                  name TEXT NOT NULL,
                  countryCode TEXT REFERENCES country(code));
                CREATE TABLE book (
                  id INTEGER PRIMARY KEY,
                  title TEXT NOT NULL,
                  authorId INTEGER REFERENCES person(id),
                  translatorId INTEGER REFERENCES person(id));
                INSERT INTO country VALUES ('FR', 'France'), ('IT', 'Italy');
                INSERT INTO person VALUES (1, 'Italo Calvino', 'IT'), (2, 'Jean Thibaudeau', 'FR'), (3, 'Anonymous', NULL);
                INSERT INTO book VALUES (1, 'Le Baron perché', 1, 2), (2, 'Il barone rampante', 1, NULL), (3, 'Untitled', 3, NULL);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    private let calvino = Person(id: 1, name: "Italo Calvino", countryCode: "IT")
    private let thibaudeau = Person(id: 2, name: "Jean Thibaudeau", countryCode: "FR")

    func testBaseRecordAndRequiredAssociatedRecord() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book     // The base record
            var author: Person // The associated record
        }
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let infos = try Book.including(required: Book.author).order(Column("id")).asRequest(of: BookInfo.self).fetchAll(db)
            XCTAssertEqual(infos.map(\.book.title), ["Le Baron perché", "Il barone rampante", "Untitled"])
            XCTAssertEqual(infos.map(\.author.name), ["Italo Calvino", "Italo Calvino", "Anonymous"])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" ORDER BY "book"."id""#)
            let info = try BookInfo.fetchOne(db, Book.including(required: Book.author).filter(key: 2))
            XCTAssertEqual(info?.book.id, 2)
            XCTAssertEqual(info?.author, calvino)
        }
    }

    func testTwoAssociatedRecordsOfTheSameType() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let request = BookAuthorTranslator.request
            let infos = try BookAuthorTranslator.fetchAll(db, request)
            XCTAssertEqual(infos.map(\.author), [calvino, calvino, Person(id: 3, name: "Anonymous", countryCode: nil)])
            XCTAssertEqual(infos.map(\.translator), [thibaudeau, nil, nil])
            // Cursors decode the same way.
            let cursor = try BookAuthorTranslator.fetchCursor(db, request)
            XCTAssertEqual(try cursor.next()?.translator, thibaudeau)
        }
    }

    func testMissingOptionalAssociationIsNil() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var translator: Person?
            var country: Country? // not included in the request
        }
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let infos = try BookInfo.fetchAll(db, Book.including(optional: Book.translator).order(Column("id")))
            XCTAssertEqual(infos.map(\.translator?.name), ["Jean Thibaudeau", nil, nil])
            XCTAssertEqual(infos.map(\.country), [nil, nil, nil])
        }
    }

    func testNonOptionalAssociatedRecordWithOnlyNullsThrows() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var translator: Person
        }
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try BookInfo.fetchAll(db, Book.including(optional: Book.translator).order(Column("id")))) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertTrue(error.description.contains(#""translator" has only NULL values"#), error.description)
            }
        }
    }

    func testFlattenedNestedAssociation() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: Person
            var country: Country?
        }
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let request = Book
                .including(required: Book.author.including(optional: Person.country))
                .order(Column("id"))
            let infos = try BookInfo.fetchAll(db, request)
            XCTAssertEqual(infos.map(\.country?.name), ["Italy", "Italy", nil])
        }
    }

    func testHierarchicalRecordWithAssociationKeysFromCodingKeys() throws {
        struct BookInfo: Decodable, FetchableRecord {
            struct PersonInfo: Decodable {
                var person: Person
                var country: Country?
            }
            var book: Book
            var authorInfo: PersonInfo
            var translatorInfo: PersonInfo?

            static func all() -> QueryInterfaceRequest<BookInfo> {
                Book
                    .including(required: Book.author
                        .forKey(CodingKeys.authorInfo)
                        .including(optional: Person.country))
                    .including(optional: Book.translator
                        .forKey(CodingKeys.translatorInfo)
                        // A distinct association value: including the
                        // same static association twice in one request
                        // gives both joins the same alias (reported).
                        .including(optional: Person.belongsTo(Country.self)))
                    .order(Column("id"))
                    .asRequest(of: BookInfo.self)
            }
        }
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let infos = try BookInfo.all().fetchAll(db)
            XCTAssertEqual(infos.map(\.authorInfo.person.name), ["Italo Calvino", "Italo Calvino", "Anonymous"])
            XCTAssertEqual(infos.map(\.authorInfo.country?.code), ["IT", "IT", nil])
            XCTAssertEqual(infos.map(\.translatorInfo?.person.name), ["Jean Thibaudeau", nil, nil])
            XCTAssertEqual(infos.map(\.translatorInfo?.country?.code), ["FR", nil, nil])
        }
    }

    func testPartialAssociatedRecord() throws {
        struct BookInfo: Decodable, FetchableRecord {
            struct PartialAuthor: Decodable {
                var name: String
            }
            var book: Book
            var author: PartialAuthor
        }
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let request = Book.including(required: Book.author.select(Column("name"))).order(Column("id"))
            let infos = try BookInfo.fetchAll(db, request)
            XCTAssertEqual(infos.map(\.author.name), ["Italo Calvino", "Italo Calvino", "Anonymous"])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "book".*, "person"."name" FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" ORDER BY "book"."id""#)
        }
    }

    func testAnnotatedColumnsOfAssociatedRecord() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var authorName: String
        }
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let request = Book
                .annotated(withRequired: Book.author.select(Column("name").forKey("authorName")))
                .order(Column("id"))
            let infos = try BookInfo.fetchAll(db, request)
            XCTAssertEqual(infos.map(\.authorName), ["Italo Calvino", "Italo Calvino", "Anonymous"])
            XCTAssertEqual(infos.map(\.book.id), [1, 2, 3])
        }
    }

    func testPrefetchedRecords() throws {
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Person
            var books: [Book]
        }
        struct AuthorSet: Decodable, FetchableRecord {
            var author: Person
            var books: Set<Book>
        }
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let request = Person.including(all: Person.books.order(Column("id"))).order(Column("id"))
            let infos = try AuthorInfo.fetchAll(db, request)
            XCTAssertEqual(infos.map(\.author.name), ["Italo Calvino", "Jean Thibaudeau", "Anonymous"])
            XCTAssertEqual(infos.map { $0.books.map(\.id) }, [[1, 2], [], [3]])
            XCTAssertEqual(try AuthorSet.fetchAll(db, request).map { $0.books.count }, [2, 0, 1])
            XCTAssertEqual(try Array(AuthorInfo.fetchCursor(db, request)).map(\.books.count), [2, 0, 1])
            XCTAssertEqual(try AuthorInfo.fetchOne(db, request)?.books.map(\.title), ["Le Baron perché", "Il barone rampante"])
        }
    }

    func testAssociationKeysAreVisibleToCustomDecoding() throws {
        struct BookInfo: Decodable, FetchableRecord {
            var keys: Set<String>
            var hasAuthor: Bool
            var translatorIsNil: Bool
            enum CodingKeys: String, CodingKey { case id, author, translator }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                keys = Set(container.allKeys.map(\.stringValue))
                hasAuthor = container.contains(.author)
                translatorIsNil = try container.decodeNil(forKey: .translator)
            }
        }
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let request = Book.including(required: Book.author).including(optional: Book.translator).filter(key: 2)
            let info = try XCTUnwrap(BookInfo.fetchOne(db, request))
            XCTAssertEqual(info.keys, ["id", "author", "translator"])
            XCTAssertTrue(info.hasAuthor)
            XCTAssertTrue(info.translatorIsNil)
        }
    }

    func testFilterByKeyOnAssociation() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let request = Book.joining(required: Book.author.filter(key: 3))
            XCTAssertEqual(try request.fetchAll(db).map(\.title), ["Untitled"])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "book".* FROM "book" JOIN "person" ON ("person"."id" = "book"."authorId") AND ("person"."id" = ?)"#)
        }
    }

    func testCursorDecodesTheAssociatedRecordsOfEachStep() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let cursor = try BookAuthorTranslator.fetchCursor(db, BookAuthorTranslator.request)
            var infos: [BookAuthorTranslator] = []
            while let info = try cursor.next() {
                infos.append(info)
            }
            XCTAssertEqual(infos.map(\.book.title), ["Le Baron perché", "Il barone rampante", "Untitled"])
            XCTAssertEqual(infos.map(\.author.name), ["Italo Calvino", "Italo Calvino", "Anonymous"])
            XCTAssertEqual(infos.map(\.translator?.name), ["Jean Thibaudeau", nil, nil])
        }
    }

    func testRowCursorScopesReadTheCurrentStep() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let rows = try Row.fetchCursor(db, Book.including(required: Book.author).order(Column("id")))
            var authors: [Person] = []
            var titles: [String] = []
            while let row = try rows.next() {
                guard let authorRow = row.scopes["author"] else { return XCTFail("missing scope") }
                XCTAssertEqual(row.scopesTree["author"]?["name"] as String?, authorRow["name"] as String?)
                authors.append(try Person(row: authorRow))
                titles.append(try Book(row: row).title)
            }
            XCTAssertEqual(authors.map(\.name), ["Italo Calvino", "Italo Calvino", "Anonymous"])
            XCTAssertEqual(titles, ["Le Baron perché", "Il barone rampante", "Untitled"])
        }
    }

    func testRecordThatDecodesKeysInAnOrderThatDependsOnTheRow() throws {
        // The decoding plan expects the keys of the previous row: this
        // record asks for them in another order every other row.
        struct Item: Decodable, FetchableRecord {
            var id: Int64
            var title: String
            var authorId: Int64?
            enum CodingKeys: String, CodingKey { case id, title, authorId }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                id = try container.decode(Int64.self, forKey: .id)
                if id % 2 == 0 {
                    authorId = try container.decodeIfPresent(Int64.self, forKey: .authorId)
                    title = try container.decode(String.self, forKey: .title)
                } else {
                    title = try container.decode(String.self, forKey: .title)
                    authorId = try container.decodeIfPresent(Int64.self, forKey: .authorId)
                }
            }
        }
        let dbQueue = try makeLibrary()
        try dbQueue.inDatabase { db in
            let items = try Item.fetchAll(db, sql: "SELECT * FROM book ORDER BY id")
            XCTAssertEqual(items.map(\.title), ["Le Baron perché", "Il barone rampante", "Untitled"])
            XCTAssertEqual(items.map(\.authorId), [1, 1, 3])
        }
    }

    func testRecordsOfOneStatementWithOtherLayoutsFindTheirAssociatedRecords() throws {
        // The decoding plan of a statement remembers where a key that feeds
        // no column finds its record, for the next rows of a cursor: a
        // cursor of the same SQL with another layout finds the records of
        // its own.
        struct Info: Decodable, FetchableRecord {
            var book: Book
            var author: Person
        }
        let dbQueue = try makeLibrary()
        let sql = """
            SELECT book.id, book.title, book.authorId, book.translatorId, a.id, a.name, a.countryCode, t.id, t.name, t.countryCode
            FROM book JOIN person a ON a.id = book.authorId LEFT JOIN person t ON t.id = book.translatorId
            ORDER BY book.id
            """
        let base = RangeRowAdapter(0..<4)
        let authorFirst = ScopeAdapter(base: base, scopes: ["author": RangeRowAdapter(4..<7)])
        // "author" is the translator's columns here, after another scope.
        let translatorAsAuthor = ScopeAdapter(base: base, scopes: [
            "aaa": RangeRowAdapter(4..<7),
            "author": RangeRowAdapter(7..<10),
        ])
        try dbQueue.read { db in
            for _ in 0..<2 {
                let authors = try Info.fetchAll(db, sql: sql, adapter: authorFirst).map(\.author.name)
                XCTAssertEqual(authors, ["Italo Calvino", "Italo Calvino", "Anonymous"])
                let cursor = try Info.fetchCursor(db, sql: sql, adapter: translatorAsAuthor)
                XCTAssertEqual(try cursor.next()?.author.name, "Jean Thibaudeau")
                // The second book has no translator: only NULL values.
                XCTAssertThrowsError(try cursor.next()) { error in
                    XCTAssertTrue(String(describing: error).contains("only NULL values"), "\(error)")
                }
                // Without the scope, Person decodes from the base row,
                // which has no name column.
                XCTAssertThrowsError(try Info.fetchAll(db, sql: sql, adapter: base))
            }
        }
    }
}
