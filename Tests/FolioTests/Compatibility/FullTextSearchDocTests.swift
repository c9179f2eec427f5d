import Folio
import XCTest

/// The behaviour rules of GRDB's `Documentation/FullTextSearch.md` guide
/// that the FTS tests do not already check: the tokenizers' match tables,
/// the error of a full-text search on a regular table and its joined
/// workaround, and the life of synchronization triggers.
final class FullTextSearchDocTests: FolioTestCase {
    /// Returns, for each query, whether the full-text table matches it,
    /// after indexing `content`.
    private func matches(
        _ db: Database,
        table: String,
        content: String,
        queries: [String]) throws -> [Bool]
    {
        try db.execute(sql: "DELETE FROM \(table)")
        try db.execute(sql: "INSERT INTO \(table) (body) VALUES (?)", arguments: [content])
        return try queries.map { query in
            try Bool.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(table) MATCH ?", arguments: [query])!
        }
    }

    // "FTS3 and FTS4 Tokenizers": the table of matches of simple, porter
    // and unicode61.
    func testFTS4TokenizerMatchTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(virtualTable: "simple", using: FTS4()) { t in
                t.tokenizer = .simple
                t.column("body")
            }
            try db.create(virtualTable: "porter", using: FTS4()) { t in
                t.tokenizer = .porter
                t.column("body")
            }
            try db.create(virtualTable: "unicode", using: FTS4()) { t in
                t.tokenizer = .unicode61()
                t.column("body")
            }
            try db.create(virtualTable: "unicodeKeep", using: FTS4()) { t in
                t.tokenizer = .unicode61(diacritics: .keep)
                t.column("body")
            }
            // content, query, simple, porter, unicode61
            let table: [(String, String, Bool, Bool, Bool)] = [
                ("Foo", "Foo", true, true, true),
                ("Foo", "FOO", true, true, true),
                ("Jérôme", "Jérôme", true, true, true),
                ("Jérôme", "JÉRÔME", false, false, true),
                ("Jérôme", "Jerome", false, false, true),
                ("Database", "Databases", false, true, false),
                ("Frustration", "Frustrated", false, true, false),
            ]
            for (content, query, simple, porter, unicode) in table {
                XCTAssertEqual(try matches(db, table: "simple", content: content, queries: [query]), [simple], "\(content) \(query)")
                XCTAssertEqual(try matches(db, table: "porter", content: content, queries: [query]), [porter], "\(content) \(query)")
                XCTAssertEqual(try matches(db, table: "unicode", content: content, queries: [query]), [unicode], "\(content) \(query)")
            }
            // "This behavior can be disabled": diacritics kept.
            XCTAssertEqual(try matches(db, table: "unicodeKeep", content: "Jérôme", queries: ["JÉRÔME", "Jerome"]), [true, false])
        }
    }

    // "FTS5 Tokenizers": the table of matches of ascii, unicode61, porter
    // on ascii and porter on unicode61.
    func testFTS5TokenizerMatchTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let tokenizers: [(String, FTS5TokenizerDescriptor)] = [
                ("ascii", .ascii()),
                ("unicode", .unicode61()),
                ("porterAscii", .porter(.ascii())),
                ("porterUnicode", .porter()),
            ]
            for (name, tokenizer) in tokenizers {
                try db.create(virtualTable: name, using: FTS5()) { t in
                    t.tokenizer = tokenizer
                    t.column("body")
                }
            }
            // content, query, ascii, unicode61, porter on ascii, porter on unicode61
            let table: [(String, String, [Bool])] = [
                ("Foo", "Foo", [true, true, true, true]),
                ("Foo", "FOO", [true, true, true, true]),
                ("Jérôme", "Jérôme", [true, true, true, true]),
                ("Jérôme", "JÉRÔME", [false, true, false, true]),
                ("Jérôme", "Jerome", [false, true, false, true]),
                ("Database", "Databases", [false, false, true, true]),
                ("Frustration", "Frustrated", [false, false, true, true]),
            ]
            for (content, query, expected) in table {
                let found = try tokenizers.map { name, _ in
                    try matches(db, table: name, content: content, queries: ["\"\(query)\""])[0]
                }
                XCTAssertEqual(found, expected, "\(content) \(query)")
            }
        }
    }

    // "SQLite will throw an error when you try to perform a full-text
    // search on a regular table"; "The solution is to perform a joined
    // request, using raw SQL". The synchronized table indexes the
    // content already present.
    func testMatchingARegularTableFailsAndTheJoinWorks() throws {
        struct Book: TableRecord, FetchableRecord, Decodable {
            var id: Int64
            var title: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text)
            }
            try db.execute(sql: "INSERT INTO book (title) VALUES ('Moby-Dick'), ('Walden')")
            try db.create(virtualTable: "book_ft", using: FTS4()) { t in
                t.synchronize(withTable: "book")
                t.column("title")
            }
            let pattern = FTS3Pattern(matchingAllTokensIn: "moby")
            XCTAssertThrowsError(try Book.matching(pattern).fetchAll(db)) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.resultCode, .SQLITE_ERROR)
                // The guide quotes an older SQLite: "unable to use function
                // MATCH in the requested context". Recent SQLite versions
                // do not see the name of a regular table as a column.
                XCTAssertTrue(
                    ["unable to use function MATCH in the requested context", "no such column: book"].contains(error?.message ?? ""),
                    "\(String(describing: error))")
                XCTAssertEqual(error?.sql, #"SELECT * FROM "book" WHERE "book" MATCH ?"#)
            }
            let sql = """
                SELECT book.*
                FROM book
                JOIN book_ft
                    ON book_ft.rowid = book.rowid
                    AND book_ft MATCH ?
                """
            XCTAssertEqual(try Book.fetchAll(db, sql: sql, arguments: [pattern]).map(\.title), ["Moby-Dick"])
            try db.execute(sql: "UPDATE book SET title = 'Moby Dick' WHERE id = 1")
            XCTAssertEqual(try Book.fetchAll(db, sql: sql, arguments: [FTS3Pattern(matchingAllTokensIn: "dick")]).map(\.title), ["Moby Dick"])
        }
    }

    // "Deleting Synchronized Full-Text Tables": the triggers remain after
    // the full-text table is dropped, and "prevent future insertion,
    // updates, and deletions in the content table, and the creation of a
    // new full-text table"; dropping them lets both work again.
    func testSynchronizationTriggersOutliveTheFullTextTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text)
            }
            try db.create(virtualTable: "book_ft", using: FTS5()) { t in
                t.synchronize(withTable: "book")
                t.column("title")
            }
            try db.drop(table: "book_ft")
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO book (title) VALUES ('Walden')"))
            XCTAssertThrowsError(try db.create(virtualTable: "book_ft", using: FTS5()) { t in
                t.synchronize(withTable: "book")
                t.column("title")
            })
            try db.dropFTS5SynchronizationTriggers(forTable: "book_ft")
            try db.execute(sql: "INSERT INTO book (title) VALUES ('Walden')")
            try db.create(virtualTable: "book_ft", using: FTS5()) { t in
                t.synchronize(withTable: "book")
                t.column("title")
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT rowid FROM book_ft WHERE book_ft MATCH 'walden'"), 1)
            // Dropping triggers that do not exist is harmless.
            try db.dropFTS4SynchronizationTriggers(forTable: "book")
        }
    }
}
