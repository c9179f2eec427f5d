import Folio
import XCTest

private struct Author: TableRecord, FetchableRecord, EncodableRecord, Codable {
    var id: Int64
    var name: String
    static let books = hasMany(Book.self)
    static let publishers = hasMany(Publisher.self, through: books, using: Book.publisher)
}

private struct Book: TableRecord, FetchableRecord, Decodable {
    var id: Int64
    var kind: String
    var year: Int
    static let author = belongsTo(Author.self)
    static let publisher = belongsTo(Publisher.self)
}

private struct Publisher: TableRecord, FetchableRecord, Decodable {
    var id: Int64
    var name: String
}

private struct BookKindInfo: Decodable, FetchableRecord, Equatable {
    var kind: String
    var maxYear: Int
}

private struct AuthorInfo: Decodable, FetchableRecord {
    var author: Author
    var bookKindInfos: [BookKindInfo]
}

/// Associations refined with `group`, `having` and their connected and
/// literal variants: the prefetch query of `including(all:)` groups the
/// rows of each parent apart; `request(for:)` is grouped; joins and
/// aggregates refuse them.
final class AssociationGroupingTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE publisher (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (
                    id INTEGER PRIMARY KEY,
                    authorId INTEGER REFERENCES author(id),
                    publisherId INTEGER REFERENCES publisher(id),
                    kind TEXT NOT NULL,
                    year INTEGER NOT NULL);
                INSERT INTO author VALUES (1, 'Márquez'), (2, 'Calvino'), (3, 'Nobody');
                INSERT INTO publisher VALUES (1, 'Sudamericana'), (2, 'Einaudi');
                INSERT INTO book VALUES
                    (1, 1, 1, 'novel', 1967),
                    (2, 1, 1, 'novel', 1985),
                    (3, 1, 2, 'novella', 1981),
                    (4, 2, 2, 'novel', 1957),
                    (5, 2, 2, 'novel', 1959),
                    (6, 2, 2, 'tales', 1956);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    private static let bookKindInfos = Author.books
        .select(Column("kind"), max(Column("year")).forKey("maxYear"))
        .order(Column("kind"))
        .forKey("bookKindInfos")

    func testIncludingAllGroupsTheRowsOfEachParent() throws {
        try makeLibrary().read { db in
            let request = Author
                .including(all: Self.bookKindInfos.group(Column("kind")))
                .order(Column("id"))
                .asRequest(of: AuthorInfo.self)
            let infos = try request.fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "kind", MAX("year") AS "maxYear", "authorId" AS "grdb_authorId" FROM "book" "#
                    + #"WHERE "authorId" IN (?, ?, ?) GROUP BY "kind", "authorId" ORDER BY "kind""#)
            XCTAssertEqual(infos.map(\.author.name), ["Márquez", "Calvino", "Nobody"])
            XCTAssertEqual(infos.map(\.bookKindInfos), [
                [BookKindInfo(kind: "novel", maxYear: 1985), BookKindInfo(kind: "novella", maxYear: 1981)],
                [BookKindInfo(kind: "novel", maxYear: 1959), BookKindInfo(kind: "tales", maxYear: 1956)],
                [],
            ])
        }
    }

    func testHavingFiltersTheGroups() throws {
        try makeLibrary().read { db in
            let kinds = Self.bookKindInfos
                .group(literal: "kind")
                .having(count(Column("id")) >= 2)
            let infos = try Author.including(all: kinds).order(Column("id")).asRequest(of: AuthorInfo.self).fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "kind", MAX("year") AS "maxYear", "authorId" AS "grdb_authorId" FROM "book" "#
                    + #"WHERE "authorId" IN (?, ?, ?) GROUP BY kind, "authorId" HAVING COUNT("id") >= ? ORDER BY "kind""#)
            XCTAssertEqual(infos.map { $0.bookKindInfos.map(\.kind) }, [["novel"], ["novel"], []])
            let literal = Self.bookKindInfos.group(Column("kind")).having(literal: "MIN(year) < 1960")
            let oldKinds = try Author.including(all: literal).order(Column("id")).asRequest(of: AuthorInfo.self).fetchAll(db)
            XCTAssertEqual(oldKinds.map { $0.bookKindInfos.map(\.kind) }, [[], ["novel", "tales"], []])
        }
    }

    func testGroupWhenConnectedAndHavingWhenConnected() throws {
        try makeLibrary().read { db in
            let calls = Counter()
            let kinds = Self.bookKindInfos
                .groupWhenConnected { _ in calls.increment(); return [Column("kind")] }
                .havingWhenConnected { db in
                    max(Column("year")) > (try Int.fetchOne(db, sql: "SELECT 1980"))
                }
            let request = Author.including(all: kinds).order(Column("id")).asRequest(of: AuthorInfo.self)
            XCTAssertEqual(calls.count, 0)
            let infos = try request.fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "kind", MAX("year") AS "maxYear", "authorId" AS "grdb_authorId" FROM "book" "#
                    + #"WHERE "authorId" IN (?, ?, ?) GROUP BY "kind", "authorId" HAVING MAX("year") > ? ORDER BY "kind""#)
            XCTAssertEqual(infos.map(\.bookKindInfos), [
                [BookKindInfo(kind: "novel", maxYear: 1985), BookKindInfo(kind: "novella", maxYear: 1981)], [], [],
            ])
            XCTAssertEqual(calls.count, 1)
        }
    }

    func testGroupAfterGroupWhenConnectedWins() throws {
        try makeLibrary().read { db in
            let kinds = Self.bookKindInfos
                .groupWhenConnected { _ in [Column("year")] }
                .group(Column("kind"))
            _ = try Author.including(all: kinds).asRequest(of: AuthorInfo.self).fetchAll(db)
            XCTAssertTrue(lastSQLQuery?.contains(#"GROUP BY "kind", "authorId""#) == true, lastSQLQuery ?? "")
        }
    }

    func testGroupedThroughAssociationGroupsByTheKeyOfTheFirstStep() throws {
        try makeLibrary().read { db in
            struct PublisherCount: Decodable, Equatable {
                var name: String
                var count: Int
            }
            struct Info: Decodable, FetchableRecord {
                var author: Author
                var publisherCounts: [PublisherCount]
            }
            let publisherCounts = Author.publishers
                .select(Column("name"), count(Column("id")).forKey("count"))
                .group(Column("id"))
                .order(Column("name"))
                .forKey("publisherCounts")
            let infos = try Author.including(all: publisherCounts).order(Column("id")).asRequest(of: Info.self).fetchAll(db)
            XCTAssertEqual(infos.map(\.publisherCounts), [
                [PublisherCount(name: "Einaudi", count: 1), PublisherCount(name: "Sudamericana", count: 2)],
                [PublisherCount(name: "Einaudi", count: 3)],
                [],
            ])
        }
    }

    func testRequestForGroupedAssociation() throws {
        try makeLibrary().read { db in
            let author = try XCTUnwrap(Author.fetchOne(db, key: 1))
            let request = author.request(for: Self.bookKindInfos.group(Column("kind"))).asRequest(of: BookKindInfo.self)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "kind", MAX("year") AS "maxYear" FROM "book" WHERE "authorId" = ? GROUP BY "kind" ORDER BY "kind""#)
            XCTAssertEqual(try request.fetchAll(db), [BookKindInfo(kind: "novel", maxYear: 1985), BookKindInfo(kind: "novella", maxYear: 1981)])
            XCTAssertEqual(try request.fetchCount(db), 2)

            let connected = author.request(for: Self.bookKindInfos.groupWhenConnected { _ in [Column("kind")] })
            XCTAssertEqual(try connected.fetchCount(db), 2)
        }
    }

    func testJoiningGroupedAssociationFails() throws {
        try makeLibrary().read { db in
            let message = "an association to book refined with group, having or distinct can only be used with including(all:)"
            assertDatabaseError(sql: nil, message: message) {
                _ = try Row.fetchAll(db, Author.joining(required: Author.books.group(Column("kind"))))
            }
            assertDatabaseError(sql: nil, message: message) {
                _ = try Row.fetchAll(db, Author.including(optional: Author.books.having(literal: "COUNT(*) > 1")))
            }
            assertDatabaseError(sql: nil, message: message) {
                _ = try Row.fetchAll(db, Author.joining(required: Author.books.groupWhenConnected { _ in [Column("kind")] }))
            }
            assertDatabaseError(sql: nil, message: message) {
                _ = try Row.fetchAll(db, Author.annotated(with: Author.books.group(Column("kind")).count))
            }
        }
    }
}
