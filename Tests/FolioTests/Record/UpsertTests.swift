import Folio
import XCTest

final class UpsertTests: FolioTestCase {
    struct Player: Encodable, PersistableRecord, FetchableRecord, Equatable {
        var id: Int64
        var name: String
        var score: Int

        init(id: Int64, name: String, score: Int) {
            self.id = id
            self.name = name
            self.score = score
        }

        init(row: Row) throws {
            id = try row.decode(forColumn: "id")
            name = try row.decode(forColumn: "name")
            score = try row.decode(forColumn: "score")
        }

        nonisolated(unsafe) static var insertedRowIDs: [Int64] = []
        func didInsert(_ inserted: InsertionSuccess) {
            Player.insertedRowIDs.append(inserted.rowID)
        }
    }

    func testUpsertInsertsThenUpdates() throws {
        Player.insertedRowIDs = []
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO player VALUES (7, 'Barbara', 0)")
            let sql = try persistenceSQL { try Player(id: 1, name: "Arthur", score: 1000).upsert(db) }
            // The id is the rowid: no `RETURNING "rowid"`.
            XCTAssertEqual(sql, [#"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "name" = "excluded"."name", "score" = "excluded"."score""#])
            try Player(id: 7, name: "Barbara", score: 2000).upsert(db)
            XCTAssertEqual(try fetchRows(db, "player"), [
                ["id": 1, "name": "Arthur", "score": 1000],
                ["id": 7, "name": "Barbara", "score": 2000],
            ])
            // didInsert receives the rowid of the inserted or updated row.
            XCTAssertEqual(Player.insertedRowIDs, [1, 7])
        }
    }

    func testUpsertOnUniqueIndexConflict() throws {
        struct Member: Encodable, MutablePersistableRecord {
            var id: Int64?
            var email: String
            var name: String
            mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE member (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT);
                INSERT INTO member VALUES (3, 'arthur@example.com', 'Arthur');
                """)
            var member = Member(id: nil, email: "arthur@example.com", name: "Arthur Dent")
            try member.upsert(db)
            XCTAssertEqual(member.id, 3)
            XCTAssertEqual(try fetchRows(db, "member"), [["id": 3, "email": "arthur@example.com", "name": "Arthur Dent"]])
        }
    }

    func testUpsertAndFetchWithConflictTargetAndAssignments() throws {
        // The vocabulary sample of the GRDB documentation.
        struct Vocabulary: Encodable, PersistableRecord {
            var word: String
            var kind: String
            var isTainted: Bool
        }
        struct VocabularyEntry: FetchableRecord, TableRecord, Equatable {
            static let databaseTableName = "vocabulary"
            var word: String
            var kind: String
            var isTainted: Bool
            var count: Int
            init(row: Row) throws {
                word = try row.decode(forColumn: "word")
                kind = try row.decode(forColumn: "kind")
                isTainted = try row.decode(forColumn: "isTainted")
                count = try row.decode(forColumn: "count")
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE vocabulary(
                  word TEXT NOT NULL PRIMARY KEY,
                  kind TEXT NOT NULL,
                  isTainted BOOLEAN DEFAULT 0,
                  count INT DEFAULT 1)
                """)
            let vocabulary = Vocabulary(word: "jovial", kind: "adjective", isTainted: false)
            var entry = try vocabulary.upsertAndFetch(db, as: VocabularyEntry.self, onConflict: ["word"]) { _ in
                [Column("count") += 1, Column("isTainted").noOverwrite]
            }
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "vocabulary" ("word", "kind", "isTainted") VALUES (?,?,?) ON CONFLICT("word") DO UPDATE SET "count" = "count" + ?, "kind" = "excluded"."kind" RETURNING *, "rowid""#)
            XCTAssertEqual(entry.count, 1)

            try db.execute(sql: "UPDATE vocabulary SET isTainted = 1")
            let noun = Vocabulary(word: "jovial", kind: "noun", isTainted: false)
            entry = try noun.upsertAndFetch(db, as: VocabularyEntry.self, onConflict: ["word"]) { _ in
                [Column("count") += 1, Column("isTainted").noOverwrite]
            }
            XCTAssertEqual(entry.count, 2)
            XCTAssertEqual(entry.kind, "noun")
            XCTAssertTrue(entry.isTainted)
        }
    }

    func testUpsertAndFetchWithExcludedAlias() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO player VALUES (1, 'Arthur', 500)")
            // Add the scores. (The GRDB sample keeps the maximum, with the
            // two-argument `max` function of the query interface.)
            let player = try Player(id: 1, name: "Arthur", score: 100).upsertAndFetch(db) { excluded in
                [Column("score").set(to: Column("score") + excluded["score"])]
            }
            XCTAssertEqual(player, Player(id: 1, name: "Arthur", score: 600))
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "score" = "score" + "excluded"."score", "name" = "excluded"."name" RETURNING *, "rowid""#)
            let inserted = try Player(id: 2, name: "Barbara", score: 900).upsertAndFetch(db) { excluded in
                [Column("score").set(to: Column("score") + excluded["score"])]
            }
            XCTAssertEqual(inserted.score, 900)
        }
    }

    func testUpsertUpdatingNoColumnUnlessSpecified() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO player VALUES (1, 'Arthur', 500)")
            let player = try Player(id: 1, name: "Changed", score: 100).upsertAndFetch(db, updating: .noColumnUnlessSpecified)
            XCTAssertEqual(player, Player(id: 1, name: "Arthur", score: 500))
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "id" = "id" RETURNING *, "rowid""#)
        }
    }

    func testUpsertAndFetchOfMutableRecordCallsDidInsert() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            var player = PersistedPlayer(name: "Arthur", score: 1)
            let upserted = try player.upsertAndFetch(db)
            XCTAssertEqual(player.id, 1)
            XCTAssertEqual(upserted, PersistedPlayer(id: 1, name: "Arthur", score: 1))
        }
    }

    func testUpsertOnWithoutRowIDTable() throws {
        struct Country: Encodable, PersistableRecord {
            var isoCode: String
            var name: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE country (isoCode TEXT NOT NULL PRIMARY KEY, name TEXT) WITHOUT ROWID")
            try Country(isoCode: "FR", name: "France").upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "country" ("isoCode", "name") VALUES (?,?) ON CONFLICT DO UPDATE SET "name" = "excluded"."name""#)
            try Country(isoCode: "FR", name: "République française").upsert(db)
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM country"), [["isoCode": "FR", "name": "République française"]])
        }
    }

    func testUpsertViolatingNotNullThrows() throws {
        struct Player: Encodable, PersistableRecord {
            var id: Int64
            var name: String?
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            XCTAssertThrowsError(try Player(id: 1, name: nil).upsert(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_NOTNULL)
            }
        }
    }

    func testUpsertStatementFollowsConflictTargetAndSchemaChanges() throws {
        struct Member: Encodable, MutablePersistableRecord {
            var id: Int64?
            var email: String
            var name: String
            mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE member (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT)")
            var member = Member(id: nil, email: "arthur@example.com", name: "Arthur")
            try member.upsert(db)
            XCTAssertEqual(member.id, 1)
            // The same statement, for an update through the unique index.
            var updated = Member(id: nil, email: "arthur@example.com", name: "Arthur Dent")
            try updated.upsert(db)
            XCTAssertEqual(updated.id, 1)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "member" ("id", "email", "name") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "email" = "excluded"."email", "name" = "excluded"."name" RETURNING "rowid""#)

            // The table is recreated with another primary key: the SQL follows.
            try db.execute(sql: """
                DROP TABLE member;
                CREATE TABLE member (id INTEGER, email TEXT NOT NULL PRIMARY KEY, name TEXT) WITHOUT ROWID;
                """)
            var other = Member(id: 5, email: "barbara@example.com", name: "Barbara")
            try other.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "member" ("id", "email", "name") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "id" = "excluded"."id", "name" = "excluded"."name""#)
            other.name = "Barbara Gordon"
            try other.upsert(db)
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT email, name FROM member"), [["email": "barbara@example.com", "name": "Barbara Gordon"]])
        }
    }
}
