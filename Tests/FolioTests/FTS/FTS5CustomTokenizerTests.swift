import CSQLite
import Folio
import XCTest

/// A low-level custom tokenizer: the words of the text separated by
/// spaces, uppercased.
private final class UppercaseTokenizer: FTS5CustomTokenizer {
    static let name = "uppercase"

    init(db: Database, arguments: [String]) throws {
        if arguments == ["fail"] {
            throw DatabaseError(message: "bad arguments")
        }
    }

    func tokenize(
        context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization,
        pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: FTS5TokenCallback) -> CInt
    {
        guard let pText, nText > 0 else { return SQLITE_OK }
        let bytes = UnsafeRawBufferPointer(start: pText, count: Int(nText))
        var start = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: " ") {
            defer { start = end + 1 }
            guard end > start else { continue }
            var word = String(decoding: bytes[start..<end], as: UTF8.self).uppercased()
            let code = word.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    tokenCallback(context, 0, $0.baseAddress, CInt($0.count), CInt(start), CInt(end))
                }
            }
            if code != SQLITE_OK { return code }
        }
        return SQLITE_OK
    }
}

/// The synonyms tokenizer of GRDB's documentation: "first" and "1st"
/// are synonyms in documents.
private final class SynonymsTokenizer: FTS5WrapperTokenizer {
    static let name = "synonyms"
    let wrappedTokenizer: any FTS5Tokenizer
    let synonyms: [Set<String>] = [["first", "1st"]]

    init(db: Database, arguments: [String]) throws {
        if arguments.isEmpty {
            wrappedTokenizer = try db.makeTokenizer(.unicode61())
        } else {
            wrappedTokenizer = try db.makeTokenizer(FTS5TokenizerDescriptor(components: arguments))
        }
    }

    func accept(token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization, tokenCallback: FTS5WrapperTokenCallback) throws {
        guard !tokenization.contains(.query), let synonyms = synonyms.first(where: { $0.contains(token) }) else {
            try tokenCallback(token, flags)
            return
        }
        for (index, synonym) in synonyms.sorted().enumerated() {
            try tokenCallback(synonym, index == 0 ? flags : flags.union(.colocated))
        }
    }
}

/// A wrapper that folds "ß" into "ss", and ignores the stop word "the".
private final class FoldingTokenizer: FTS5WrapperTokenizer {
    static let name = "folding"
    let wrappedTokenizer: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        wrappedTokenizer = try db.makeTokenizer(.unicode61())
    }

    func accept(token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization, tokenCallback: FTS5WrapperTokenCallback) throws {
        if token == "the" { return }
        if token == "error" { throw DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "forbidden") }
        try tokenCallback(token.replacingOccurrences(of: "ß", with: "ss"), flags)
    }
}

/// Custom and wrapper FTS5 tokenizers registered with db.add(tokenizer:).
final class FTS5CustomTokenizerTests: FolioTestCase {
    func testTokenizerDescriptor() {
        XCTAssertEqual(UppercaseTokenizer.tokenizerDescriptor().components, ["uppercase"])
        XCTAssertEqual(SynonymsTokenizer.tokenizerDescriptor(arguments: ["ascii"]).components, ["synonyms", "ascii"])
    }

    func testCustomTokenizerTokenizesAndMatches() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            db.add(tokenizer: UppercaseTokenizer.self)
            XCTAssertEqual(try db.makeTokenizer(UppercaseTokenizer.tokenizerDescriptor()).tokenize(document: "hello  world").map(\.token),
                           ["HELLO", "WORLD"])
            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = UppercaseTokenizer.tokenizerDescriptor()
                t.column("content")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "document" USING fts5("content", tokenize='uppercase')"#), "\(sqlQueries)")
            try db.execute(sql: "INSERT INTO document (rowid, content) VALUES (1, 'hello world'), (2, 'goodbye')")
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT rowid FROM document WHERE document MATCH ?", arguments: ["World"]), [1])
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT rowid FROM document WHERE document MATCH ?", arguments: ["GOODBYE"]), [2])
        }
    }

    func testWrapperTokenizerProducesSynonyms() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            db.add(tokenizer: SynonymsTokenizer.self)
            let tokenizer = try db.makeTokenizer(SynonymsTokenizer.tokenizerDescriptor())
            let tokens = try tokenizer.tokenize(document: "I won First place")
            XCTAssertEqual(tokens.map(\.token), ["i", "won", "1st", "first", "place"])
            XCTAssertEqual(tokens.map(\.flags), [[], [], [], .colocated, []])
            XCTAssertEqual(try tokenizer.tokenize(query: "First").map(\.token), ["first"])

            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = SynonymsTokenizer.tokenizerDescriptor()
                t.column("content")
            }
            try db.execute(sql: "INSERT INTO document (rowid, content) VALUES (1, 'I won first place'), (2, 'I was 1st'), (3, 'second')")
            func ids(_ string: String) throws -> [Int64] {
                try Int64.fetchAll(db, sql: "SELECT rowid FROM document WHERE document MATCH ? ORDER BY rowid",
                                   arguments: [FTS5Pattern(matchingAllTokensIn: string)])
            }
            XCTAssertEqual(try ids("1st"), [1, 2])
            XCTAssertEqual(try ids("FIRST"), [1, 2])
            XCTAssertEqual(try ids("won 1st place"), [1])
            XCTAssertEqual(try ids("second"), [3])
        }
    }

    func testWrapperTokenizerArgumentsChooseTheWrappedTokenizer() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            db.add(tokenizer: SynonymsTokenizer.self)
            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = SynonymsTokenizer.tokenizerDescriptor(arguments: FTS5TokenizerDescriptor.ascii().components)
                t.column("content")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "document" USING fts5("content", tokenize='synonyms ascii')"#), "\(sqlQueries)")
            try db.execute(sql: "INSERT INTO document (rowid, content) VALUES (1, 'Jérôme came first')")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'jérôme'"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'jerome'"), 0)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH '1st'"), 1)
        }
    }

    func testWrapperTokenizerModifiesAndIgnoresTokens() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            db.add(tokenizer: FoldingTokenizer.self)
            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = FoldingTokenizer.tokenizerDescriptor()
                t.column("content")
            }
            try db.execute(sql: "INSERT INTO document (rowid, content) VALUES (1, 'The Großmann family')")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'grossmann'"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'GROßMANN'"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'family'"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'nothing'"), 0)
            XCTAssertEqual(
                try db.makeTokenizer(FoldingTokenizer.tokenizerDescriptor()).tokenize(document: "The Großmann").map(\.token),
                ["grossmann"])
        }
    }

    func testErrorOfWrapperTokenizerFailsTheStatement() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            db.add(tokenizer: FoldingTokenizer.self)
            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = FoldingTokenizer.tokenizerDescriptor()
                t.column("content")
            }
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO document (content) VALUES ('an error')")) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
            }
            XCTAssertThrowsError(try db.makeTokenizer(FoldingTokenizer.tokenizerDescriptor()).tokenize(query: "error")) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
            }
        }
    }

    func testFailingConstructorIsADatabaseError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            db.add(tokenizer: UppercaseTokenizer.self)
            XCTAssertThrowsError(try db.makeTokenizer(UppercaseTokenizer.tokenizerDescriptor(arguments: ["fail"]))) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "error in tokenizer constructor: uppercase fail")
            }
            XCTAssertThrowsError(try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = UppercaseTokenizer.tokenizerDescriptor(arguments: ["fail"])
                t.column("content")
            }) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
            }
        }
    }

    func testUnregisteredTokenizerIsADatabaseError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            XCTAssertThrowsError(try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = UppercaseTokenizer.tokenizerDescriptor()
                t.column("content")
            }) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
            }
        }
    }

    func testTokenizerRegisteredInPrepareDatabaseWorksInEveryConnection() throws {
        var config = Configuration()
        config.prepareDatabase { db in
            db.add(tokenizer: SynonymsTokenizer.self)
        }
        let path = temporaryDatabasePath()
        let dbPool = try DatabasePool(path: path, configuration: config)
        try dbPool.write { db in
            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = SynonymsTokenizer.tokenizerDescriptor()
                t.column("content")
            }
            try db.execute(sql: "INSERT INTO document (content) VALUES ('first')")
        }
        try dbPool.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH '1st'"), 1)
        }
    }
}
