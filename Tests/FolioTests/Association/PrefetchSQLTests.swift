import Folio
import XCTest

private struct Author: Codable, FetchableRecord, PersistableRecord, Identifiable {
    static let books = hasMany(Book.self)
    static let awards = hasMany(Award.self, through: books, using: Book.awards)
    var id: Int64
    var name: String
}

private struct Book: Codable, FetchableRecord, PersistableRecord {
    static let awards = hasMany(Award.self)
    var id: Int64
    var authorId: Int64?
    var title: String
}

private struct Award: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var bookId: Int64
    var name: String
}

private struct AuthorInfo: Decodable, FetchableRecord {
    var author: Author
    var books: [Book]
}

/// The SQL of `including(all:)`, as GRDB writes it: the parent query
/// selects only the parent columns, and each prefetch query selects the
/// key of the parent as `grdb_<column>`, visible in the prefetched rows:
/// `SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (1, 2, 3)`.
/// Compound keys use a row value: `("a", "b") IN (VALUES (1, 2), ...)`.
final class PrefetchSQLTests: FolioTestCase {
    /// A database whose trace records the statements with their arguments,
    /// as GRDB's documentation shows them.
    private func makeLibrary(expandedSQL: SQLRecorder) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.publicStatementArguments = true
        let dbQueue = try makeDatabaseQueue(configuration: configuration)
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT NOT NULL);
                CREATE INDEX book_authorId ON book(authorId);
                CREATE TABLE award (id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id), name TEXT NOT NULL);
                INSERT INTO author VALUES (1, 'Hugo'), (2, 'Twain'), (3, 'Woolf');
                INSERT INTO book VALUES (1, 1, 'Les Misérables'), (2, 2, 'Tom Sawyer'), (3, 1, 'Notre-Dame'), (4, NULL, 'Beowulf');
                INSERT INTO award VALUES (1, 1, 'Gold'), (2, 3, 'Silver'), (3, 2, 'Bronze');
                """)
            db.trace { expandedSQL.record($0.expandedDescription) }
        }
        return dbQueue
    }

    func testIncludingAllSQL() throws {
        let expandedSQL = SQLRecorder()
        let dbQueue = try makeLibrary(expandedSQL: expandedSQL)
        try dbQueue.read { db in
            let infos = try Author
                .including(all: Author.books)
                .asRequest(of: AuthorInfo.self)
                .fetchAll(db)
            XCTAssertEqual(expandedSQL.queries.filter { $0.hasPrefix("SELECT") }, [
                #"SELECT * FROM "author""#,
                #"SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (1, 2, 3)"#,
            ])
            XCTAssertEqual(infos.map(\.author.name), ["Hugo", "Twain", "Woolf"])
            XCTAssertEqual(infos.map { $0.books.map(\.id).sorted() }, [[1, 3], [2], []])

            // The key is visible in the prefetched rows, as in GRDB.
            let row = try XCTUnwrap(Row.fetchOne(db, Author.including(all: Author.books.orderByPrimaryKey()).filter(id: 2)))
            XCTAssertEqual(row.prefetchedRows["books"], [["id": 2, "authorId": 2, "title": "Tom Sawyer", "grdb_authorId": 2]])

            // The plan searches the index of the key.
            let plan = try String.fetchAll(db, sql: #"EXPLAIN QUERY PLAN SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (1, 2, 3)"#, adapter: SuffixRowAdapter(fromIndex: 3))
            XCTAssertTrue(plan.contains { $0.hasPrefix("SEARCH book USING INDEX book_authorId") }, "\(plan)")
        }
    }

    func testIncludingAllOfASelectionWithoutTheKeySelectsTheKeyAsAHiddenColumn() throws {
        let expandedSQL = SQLRecorder()
        let dbQueue = try makeLibrary(expandedSQL: expandedSQL)
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, Author.select(Column("name")).including(all: Author.books.select(Column("title")).orderByPrimaryKey()).order(Column("id")))
            XCTAssertEqual(expandedSQL.queries.filter { $0.hasPrefix("SELECT") }, [
                #"SELECT "name", "id" AS "grdb_books_0" FROM "author" ORDER BY "id""#,
                #"SELECT "title", "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (1, 2, 3) ORDER BY "id""#,
            ])
            XCTAssertEqual(rows.map(\.count), [1, 1, 1])
            XCTAssertEqual(rows.map { $0["name"] as String }, ["Hugo", "Twain", "Woolf"])
            XCTAssertEqual(rows.map { $0.prefetchedRows["books"]?.map { $0["title"] as String } }, [["Les Misérables", "Notre-Dame"], ["Tom Sawyer"], []])
        }
    }

    func testIncludingAllThroughSQL() throws {
        let expandedSQL = SQLRecorder()
        let dbQueue = try makeLibrary(expandedSQL: expandedSQL)
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, Author.including(all: Author.awards.orderByPrimaryKey()).orderByPrimaryKey())
            XCTAssertEqual(expandedSQL.queries.filter { $0.hasPrefix("SELECT") }, [
                #"SELECT * FROM "author" ORDER BY "id""#,
                #"SELECT "award".*, "book"."authorId" AS "grdb_authorId" FROM "award" JOIN "book" ON ("book"."id" = "award"."bookId") AND ("book"."authorId" IN (1, 2, 3)) ORDER BY "award"."id""#,
            ])
            XCTAssertEqual(rows.map { $0.prefetchedRows["awards"]?.map { $0["name"] as String } }, [["Gold", "Silver"], ["Bronze"], []])
        }
    }

    func testIncludingAllOfNoParentRunsOneQuery() throws {
        let expandedSQL = SQLRecorder()
        let dbQueue = try makeLibrary(expandedSQL: expandedSQL)
        try dbQueue.read { db in
            let infos = try Author.filter(id: 42).including(all: Author.books).asRequest(of: AuthorInfo.self).fetchAll(db)
            XCTAssertTrue(infos.isEmpty)
            XCTAssertEqual(expandedSQL.queries.filter { $0.hasPrefix("SELECT") }, [#"SELECT * FROM "author" WHERE "id" = 42"#])
        }
    }
}

private struct Shelf: Codable, FetchableRecord, PersistableRecord {
    static let slots = hasMany(Slot.self)
    var room: Int64
    var number: Int64
}

private struct Slot: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var room: Int64
    var number: Int64
}

/// Prefetches through compound keys use a row value, whatever the number
/// of parents (a tree of `OR` and `AND` is too deep for SQLite above 1,000
/// keys: "Expression tree is too large").
final class PrefetchCompoundKeyTests: FolioTestCase {
    private func makeDatabase(shelfCount: Int) throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE shelf (room INTEGER NOT NULL, number INTEGER NOT NULL, PRIMARY KEY (room, number));
                CREATE TABLE slot (id INTEGER PRIMARY KEY, room INTEGER NOT NULL, number INTEGER NOT NULL,
                  FOREIGN KEY (room, number) REFERENCES shelf(room, number));
                CREATE INDEX slot_shelf ON slot(room, number);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(shelfCount))
                INSERT INTO shelf SELECT i % 7, i FROM n;
                INSERT INTO slot SELECT shelf.number * 10 + k.k, shelf.room, shelf.number FROM shelf
                JOIN (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3) k ON k.k <= shelf.number % 4;
                """)
        }
        return dbQueue
    }

    private func assertEveryShelfHasItsOwnSlots(shelfCount: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let dbQueue = try makeDatabase(shelfCount: shelfCount)
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, Shelf.including(all: Shelf.slots.orderByPrimaryKey()).order(Column("number")))
            XCTAssertEqual(rows.count, shelfCount, file: file, line: line)
            var wrongShelves = 0
            for row in rows {
                let number: Int64 = row["number"]
                let ids: [Int64] = (row.prefetchedRows["slots"] ?? []).map { $0["id"] }
                if ids != (0..<(number % 4)).map({ number * 10 + $0 + 1 }) {
                    wrongShelves += 1
                }
            }
            XCTAssertEqual(wrongShelves, 0, "shelves with wrong slots", file: file, line: line)
        }
    }

    func testCompoundKeySQL() throws {
        let dbQueue = try makeDatabase(shelfCount: 3)
        try dbQueue.read { db in
            clearSQLQueries()
            let rows = try Row.fetchAll(db, Shelf.including(all: Shelf.slots.orderByPrimaryKey()).order(Column("number")))
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("SELECT") || $0.hasPrefix("WITH") }, [
                #"SELECT * FROM "shelf" ORDER BY "number""#,
                #"WITH "grdb_keys"("room", "number") AS (VALUES (?, ?), (?, ?), (?, ?)) "#
                    + #"SELECT *, "room" AS "grdb_room", "number" AS "grdb_number" FROM "slot" WHERE ("room", "number") IN "grdb_keys" ORDER BY "id""#,
            ])
            XCTAssertEqual(rows.map { $0.prefetchedRows["slots"]?.map { $0["id"] as Int64 } }, [[11], [21, 22], [31, 32, 33]])
            let plan = try String.fetchAll(
                db,
                sql: #"EXPLAIN QUERY PLAN WITH "grdb_keys"("room", "number") AS (VALUES (1, 1), (2, 2)) "#
                    + #"SELECT *, "room" AS "grdb_room", "number" AS "grdb_number" FROM "slot" WHERE ("room", "number") IN "grdb_keys" ORDER BY "id""#,
                adapter: SuffixRowAdapter(fromIndex: 3))
            XCTAssertTrue(plan.contains { $0.contains("INDEX slot_shelf (room=? AND number=?)") }, "\(plan)")
        }
    }

    func testThousandShelves() throws {
        try assertEveryShelfHasItsOwnSlots(shelfCount: 1_000)
    }

    func testHundredThousandShelves() throws {
        try assertEveryShelfHasItsOwnSlots(shelfCount: 100_000)
    }
}
