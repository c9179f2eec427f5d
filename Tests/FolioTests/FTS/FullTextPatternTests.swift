import Folio
import XCTest

/// Tokenization, FTS3Pattern, FTS5Pattern, and full-text queries with the
/// query interface.
final class FullTextPatternTests: FolioTestCase {
    struct Book: TableRecord { }

    private func makeBookDatabase(_ module: some VirtualTableModule & Sendable) throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE book USING \(module.moduleName)(title, author, body)")
            try db.execute(
                sql: "INSERT INTO book (rowid, title, author, body) VALUES (?, ?, ?, ?), (?, ?, ?, ?), (?, ?, ?, ?)",
                arguments: [
                    1, "SQLite Database Internals", "Some Author", "How the SQLite database engine works.",
                    2, "Database Design", "Other Author", "Design your schema, then trust your database.",
                    3, "Moby-Dick", "Herman Melville", "Call me Ishmael.",
                ])
        }
        clearSQLQueries()
        return dbQueue
    }

    // MARK: - Tokenization

    func testFTS3Tokenize() throws {
        XCTAssertEqual(try FTS3.tokenize("SQLite database"), ["sqlite", "database"])
        XCTAssertEqual(try FTS3.tokenize("Gustave Doré"), ["gustave", "doré"])
        XCTAssertEqual(try FTS3.tokenize("SQLite database", withTokenizer: .porter), ["sqlite", "databas"])
        XCTAssertEqual(try FTS3.tokenize("Gustave Doré", withTokenizer: .unicode61()), ["gustave", "dore"])
        XCTAssertEqual(try FTS3.tokenize("Gustave Doré", withTokenizer: .unicode61(diacritics: .keep)), ["gustave", "doré"])
        XCTAssertEqual(try FTS3.tokenize("jean-pierre", withTokenizer: .unicode61(tokenCharacters: ["-"])), ["jean-pierre"])
        XCTAssertEqual(try FTS3.tokenize("*\"() -:"), [])
        XCTAssertEqual(try FTS3.tokenize(""), [])
    }

    // MARK: - FTS3Pattern

    func testFTS3RawPatternIsValidated() throws {
        XCTAssertEqual(try FTS3Pattern(rawPattern: "sqlite AND database").rawPattern, "sqlite AND database")
        XCTAssertEqual(try FTS3Pattern(rawPattern: "data*").rawPattern, "data*")
        XCTAssertEqual(try FTS3Pattern(rawPattern: "\"sqlite database\"").rawPattern, "\"sqlite database\"")
        do {
            _ = try FTS3Pattern(rawPattern: "AND")
            XCTFail("expected an error")
        } catch let error as DatabaseError {
            XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
            XCTAssertEqual(error.message, "malformed MATCH expression: [AND]")
        }
        XCTAssertThrowsError(try FTS3Pattern(rawPattern: "\"unterminated"))
    }

    func testFTS3PatternsFromAnyString() throws {
        XCTAssertEqual(FTS3Pattern(matchingAnyTokenIn: "SQLite database")?.rawPattern, "sqlite OR database")
        XCTAssertEqual(FTS3Pattern(matchingAllTokensIn: "SQLite database")?.rawPattern, "sqlite database")
        XCTAssertEqual(FTS3Pattern(matchingAllPrefixesIn: "SQLite databa")?.rawPattern, "sqlite* databa*")
        XCTAssertEqual(FTS3Pattern(matchingPhrase: "SQLite database")?.rawPattern, "\"sqlite database\"")
        // Operators and punctuation of user input are not interpreted.
        XCTAssertEqual(FTS3Pattern(matchingAllTokensIn: "\"NOT\" OR -(sqlite*")?.rawPattern, "not or sqlite")
        // No word, no pattern
        XCTAssertNil(FTS3Pattern(matchingAnyTokenIn: ""))
        XCTAssertNil(FTS3Pattern(matchingAnyTokenIn: "*"))
        XCTAssertNil(FTS3Pattern(matchingAllTokensIn: " - "))
        XCTAssertNil(FTS3Pattern(matchingAllPrefixesIn: "()"))
        XCTAssertNil(FTS3Pattern(matchingPhrase: "\""))
    }

    func testFTS3PatternIsADatabaseValue() throws {
        let dbQueue = try makeBookDatabase(FTS4())
        try dbQueue.read { db in
            let pattern = FTS3Pattern(matchingPhrase: "SQLite database")
            XCTAssertEqual(
                try Int.fetchAll(db, sql: "SELECT rowid FROM book WHERE book MATCH ?", arguments: [pattern]),
                [1])
            XCTAssertEqual(pattern?.databaseValue, "\"sqlite database\"".databaseValue)
            XCTAssertEqual(FTS3Pattern.fromDatabaseValue("sqlite".databaseValue)?.rawPattern, "sqlite")
            XCTAssertNil(FTS3Pattern.fromDatabaseValue("AND".databaseValue))
            XCTAssertNil(FTS3Pattern.fromDatabaseValue(1.databaseValue))
        }
    }

    func testMatchingFTS4TableWithQueryInterface() throws {
        let dbQueue = try makeBookDatabase(FTS4())
        try dbQueue.read { db in
            func ids(_ request: QueryInterfaceRequest<Book>) throws -> [Int] {
                try Int.fetchAll(db, request.select(Column.rowID).order(Column.rowID))
            }
            let pattern = FTS3Pattern(matchingAllTokensIn: "database")
            XCTAssertEqual(try ids(Book.matching(pattern)), [1, 2])
            XCTAssertEqual(
                try Book.matching(pattern).makePreparedRequest(db).statement.sql,
                #"SELECT * FROM "book" WHERE "book" MATCH ?"#)

            XCTAssertEqual(try ids(Book.matching(FTS3Pattern(matchingAnyTokenIn: "ishmael internals"))), [1, 3])
            XCTAssertEqual(try ids(Book.matching(FTS3Pattern(matchingAllPrefixesIn: "datab sqli"))), [1])
            XCTAssertEqual(try ids(Book.all().matching(FTS3Pattern(matchingPhrase: "trust your database"))), [2])
            XCTAssertEqual(try ids(Book.matching(try FTS3Pattern(rawPattern: "database NOT sqlite"))), [2])

            // A nil pattern matches nothing.
            XCTAssertEqual(try ids(Book.matching(FTS3Pattern(matchingAnyTokenIn: "*"))), [])

            // Matching a column
            let melville = FTS3Pattern(matchingAllTokensIn: "melville")
            XCTAssertEqual(try ids(Book.filter(Column("author").match(melville))), [3])
            XCTAssertEqual(try ids(Book.filter { $0.body.match(melville) }), [])
            XCTAssertEqual(
                try Book.filter(Column("author").match(melville)).makePreparedRequest(db).statement.sql,
                #"SELECT * FROM "book" WHERE "author" MATCH ?"#)
            XCTAssertEqual(try ids(Book.filter(Column("author").match(nil as FTS3Pattern?))), [])

            // Combined with other filters
            XCTAssertEqual(try ids(Book.matching(pattern).filter(Column.rowID > 1)), [2])
        }
    }

    func testMatchingFTS3Table() throws {
        let dbQueue = try makeBookDatabase(FTS3())
        try dbQueue.read { db in
            let pattern = FTS3Pattern(matchingAllTokensIn: "Moby Dick")
            XCTAssertEqual(try String.fetchAll(db, Book.matching(pattern).select(Column("title"))), ["Moby-Dick"])
        }
    }

    // MARK: - FTS5Pattern

    func testFTS5PatternsFromAnyString() throws {
        XCTAssertEqual(FTS5Pattern(matchingAnyTokenIn: "SQLite database")?.rawPattern, "sqlite OR database")
        XCTAssertEqual(FTS5Pattern(matchingAllTokensIn: "SQLite database")?.rawPattern, "sqlite database")
        XCTAssertEqual(FTS5Pattern(matchingAllPrefixesIn: "SQLite databa")?.rawPattern, "sqlite* databa*")
        XCTAssertEqual(FTS5Pattern(matchingPhrase: "SQLite database")?.rawPattern, #""sqlite database""#)
        XCTAssertEqual(FTS5Pattern(matchingPrefixPhrase: "SQLite database")?.rawPattern, #"^"sqlite database""#)
        XCTAssertEqual(FTS5Pattern(matchingAllTokensIn: "NOT AND: (x")?.rawPattern, "not and x")
        XCTAssertNil(FTS5Pattern(matchingAnyTokenIn: ""))
        XCTAssertNil(FTS5Pattern(matchingAnyTokenIn: "*"))
        XCTAssertNil(FTS5Pattern(matchingAllTokensIn: "-"))
        XCTAssertNil(FTS5Pattern(matchingAllPrefixesIn: "\""))
        XCTAssertNil(FTS5Pattern(matchingPhrase: ""))
        XCTAssertNil(FTS5Pattern(matchingPrefixPhrase: ":"))
    }

    func testMakeFTS5PatternValidatesAgainstTheTable() throws {
        let dbQueue = try makeBookDatabase(FTS5())
        try dbQueue.read { db in
            XCTAssertEqual(try db.makeFTS5Pattern(rawPattern: "sqlite", forTable: "book").rawPattern, "sqlite")
            XCTAssertEqual(try db.makeFTS5Pattern(rawPattern: "author: melville", forTable: "book").rawPattern, "author: melville")
            do {
                _ = try db.makeFTS5Pattern(rawPattern: "AND", forTable: "book")
                XCTFail("expected an error")
            } catch let error as DatabaseError {
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertEqual(error.message, #"fts5: syntax error near "AND""#)
                XCTAssertEqual(error.sql, #"SELECT rowid FROM "book" WHERE "book" MATCH ?"#)
            }
            do {
                _ = try db.makeFTS5Pattern(rawPattern: "missing: sqlite", forTable: "book")
                XCTFail("expected an error")
            } catch let error as DatabaseError {
                XCTAssertEqual(error.message, "no such column: missing")
            }
        }
    }

    func testMatchingFTS5TableWithQueryInterface() throws {
        let dbQueue = try makeBookDatabase(FTS5())
        try dbQueue.read { db in
            func ids(_ request: QueryInterfaceRequest<Book>) throws -> [Int] {
                try Int.fetchAll(db, request.select(Column.rowID))
            }
            XCTAssertEqual(try ids(Book.matching(FTS5Pattern(matchingAllTokensIn: "database")).order(Column.rowID)), [1, 2])
            // Sorted by relevance: the first book mentions SQLite twice.
            let sqliteDatabase = FTS5Pattern(matchingAnyTokenIn: "sqlite database")
            XCTAssertEqual(try ids(Book.matching(sqliteDatabase).order(Column.rank)), [1, 2])
            XCTAssertEqual(
                try Book.matching(sqliteDatabase).order(Column.rank).makePreparedRequest(db).statement.sql,
                #"SELECT * FROM "book" WHERE "book" MATCH ? ORDER BY "rank""#)
            XCTAssertEqual(try ids(Book.matching(FTS5Pattern(matchingPrefixPhrase: "call me"))), [3])
            XCTAssertEqual(try ids(Book.matching(FTS5Pattern(matchingPrefixPhrase: "me ishmael"))), [])
            XCTAssertEqual(try ids(Book.matching(FTS5Pattern(matchingAllPrefixesIn: "mob"))), [3])
            XCTAssertEqual(try ids(Book.all().matching(nil as FTS5Pattern?)), [])
            XCTAssertEqual(try ids(Book.filter(Column("title").match(FTS5Pattern(matchingPhrase: "database design")))), [2])
            let pattern = try db.makeFTS5Pattern(rawPattern: "title: database NOT sqlite", forTable: "book")
            XCTAssertEqual(try ids(Book.matching(pattern)), [2])
        }
    }

    func testMatchingWithTableAlias() throws {
        let dbQueue = try makeBookDatabase(FTS4())
        try dbQueue.read { db in
            let alias = TableAlias<Book>(name: "b")
            let request = Book.aliased(alias).matching(FTS3Pattern(matchingAllTokensIn: "ishmael"))
            XCTAssertEqual(try request.makePreparedRequest(db).statement.sql, #"SELECT "b".* FROM "book" "b" WHERE "b"."book" MATCH ?"#)
            XCTAssertEqual(try Int.fetchAll(db, request.select(Column.rowID)), [3])
        }
    }
}
