import Folio
import XCTest

final class FTS5Tests: FolioTestCase {
    func testCreateFTS5TableAndMatch() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(virtualTable: "book", using: FTS5()) { t in
                t.column("author")
                t.column("title")
                t.column("body")
            }
            XCTAssertEqual(schemaSQLQueries, [#"CREATE VIRTUAL TABLE "book" USING fts5("author", "title", "body")"#])
            XCTAssertEqual(try db.columns(in: "book").map(\.name), ["author", "title", "body"])
            try db.execute(
                sql: "INSERT INTO book (author, title, body) VALUES (?, ?, ?), (?, ?, ?)",
                arguments: [
                    "Herman Melville", "Moby-Dick", "Call me Ishmael.",
                    "Jules Verne", "Twenty Thousand Leagues Under the Seas", "The year 1866 was signalised by a remarkable incident.",
                ])
            XCTAssertEqual(
                try String.fetchAll(db, sql: "SELECT title FROM book WHERE book MATCH ? ORDER BY rank", arguments: ["ishmael"]),
                ["Moby-Dick"])
            XCTAssertEqual(
                try String.fetchAll(db, sql: "SELECT title FROM book WHERE book MATCH ?", arguments: ["author: verne"]),
                ["Twenty Thousand Leagues Under the Seas"])
            XCTAssertEqual(
                try String.fetchAll(db, sql: "SELECT title FROM book WHERE book MATCH ?", arguments: ["whale"]),
                [])
        }
    }

    func testPorterTokenizerMatchesWordStems() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(virtualTable: "document", options: .ifNotExists, using: FTS5()) { t in
                t.tokenizer = .porter()
                t.column("content")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE IF NOT EXISTS "document" USING fts5("content", tokenize='porter')"#))
            try db.execute(sql: "INSERT INTO document (content) VALUES ('Databases are frustrating')")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'database frustration'"), 1)
        }
    }

    func testTokenizerDescriptors() throws {
        XCTAssertEqual(FTS5TokenizerDescriptor.ascii().components, ["ascii"])
        XCTAssertEqual(FTS5TokenizerDescriptor.porter(.ascii()).components, ["porter", "ascii"])
        XCTAssertEqual(FTS5TokenizerDescriptor.unicode61().components, ["unicode61"])
        XCTAssertEqual(FTS5TokenizerDescriptor.unicode61(diacritics: .keep).components, ["unicode61", "remove_diacritics", "0"])
        XCTAssertEqual(FTS5TokenizerDescriptor.unicode61(diacritics: .remove).components, ["unicode61", "remove_diacritics", "2"])
        XCTAssertEqual(
            FTS5TokenizerDescriptor.unicode61(categories: "L* N*", separators: ["x"], tokenCharacters: ["_", "-"]).components,
            ["unicode61", "categories", "L* N*", "separators", "x", "tokenchars", "-_"])
        XCTAssertEqual(FTS5TokenizerDescriptor.trigram(caseSensitive: true).components, ["trigram", "case_sensitive", "1"])

        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.tokenizer = .unicode61(diacritics: .keep, tokenCharacters: ["-"])
                t.column("content")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "document" USING fts5("content", tokenize='unicode61 remove_diacritics 0 tokenchars ''-''')"#))
            try db.execute(sql: "INSERT INTO document (content) VALUES ('Jérôme likes e-mail')")
            XCTAssertEqual(try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM document WHERE document MATCH '"e-mail"'"#), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'jérôme'"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'jerome'"), 0)
        }
    }

    func testTableOptions() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(virtualTable: "document", using: FTS5()) { t in
                t.column("content")
                t.column("uuid").notIndexed()
                t.prefixes = [4, 2]
                t.columnSize = 0
                t.detail = "column"
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "document" USING fts5("content", "uuid" UNINDEXED, prefix='2 4', columnsize=0, detail=column)"#))
            try db.execute(sql: "INSERT INTO document (content, uuid) VALUES ('hello world', 'abc')")
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT uuid FROM document WHERE document MATCH 'wor*'"), "abc")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'abc'"), 0)

            try db.create(virtualTable: "contentless", using: FTS5()) { t in
                t.content = ""
                t.column("content")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "contentless" USING fts5("content", content='')"#))
        }
    }

    func testSynchronizedTableFollowsItsContentTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text)
                t.column("pageCount", .integer)
            }
            try db.execute(sql: "INSERT INTO book (title, pageCount) VALUES ('Moby-Dick', 635)")
            clearSQLQueries()
            try db.create(virtualTable: "book_ft", using: FTS5()) { t in
                t.synchronize(withTable: "book")
                t.column("title")
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE VIRTUAL TABLE "book_ft" USING fts5("title", content='book', content_rowid='id')"#,
                """
                CREATE TRIGGER "__book_ft_ai" AFTER INSERT ON "book" BEGIN
                    INSERT INTO "book_ft"("rowid", "title") VALUES (new."id", new."title");
                END
                """,
                """
                CREATE TRIGGER "__book_ft_ad" AFTER DELETE ON "book" BEGIN
                    INSERT INTO "book_ft"("book_ft", "rowid", "title") VALUES ('delete', old."id", old."title");
                END
                """,
                """
                CREATE TRIGGER "__book_ft_au" AFTER UPDATE ON "book" BEGIN
                    INSERT INTO "book_ft"("book_ft", "rowid", "title") VALUES ('delete', old."id", old."title");
                    INSERT INTO "book_ft"("rowid", "title") VALUES (new."id", new."title");
                END
                """,
            ])
            func search(_ pattern: String) throws -> [Int64] {
                try Int64.fetchAll(db, sql: "SELECT rowid FROM book_ft WHERE book_ft MATCH ? ORDER BY rowid", arguments: [pattern])
            }
            XCTAssertEqual(try search("moby"), [1]) // existing content is indexed
            try db.execute(sql: "INSERT INTO book (title, pageCount) VALUES ('Typee', 300)")
            XCTAssertEqual(try search("typee"), [2])
            try db.execute(sql: "UPDATE book SET title = 'Omoo' WHERE id = 2")
            XCTAssertEqual(try search("typee"), [])
            XCTAssertEqual(try search("omoo"), [2])
            try db.execute(sql: "DELETE FROM book WHERE id = 1")
            XCTAssertEqual(try search("moby"), [])

            try db.drop(table: "book_ft")
            try db.dropFTS5SynchronizationTriggers(forTable: "book_ft")
            XCTAssertFalse(try db.triggerExists("__book_ft_ai"))
            XCTAssertFalse(try db.triggerExists("__book_ft_ad"))
            XCTAssertFalse(try db.triggerExists("__book_ft_au"))
            try db.execute(sql: "INSERT INTO book (title) VALUES ('Mardi')")
        }
    }

    func testSynchronizedTableWithoutIntegerPrimaryKeyUsesRowID() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "note") { t in
                t.column("text", .text)
            }
            try db.create(virtualTable: "note_ft", using: FTS5()) { t in
                t.synchronize(withTable: "note")
                t.column("text")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "note_ft" USING fts5("text", content='note')"#))
            try db.execute(sql: "INSERT INTO note (text) VALUES ('remember the milk')")
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT text FROM note_ft WHERE note_ft MATCH 'milk'"), "remember the milk")
        }
    }

    func testVirtualTableFromModuleName() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(virtualTable: "document", using: "fts5(content)")
            XCTAssertEqual(lastSQLQuery, #"CREATE VIRTUAL TABLE "document" USING fts5(content)"#)
            let error = assertDatabaseError(.SQLITE_ERROR) {
                try db.create(virtualTable: "other", using: "nonexistent")
            }
            XCTAssertEqual(error?.message, "no such module: nonexistent")
        }
    }

    func testFailedVirtualTableCreationLeavesNothing() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            // The content table has no title column: indexing its content
            // fails after the full-text table was created.
            assertDatabaseError(.SQLITE_ERROR) {
                try db.create(virtualTable: "book_ft", using: FTS5()) { t in
                    t.synchronize(withTable: "book")
                    t.column("title")
                }
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "book_ft" USING fts5("title", content='book', content_rowid='id')"#))
            XCTAssertFalse(try db.tableExists("book_ft"))
            XCTAssertFalse(try db.triggerExists("__book_ft_ai"))
        }
    }
}
