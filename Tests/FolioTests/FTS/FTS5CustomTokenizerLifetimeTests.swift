import Folio
import Foundation
import XCTest

/// The number of live ``CountingTokenizer`` instances.
private final class LiveCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }
    func add(_ delta: Int) { lock.withLock { count += delta } }
}

/// A pass-through wrapper tokenizer that counts its live instances.
private final class CountingTokenizer: FTS5WrapperTokenizer {
    static let name = "counting"
    static let live = LiveCount()
    let wrappedTokenizer: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        wrappedTokenizer = try db.makeTokenizer(.unicode61())
        Self.live.add(1)
    }

    deinit {
        Self.live.add(-1)
    }

    func accept(token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization, tokenCallback: FTS5WrapperTokenCallback) throws {
        try tokenCallback(token, flags)
    }
}

/// Custom tokenizers live as long as SQLite needs them: xDelete releases
/// them.
final class FTS5CustomTokenizerLifetimeTests: FolioTestCase {
    func testTokenizerIsReleasedWhenSQLiteDeletesIt() throws {
        let liveBefore = CountingTokenizer.live.value
        var dbQueue: DatabaseQueue? = try makeDatabaseQueue()
        try dbQueue!.write { db in
            db.add(tokenizer: CountingTokenizer.self)
            var tokenizer: (any FTS5Tokenizer)? = try db.makeTokenizer(CountingTokenizer.tokenizerDescriptor())
            XCTAssertEqual(CountingTokenizer.live.value, liveBefore + 1)
            XCTAssertEqual(try tokenizer?.tokenize(document: "Hello World").map(\.token), ["hello", "world"])
            tokenizer = nil
            XCTAssertEqual(CountingTokenizer.live.value, liveBefore)

            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = CountingTokenizer.tokenizerDescriptor()
                t.column("content")
            }
            try db.execute(sql: "INSERT INTO document (content) VALUES ('Hello World')")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'HELLO'"), 1)
            XCTAssertGreaterThan(CountingTokenizer.live.value, liveBefore)
        }
        dbQueue = nil
        XCTAssertEqual(CountingTokenizer.live.value, liveBefore)
    }
}
