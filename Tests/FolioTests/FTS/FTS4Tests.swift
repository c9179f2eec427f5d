import Folio
import XCTest

/// FTS3 and FTS4 full-text tables.
final class FTS4Tests: FolioTestCase {
    struct Book: TableRecord {
        static let databaseTableName = "books"
    }

    func testCompileOptionsIncludeFTS3AndFTS4() throws {
        let dbQueue = try makeDatabaseQueue()
        let options = try dbQueue.read { try String.fetchAll($0, sql: "PRAGMA compile_options") }
        XCTAssertTrue(options.contains("ENABLE_FTS3"), "\(options)")
        XCTAssertTrue(options.contains("ENABLE_FTS4"), "\(options)")
    }

    /// The sample of the Records seed: a table with an implicit rowid
    /// primary key.
    func testSeedSampleCreatesFTS4TableThatMatches() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // No way to define an explicit primary key
            try db.create(virtualTable: "books", using: FTS4()) { t in
                t.column("title")
                t.column("author")
                t.column("body")
            }
            XCTAssertEqual(schemaSQLQueries, [#"CREATE VIRTUAL TABLE "books" USING fts4("title", "author", "body")"#])
            XCTAssertEqual(try db.columns(in: "books").map(\.name), ["title", "author", "body"])
            try db.execute(
                sql: "INSERT INTO books (title, author, body) VALUES (?, ?, ?), (?, ?, ?), (?, ?, ?)",
                arguments: [
                    "Moby-Dick", "Herman Melville", "Call me Ishmael. Some years ago, never mind how long precisely.",
                    "Twenty Thousand Leagues Under the Seas", "Jules Verne", "The year 1866 was signalised by a remarkable incident.",
                    "Around the World in Eighty Days", "Jules Verne", "Mr. Phileas Fogg lived, in 1872, at No. 7, Saville Row.",
                ])
            XCTAssertEqual(
                try String.fetchAll(db, sql: "SELECT title FROM books WHERE books MATCH ? ORDER BY rowid", arguments: ["verne"]),
                ["Twenty Thousand Leagues Under the Seas", "Around the World in Eighty Days"])
            XCTAssertEqual(
                try String.fetchAll(db, sql: "SELECT title FROM books WHERE books MATCH ?", arguments: ["ishmael"]),
                ["Moby-Dick"])
            XCTAssertEqual(
                try String.fetchAll(db, sql: "SELECT title FROM books WHERE books MATCH ?", arguments: ["title:world"]),
                ["Around the World in Eighty Days"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM books WHERE books MATCH 'whale'"), 0)

            // The implicit primary key is the hidden rowid column.
            XCTAssertEqual(try db.primaryKey("books").rowIDColumn, nil)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT title FROM books WHERE rowid = 1"), "Moby-Dick")
            try db.execute(sql: "DELETE FROM books WHERE rowid = 1")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM books WHERE books MATCH 'ishmael'"), 0)

            // The query interface
            let pattern = FTS3Pattern(matchingAllTokensIn: "Jules Verne 1872")
            XCTAssertEqual(try String.fetchAll(db, Book.matching(pattern).select(Column("title"))), ["Around the World in Eighty Days"])
        }
    }

    func testFTS3TableWithPorterTokenizer() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(virtualTable: "document", options: .ifNotExists, using: FTS3()) { t in
                t.tokenizer = .porter
                t.column("content")
            }
            XCTAssertEqual(
                schemaSQLQueries,
                [#"CREATE VIRTUAL TABLE IF NOT EXISTS "document" USING fts3("content", tokenize=porter)"#])
            try db.execute(sql: "INSERT INTO document (content) VALUES ('Databases are frustrating')")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'database frustration'"), 1)
            // No error when the table exists.
            try db.create(virtualTable: "document", options: .ifNotExists, using: FTS3()) { t in
                t.column("content")
            }
        }
    }

    func testFTS3TableWithoutColumnsHasAContentColumn() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(virtualTable: "document", using: FTS3())
            XCTAssertEqual(schemaSQLQueries.last, #"CREATE VIRTUAL TABLE "document" USING fts3"#)
            XCTAssertEqual(try db.columns(in: "document").map(\.name), ["content"])
        }
    }

    func testTokenizers() throws {
        XCTAssertEqual(FTS3TokenizerDescriptor.simple.name, "simple")
        XCTAssertEqual(FTS3TokenizerDescriptor.porter.name, "porter")
        XCTAssertEqual(FTS3TokenizerDescriptor.unicode61().arguments, [])
        XCTAssertEqual(FTS3TokenizerDescriptor.unicode61(diacritics: .keep).arguments, ["remove_diacritics=0"])
        XCTAssertEqual(FTS3TokenizerDescriptor.unicode61(diacritics: .remove).arguments, ["remove_diacritics=2"])
        XCTAssertEqual(
            FTS3TokenizerDescriptor.unicode61(separators: ["x"], tokenCharacters: ["_", "-"]).arguments,
            ["separators=x", "tokenchars=-_"])

        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(virtualTable: "kept", using: FTS4()) { t in
                t.tokenizer = .unicode61(diacritics: .keep, tokenCharacters: ["-"])
                t.column("name")
            }
            XCTAssertEqual(
                schemaSQLQueries.last,
                #"CREATE VIRTUAL TABLE "kept" USING fts4("name", tokenize=unicode61 'remove_diacritics=0' 'tokenchars=-')"#)
            try db.create(virtualTable: "removed", using: FTS4()) { t in
                t.tokenizer = .unicode61()
                t.column("name")
            }
            XCTAssertEqual(schemaSQLQueries.last, #"CREATE VIRTUAL TABLE "removed" USING fts4("name", tokenize=unicode61)"#)
            try db.create(virtualTable: "simple", using: FTS4()) { t in
                t.tokenizer = .simple
                t.column("name")
            }
            for table in ["kept", "removed", "simple"] {
                try db.execute(sql: "INSERT INTO \(table) (name) VALUES ('Jérôme Jean-Pierre')")
            }
            func count(_ table: String, _ pattern: String) throws -> Int {
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(table) MATCH ?", arguments: [pattern])!
            }
            // Diacritics
            XCTAssertEqual(try count("kept", "jerome"), 0)
            XCTAssertEqual(try count("removed", "jerome"), 1)
            XCTAssertEqual(try count("simple", "jerome"), 0)
            // Unicode case
            XCTAssertEqual(try count("kept", "JÉRÔME"), 1)
            XCTAssertEqual(try count("simple", "JÉRÔME"), 0)
            // Token characters
            XCTAssertEqual(try count("kept", "jean-pierre"), 1)
            XCTAssertEqual(try count("kept", "pierre"), 0)
            XCTAssertEqual(try count("removed", "pierre"), 1)
        }
    }

    func testFTS4Options() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // Identity functions stand for real compression functions.
            let zip = DatabaseFunction("zip", argumentCount: 1, pure: true) { $0[0] }
            let unzip = DatabaseFunction("unzip", argumentCount: 1, pure: true) { $0[0] }
            db.add(function: zip)
            db.add(function: unzip)
            try db.create(virtualTable: "document", using: FTS4()) { t in
                t.compress = "zip"
                t.uncompress = "unzip"
                t.prefixes = [4, 2]
                t.matchinfo = "fts3"
                t.column("content")
                t.column("uuid").notIndexed()
                t.column("lid").asLanguageId()
            }
            XCTAssertEqual(schemaSQLQueries.last, """
                CREATE VIRTUAL TABLE "document" USING fts4(\
                "content", "uuid", \
                compress=zip, uncompress=unzip, languageid=lid, matchinfo=fts3, notindexed=uuid, prefix='2,4')
                """)
            // The language id is a hidden column.
            XCTAssertEqual(try db.columns(in: "document").map(\.name), ["content", "uuid"])
            try db.execute(sql: """
                INSERT INTO document (content, uuid, lid) VALUES
                ('database', 'database', 0),
                ('datenbank', 'x', 1)
                """)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'database'"), 1)
            // Not indexed
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE uuid MATCH 'x'"), 0)
            // Prefix queries, per language
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'dat*' AND lid = 0"), 1)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT content FROM document WHERE document MATCH 'dat*' AND lid = 1"), ["datenbank"])
        }
    }

    func testContentlessFTS4Table() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(virtualTable: "document", using: FTS4()) { t in
                t.content = ""
                t.column("content")
            }
            XCTAssertEqual(schemaSQLQueries.last, #"CREATE VIRTUAL TABLE "document" USING fts4("content", content='')"#)
            try db.execute(sql: "INSERT INTO document (docid, content) VALUES (42, 'SQLite database')")
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT docid FROM document WHERE document MATCH 'database'"), [42])
        }
    }

    func testSynchronizedFTS4TableFollowsItsContentTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("author", .text)
                t.column("title", .text)
                t.column("pageCount", .integer)
            }
            try db.execute(sql: "INSERT INTO book (author, title, pageCount) VALUES ('Herman Melville', 'Moby-Dick', 635)")
            clearSQLQueries()
            try db.create(virtualTable: "book_ft", using: FTS4()) { t in
                t.synchronize(withTable: "book")
                t.column("author")
                t.column("title")
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE VIRTUAL TABLE "book_ft" USING fts4("author", "title", content='book')"#,
                """
                CREATE TRIGGER "__book_ft_bu" BEFORE UPDATE ON "book" BEGIN
                    DELETE FROM "book_ft" WHERE "docid" = old."id";
                END
                """,
                """
                CREATE TRIGGER "__book_ft_bd" BEFORE DELETE ON "book" BEGIN
                    DELETE FROM "book_ft" WHERE "docid" = old."id";
                END
                """,
                """
                CREATE TRIGGER "__book_ft_au" AFTER UPDATE ON "book" BEGIN
                    INSERT INTO "book_ft"("docid", "author", "title") VALUES (new."id", new."author", new."title");
                END
                """,
                """
                CREATE TRIGGER "__book_ft_ai" AFTER INSERT ON "book" BEGIN
                    INSERT INTO "book_ft"("docid", "author", "title") VALUES (new."id", new."author", new."title");
                END
                """,
            ])
            XCTAssertTrue(sqlQueries.contains(#"INSERT INTO "book_ft"("book_ft") VALUES ('rebuild')"#))

            func search(_ pattern: String) throws -> [Int64] {
                try Int64.fetchAll(db, sql: "SELECT docid FROM book_ft WHERE book_ft MATCH ? ORDER BY docid", arguments: [pattern])
            }
            // Existing rows are indexed.
            XCTAssertEqual(try search("melville"), [1])
            // Inserts, updates, deletes are indexed.
            try db.execute(sql: "INSERT INTO book (author, title, pageCount) VALUES ('Jules Verne', 'Around the World in Eighty Days', 300)")
            XCTAssertEqual(try search("verne"), [2])
            try db.execute(sql: "UPDATE book SET title = 'Michel Strogoff' WHERE id = 2")
            XCTAssertEqual(try search("world"), [])
            XCTAssertEqual(try search("strogoff"), [2])
            try db.execute(sql: "DELETE FROM book WHERE id = 1")
            XCTAssertEqual(try search("melville"), [])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT title FROM book_ft WHERE book_ft MATCH 'jules'"), ["Michel Strogoff"])
            try db.execute(sql: "INSERT INTO book_ft(book_ft) VALUES ('integrity-check')")

            // Dropping the full-text table and its triggers
            try db.drop(table: "book_ft")
            try db.dropFTS4SynchronizationTriggers(forTable: "book_ft")
            XCTAssertEqual(Array(sqlQueries.suffix(4)), [
                #"DROP TRIGGER IF EXISTS "__book_ft_bu""#,
                #"DROP TRIGGER IF EXISTS "__book_ft_bd""#,
                #"DROP TRIGGER IF EXISTS "__book_ft_au""#,
                #"DROP TRIGGER IF EXISTS "__book_ft_ai""#,
            ])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger'"), 0)
            try db.execute(sql: "INSERT INTO book (author, title) VALUES ('Jules Verne', 'The Mysterious Island')")
        }
    }

    func testSynchronizationWithTableWithoutExplicitPrimaryKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "note") { t in
                t.column("body", .text)
            }
            try db.create(virtualTable: "note_ft", using: FTS4()) { t in
                t.synchronize(withTable: "note")
                t.column("body")
            }
            XCTAssertTrue(sqlQueries.contains { $0.contains(#"VALUES (new."rowid", new."body")"#) })
            try db.execute(sql: "INSERT INTO note (body) VALUES ('hello world'), ('goodbye')")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT body FROM note_ft WHERE note_ft MATCH 'world'"), ["hello world"])
        }
    }

    func testSynchronizationWithMissingTableThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            do {
                try db.create(virtualTable: "book_ft", using: FTS4()) { t in
                    t.synchronize(withTable: "book")
                    t.column("title")
                }
                XCTFail("expected an error")
            } catch let error as DatabaseError {
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertEqual(error.message, "can not synchronize a full-text table with table book: no such table")
            }
            XCTAssertFalse(try db.tableExists("book_ft"))
        }
    }
}
