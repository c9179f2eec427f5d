import Folio
import XCTest

final class InsertTests: FolioTestCase {
    func testInsertRunsInsertStatementAndSetsAutoIncrementedId() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            var player = PersistedPlayer(name: "Arthur", score: 100)
            let sql = try persistenceSQL { try player.insert(db) }
            XCTAssertEqual(sql, [#"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#])
            XCTAssertEqual(player.id, 1)

            var player2 = PersistedPlayer(name: "Barbara", score: 200)
            try player2.insert(db)
            XCTAssertEqual(player2.id, 2)
            XCTAssertEqual(try fetchRows(db, "player"), [
                ["id": 1, "name": "Arthur", "score": 100],
                ["id": 2, "name": "Barbara", "score": 200],
            ])
        }
    }

    /// A record type whose columns depend on its values, as the columns
    /// of the previous insertion are the expected columns of the next one.
    struct VaryingColumnsItem: PersistableRecord {
        static let databaseTableName = "item"
        var columns: [(String, (any DatabaseValueConvertible)?)]

        func encode(to container: inout PersistenceContainer) {
            for (column, value) in columns {
                container[column] = value
            }
        }
    }

    func testInsertsOfOneTypeWithOtherColumnsOrderOrCaseUseTheirOwnColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE item (a INTEGER, b INTEGER, c INTEGER)")
            let first = VaryingColumnsItem(columns: [("a", 1), ("b", 2), ("c", 3)])
            let sameColumns = VaryingColumnsItem(columns: [("a", 4), ("b", 5), ("c", 6)])
            let otherOrder = VaryingColumnsItem(columns: [("c", 7), ("a", 8), ("b", 9)])
            let fewerColumns = VaryingColumnsItem(columns: [("a", 10), ("b", 11)])
            let overwritten = VaryingColumnsItem(columns: [("a", 12), ("B", 13), ("A", 14)])
            let moreColumns = VaryingColumnsItem(columns: [("a", 15), ("b", 16), ("c", 17), ("b", 18)])
            var sql: [String] = []
            for item in [first, sameColumns, otherOrder, fewerColumns, overwritten, moreColumns] {
                sql += try persistenceSQL { try item.insert(db) }
            }
            XCTAssertEqual(sql, [
                #"INSERT INTO "item" ("a", "b", "c") VALUES (?,?,?)"#,
                #"INSERT INTO "item" ("a", "b", "c") VALUES (?,?,?)"#,
                #"INSERT INTO "item" ("c", "a", "b") VALUES (?,?,?)"#,
                #"INSERT INTO "item" ("a", "b") VALUES (?,?)"#,
                #"INSERT INTO "item" ("a", "B") VALUES (?,?)"#,
                #"INSERT INTO "item" ("a", "b", "c") VALUES (?,?,?)"#,
            ])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT a, b, c FROM item ORDER BY rowid"), [
                ["a": 1, "b": 2, "c": 3],
                ["a": 4, "b": 5, "c": 6],
                ["a": 8, "b": 9, "c": 7],
                ["a": 10, "b": 11, "c": nil],
                ["a": 14, "b": 13, "c": nil],
                ["a": 15, "b": 18, "c": 17],
            ])
        }
    }

    func testContainerOfAnInsertionThatFollowsThePreviousColumnsHasItsOwnColumns() throws {
        final class Sink { var successes: [InsertionSuccess] = [] }
        struct Item: PersistableRecord {
            static let databaseTableName = "item"
            var name: String
            var setsScore: Bool
            let sink: Sink

            func encode(to container: inout PersistenceContainer) {
                container["name"] = name
                if setsScore { container["score"] = 1 }
            }

            func didInsert(_ inserted: InsertionSuccess) {
                sink.successes.append(inserted)
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
            let sink = Sink()
            try Item(name: "first", setsScore: true, sink: sink).insert(db)
            try Item(name: "second", setsScore: false, sink: sink).insert(db)
            XCTAssertEqual(sink.successes.map(\.persistenceContainer.columns), [
                ["name", "score", "id"],
                ["name", "id"],
            ])
            XCTAssertEqual(sink.successes.map { $0.persistenceContainer["ID"]?.databaseValue }, [1.databaseValue, 2.databaseValue])
            XCTAssertNil(sink.successes[1].persistenceContainer["score"])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT id, name, score FROM item ORDER BY id"), [
                ["id": 1, "name": "first", "score": 1],
                ["id": 2, "name": "second", "score": nil],
            ])
        }
    }

    func testInsertWithExplicitId() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            var player = PersistedPlayer(id: 42, name: "Arthur", score: 100)
            try player.insert(db)
            XCTAssertEqual(player.id, 42)
            XCTAssertEqual(try fetchRows(db, "player"), [["id": 42, "name": "Arthur", "score": 100]])
        }
    }

    func testInsertedReturnsInsertedCopy() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            let player = PersistedPlayer(name: "Arthur", score: 100)
            let inserted = try player.inserted(db)
            XCTAssertNil(player.id)
            XCTAssertEqual(inserted, PersistedPlayer(id: 1, name: "Arthur", score: 100))
        }
    }

    func testPersistableRecordInsertsWithoutVar() throws {
        struct Country: Encodable, PersistableRecord {
            var isoCode: String
            var name: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE country (isoCode TEXT PRIMARY KEY, name TEXT NOT NULL)")
            let country = Country(isoCode: "FR", name: "France")
            let sql = try persistenceSQL { try country.insert(db) }
            XCTAssertEqual(sql, [#"INSERT INTO "country" ("isoCode", "name") VALUES (?,?)"#])
            XCTAssertEqual(try fetchRows(db, "country"), [["isoCode": "FR", "name": "France"]])
        }
    }

    func testInsertOfEmptyContainerInsertsDefaultValues() throws {
        struct Event: MutablePersistableRecord {
            var id: Int64?
            func encode(to container: inout PersistenceContainer) { }
            mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE event (id INTEGER PRIMARY KEY, date TEXT DEFAULT 'today')")
            var event = Event()
            let sql = try persistenceSQL { try event.insert(db) }
            XCTAssertEqual(sql, [#"INSERT INTO "event" DEFAULT VALUES"#])
            XCTAssertEqual(event.id, 1)
            XCTAssertEqual(try fetchRows(db, "event"), [["id": 1, "date": "today"]])
        }
    }

    func testInsertionSuccessNamesTheRowIDColumnAndHoldsTheInsertedId() throws {
        struct Player: Encodable, MutablePersistableRecord {
            var id: Int64?
            var name: String
            nonisolated(unsafe) static var successes: [InsertionSuccess] = []
            mutating func didInsert(_ inserted: InsertionSuccess) {
                Player.successes.append(inserted)
                id = inserted.rowID
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            var player = Player(id: nil, name: "Arthur")
            try player.insert(db)
            let success = try XCTUnwrap(Player.successes.last)
            XCTAssertEqual(success.rowID, 1)
            XCTAssertEqual(success.rowIDColumn, "id")
            XCTAssertEqual(success.persistenceContainer.columns, ["id", "name"])
            XCTAssertEqual(success.persistenceContainer["id"]?.databaseValue, 1.databaseValue)
        }
    }

    func testInsertionSuccessOfTableWithoutRowIDColumn() throws {
        struct Citizenship: Encodable, PersistableRecord {
            var citizenId: Int
            var countryCode: String
            nonisolated(unsafe) static var successes: [InsertionSuccess] = []
            func didInsert(_ inserted: InsertionSuccess) { Citizenship.successes.append(inserted) }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE citizenship (citizenId INTEGER, countryCode TEXT, PRIMARY KEY (citizenId, countryCode))")
            try Citizenship(citizenId: 1, countryCode: "FR").insert(db)
            let success = try XCTUnwrap(Citizenship.successes.last)
            XCTAssertNil(success.rowIDColumn)
            XCTAssertEqual(success.rowID, 1)
        }
    }

    func testInsertViolatingNotNullThrowsConstraintError() throws {
        struct Player: Encodable, MutablePersistableRecord {
            var id: Int64?
            var name: String?
            var score: Int
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            var player = Player(id: nil, name: nil, score: 0)
            XCTAssertThrowsError(try player.insert(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
                XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_NOTNULL)
                XCTAssertEqual(error.sql, #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#)
                XCTAssertTrue(error.message?.contains("player.name") ?? false, "\(error)")
            }
            XCTAssertNil(player.id)
            XCTAssertEqual(try fetchRows(db, "player"), [])
        }
    }

    func testInsertViolatingUniqueConstraintThrowsAndDoesNotCallDidInsert() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            var player = PersistedPlayer(name: "Arthur", score: 100)
            try player.insert(db)
            var duplicate = PersistedPlayer(name: "Arthur", score: 200)
            XCTAssertThrowsError(try duplicate.insert(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
            }
            XCTAssertNil(duplicate.id)
        }
    }

    func testConstraintErrorShowsArgumentsWhenPublic() throws {
        var configuration = Configuration()
        configuration.publicStatementArguments = true
        let dbQueue = try makeDatabaseQueue(configuration: configuration)
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            _ = try PersistedPlayer(name: "Arthur", score: 1).inserted(db)
            XCTAssertThrowsError(try PersistedPlayer(name: "Arthur", score: 2).inserted(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.arguments, [nil, "Arthur", 2])
            }
        }
    }

    func testInsertOfUnstorableValueThrowsAndTheNextInsertionBindsItsOwnValues() throws {
        // The values of a persistence statement move into it for the run
        // and back: an insertion whose value can not be bound leaves no
        // binding, pending error or argument behind for the next one.
        struct Counter: MutablePersistableRecord {
            static let databaseTableName = "counter"
            var id: Int64?
            var value: UInt64
            func encode(to container: inout PersistenceContainer) {
                container["id"] = id
                container["value"] = value
            }
            mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
        }
        var configuration = Configuration()
        configuration.publicStatementArguments = true
        let dbQueue = try makeDatabaseQueue(configuration: configuration)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL UNIQUE)")
            var first = Counter(id: nil, value: 1)
            try first.insert(db)
            XCTAssertEqual(first.id, 1)
            var unstorable = Counter(id: nil, value: UInt64.max)
            XCTAssertThrowsError(try unstorable.insert(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.sql, #"INSERT INTO "counter" ("id", "value") VALUES (?,?)"#)
                XCTAssertEqual(error.arguments, [nil, UInt64.max])
            }
            XCTAssertNil(unstorable.id)
            var duplicate = Counter(id: nil, value: 1)
            XCTAssertThrowsError(try duplicate.insert(db)) { error in
                // The step's error names the values of this insertion.
                XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
                XCTAssertEqual((error as? DatabaseError)?.arguments, [nil, 1])
            }
            var second = Counter(id: nil, value: 2)
            try second.insert(db)
            XCTAssertEqual(second.id, 2)
            XCTAssertEqual(try fetchRows(db, "counter"), [["id": 1, "value": 1], ["id": 2, "value": 2]])
        }
    }

    func testInsertIntoMissingTableThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            var player = PersistedPlayer(name: "Arthur", score: 100)
            XCTAssertThrowsError(try player.insert(db)) { error in
                XCTAssertTrue("\(error)".contains("no such table: player"), "\(error)")
            }
        }
    }

    func testInsertAfterSchemaChangeUsesNewRowIDColumn() throws {
        struct Item: MutablePersistableRecord {
            var name: String
            nonisolated(unsafe) static var rowIDColumns: [String?] = []
            func encode(to container: inout PersistenceContainer) { container["name"] = name }
            func didInsert(_ inserted: InsertionSuccess) { Item.rowIDColumns.append(inserted.rowIDColumn) }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT)")
            _ = try Item(name: "a").inserted(db)
            try db.execute(sql: "DROP TABLE item; CREATE TABLE item (code INTEGER PRIMARY KEY, name TEXT)")
            _ = try Item(name: "b").inserted(db)
            XCTAssertEqual(Item.rowIDColumns, ["id", "code"])
        }
    }

    func testInsertAfterSchemaChangeByAnotherConnectionUsesNewRowIDColumn() throws {
        struct Item: MutablePersistableRecord {
            var name: String
            nonisolated(unsafe) static var rowIDColumns: [String?] = []
            func encode(to container: inout PersistenceContainer) { container["name"] = name }
            func didInsert(_ inserted: InsertionSuccess) { Item.rowIDColumns.append(inserted.rowIDColumn) }
        }
        Item.rowIDColumns = []
        let dbQueue = try makeTemporaryDatabaseQueue()
        let other = try DatabaseQueue(path: dbQueue.path)
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT)")
            _ = try Item(name: "a").inserted(db)
            // Between two insertions of one access.
            try other.write { db in
                try db.execute(sql: "DROP TABLE item; CREATE TABLE item (code INTEGER PRIMARY KEY, name TEXT)")
            }
            _ = try Item(name: "b").inserted(db)
        }
        // Between two accesses.
        try other.write { db in
            try db.execute(sql: "DROP TABLE item; CREATE TABLE item (name TEXT PRIMARY KEY)")
        }
        try dbQueue.write { db in
            _ = try Item(name: "c").inserted(db)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM item"), ["c"])
        }
        XCTAssertEqual(Item.rowIDColumns, ["id", "code", nil])
    }

    // MARK: - insertAndFetch

    func testInsertAndFetchReturnsDefaultValues() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            struct PartialPlayer: Encodable, PersistableRecord {
                static let databaseTableName = "player"
                var name: String
            }
            let sql = try persistenceSQL {
                let player = try PartialPlayer(name: "Alice").insertAndFetch(db, as: PersistedPlayer.self)
                XCTAssertEqual(player, PersistedPlayer(id: 1, name: "Alice", score: 0))
            }
            XCTAssertEqual(sql, [#"INSERT INTO "player" ("name") VALUES (?) RETURNING *"#])
        }
    }

    func testInsertAndFetchOfSelfSetsIdAndReturnsRecord() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            let player = PersistedPlayer(name: "Arthur", score: 10)
            let inserted = try player.insertAndFetch(db)
            XCTAssertEqual(inserted, PersistedPlayer(id: 1, name: "Arthur", score: 10))
            // As in GRDB 7, the receiver is not modified.
            XCTAssertNil(player.id)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) RETURNING *"#)
        }
    }

    func testInsertAndFetchWithSelection() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            struct PartialPlayer: Encodable, PersistableRecord {
                static let databaseTableName = "player"
                var name: String
            }
            let score = try PartialPlayer(name: "Alice").insertAndFetch(db, selection: [Column("score"), Column("id")]) { statement in
                try Row.fetchOne(statement)
            }
            XCTAssertEqual(score, ["score": 0, "id": 1])
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "player" ("name") VALUES (?) RETURNING "score", "id""#)
            XCTAssertEqual(try fetchRows(db, "player").count, 1)
        }
    }

    func testInsertAndFetchIgnoredThrowsRecordNotFound() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            _ = try PersistedPlayer(id: 1, name: "Arthur", score: 1).inserted(db)
            let duplicate = PersistedPlayer(id: 1, name: "Arthur", score: 2)
            XCTAssertThrowsError(try duplicate.insertAndFetch(db, onConflict: .ignore)) { error in
                guard case RecordError.recordNotFound(databaseTableName: "player", key: let key) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(key, ["id": 1.databaseValue])
            }
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT OR IGNORE INTO "player" ("id", "name", "score") VALUES (?,?,?) RETURNING *"#)
        }
    }

    func testInsertAndFetchWithSelectionIgnoredReturnsNil() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            _ = try PersistedPlayer(id: 1, name: "Arthur", score: 1).inserted(db)
            var duplicate = PersistedPlayer(id: 1, name: "Arthur", score: 2)
            // As in GRDB: the fetch finds no row, and returns nil; the
            // record is not told about an insertion.
            let fetched = try duplicate.insertAndFetch(db, onConflict: .ignore, selection: [.allColumns]) { try PersistedPlayer.fetchOne($0) }
            XCTAssertNil(fetched)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT OR IGNORE INTO "player" ("id", "name", "score") VALUES (?,?,?) RETURNING *"#)
            XCTAssertEqual(try PersistedPlayer.fetchAll(db), [PersistedPlayer(id: 1, name: "Arthur", score: 1)])
        }
    }
}
