import Folio
import XCTest

private struct Player: TableRecord {
    enum Columns: String, ColumnExpression {
        case id, name, score, teamId, position
    }
}

private struct Author: TableRecord {
    enum Columns: String, ColumnExpression {
        case id, name, country
    }
    static let books = hasMany(Book.self)
}

private struct Book: TableRecord {
    static let author = belongsTo(Author.self)
}

// DatabaseAccessLayerTutorial: player requests.
private extension DerivableRequest where RowDecoder == Player {
    /// A request of players ordered by name.
    func orderedByName() -> Self {
        // Sort by name in a localized case insensitive fashion
        order(Player.Columns.name.collating(.localizedCaseInsensitiveCompare))
    }

    /// A request of players ordered by score.
    func orderedByScore() -> Self {
        // Sort by descending score, and then by name, in a
        // localized case insensitive fashion
        order(
            Player.Columns.score.desc,
            Player.Columns.name.collating(.localizedCaseInsensitiveCompare))
    }
}

// GoodPracticesForDesigningRecordTypes: author and book requests.
private extension DerivableRequest where RowDecoder == Author {
    /// Returns a request for all authors ordered by name, in a localized
    /// case-insensitive fashion
    func orderByName() -> Self {
        let name = Author.Columns.name
        return order(name.collating(.localizedCaseInsensitiveCompare))
    }

    /// Returns a request for all authors from a country
    func filter(country: String) -> Self {
        filter(Author.Columns.country == country)
    }
}

private extension DerivableRequest where RowDecoder == Book {
    /// Returns a request for all books from a country
    func filter(authorCountry: String) -> Self {
        joining(required: Book.author.filter(country: authorCountry))
    }
}

/// Requests defined in extensions of `DerivableRequest`, as the seed
/// documents write them: they compose with the other request methods, and
/// apply to associations.
final class DerivableRequestTests: FolioTestCase {
    func testTutorialOrderedByName() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all().orderedByName()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare"#)
            XCTAssertEqual(try ids(db, request), [4, 1, 2, 3, 6, 5])
        }
    }

    func testTutorialOrderedByScore() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all().orderedByScore()
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" ORDER BY "score" DESC, "name" COLLATE swiftLocalizedCaseInsensitiveCompare"#)
            XCTAssertEqual(try ids(db, request), [1, 3, 5, 2, 6, 4])

            // let bestPlayer: Player? = try Player.all().orderedByScore().fetchOne(db)
            XCTAssertEqual(try Row.fetchOne(db, request)?["name"], "Arthur")
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT * FROM "player" ORDER BY "score" DESC, "name" COLLATE swiftLocalizedCaseInsensitiveCompare LIMIT 1"#)

            // Composes with other requests.
            let reds = Player.filter { $0.teamId == 1 }.orderedByName().reversed()
            XCTAssertEqual(
                try sql(db, reds),
                #"SELECT * FROM "player" WHERE "teamId" = ? ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare DESC"#)
            XCTAssertEqual(try ids(db, reds), [2, 1])
        }
    }

    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL);
                CREATE TABLE book (
                    id INTEGER PRIMARY KEY,
                    authorId INTEGER NOT NULL REFERENCES author(id) ON DELETE CASCADE,
                    title TEXT NOT NULL);
                CREATE INDEX book_authorId ON book(authorId);
                INSERT INTO author VALUES
                    (1, 'Victor Hugo', 'France'), (2, 'albert Camus', 'France'),
                    (3, 'Miguel de Cervantes', 'Spain'), (4, 'Carmen Laforet', 'Spain'), (5, 'Italo Calvino', 'Italy');
                INSERT INTO book VALUES (1, 1, 'Les Misérables'), (2, 3, 'Don Quijote'), (3, 5, 'Il barone rampante'), (4, 5, 'Le città invisibili');
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testGoodPracticesAuthorRequests() throws {
        try makeLibrary().read { db in
            let sortedAuthors = Author.all().orderByName()
            XCTAssertEqual(try sql(db, sortedAuthors), #"SELECT * FROM "author" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare"#)
            XCTAssertEqual(try ids(db, sortedAuthors), [2, 4, 5, 3, 1])

            let frenchAuthors = Author.all().filter(country: "France")
            XCTAssertEqual(try sql(db, frenchAuthors), #"SELECT * FROM "author" WHERE "country" = ?"#)
            XCTAssertEqual(try arguments(db, frenchAuthors), ["France"])
            XCTAssertEqual(try ids(db, frenchAuthors), [1, 2])

            let sortedSpanishAuthors = Author.all().filter(country: "Spain").orderByName()
            XCTAssertEqual(
                try sql(db, sortedSpanishAuthors),
                #"SELECT * FROM "author" WHERE "country" = ? ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare"#)
            XCTAssertEqual(try ids(db, sortedSpanishAuthors), [4, 3])
        }
    }

    func testGoodPracticesRequestsApplyToAssociations() throws {
        try makeLibrary().read { db in
            let italianBooks = Book.all().filter(authorCountry: "Italy")
            XCTAssertEqual(
                try sql(db, italianBooks),
                #"SELECT "book".* FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."country" = ?)"#)
            XCTAssertEqual(try ids(db, italianBooks), [3, 4])
        }
    }
}
