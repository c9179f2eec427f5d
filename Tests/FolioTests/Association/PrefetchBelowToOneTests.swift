import Folio
import XCTest

private struct Country: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let capital = hasOne(City.self, using: ForeignKey(["capitalOf"])).forKey("capital")
    var code: String
}

private struct City: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let districts = hasMany(District.self)
    var id: Int64
    var capitalOf: String?
}

private struct District: Codable, FetchableRecord, PersistableRecord, Equatable {
    var id: Int64
    var cityId: Int64
    var name: String
}

private struct Author: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let books = hasMany(Book.self)
    static let country = belongsTo(Country.self)
    static let capital = hasOne(City.self, through: country, using: Country.capital)
    var id: Int64
    var name: String
    var countryCode: String?
}

private struct Book: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let author = belongsTo(Author.self)
    var id: Int64
    var authorId: Int64?
    var title: String
}

/// `including(all:)` below a to-one association (`including(optional:)`,
/// `including(required:)`, `joining(optional:)` of belongsTo, hasOne and
/// hasOne-through) prefetches the rows of each associated record.
final class PrefetchBelowToOneTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY);
                CREATE TABLE city (id INTEGER PRIMARY KEY, capitalOf TEXT REFERENCES country(code));
                CREATE TABLE district (id INTEGER PRIMARY KEY, cityId INTEGER NOT NULL REFERENCES city(id), name TEXT NOT NULL);
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, countryCode TEXT REFERENCES country(code));
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT NOT NULL);
                INSERT INTO country VALUES ('FR'), ('US');
                INSERT INTO city VALUES (1, 'FR'), (2, 'US'), (3, NULL);
                INSERT INTO district VALUES (1, 1, 'Marais'), (2, 1, 'Bastille'), (3, 2, 'Georgetown');
                INSERT INTO author VALUES (1, 'Hugo', 'FR'), (2, 'Twain', 'US'), (3, 'Anonymous', NULL);
                INSERT INTO book VALUES (1, 1, 'Les Misérables'), (2, 2, 'Tom Sawyer'), (3, 1, 'Notre-Dame'), (4, NULL, 'Beowulf');
                """)
        }
        return dbQueue
    }

    private struct AuthorWithBooks: Decodable, Equatable {
        var id: Int64
        var name: String
        var books: [Book]
    }

    private struct BookInfo: Decodable, FetchableRecord {
        var book: Book
        var author: AuthorWithBooks?
    }

    func testIncludingAllBelowIncludingOptionalBelongsTo() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let infos = try Book
                .including(optional: Book.author.including(all: Author.books.order(Column("id"))))
                .order(Column("id"))
                .asRequest(of: BookInfo.self)
                .fetchAll(db)
            XCTAssertEqual(infos.map(\.book.title), ["Les Misérables", "Tom Sawyer", "Notre-Dame", "Beowulf"])
            XCTAssertEqual(infos.map { $0.author?.name }, ["Hugo", "Twain", "Hugo", nil])
            XCTAssertEqual(infos.map { $0.author?.books.map(\.id) }, [[1, 3], [2], [1, 3], nil])
        }
    }

    func testIncludingAllBelowIncludingRequiredBelongsTo() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, Book
                .including(required: Book.author.including(all: Author.books.order(Column("id"))))
                .order(Column("id")))
            XCTAssertEqual(rows.count, 3)
            let titles: [[String]] = try rows.map { row in
                let authorRow = try XCTUnwrap(row.scopes["author"])
                return try XCTUnwrap(authorRow.prefetchedRows["books"]).map { $0["title"] }
            }
            XCTAssertEqual(titles, [["Les Misérables", "Notre-Dame"], ["Tom Sawyer"], ["Les Misérables", "Notre-Dame"]])
            // Two queries: the books with their authors, and the books of
            // the authors.
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("SELECT") }.count, 2)
        }
    }

    func testIncludingAllBelowJoiningOptionalBelongsTo() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, Book
                .joining(optional: Book.author.including(all: Author.books.order(Column("id"))))
                .order(Column("id")))
            XCTAssertEqual(rows.count, 4)
            let ids: [[Int64]?] = rows.map { row in
                row.scopes["author"]?.prefetchedRows["books"]?.map { $0["id"] }
            }
            XCTAssertEqual(ids, [[1, 3], [2], [1, 3], []])
        }
    }

    private struct CityWithDistricts: Decodable, Equatable {
        var id: Int64
        var districts: [District]
    }

    private struct CountryInfo: Decodable, FetchableRecord {
        var country: Country
        var capital: CityWithDistricts?
    }

    func testIncludingAllBelowIncludingOptionalHasOne() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO country VALUES ('IT')")
            let infos = try Country
                .including(optional: Country.capital.including(all: City.districts.order(Column("id"))))
                .order(Column("code"))
                .asRequest(of: CountryInfo.self)
                .fetchAll(db)
            XCTAssertEqual(infos.map(\.country.code), ["FR", "IT", "US"])
            XCTAssertEqual(infos.map { $0.capital?.districts.map(\.name) }, [["Marais", "Bastille"], nil, ["Georgetown"]])
        }
    }

    private struct AuthorInfo: Decodable, FetchableRecord {
        var author: Author
        var capital: CityWithDistricts?
    }

    func testIncludingAllBelowIncludingOptionalHasOneThrough() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let infos = try Author
                .including(optional: Author.capital.including(all: City.districts.order(Column("id"))))
                .order(Column("id"))
                .asRequest(of: AuthorInfo.self)
                .fetchAll(db)
            XCTAssertEqual(infos.map(\.author.name), ["Hugo", "Twain", "Anonymous"])
            XCTAssertEqual(infos.map { $0.capital?.id }, [1, 2, nil])
            XCTAssertEqual(infos.map { $0.capital?.districts.map(\.name) }, [["Marais", "Bastille"], ["Georgetown"], nil])
        }
    }

    func testIncludingAllBelowTwoLevelsOfToOne() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, Book
                .including(required: Book.author
                    .including(required: Author.country
                        .including(optional: Country.capital
                            .including(all: City.districts.order(Column("id"))))))
                .order(Column("id")))
            let names: [[String]?] = rows.map { row in
                row.scopes["author"]?.scopes["country"]?.scopes["capital"]?.prefetchedRows["districts"]?.map { $0["name"] }
            }
            XCTAssertEqual(names, [["Marais", "Bastille"], ["Georgetown"], ["Marais", "Bastille"]])
        }
    }

    private struct MissingPrefetch: Decodable, FetchableRecord {
        var book: Book
        var districts: [District]
    }

    func testMissingPrefetchedKeyThrowsRowDecodingError() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.read { db in
            XCTAssertThrowsError(try Book.including(required: Book.author).asRequest(of: MissingPrefetch.self).fetchAll(db)) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
            let row = try XCTUnwrap(Row.fetchOne(db, Book.including(required: Book.author.including(all: Author.books))))
            XCTAssertThrowsError(try row.decode([District].self, forKey: "districts")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
            XCTAssertThrowsError(try XCTUnwrap(row.scopes["author"]).decode([District].self, forKey: "districts")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
            let books: [Book] = try XCTUnwrap(row.scopes["author"]).decode(forKey: "books")
            XCTAssertEqual(books.map(\.id), [1, 3])
        }
    }
}
