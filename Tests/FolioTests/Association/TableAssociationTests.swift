import Folio
import XCTest

private struct Author: Decodable, FetchableRecord, TableRecord {
    var id: Int64
    var name: String
    static let books = hasMany(Table("book"))
    static let bookTable = hasMany(Table<Book>("book"))
}

private struct Book: Decodable, FetchableRecord, TableRecord {
    var id: Int64
    var title: String
    var authorId: Int64?
    static let author = belongsTo(Table("author"))
}

private struct Country: Decodable, FetchableRecord, TableRecord {
    var code: String
    static let demographics = hasOne(Table("demographics"), key: "stats")
}

/// Associations of `Table` values, associations from record types to
/// `Table` values, and the requests of a `Table` that join, include and
/// aggregate them.
final class TableAssociationTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, authorId INTEGER REFERENCES author(id));
                CREATE TABLE country (code TEXT PRIMARY KEY);
                CREATE TABLE demographics (countryCode TEXT REFERENCES country(code), population INTEGER);
                CREATE TABLE library (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE shelf (id INTEGER PRIMARY KEY, libraryId INTEGER REFERENCES library(id));
                CREATE TABLE volume (id INTEGER PRIMARY KEY, shelfId INTEGER REFERENCES shelf(id));
                INSERT INTO author VALUES (1, 'Cervantes'), (2, 'Montaigne'), (3, 'Nobody');
                INSERT INTO book VALUES (1, 'Don Quixote', 1), (2, 'Novelas', 1), (3, 'Essais', 2), (4, 'Anonymous', NULL);
                INSERT INTO country VALUES ('FR'), ('US');
                INSERT INTO demographics VALUES ('FR', 67);
                INSERT INTO library VALUES (1, 'Main');
                INSERT INTO shelf VALUES (1, 1), (2, 1);
                INSERT INTO volume VALUES (1, 1), (2, 1), (3, 2);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testTableBelongsToTable() throws {
        try makeDatabase().read { db in
            let bookTable = Table("book")
            let author = bookTable.belongsTo(Table("author"))
            let request = bookTable.including(required: author).order(Column("id"))
            let rows = try request.fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" ORDER BY "book"."id""#)
            XCTAssertEqual(rows.map { $0.scopes["author"]?["name"] as String? }, ["Cervantes", "Cervantes", "Montaigne"])

            let optional = try bookTable.including(optional: author).fetchAll(db)
            XCTAssertEqual(optional.count, 4)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "book".*, "author".* FROM "book" LEFT JOIN "author" ON "author"."id" = "book"."authorId""#)
            XCTAssertEqual(try bookTable.joining(required: author.filter(Column("name") == "Montaigne")).fetchAll(db).map { $0["title"] as String }, ["Essais"])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "book".* FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."name" = ?)"#)
            XCTAssertEqual(try bookTable.joining(optional: author).fetchCount(db), 4)
        }
    }

    func testTableBelongsToRecordAndAnnotations() throws {
        try makeDatabase().read { db in
            let bookTable = Table("book")
            let author = bookTable.belongsTo(Author.self)
            let request = bookTable.annotated(withRequired: author.select(Column("name").forKey("authorName"))).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "book".*, "author"."name" AS "authorName" FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" ORDER BY "book"."id""#)
            XCTAssertEqual(try request.fetchAll(db).map { $0["authorName"] as String }, ["Cervantes", "Cervantes", "Montaigne"])
            let optional = bookTable.annotated(withOptional: author.select(Column("name").forKey("authorName"))).order(Column("id"))
            XCTAssertEqual(try optional.fetchAll(db).map { $0["authorName"] as String? }, ["Cervantes", "Cervantes", "Montaigne", nil])
        }
    }

    func testTableHasManyAndAggregates() throws {
        try makeDatabase().read { db in
            let authorTable = Table("author")
            let books = authorTable.hasMany(Table("book"))
            let request = authorTable.annotated(with: books.count).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount" FROM "author" "#
                    + #"LEFT JOIN "book" ON "book"."authorId" = "author"."id" GROUP BY "author"."id" ORDER BY "author"."id""#)
            XCTAssertEqual(try request.fetchAll(db).map { $0["bookCount"] as Int }, [2, 1, 0])

            let arrayRequest = authorTable.annotated(with: [books.count, books.max(Column("id"))]).order(Column("id"))
            XCTAssertEqual(try arrayRequest.fetchAll(db).map { $0["maxBookId"] as Int? }, [2, 3, nil])

            let prolific = authorTable.having(books.count >= 2)
            XCTAssertEqual(try prolific.fetchAll(db).map { $0["name"] as String }, ["Cervantes"])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "author".* FROM "author" LEFT JOIN "book" ON "book"."authorId" = "author"."id" "#
                    + #"GROUP BY "author"."id" HAVING COUNT(DISTINCT "book"."id") >= ?"#)

            let prefetched = try authorTable.including(all: books.order(Column("id"))).order(Column("id")).fetchAll(db)
            XCTAssertEqual(prefetched.map { $0.prefetchedRows["books"]?.map { $0["title"] as String } ?? [] }, [["Don Quixote", "Novelas"], ["Essais"], []])

            let books2 = authorTable.hasMany(Book.self, key: "works")
            let rows = try authorTable.including(all: books2).order(Column("id")).fetchAll(db)
            XCTAssertEqual(rows.map { $0.prefetchedRows["works"]?.count }, [2, 1, 0])
        }
    }

    func testTableHasOne() throws {
        try makeDatabase().read { db in
            let countryTable = Table("country")
            let demographics = countryTable.hasOne(Table("demographics"))
            let rows = try countryTable.including(optional: demographics).order(Column("code")).fetchAll(db)
            XCTAssertEqual(rows.map { $0.scopes["demographic"]?["population"] as Int? }, [67, nil])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "country".*, "demographics".* FROM "country" LEFT JOIN "demographics" ON "demographics"."countryCode" = "country"."code" ORDER BY "country"."code""#)

            let recordDemographics = Table<Country>("country").hasOne(Country.self, key: "same", using: ForeignKey(["code"], to: ["code"]))
            XCTAssertEqual(try Table<Country>("country").joining(required: recordDemographics).fetchCount(db), 2)
        }
    }

    func testTableThroughAssociations() throws {
        try makeDatabase().read { db in
            let libraryTable = Table("library")
            let shelves = libraryTable.hasMany(Table("shelf"))
            let volumes = Table("shelf").hasMany(Table("volume"))
            let libraryVolumes = libraryTable.hasMany(Row.self, through: shelves, using: volumes)
            let row = try libraryTable.annotated(with: libraryVolumes.count).fetchOne(db)
            XCTAssertEqual(row?["volumeCount"], 3)

            let shelfLibrary = Table("shelf").belongsTo(libraryTable)
            let volumeShelf = Table("volume").belongsTo(Table("shelf"))
            let volumeLibrary = Table("volume").hasOne(Row.self, through: volumeShelf, using: shelfLibrary, key: "home")
            let rows = try Table("volume").including(required: volumeLibrary).order(Column("id")).fetchAll(db)
            XCTAssertEqual(rows.map { $0.scopes["shelf"]?.scopes["home"]?["name"] as String? }, ["Main", "Main", "Main"])
        }
    }

    func testRecordAssociationsToTables() throws {
        try makeDatabase().read { db in
            let request = Book.including(required: Book.author).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" ORDER BY "book"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0.scopes["author"]?["name"] as String? }, ["Cervantes", "Cervantes", "Montaigne"])

            let counts = try Row.fetchAll(db, Author.annotated(with: Author.books.count).order(Column("id")))
            XCTAssertEqual(counts.map { $0["bookCount"] as Int }, [2, 1, 0])
            XCTAssertEqual(try Author.having(Author.bookTable.isEmpty).fetchAll(db).map(\.name), ["Nobody"])

            let demographics = try Row.fetchAll(db, Country.including(optional: Country.demographics).order(Column("code")))
            XCTAssertEqual(demographics.map { $0.scopes["stats"]?["population"] as Int? }, [67, nil])
        }
    }

    func testAssociationErrors() throws {
        try makeDatabase().read { db in
            // No foreign key from author to library.
            let bad = Table("author").belongsTo(Table("library"))
            XCTAssertThrowsError(try Table("author").including(required: bad).fetchAll(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertTrue(error.message?.contains("author") == true && error.message?.contains("library") == true, "\(error)")
            }
            // Unknown destination table.
            let missing = Table("book").belongsTo(Table("missing"))
            XCTAssertThrowsError(try Table("book").including(required: missing).fetchAll(db)) { error in
                XCTAssertTrue("\(error)".contains("missing"), "\(error)")
            }
        }
    }
}
