import Folio
import Foundation
import XCTest

// The samples of Documentation/FullTextSearch.md.

enum FullTextSearchGuide {
    // BEGIN GUIDE CODE record
    struct Document: Codable, FetchableRecord, PersistableRecord {
        var title: String
        var body: String
    }
    // END GUIDE CODE record

    struct Book: Codable, FetchableRecord, PersistableRecord {
        var id: Int64?
        var title: String
        var summary: String?
    }
}

/// Runs the samples of Documentation/FullTextSearch.md.
final class FullTextSearchGuideTests: FolioTestCase {
    typealias Document = FullTextSearchGuide.Document
    typealias Book = FullTextSearchGuide.Book

    func testFTS5() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            // BEGIN GUIDE CODE createFTS5
            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = .porter()    // "searching" matches "search"
                t.column("title")
                t.column("body")
            }
            // END GUIDE CODE createFTS5
            try Document(title: "SQLite", body: "A small, fast, self-contained database engine.").insert(db)
            try Document(title: "Full-text search", body: "Searching documents by their words, with SQLite.").insert(db)
            try Document(title: "Swift", body: "A programming language.").insert(db)

            let searchText = "search sqlit"
            // BEGIN GUIDE CODE matching
            let pattern = FTS5Pattern(matchingAllPrefixesIn: searchText)
            let documents = try Document
                .matching(pattern)
                .order(Column.rank)
                .fetchAll(db)
            // END GUIDE CODE matching
            XCTAssertEqual(documents.map(\.title), ["Full-text search"])
            XCTAssertEqual(try Document.matching(FTS5Pattern(matchingAnyTokenIn: "")).fetchCount(db), 0)
            // Stemming: "searching" matches "search".
            XCTAssertEqual(try Document.matching(FTS5Pattern(matchingAllTokensIn: "search")).fetchCount(db), 1)

            // BEGIN GUIDE CODE rawSQL
            let titles = try String.fetchAll(db, sql: """
                SELECT title FROM document WHERE document MATCH ? ORDER BY rank
                """, arguments: [FTS5Pattern(matchingPhrase: "full-text search")])
            // END GUIDE CODE rawSQL
            XCTAssertEqual(titles, ["Full-text search"])

            XCTAssertThrowsError(try db.makeFTS5Pattern(rawPattern: "title: AND", forTable: "document")) { error in
                XCTAssertTrue(error is DatabaseError, "\(error)")
            }
            XCTAssertThrowsError(try db.makeFTS5Pattern(rawPattern: "author: sqlite", forTable: "document")) { error in
                XCTAssertTrue(error is DatabaseError, "\(error)")
            }
            let handWritten = try db.makeFTS5Pattern(rawPattern: "title: sqlite NOT body: postgres", forTable: "document")
            XCTAssertEqual(try Document.matching(handWritten).fetchCount(db), 1)
        }
    }

    func testPatterns() throws {
        // BEGIN GUIDE CODE patterns
        let any = FTS5Pattern(matchingAnyTokenIn: "sqlite database")         // sqlite OR database
        let all = FTS5Pattern(matchingAllTokensIn: "sqlite database")         // sqlite database
        let prefixes = FTS5Pattern(matchingAllPrefixesIn: "sql datab")        // sql* datab*
        let phrase = FTS5Pattern(matchingPhrase: "sqlite database")           // "sqlite database"
        let prefixPhrase = FTS5Pattern(matchingPrefixPhrase: "sqlite datab")  // ^"sqlite datab": at the start of a column
        // END GUIDE CODE patterns
        let patterns = [any, all, prefixes, phrase, prefixPhrase]
        XCTAssertEqual(patterns.map { $0?.rawPattern }, [
            "sqlite OR database",
            "sqlite database",
            "sql* datab*",
            "\"sqlite database\"",
            "^\"sqlite datab\"",
        ])
        XCTAssertNil(FTS5Pattern(matchingAnyTokenIn: ""))
        XCTAssertNil(FTS5Pattern(matchingAnyTokenIn: "*\"()"))
    }

    func testSynchronizedTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            // BEGIN GUIDE CODE synchronize
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
                t.column("summary", .text)
            }
            try db.create(virtualTable: "book_ft", using: FTS5()) { t in
                t.synchronize(withTable: "book")
                t.tokenizer = .unicode61()    // "elan" matches "élan"
                t.column("title")
                t.column("summary")
            }
            // END GUIDE CODE synchronize
            try Book(id: 1, title: "Dune", summary: "A desert planet, and the spice that everyone wants.").insert(db)
            try Book(id: 2, title: "Solaris", summary: "An ocean planet that thinks.").insert(db)
            try Book(id: 3, title: "L'élan vital", summary: nil).insert(db)

            // BEGIN GUIDE CODE searchSynchronized
            let pattern = FTS5Pattern(matchingAllTokensIn: "desert planet")
            let books = try Book.fetchAll(db, sql: """
                SELECT book.*
                FROM book
                JOIN book_ft ON book_ft.rowid = book.id AND book_ft MATCH ?
                ORDER BY book_ft.rank
                """, arguments: [pattern])
            // END GUIDE CODE searchSynchronized
            XCTAssertEqual(books.map(\.title), ["Dune"])

            func search(_ text: String) throws -> [Int64] {
                try Int64.fetchAll(db, sql: "SELECT rowid FROM book_ft WHERE book_ft MATCH ? ORDER BY rowid",
                                   arguments: [FTS5Pattern(matchingAllTokensIn: text)])
            }
            XCTAssertEqual(try search("planet"), [1, 2])
            XCTAssertEqual(try search("elan"), [3])
            // The triggers follow updates and deletes.
            try db.execute(sql: "UPDATE book SET summary = 'A sea that thinks.' WHERE id = 2")
            XCTAssertEqual(try search("planet"), [1])
            try db.execute(sql: "DELETE FROM book WHERE id = 1")
            XCTAssertEqual(try search("planet"), [])
            try db.dropFTS5SynchronizationTriggers(forTable: "book_ft")
            try db.drop(table: "book_ft")
        }
    }

    func testFTS4() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            // BEGIN GUIDE CODE fts4
            try db.create(virtualTable: "note", using: FTS4()) { t in
                t.tokenizer = .unicode61()
                t.column("content")
            }
            try db.execute(sql: "INSERT INTO note (content) VALUES (?)", arguments: ["Buy bread and milk"])
            let notes = try Row.fetchAll(db, sql: "SELECT * FROM note WHERE note MATCH ?",
                                         arguments: [FTS3Pattern(matchingAllTokensIn: "milk bread")])
            // END GUIDE CODE fts4
            XCTAssertEqual(notes.count, 1)
        }
    }

    func testGuideShowsTestedCode() throws {
        try assertGuideShowsTestedCode(
            guide: "Documentation/FullTextSearch.md",
            testFile: #filePath,
            names: ["createFTS5", "record", "patterns", "matching", "rawSQL", "synchronize", "searchSynchronized", "fts4"])
    }
}
