import Folio
import Foundation
import XCTest

private struct Player: Decodable, FetchableRecord, TableRecord, Hashable {
    var id: Int64
    var email: String?
    var name: String
    var teamId: Int?
    var position: Int?
}

private struct Country: Decodable, FetchableRecord, TableRecord, Hashable {
    var isoCode: String
    var name: String
}

/// The seed's composite primary key (Records.md).
private struct Citizenship: Decodable, FetchableRecord, TableRecord, Hashable {
    var playerID: Int64
    var countryISOCode: String
}

/// The seed's table without explicit primary key (Records.md), with a
/// hand-written `init(row:)`.
private struct Event: FetchableRecord, TableRecord, Equatable {
    var message: String

    init(row: Row) {
        message = row["message"]
    }
}

/// The seed's `Event` that selects the hidden rowid (Records.md).
private struct RowIDEvent: FetchableRecord, TableRecord, Equatable {
    static let databaseTableName = "event"
    static var databaseSelection: [any SQLSelectable] { [AllColumns(), Column.rowID] }

    var id: Int64?
    var message: String

    init(id: Int64?, message: String) {
        self.id = id
        self.message = message
    }

    init(row: Row) {
        id = row[.rowID]
        message = row["message"]
    }
}

private struct Item: Decodable, FetchableRecord, TableRecord, Hashable {
    var uuid: UUID
    var label: String
}

final class RecordKeyTests: FolioTestCase {
    private let itemUUID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (
                  id INTEGER PRIMARY KEY,
                  email TEXT UNIQUE,
                  name TEXT NOT NULL,
                  teamId INTEGER,
                  position INTEGER);
                CREATE INDEX player_name ON player(name);
                INSERT INTO player VALUES (1, 'arthur@example.com', 'Arthur', 1, 1);
                INSERT INTO player VALUES (2, 'barbara@example.com', 'Barbara', 1, 2);
                INSERT INTO player VALUES (3, NULL, 'Craig', 2, 1);
                CREATE TABLE country (isoCode TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO country VALUES ('FR', 'France'), ('US', 'United States'), ('DE', 'Germany');
                CREATE TABLE citizenship (
                  playerID INTEGER NOT NULL,
                  countryISOCode TEXT NOT NULL,
                  PRIMARY KEY (playerID, countryISOCode));
                INSERT INTO citizenship VALUES (1, 'FR'), (1, 'US'), (2, 'DE');
                CREATE TABLE event (message TEXT, date TEXT);
                INSERT INTO event (rowid, message) VALUES (1, 'one'), (2, 'two'), (3, 'three');
                CREATE TABLE item (uuid BLOB NOT NULL PRIMARY KEY, label TEXT NOT NULL);
                """)
            try db.execute(sql: "INSERT INTO item VALUES (?, 'first')", arguments: [itemUUID])
        }
        clearSQLQueries()
        return dbQueue
    }

    // MARK: - Single-column primary keys

    func testFetchOneByIntegerPrimaryKey() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Player.fetchOne(db, key: 1)?.name, "Arthur")
            // A key identifies one row at most: no LIMIT 1.
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertNil(try Player.fetchOne(db, key: 42))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
        }
    }

    func testFetchOneByTextPrimaryKey() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Country.fetchOne(db, key: "ES"), nil)
            XCTAssertEqual(try Country.fetchOne(db, key: "FR"), Country(isoCode: "FR", name: "France"))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "country" WHERE "isoCode" = ?"#)
        }
    }

    func testFetchOneByUUIDPrimaryKey() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Item.fetchOne(db, key: itemUUID), Item(uuid: itemUUID, label: "first"))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "item" WHERE "uuid" = ?"#)
            XCTAssertNil(try Item.fetchOne(db, key: UUID()))
        }
    }

    func testFetchAllByPrimaryKeys() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Player.fetchAll(db, keys: [1, 3, 42]).map(\.name).sorted(), ["Arthur", "Craig"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?, ?)"#)
            XCTAssertEqual(try Country.fetchAll(db, keys: ["FR", "US"]).map(\.name).sorted(), ["France", "United States"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "country" WHERE "isoCode" IN (?, ?)"#)
            XCTAssertEqual(try Player.fetchAll(db, keys: [2]).map(\.name), ["Barbara"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
        }
    }

    func testFetchSetAndCursorByPrimaryKeys() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Set(Country.fetchSet(db, keys: ["FR", "DE"]).map(\.isoCode)), ["FR", "DE"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "country" WHERE "isoCode" IN (?, ?)"#)
            XCTAssertEqual(try Array(Player.fetchCursor(db, keys: [2, 3])).map(\.id).sorted(), [2, 3])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?)"#)
        }
    }

    func testEmptyKeyListsFetchNothingWithoutSQL() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            _ = try db.primaryKey("player") // warm the schema cache
            clearSQLQueries()
            XCTAssertEqual(try Player.fetchAll(db, keys: [Int]()), [])
            XCTAssertEqual(try Player.fetchSet(db, keys: [Int]()), [])
            XCTAssertEqual(try Citizenship.fetchAll(db, keys: []), [])
            XCTAssertEqual(try Citizenship.fetchSet(db, keys: []), [])
            XCTAssertEqual(try Player.deleteAll(db, keys: [Int]()), 0)
            XCTAssertEqual(try Citizenship.deleteAll(db, keys: []), 0)
            XCTAssertEqual(sqlQueries, [])
            // Cursors run a query that matches nothing.
            XCTAssertNil(try Player.fetchCursor(db, keys: [Int]()).next())
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE 0"#)
            XCTAssertEqual(try Player.filter(keys: [Int]()).fetchCount(db), 0)
        }
    }

    func testNilKeysMatchNothing() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            clearSQLQueries()
            XCTAssertNil(try Player.fetchOne(db, key: nil as Int?))
            XCTAssertNil(try Player.fetchOne(db, key: nil as [String: (any DatabaseValueConvertible)?]?))
            XCTAssertFalse(try Player.deleteOne(db, key: nil as Int?))
            XCTAssertEqual(sqlQueries, [])
            XCTAssertEqual(try Player.fetchAll(db, keys: [1, nil]).map(\.id), [1])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Player.filter(key: nil as Int?).fetchAll(db), [])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE 0"#)
            XCTAssertFalse(try Player.exists(db, key: nil as Int?))
        }
    }

    // MARK: - Unique keys

    func testFetchOneByUniqueIndex() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Player.fetchOne(db, key: ["email": "barbara@example.com"])?.id, 2)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "email" = ?"#)
            XCTAssertNil(try Player.fetchOne(db, key: ["email": "nobody@example.com"]))
            // A NULL value identifies no row.
            XCTAssertNil(try Player.fetchOne(db, key: ["email": nil]))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE 0"#)
        }
    }

    func testDictionaryWithPrimaryKeyColumn() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Player.fetchOne(db, key: ["id": 3])?.name, "Craig")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            // Columns that contain a unique key are a unique key.
            XCTAssertEqual(try Player.fetchOne(db, key: ["name": "Craig", "id": 3])?.name, "Craig")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE ("id" = ?) AND ("name" = ?)"#)
        }
    }

    func testFetchOneByCompositePrimaryKey() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            let citizenship = try Citizenship.fetchOne(db, key: ["countryISOCode": "US", "playerID": 1])
            XCTAssertEqual(citizenship, Citizenship(playerID: 1, countryISOCode: "US"))
            // Columns are sorted in the order of the table.
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "citizenship" WHERE ("playerID" = ?) AND ("countryISOCode" = ?)"#)
            XCTAssertNil(try Citizenship.fetchOne(db, key: ["playerID": 2, "countryISOCode": "FR"]))
        }
    }

    func testFetchAllByCompositePrimaryKeys() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            let citizenships = try Citizenship.fetchAll(db, keys: [
                ["playerID": 1, "countryISOCode": "FR"],
                ["playerID": 2, "countryISOCode": "DE"],
                ["playerID": 3, "countryISOCode": "FR"],
            ])
            XCTAssertEqual(Set(citizenships), [
                Citizenship(playerID: 1, countryISOCode: "FR"),
                Citizenship(playerID: 2, countryISOCode: "DE"),
            ])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT * FROM "citizenship" WHERE (("playerID" = ?) AND ("countryISOCode" = ?)) OR (("playerID" = ?) AND ("countryISOCode" = ?)) OR (("playerID" = ?) AND ("countryISOCode" = ?))"#)
            XCTAssertEqual(try Citizenship.fetchSet(db, keys: [["playerID": 1, "countryISOCode": "US"]]).count, 1)
            XCTAssertEqual(try Array(Citizenship.fetchCursor(db, keys: [["playerID": 2, "countryISOCode": "DE"]])).count, 1)
        }
    }

    func testDictionaryThatIsNotAUniqueKeyThrows() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            clearSQLQueries()
            XCTAssertThrowsError(try Player.fetchOne(db, key: ["teamId": 1, "position": 1])) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(
                    error.message,
                    "table player has no unique key on column(s) position, teamId: "
                        + "declare a primary key or a unique index on them, or use filter(_:) with a regular condition")
            }
            // A non-unique index is not a unique key.
            XCTAssertThrowsError(try Player.deleteOne(db, key: ["name": "Arthur"])) { error in
                XCTAssertTrue("\(error)".contains("table player has no unique key on column(s) name"), "\(error)")
            }
            XCTAssertThrowsError(try Citizenship.fetchAll(db, keys: [["playerID": 1]])) { error in
                XCTAssertTrue("\(error)".contains("table citizenship has no unique key on column(s) playerID"), "\(error)")
            }
            XCTAssertThrowsError(try Player.exists(db, key: [:])) { error in
                XCTAssertTrue("\(error)".contains("no unique key"), "\(error)")
            }
            // Nothing was fetched or deleted: only schema queries ran.
            XCTAssertFalse(sqlQueries.contains { $0.hasPrefix("SELECT * FROM") || $0.hasPrefix("DELETE") }, "\(sqlQueries)")
            XCTAssertEqual(try Player.fetchCount(db), 3)
        }
    }

    func testDictionaryKeyBecomesValidOnceAUniqueIndexExists() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Player.fetchOne(db, key: ["teamId": 1, "position": 2]))
            try db.execute(sql: "CREATE UNIQUE INDEX player_team_position ON player(teamId, position)")
            XCTAssertEqual(try Player.fetchOne(db, key: ["teamId": 1, "position": 2])?.name, "Barbara")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE ("teamId" = ?) AND ("position" = ?)"#)
        }
    }

    func testSingleValueKeyOnCompositePrimaryKeyThrows() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Citizenship.fetchOne(db, key: 1)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(
                    error.message,
                    #"table citizenship has a composite primary key (playerID, countryISOCode): use a dictionary key such as ["playerID": ..., "countryISOCode": ...]"#)
            }
        }
    }

    // MARK: - Hidden rowid

    func testTableWithoutPrimaryKeyIsQueriedByRowID() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            // SELECT * FROM event WHERE rowid = 1
            XCTAssertEqual(try Event.fetchOne(db, key: 1)?.message, "one")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "event" WHERE "rowid" = ?"#)
            XCTAssertEqual(try Event.fetchAll(db, keys: [2, 3]).map(\.message).sorted(), ["three", "two"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "event" WHERE "rowid" IN (?, ?)"#)
            XCTAssertEqual(try Event.fetchOne(db, key: ["rowid": 2])?.message, "two")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "event" WHERE "rowid" = ?"#)
            // DELETE FROM event WHERE rowid = 1
            XCTAssertTrue(try Event.deleteOne(db, key: 1))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "event" WHERE "rowid" = ?"#)
            XCTAssertFalse(try Event.deleteOne(db, key: 1))
        }
    }

    func testRecordThatSelectsTheRowIDKnowsItsID() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            let event = try RowIDEvent.fetchOne(db, key: 2)
            XCTAssertEqual(event, RowIDEvent(id: 2, message: "two"))
            XCTAssertEqual(lastSQLQuery, #"SELECT *, "rowid" FROM "event" WHERE "rowid" = ?"#)
            XCTAssertEqual(try RowIDEvent.fetchAll(db).map(\.id), [1, 2, 3])
            XCTAssertEqual(lastSQLQuery, #"SELECT *, "rowid" FROM "event""#)
        }
    }

    // MARK: - Existence and deletion

    func testExistsByKey() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertTrue(try Player.exists(db, key: 1))
            XCTAssertEqual(lastSQLQuery, #"SELECT EXISTS (SELECT * FROM "player" WHERE "id" = ?)"#)
            XCTAssertFalse(try Player.exists(db, key: 42))
            XCTAssertTrue(try Country.exists(db, key: "FR"))
            XCTAssertTrue(try Player.exists(db, key: ["email": "arthur@example.com"]))
            XCTAssertEqual(lastSQLQuery, #"SELECT EXISTS (SELECT * FROM "player" WHERE "email" = ?)"#)
            XCTAssertTrue(try Citizenship.exists(db, key: ["playerID": 1, "countryISOCode": "FR"]))
            XCTAssertFalse(try Citizenship.exists(db, key: ["playerID": 1, "countryISOCode": "DE"]))
            XCTAssertTrue(try Event.exists(db, key: 3))
            XCTAssertEqual(lastSQLQuery, #"SELECT EXISTS (SELECT * FROM "event" WHERE "rowid" = ?)"#)
        }
    }

    func testDeleteOneByKey() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            XCTAssertTrue(try Player.deleteOne(db, key: 1))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" = ?"#)
            XCTAssertFalse(try Player.deleteOne(db, key: 1))
            XCTAssertTrue(try Player.deleteOne(db, key: ["email": "barbara@example.com"]))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "email" = ?"#)
            XCTAssertTrue(try Citizenship.deleteOne(db, key: ["playerID": 1, "countryISOCode": "US"]))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "citizenship" WHERE ("playerID" = ?) AND ("countryISOCode" = ?)"#)
            XCTAssertEqual(try Player.fetchAll(db).map(\.id), [3])
            XCTAssertEqual(try Citizenship.fetchCount(db), 2)
        }
    }

    func testDeleteAllByKeys() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            XCTAssertEqual(try Country.deleteAll(db, keys: ["FR", "US", "ES"]), 2)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "country" WHERE "isoCode" IN (?, ?, ?)"#)
            XCTAssertEqual(try Country.fetchAll(db).map(\.isoCode), ["DE"])
            XCTAssertEqual(try Citizenship.deleteAll(db, keys: [["playerID": 1, "countryISOCode": "FR"], ["playerID": 2, "countryISOCode": "DE"]]), 2)
            XCTAssertEqual(try Citizenship.fetchAll(db), [Citizenship(playerID: 1, countryISOCode: "US")])
        }
    }

    func testFindByKeyThrowsRecordNotFound() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Player.find(db, key: 2).name, "Barbara")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertThrowsError(try Player.find(db, key: 42)) { error in
                guard case let RecordError.recordNotFound(databaseTableName: table, key: key) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(table, "player")
                XCTAssertEqual(key, ["id": 42.databaseValue])
                XCTAssertEqual("\(error)", "Key not found in table player: [id:42]")
            }
            XCTAssertEqual(try Citizenship.find(db, key: ["playerID": 2, "countryISOCode": "DE"]).playerID, 2)
            XCTAssertThrowsError(try Citizenship.find(db, key: ["playerID": 2, "countryISOCode": "FR"])) { error in
                XCTAssertEqual("\(error)", #"Key not found in table citizenship: [countryISOCode:"FR", playerID:2]"#)
            }
            XCTAssertThrowsError(try Event.find(db, key: 42)) { error in
                XCTAssertEqual("\(error)", "Key not found in table event: [rowid:42]")
            }
        }
    }

    // MARK: - Requests

    func testFilterByKeyOnRequests() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Player.filter(key: 1).fetchOne(db)?.name, "Arthur")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Player.filter(keys: [1, 2]).order(Column("id").desc).fetchAll(db).map(\.id), [2, 1])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?) ORDER BY "id" DESC"#)
            XCTAssertEqual(try Player.all().filter(key: ["email": "arthur@example.com"]).fetchCount(db), 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player" WHERE "email" = ?"#)
            XCTAssertEqual(try Player.filter { $0.teamId == 1 }.filter(keys: [2, 3]).fetchAll(db).map(\.id), [2])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE ("teamId" = ?) AND ("id" IN (?, ?))"#)
            XCTAssertEqual(try Citizenship.filter(keys: [["playerID": 1, "countryISOCode": "FR"]]).fetchCount(db), 1)
            XCTAssertEqual(try Citizenship.filter(key: ["playerID": 1, "countryISOCode": "FR"]).deleteAll(db), 1)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "citizenship" WHERE ("playerID" = ?) AND ("countryISOCode" = ?)"#)
        }
    }

    func testFilterByKeyQualifiesColumnsOfAliasedRequests() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            let alias = TableAlias<Player>(name: "p")
            let request = Player.aliased(alias).filter(key: 1)
            XCTAssertEqual(try request.fetchAll(db).map(\.id), [1])
            XCTAssertEqual(lastSQLQuery, #"SELECT "p".* FROM "player" "p" WHERE "p"."id" = ?"#)
            // In a subquery, the key refers to the table of the subquery,
            // as the selected column does.
            let other = TableAlias<Player>(name: "other")
            let subquery = Player.aliased(other).filter(key: 2).select(Column("teamId"))
            XCTAssertEqual(try Player.filter { subquery.contains($0.teamId) }.fetchAll(db).map(\.id), [1, 2])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT * FROM "player" WHERE "teamId" IN (SELECT "other"."teamId" FROM "player" "other" WHERE "other"."id" = ?)"#)
        }
    }

    func testFilterByKeyOnTable() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            let row = try Table("country").all().filter(key: "DE").fetchOne(db)
            XCTAssertEqual(row?["name"], "Germany")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "country" WHERE "isoCode" = ?"#)
        }
    }

    func testRequestFilteredByKeyOnTableWithoutPrimaryKeyThrowsAtRun() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE keyless (a TEXT NOT NULL PRIMARY KEY) WITHOUT ROWID; CREATE VIEW listing AS SELECT * FROM player")
            XCTAssertThrowsError(try Table("listing").all().filter(key: 1).fetchAll(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.message, "table listing has no primary key: it can not be queried by key")
            }
            XCTAssertEqual(try Table("keyless").all().filter(key: "x").fetchAll(db), [])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "keyless" WHERE "a" = ?"#)
        }
    }
}

