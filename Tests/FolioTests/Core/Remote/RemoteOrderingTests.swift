@_spi(FolioRemote) import Folio
import Foundation
import XCTest

private struct OrderedAuthor: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
    static let databaseTableName = "author"
    static let books = hasMany(OrderedBook.self)
    var id: Int64?
    var name: String
    var country: String?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

private struct OrderedBook: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
    static let databaseTableName = "book"
    static let author = belongsTo(OrderedAuthor.self)
    var id: Int64?
    var authorId: Int64
    var title: String

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

private struct AuthorWithBooks: Decodable, FetchableRecord, Equatable {
    var author: OrderedAuthor
    var books: [OrderedBook]
}

private struct BookWithAuthor: Decodable, FetchableRecord, Equatable {
    var book: OrderedBook
    var author: OrderedAuthor
}

/// Swift collations in the ORDER BY of a statement that runs remotely: the
/// remote engine gets the SQL without them, and the rows are sorted locally
/// (`RemoteOrdering`). Each result is compared with the same request on a
/// local database.
final class RemoteOrderingTests: FolioTestCase {
    /// Compares strings by length, then by `<`: an order that no
    /// built-in collation gives.
    private let byLength = DatabaseCollation("byLength") { lhs, rhs in
        if lhs.count != rhs.count { return lhs.count < rhs.count ? .orderedAscending : .orderedDescending }
        return lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedAscending : .orderedDescending)
    }

    private let authors = ["émile zola", "Anne Carson", "bob", "Zadie Smith", "al", "ALBERT", "Émile Ajar", "Bo"]

    private func fill(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), title TEXT NOT NULL);
            """)
        for (index, name) in authors.enumerated() {
            var author = OrderedAuthor(id: nil, name: name, country: index % 2 == 0 ? "France" : nil)
            try author.insert(db)
            let authorId = try XCTUnwrap(author.id)
            for title in ["b\(index)", "A\(index)", "ab"] {
                var book = OrderedBook(id: nil, authorId: authorId, title: title)
                try book.insert(db)
            }
        }
        db.add(collation: byLength)
    }

    /// A remote connection and a local database that hold the same rows.
    private func makeDatabases() throws -> (remote: DatabaseQueue, local: DatabaseQueue, executor: SQLiteServerExecutor) {
        let server = try makeServer()
        let (remote, executor) = try makeRemoteQueue(server: server)
        try remote.inDatabase(fill)
        let local = try makeDatabaseQueue()
        try local.inDatabase(fill)
        executor.resetRequests()
        return (remote, local, executor)
    }

    /// Asserts that `fetch` gives the same result on both databases, and
    /// returns it.
    @discardableResult
    private func assertSame<T: Equatable>(
        _ databases: (remote: DatabaseQueue, local: DatabaseQueue, executor: SQLiteServerExecutor),
        file: StaticString = #filePath, line: UInt = #line,
        _ fetch: (Database) throws -> T) throws -> T
    {
        let expected = try databases.local.inDatabase(fetch)
        let actual = try databases.remote.inDatabase(fetch)
        XCTAssertEqual(actual, expected, file: file, line: line)
        return actual
    }

    func testSwiftCollationAscendingAndDescending() throws {
        let databases = try makeDatabases()
        let ascending = try assertSame(databases) { db in
            try String.fetchAll(db, sql: "SELECT name FROM author ORDER BY name COLLATE swiftLocalizedCaseInsensitiveCompare")
        }
        XCTAssertEqual(ascending.count, authors.count)
        XCTAssertNotEqual(ascending, authors.sorted(), "the Swift collation sorts differently from BINARY")
        let descending = try assertSame(databases) { db in
            try String.fetchAll(db, sql: "SELECT name FROM author ORDER BY name COLLATE swiftLocalizedCaseInsensitiveCompare DESC")
        }
        XCTAssertEqual(descending, ascending.reversed())
        // The remote engine gets the SQL without the Swift collation.
        XCTAssertEqual(databases.executor.requests.map(\.sql), [
            "SELECT name FROM author ORDER BY name ",
            "SELECT name FROM author ORDER BY name  DESC",
        ])
        // The trace shows the statement as written.
        XCTAssertTrue(sqlQueries.contains("SELECT name FROM author ORDER BY name COLLATE swiftLocalizedCaseInsensitiveCompare DESC"), "\(sqlQueries)")
    }

    func testQueryInterfaceOrderingWithACollationAddedAfterAttach() throws {
        let databases = try makeDatabases()
        let names = try assertSame(databases) { db in
            try OrderedAuthor.order(Column("name").collating(byLength).desc).fetchAll(db).map(\.name)
        }
        XCTAssertEqual(names.first, "Zadie Smith")
        XCTAssertEqual(names.last, "Bo")
        try assertSame(databases) { db in
            try OrderedAuthor.order(Column("name").collating(.localizedCaseInsensitiveCompare)).fetchAll(db)
        }
    }

    func testSeveralTermsTiesAndMixedTerms() throws {
        let databases = try makeDatabases()
        // Ties of the first term are sorted by the second, as SQLite does.
        let titles = try assertSame(databases) { db in
            try Row.fetchAll(db, sql: """
                SELECT id, title, authorId FROM book
                ORDER BY title COLLATE byLength, authorId DESC, 1
                """).map { [$0["title"] as String, String($0["authorId"] as Int64)] }
        }
        XCTAssertEqual(titles.first, ["A0", "1"])
        try assertSame(databases) { db in
            try Row.fetchAll(db, sql: """
                SELECT book.title AS t, author.name, book.id FROM book JOIN author ON author.id = book.authorId
                ORDER BY name COLLATE swiftLocalizedCaseInsensitiveCompare DESC NULLS LAST, t COLLATE NOCASE, "book"."id" ASC
                """)
        }
        try assertSame(databases) { db in
            try Row.fetchAll(db, sql: "SELECT country, name FROM author ORDER BY country COLLATE byLength, 2 COLLATE swiftLocalizedCompare")
        }
        // Arguments and several statements.
        try assertSame(databases) { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM author WHERE country IS ? ORDER BY name COLLATE byLength; -- done",
                arguments: ["France"])
        }
        try databases.remote.inDatabase { db in
            try db.execute(sql: "SELECT name FROM author WHERE id > ? ORDER BY name COLLATE byLength; SELECT 1", arguments: [0])
            let names = try String.fetchAll(db.makeStatement(sql: "SELECT name FROM author ORDER BY name COLLATE byLength"))
            XCTAssertEqual(names.first, "Bo")
        }
    }

    func testJoinedRequests() throws {
        let databases = try makeDatabases()
        let request = OrderedBook
            .including(required: OrderedBook.author.filter(Column("country") == "France"))
            .order(Column("title").collating(byLength).desc, Column("id"))
        let books = try assertSame(databases) { db in try BookWithAuthor.fetchAll(db, request) }
        XCTAssertEqual(books.count, 12)
        let byAuthorName = OrderedBook
            .including(required: OrderedBook.author.order(Column("name").collating(.localizedCaseInsensitiveCompare)))
        try assertSame(databases) { db in try BookWithAuthor.fetchAll(db, byAuthorName) }
        let annotated = OrderedAuthor
            .annotated(with: OrderedAuthor.books.count)
            .order(Column("name").collating(.localizedCaseInsensitiveCompare))
        try assertSame(databases) { db in try Row.fetchAll(db, annotated) }
    }

    func testIncludingAllParents() throws {
        let databases = try makeDatabases()
        let request = OrderedAuthor
            .including(all: OrderedAuthor.books.order(Column("title").collating(byLength), Column("id")))
            .order(Column("name").collating(.localizedCaseInsensitiveCompare).desc)
        let authors = try assertSame(databases) { db in try AuthorWithBooks.fetchAll(db, request) }
        XCTAssertEqual(authors.count, self.authors.count)
        XCTAssertEqual(authors.first?.books.map(\.title).count, 3)
    }

    func testOtherUsesOfACustomCollationThrow() throws {
        let databases = try makeDatabases()
        let refused = [
            "SELECT name FROM author WHERE name = 'bob' COLLATE byLength",
            "SELECT name FROM author GROUP BY name COLLATE byLength ORDER BY name",
            "SELECT name FROM (SELECT name FROM author ORDER BY name COLLATE byLength LIMIT 3) ORDER BY name",
            "SELECT name FROM author ORDER BY name COLLATE byLength LIMIT 2",
            "SELECT name FROM author ORDER BY name COLLATE byLength LIMIT 2 OFFSET 1",
            "SELECT id FROM author ORDER BY name COLLATE byLength",
            "SELECT name FROM author ORDER BY lower(name) COLLATE byLength",
            "SELECT name FROM author ORDER BY (name COLLATE byLength)",
            "SELECT name FROM author UNION SELECT title FROM book ORDER BY 1 COLLATE byLength",
            "SELECT author.name, book.title AS name FROM author JOIN book ON book.authorId = author.id ORDER BY name COLLATE byLength",
            "SELECT name, row_number() OVER (ORDER BY name COLLATE byLength) FROM author",
            "UPDATE author SET name = name WHERE name > 'a' COLLATE byLength",
            "SELECT swiftUppercaseString(name) AS n FROM author ORDER BY n COLLATE byLength",
            "SELECT name FROM sqlite_master ORDER BY name COLLATE byLength",
        ]
        try databases.remote.inDatabase { db in
            for sql in refused {
                XCTAssertThrowsError(try Row.fetchAll(db, sql: sql), sql) { error in
                    let error = error as? DatabaseError
                    XCTAssertEqual(error?.sql, sql)
                    let message = error?.message ?? ""
                    XCTAssertTrue(
                        message.contains("custom collation byLength can not run on a remote database")
                            || message.contains("custom SQL function swiftUppercaseString"),
                        "\(sql): \(message)")
                }
            }
            // fetchOne adds a LIMIT.
            XCTAssertThrowsError(try OrderedAuthor.order(Column("name").collating(byLength)).fetchOne(db)) { error in
                XCTAssertTrue(((error as? DatabaseError)?.message ?? "").contains("LIMIT or OFFSET"), "\(error)")
            }
        }
        XCTAssertTrue(databases.executor.requests.isEmpty, "\(databases.executor.requests.map(\.sql))")
    }

    func testTheTokenizerSkipsStringsQuotedIdentifiersAndComments() throws {
        let databases = try makeDatabases()
        // "COLLATE byLength" in a string, a comment and a quoted
        // identifier is not a collation; semicolons in strings do not end
        // the statement.
        let rows = try assertSame(databases) { db in
            try Row.fetchAll(db, sql: """
                SELECT name AS "COLLATE byLength", 'x; COLLATE byLength' AS [a;b] -- COLLATE byLength
                FROM author /* ORDER BY name COLLATE byLength LIMIT 1 */
                ORDER BY "COLLATE byLength" COLLATE byLength
                """)
        }
        XCTAssertEqual(rows.first?[0] as String?, "Bo")
        XCTAssertEqual(databases.executor.requests.count, 1)
    }
}
