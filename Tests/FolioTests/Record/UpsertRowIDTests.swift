import Folio
import XCTest

/// `upsert(_:)` appends `RETURNING "rowid"` only when it does not know the
/// rowid of the upserted row without it.
final class UpsertRowIDTests: FolioTestCase {
    /// A player whose id may be nil, and that records the rowids that
    /// `didInsert` receives.
    struct Player: Encodable, MutablePersistableRecord {
        var id: Int64?
        var name: String
        var score: Int

        var insertedRowIDs: [Int64] = []

        init(id: Int64?, name: String, score: Int = 0) {
            self.id = id
            self.name = name
            self.score = score
        }

        enum CodingKeys: String, CodingKey {
            case id, name, score
        }

        mutating func didInsert(_ inserted: InsertionSuccess) {
            insertedRowIDs.append(inserted.rowID)
            id = inserted.rowID
        }
    }

    /// A player whose id is encoded as any database value.
    struct AnyIDPlayer: EncodableRecord, MutablePersistableRecord {
        static let databaseTableName = "player"
        var id: DatabaseValue
        var name: String
        var insertedRowID: Int64?

        func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["name"] = name
        }

        mutating func didInsert(_ inserted: InsertionSuccess) {
            insertedRowID = inserted.rowID
        }
    }

    static let plainSQL = #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "name" = "excluded"."name", "score" = "excluded"."score""#
    static let returningSQL = plainSQL + #" RETURNING "rowid""#

    func testUpsertOfIntegerIDSendsNoReturningAndReportsTheIDOfNewAndUpdatedRows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL);
                INSERT INTO player VALUES (7, 'Barbara', 0);
                """)
            var arthur = Player(id: 1, name: "Arthur", score: 10)
            let sql = try persistenceSQL { try arthur.upsert(db) }
            XCTAssertEqual(sql, [Self.plainSQL])
            XCTAssertEqual(arthur.insertedRowIDs, [1])

            var barbara = Player(id: 7, name: "Barbara", score: 20)
            try barbara.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.plainSQL)
            XCTAssertEqual(barbara.insertedRowIDs, [7])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM player ORDER BY id"), [
                ["id": 1, "name": "Arthur", "score": 10],
                ["id": 7, "name": "Barbara", "score": 20],
            ])
        }
    }

    func testUpsertOfNilIDSendsNoReturningAndReportsTheNewRowID() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL);
                CREATE TABLE other (id INTEGER PRIMARY KEY);
                INSERT INTO player VALUES (7, 'Barbara', 0);
                INSERT INTO other VALUES (100);
                """)
            var arthur = Player(id: nil, name: "Arthur")
            let sql = try persistenceSQL { try arthur.upsert(db) }
            XCTAssertEqual(sql, [Self.plainSQL])
            XCTAssertEqual(arthur.insertedRowIDs, [8])
            XCTAssertEqual(arthur.id, 8)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM player WHERE rowid = 8"), "Arthur")
        }
    }

    func testUpsertOfNonMutableRecordSendsNoReturning() throws {
        struct Score: Encodable, PersistableRecord {
            var id: Int64
            var value: Int
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE score (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
            try Score(id: 3, value: 1).upsert(db)
            try Score(id: 3, value: 2).upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "score" ("id", "value") VALUES (?,?) ON CONFLICT DO UPDATE SET "value" = "excluded"."value""#)
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM score"), [["id": 3, "value": 2]])
        }
    }

    func testUpsertWithUniqueIndexReportsTheRowIDOfTheConflictingRow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score INTEGER NOT NULL);
                INSERT INTO player VALUES (3, 'Arthur', 0);
                """)
            var arthur = Player(id: 10, name: "Arthur", score: 5)
            try arthur.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.returningSQL)
            XCTAssertEqual(arthur.insertedRowIDs, [3])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM player"), [["id": 3, "name": "Arthur", "score": 5]])
        }
    }

    func testUpsertWithPartialUniqueIndexReportsTheRowIDOfTheConflictingRow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL);
                CREATE UNIQUE INDEX player_name ON player(name) WHERE score > 0;
                INSERT INTO player VALUES (3, 'Arthur', 1);
                """)
            var arthur = Player(id: 10, name: "Arthur", score: 5)
            try arthur.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.returningSQL)
            XCTAssertEqual(arthur.insertedRowIDs, [3])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM player"), [["id": 3, "name": "Arthur", "score": 5]])
        }
    }

    func testUpsertWithUniqueExpressionIndexKeepsReturning() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL);
                CREATE UNIQUE INDEX player_name ON player(lower(name));
                INSERT INTO player VALUES (3, 'Arthur', 1);
                """)
            var arthur = Player(id: 10, name: "ARTHUR", score: 5)
            try arthur.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.returningSQL)
            XCTAssertEqual(arthur.insertedRowIDs, [3])
        }
    }

    func testUpsertFollowsUniqueIndexesCreatedAndDropped() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
            var arthur = Player(id: 1, name: "Arthur")
            try arthur.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.plainSQL)

            try db.execute(sql: "CREATE UNIQUE INDEX player_name ON player(name)")
            var other = Player(id: 2, name: "Arthur", score: 3)
            try other.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.returningSQL)
            XCTAssertEqual(other.insertedRowIDs, [1])

            try db.execute(sql: "DROP INDEX player_name")
            var barbara = Player(id: 2, name: "Arthur", score: 4)
            try barbara.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.plainSQL)
            XCTAssertEqual(barbara.insertedRowIDs, [2])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM player ORDER BY id"), [
                ["id": 1, "name": "Arthur", "score": 3],
                ["id": 2, "name": "Arthur", "score": 4],
            ])
        }
    }

    func testUpsertFollowsUniqueIndexCreatedByAnotherConnection() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
            var arthur = Player(id: 1, name: "Arthur")
            try arthur.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.plainSQL)
        }
        let other = try DatabaseQueue(path: dbQueue.path)
        try other.write { db in
            try db.execute(sql: "CREATE UNIQUE INDEX player_name ON player(name)")
        }
        try dbQueue.write { db in
            var player = Player(id: 2, name: "Arthur", score: 3)
            try player.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.returningSQL)
            XCTAssertEqual(player.insertedRowIDs, [1])
        }
    }

    func testUpsertAfterAlterTableAddColumnFollowsTheSchema() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
            var arthur = Player(id: 1, name: "Arthur")
            try arthur.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.plainSQL)

            // A column, then a unique index on an existing column: the
            // upsert reads the schema again, and asks for the rowid of the
            // row that the index makes it update.
            try db.execute(sql: "ALTER TABLE player ADD COLUMN bonus INTEGER NOT NULL DEFAULT 7")
            var barbara = Player(id: 2, name: "Barbara")
            try barbara.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.plainSQL)
            try db.execute(sql: "CREATE UNIQUE INDEX player_name ON player(name)")
            var other = Player(id: 3, name: "Arthur", score: 5)
            try other.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.returningSQL)
            XCTAssertEqual(other.insertedRowIDs, [1])
            XCTAssertEqual(
                try Row.fetchAll(db, sql: "SELECT id, name, score, bonus FROM player ORDER BY id"),
                [["id": 1, "name": "Arthur", "score": 5, "bonus": 7], ["id": 2, "name": "Barbara", "score": 0, "bonus": 7]])
        }
    }

    func testUpsertOfTextIDKeepsReturningAndReportsTheConvertedRowID() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            var player = AnyIDPlayer(id: "12".databaseValue, name: "Arthur")
            try player.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "player" ("id", "name") VALUES (?,?) ON CONFLICT DO UPDATE SET "name" = "excluded"."name" RETURNING "rowid""#)
            XCTAssertEqual(player.insertedRowID, 12)

            var integral = AnyIDPlayer(id: 12.0.databaseValue, name: "Barbara")
            try integral.upsert(db)
            XCTAssertEqual(integral.insertedRowID, 12)
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM player"), [["id": 12, "name": "Barbara"]])
        }
    }

    func testUpsertOfNonIntegralIDThrowsDatatypeMismatch() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            var real = AnyIDPlayer(id: 1.5.databaseValue, name: "Arthur")
            XCTAssertThrowsError(try real.upsert(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISMATCH)
            }
            var text = AnyIDPlayer(id: "one".databaseValue, name: "Arthur")
            XCTAssertThrowsError(try text.upsert(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISMATCH)
            }
            XCTAssertNil(real.insertedRowID)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
        }
    }

    func testUpsertOnIntegerPrimaryKeyWithoutRowIDTableSendsNoReturning() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL) WITHOUT ROWID")
            var arthur = Player(id: 1, name: "Arthur")
            try arthur.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.plainSQL)
            var updated = Player(id: 1, name: "Arthur Dent", score: 2)
            try updated.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.plainSQL)
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM player"), [["id": 1, "name": "Arthur Dent", "score": 2]])
        }
    }

    func testUpsertOnIntegerPrimaryKeyDescKeepsReturning() throws {
        // `INTEGER PRIMARY KEY DESC` does not alias the rowid.
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY DESC, name TEXT NOT NULL, score INTEGER NOT NULL)")
            var arthur = Player(id: 10, name: "Arthur")
            try arthur.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.returningSQL)
            XCTAssertEqual(arthur.insertedRowIDs, [try Int64.fetchOne(db, sql: "SELECT rowid FROM player WHERE name = 'Arthur'")!])
        }
    }

    func testUpsertOnTableWithTriggersReportsTheRowIDOfTheUpsertedRow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL);
                CREATE TABLE log (id INTEGER PRIMARY KEY, event TEXT NOT NULL);
                INSERT INTO log (id, event) VALUES (1000, 'start');
                CREATE TRIGGER player_insert AFTER INSERT ON player BEGIN
                    INSERT INTO log (event) VALUES ('insert ' || NEW.id);
                END;
                CREATE TRIGGER player_update AFTER UPDATE ON player BEGIN
                    INSERT INTO log (event) VALUES ('update ' || NEW.id);
                END;
                """)
            var arthur = Player(id: nil, name: "Arthur")
            try arthur.upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, Self.plainSQL)
            XCTAssertEqual(arthur.insertedRowIDs, [1])

            var barbara = Player(id: 5, name: "Barbara")
            try barbara.upsert(db)
            XCTAssertEqual(barbara.insertedRowIDs, [5])

            var updated = Player(id: 1, name: "Arthur Dent", score: 3)
            try updated.upsert(db)
            XCTAssertEqual(updated.insertedRowIDs, [1])

            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT event FROM log ORDER BY id"), [
                "start", "insert 1", "insert 5", "update 1",
            ])
        }
    }

    func testUpsertAndFetchKeepsReturning() throws {
        struct FetchedPlayer: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
            static let databaseTableName = "player"
            var id: Int64?
            var name: String
            var score: Int
            mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
            var player = FetchedPlayer(id: 4, name: "Arthur", score: 1)
            let upserted = try player.upsertAndFetch(db)
            XCTAssertEqual(upserted, FetchedPlayer(id: 4, name: "Arthur", score: 1))
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "name" = "excluded"."name", "score" = "excluded"."score" RETURNING *, "rowid""#)
        }
    }
}
