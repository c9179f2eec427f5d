import Folio
import XCTest

// Each seed-era spelling of Compatibility/ forwards to its GRDB 7
// replacement. The spellings are deprecated: they are used from
// deprecated declarations, called through a protocol whose requirements
// are not deprecated, so that the tests build without warnings.

private protocol CompatibilityChecks {
    func unlabeledSQL(_ test: SeedEraCompatibilityTests) throws
    func statements(_ test: SeedEraCompatibilityTests) throws
    func performMethods(_ test: SeedEraCompatibilityTests) throws
    func recordChangeTracking(_ test: SeedEraCompatibilityTests) throws
    func aliases(_ test: SeedEraCompatibilityTests) throws
}

@available(*, deprecated)
private struct SeedPlayer: RowConvertible, TableMapping, MutablePersistable {
    static let databaseTableName = "player"
    var id: Int64?
    var name: String

    init(id: Int64?, name: String) {
        self.id = id
        self.name = name
    }

    init(row: Row) {
        id = row["id"]
        name = row["name"]
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
    }

    mutating func didInsert(with rowID: Int64, for column: String?) {
        id = rowID
    }
}

@available(*, deprecated)
private struct SeedCountry: Persistable, DecodableRecord {
    static let databaseTableName = "country"
    var code: String

    init(code: String) { self.code = code }
    init(row: Row) { code = row["code"] }

    func encode(to container: inout PersistenceContainer) {
        container["code"] = code
    }
}

@available(*, deprecated)
private final class SeedRecord: Record {
    var id: Int64?
    var name = "Arthur"
    override class var databaseTableName: String { "player" }
    override init() { super.init() }
    required init(row: Row) throws { try super.init(row: row) }
    override func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
    }
}

private struct Checks: CompatibilityChecks {
    @available(*, deprecated)
    func unlabeledSQL(_ test: SeedEraCompatibilityTests) throws {
        let dbQueue = try test.makeDatabaseQueue()
        try dbQueue.write { db in
            test.clearSQLQueries()
            try db.execute("CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            try db.execute("INSERT INTO player (name) VALUES (?)", arguments: ["Arthur"])
            XCTAssertEqual(test.sqlQueries, [
                "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)",
                "INSERT INTO player (name) VALUES (?)",
            ])

            XCTAssertEqual(try Row.fetchAll(db, "SELECT * FROM player"), [["id": 1, "name": "Arthur"]])
            XCTAssertEqual(try Row.fetchOne(db, "SELECT name FROM player WHERE id = ?", arguments: [1]), ["name": "Arthur"])
            XCTAssertEqual(try Array(Row.fetchCursor(db, "SELECT id FROM player")).count, 1)

            XCTAssertEqual(try String.fetchAll(db, "SELECT name FROM player"), ["Arthur"])
            XCTAssertEqual(try String.fetchOne(db, "SELECT name FROM player WHERE id = ?", arguments: [1]), "Arthur")
            XCTAssertEqual(try Array(Int64.fetchCursor(db, "SELECT id FROM player")), [1])
            XCTAssertEqual(try DatabaseValue.fetchAll(db, "SELECT name FROM player"), ["Arthur".databaseValue])

            XCTAssertEqual(try SeedPlayer.fetchAll(db, "SELECT * FROM player").map(\.name), ["Arthur"])
            XCTAssertEqual(try SeedPlayer.fetchOne(db, "SELECT * FROM player WHERE id = ?", arguments: [1])?.name, "Arthur")
            XCTAssertNil(try SeedPlayer.fetchOne(db, "SELECT * FROM player WHERE id = ?", arguments: [2]))
            XCTAssertEqual(test.lastSQLQuery, "SELECT * FROM player WHERE id = ?")
        }
    }

    @available(*, deprecated)
    func statements(_ test: SeedEraCompatibilityTests) throws {
        let dbQueue = try test.makeDatabaseQueue()
        try dbQueue.write { db in
            try db.makeUpdateStatement("CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)").execute()
            try db.makeUpdateStatement(sql: "INSERT INTO player (name) VALUES (?)").execute(arguments: ["Arthur"])
            try db.cachedUpdateStatement("INSERT INTO player (name) VALUES (?)").execute(arguments: ["Barbara"])
            XCTAssertEqual(try String.fetchAll(db.makeSelectStatement("SELECT name FROM player ORDER BY id")), ["Arthur", "Barbara"])
            XCTAssertEqual(try String.fetchAll(db.makeSelectStatement(sql: "SELECT name FROM player ORDER BY id")), ["Arthur", "Barbara"])
            let statement = try db.cachedSelectStatement("SELECT COUNT(*) FROM player")
            XCTAssertTrue(statement === (try db.cachedStatement(sql: "SELECT COUNT(*) FROM player")))
        }
    }

    @available(*, deprecated)
    func performMethods(_ test: SeedEraCompatibilityTests) throws {
        let dbQueue = try test.makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE country (code TEXT PRIMARY KEY);
                """)
            var player = SeedPlayer(id: nil, name: "Arthur")
            test.clearSQLQueries()
            try player.performInsert(db)
            XCTAssertEqual(player.id, 1)
            player.name = "Barbara"
            try player.performUpdate(db, columns: ["name"])
            player.name = "Craig"
            try player.performSave(db)
            XCTAssertTrue(try player.performExists(db))
            XCTAssertTrue(try player.performDelete(db))
            XCTAssertFalse(try player.performExists(db))
            XCTAssertEqual(test.persistenceSQLQueries, [
                #"INSERT INTO "player" ("id", "name") VALUES (?,?)"#,
                #"UPDATE "player" SET "name"=? WHERE "id"=?"#,
                "SAVEPOINT folio0",
                #"UPDATE "player" SET "name"=? WHERE "id"=?"#,
                "RELEASE SAVEPOINT folio0",
                #"SELECT EXISTS (SELECT 1 FROM "player" WHERE "id"=?)"#,
                #"DELETE FROM "player" WHERE "id"=?"#,
                #"SELECT EXISTS (SELECT 1 FROM "player" WHERE "id"=?)"#,
            ])

            let country = SeedCountry(code: "FR")
            try country.performInsert(db)
            try country.performSave(db)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT code FROM country"), ["FR"])
        }
    }

    @available(*, deprecated)
    func recordChangeTracking(_ test: SeedEraCompatibilityTests) throws {
        let record = SeedRecord()
        XCTAssertTrue(record.hasPersistentChangedValues)
        XCTAssertEqual(record.persistentChangedValues.count, 2)
        record.hasPersistentChangedValues = false
        XCTAssertFalse(record.hasDatabaseChanges)
        record.name = "Barbara"
        XCTAssertEqual(record.persistentChangedValues, ["name": "Arthur".databaseValue])
    }

    @available(*, deprecated)
    func aliases(_ test: SeedEraCompatibilityTests) throws {
        let dbQueue = try test.makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            do {
                try SeedPlayer(id: 1, name: "Arthur").update(db)
                XCTFail("expected error")
            } catch PersistenceError.recordNotFound(databaseTableName: let table, key: let key) {
                XCTAssertEqual(table, "player")
                XCTAssertEqual(key, ["id": 1.databaseValue])
            }
        }
        func isFetchable<T: FetchableRecord>(_ type: T.Type) -> Bool { true }
        func isTableRecord<T: TableRecord>(_ type: T.Type) -> Bool { true }
        func isPersistable<T: PersistableRecord>(_ type: T.Type) -> Bool { true }
        XCTAssertTrue(isFetchable(SeedPlayer.self))
        XCTAssertTrue(isFetchable(SeedCountry.self))
        XCTAssertTrue(isTableRecord(SeedPlayer.self))
        XCTAssertTrue(isPersistable(SeedCountry.self))
    }
}

final class SeedEraCompatibilityTests: FolioTestCase {
    private let checks: any CompatibilityChecks = Checks()

    func testUnlabeledSQLForwardsToLabeledMethods() throws { try checks.unlabeledSQL(self) }
    func testMakeSelectAndUpdateStatementForwardToMakeStatement() throws { try checks.statements(self) }
    func testPerformMethodsForwardToPersistenceMethods() throws { try checks.performMethods(self) }
    func testPersistentChangedValuesForwardToDatabaseChanges() throws { try checks.recordChangeTracking(self) }
    func testProtocolAndErrorAliases() throws { try checks.aliases(self) }
}
