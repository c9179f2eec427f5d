import Folio
import XCTest

/// The properties of `ForeignKeyInfo`, `PrimaryKeyInfo` and
/// `DatabaseEvent`, as GRDB declares them.
final class SchemaInfoPropertiesTests: FolioTestCase {
    private func makeSchema() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT);
                CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE citizenship (
                    personId INTEGER REFERENCES person(id),
                    countryCode TEXT,
                    startYear INTEGER,
                    FOREIGN KEY (countryCode, startYear) REFERENCES country(code, name),
                    PRIMARY KEY (personId, countryCode));
                """)
        }
        return dbQueue
    }

    func testForeignKeyMappingIsAnArrayOfLabeledTuples() throws {
        try makeSchema().read { db in
            let foreignKeys = try db.foreignKeys(on: "citizenship")
            let countryKey = try XCTUnwrap(foreignKeys.first { $0.destinationTable == "country" })
            let mapping: [(origin: String, destination: String)] = countryKey.mapping
            XCTAssertEqual(mapping.map(\.origin), ["countryCode", "startYear"])
            XCTAssertEqual(mapping.map(\.destination), ["code", "name"])
            for (origin, destination) in mapping {
                XCTAssertFalse(origin.isEmpty || destination.isEmpty)
            }
            let personKey = try XCTUnwrap(foreignKeys.first { $0.destinationTable == "person" })
            XCTAssertEqual(personKey.mapping.count, 1)
            XCTAssertEqual(personKey.mapping[0].origin, "personId")
            XCTAssertEqual(personKey.mapping[0].destination, "id")
        }
    }

    func testForeignKeyIdIsVariable() throws {
        try makeSchema().read { db in
            var foreignKey = try db.foreignKeys(on: "citizenship")[0]
            let copy = foreignKey
            XCTAssertEqual(foreignKey, copy)
            foreignKey.id += 10
            XCTAssertNotEqual(foreignKey, copy)
            XCTAssertEqual(foreignKey.id, copy.id + 10)
            XCTAssertEqual(foreignKey.destinationColumns, copy.destinationColumns)
        }
    }

    func testPrimaryKeyColumnsAndRowIDColumn() throws {
        try makeSchema().read { db in
            let person = try db.primaryKey("person")
            XCTAssertEqual(person.columns, ["id"])
            XCTAssertEqual(person.rowIDColumn, "id")
            let citizenship = try db.primaryKey("citizenship")
            XCTAssertEqual(citizenship.columns, ["personId", "countryCode"])
            XCTAssertNil(citizenship.rowIDColumn)
        }
    }

    func testDatabaseEventNames() throws {
        final class Observer: TransactionObserver, @unchecked Sendable {
            // @unchecked Sendable: only used on the connection's queue.
            var names: [String] = []
            func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
            func databaseDidChange(with event: DatabaseEvent) {
                names.append("\(event.databaseName).\(event.tableName)")
            }
            func databaseDidCommit(_ db: Database) { }
            func databaseDidRollback(_ db: Database) { }
        }
        let dbQueue = try makeSchema()
        let observer = Observer()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO person (name) VALUES ('Arthur')")
            try db.execute(sql: "CREATE TEMP TABLE scratch (a)")
            try db.execute(sql: "INSERT INTO scratch VALUES (1)")
        }
        XCTAssertEqual(observer.names, ["main.person", "temp.scratch"])
    }
}
