import CSQLite
import Folio
import XCTest

/// FTS5.api, Database.makeTokenizer, and the tokenization of strings by
/// built-in FTS5 tokenizers.
final class FTS5TokenizerTests: FolioTestCase {
    func testAPIIsTheFTS5APIStructure() throws {
        let dbQueue = try makeDatabaseQueue()
        dbQueue.inDatabase { db in
            let api = FTS5.api(db)
            XCTAssertGreaterThanOrEqual(api.pointee.iVersion, 2)
            XCTAssertNotNil(api.pointee.xFindTokenizer)
            XCTAssertEqual(FTS5.api(db), api)
        }
    }

    func testUnicode61TokenizesHelloWorld() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let unicode61 = try db.makeTokenizer(.unicode61())
            let tokens = try unicode61.tokenize(document: "Hello World")
            XCTAssertEqual(tokens.map(\.token), ["hello", "world"])
            XCTAssertEqual(tokens.map(\.flags), [[], []])
            XCTAssertEqual(try unicode61.tokenize(query: "Jérôme, DORÉ!").map(\.token), ["jerome", "dore"])
            XCTAssertEqual(try unicode61.tokenize(query: "").map(\.token), [])
        }
    }

    func testTokenizerArgumentsAreApplied() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try db.makeTokenizer(.unicode61(diacritics: .keep)).tokenize(query: "Jérôme").map(\.token), ["jérôme"])
            XCTAssertEqual(try db.makeTokenizer(.ascii()).tokenize(query: "SQLite JÉRÔME").map(\.token), ["sqlite", "jÉrÔme"])
            XCTAssertEqual(try db.makeTokenizer(.ascii(tokenCharacters: ["-"])).tokenize(query: "jean-pierre").map(\.token), ["jean-pierre"])
            XCTAssertEqual(try db.makeTokenizer(.porter()).tokenize(document: "databases frustrated").map(\.token), ["databas", "frustrat"])
            XCTAssertEqual(try db.makeTokenizer(.porter(wrapping: .ascii())).tokenize(document: "Databases Jérôme").map(\.token), ["databas", "jérôme"])
        }
    }

    func testPorterWrappingDescribesTheWrappedTokenizer() throws {
        XCTAssertEqual(FTS5TokenizerDescriptor.porter(wrapping: nil).components, ["porter"])
        XCTAssertEqual(FTS5TokenizerDescriptor.porter(wrapping: .ascii()).components, ["porter", "ascii"])
        XCTAssertEqual(FTS5TokenizerDescriptor.porter(wrapping: .unicode61(diacritics: .keep)).components,
                       ["porter", "unicode61", "remove_diacritics", "0"])
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(virtualTable: "book", using: FTS5()) { t in
                t.tokenizer = .porter(wrapping: .ascii())
                t.column("title")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "book" USING fts5("title", tokenize='porter ascii')"#), "\(sqlQueries)")
            try db.execute(sql: "INSERT INTO book (title) VALUES ('Databases')")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book WHERE book MATCH 'database'"), 1)
        }
    }

    func testUnknownTokenizerIsAnError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.makeTokenizer(FTS5TokenizerDescriptor(components: ["missing"]))) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "no such tokenizer: missing")
            }
            XCTAssertThrowsError(try db.makeTokenizer(FTS5TokenizerDescriptor(components: []))) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
            }
        }
    }

    func testInvalidTokenizerArgumentsAreAnError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.makeTokenizer(FTS5TokenizerDescriptor(components: ["unicode61", "remove_diacritics", "9"]))) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "error in tokenizer constructor: unicode61 remove_diacritics 9")
            }
        }
    }
}
