import XCTest
import Folio

private struct Word: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "vocabulary"
    var word: String
    var kind: String
    var count: Int
}

final class UpsertUpdateStrategyTests: FolioTestCase {
    private func makeVocabulary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE vocabulary (word TEXT PRIMARY KEY, kind TEXT NOT NULL, count INTEGER NOT NULL);
                INSERT INTO vocabulary VALUES ('jump', 'verb', 1);
                """)
        }
        return dbQueue
    }

    func testOptionSetValues() {
        XCTAssertEqual(UpsertUpdateStrategy.allColumns.rawValue, 1)
        XCTAssertEqual(UpsertUpdateStrategy.noColumnUnlessSpecified.rawValue, 2)
        XCTAssertEqual(UpsertUpdateStrategy(rawValue: 2), .noColumnUnlessSpecified)
        let both: UpsertUpdateStrategy = [.allColumns, .noColumnUnlessSpecified]
        XCTAssertTrue(both.contains(.allColumns))
        XCTAssertTrue(both.contains(.noColumnUnlessSpecified))
        XCTAssertEqual(both.rawValue, 3)
        XCTAssertTrue(UpsertUpdateStrategy().isEmpty)
    }

    func testAllColumnsOverwritesTheExistingRow() throws {
        try makeVocabulary().write { db in
            let word = try Word(word: "jump", kind: "noun", count: 7).upsertAndFetch(db, updating: .allColumns)
            XCTAssertEqual(
                lastSQLQuery,
                #"INSERT INTO "vocabulary" ("word", "kind", "count") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "kind" = "excluded"."kind", "count" = "excluded"."count" RETURNING *, "rowid""#)
            XCTAssertEqual(word, Word(word: "jump", kind: "noun", count: 7))
        }
    }

    func testNoColumnUnlessSpecifiedOnlyUpdatesTheAssignments() throws {
        try makeVocabulary().write { db in
            let word = try Word(word: "jump", kind: "noun", count: 1).upsertAndFetch(db, updating: .noColumnUnlessSpecified) { _ in
                [Column("count") += 1]
            }
            XCTAssertEqual(
                lastSQLQuery,
                #"INSERT INTO "vocabulary" ("word", "kind", "count") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "count" = "count" + ? RETURNING *, "rowid""#)
            XCTAssertEqual(word, Word(word: "jump", kind: "verb", count: 2))
        }
    }

    func testNoColumnUnlessSpecifiedWinsOverAllColumns() throws {
        try makeVocabulary().write { db in
            let word = try Word(word: "jump", kind: "noun", count: 9)
                .upsertAndFetch(db, updating: [.allColumns, .noColumnUnlessSpecified])
            XCTAssertEqual(word, Word(word: "jump", kind: "verb", count: 1))
            let inserted = try Word(word: "run", kind: "verb", count: 3)
                .upsertAndFetch(db, updating: .noColumnUnlessSpecified)
            XCTAssertEqual(inserted, Word(word: "run", kind: "verb", count: 3))
        }
    }
}
