import Folio
import XCTest

// Seed-era records customize `insert(_:)` and `update(_:columns:)`, and
// call `performInsert` and `performUpdate` from there (Records.md,
// "Customizing the Persistence Methods"). `performInsert` and
// `performUpdate` are deprecated: the records are deprecated
// declarations, used through a protocol whose requirements are not
// deprecated, so that the tests build without warnings.

private protocol CustomizationChecks {
    func saveOfNewRecordCallsCustomizedInsert(_ test: PersistenceCustomizationTests) throws
    func saveOfExistingRecordCallsCustomizedUpdate(_ test: PersistenceCustomizationTests) throws
    func saveOfMissingRowCallsCustomizedUpdateThenInsert(_ test: PersistenceCustomizationTests) throws
    func updateCallsCustomizedUpdateWithAllColumns(_ test: PersistenceCustomizationTests) throws
    func saveRunsSaveCallbacksOnceAroundCustomizedSteps(_ test: PersistenceCustomizationTests) throws
    func persistenceMethodsWithConflictResolutionCallCustomizations(_ test: PersistenceCustomizationTests) throws
    func mutableRecordCustomizationsAreCalled(_ test: PersistenceCustomizationTests) throws
    func genericCodeCallsCustomizations(_ test: PersistenceCustomizationTests) throws
}

private struct ValidationError: Error, Equatable {
    var message: String
}

/// Logs the customized methods and callbacks that run.
private final class EventLog: @unchecked Sendable {
    // @unchecked Sendable: used by one test, on one thread.
    var events: [String] = []
}

/// A `Persistable` link, as in Records.md: `insert` and `update` validate.
@available(*, deprecated)
private struct Link: Persistable {
    static let databaseTableName = "link"
    var id: Int64?
    var url: String
    var log = EventLog()

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["url"] = url
    }

    func insert(_ db: Database) throws {
        log.events.append("insert")
        try validate()
        try performInsert(db)
    }

    func update(_ db: Database, columns: Set<String>) throws {
        log.events.append("update \(columns.sorted())")
        try validate()
        try performUpdate(db, columns: columns)
    }

    func validate() throws {
        if !url.hasPrefix("https://") {
            throw ValidationError(message: "url must be absolute.")
        }
    }

    func willSave(_ db: Database) throws { log.events.append("willSave") }

    func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws {
        log.events.append("aroundSave")
        _ = try save()
    }

    func willInsert(_ db: Database) throws { log.events.append("willInsert") }

    func willUpdate(_ db: Database, columns: Set<String>) throws { log.events.append("willUpdate") }

    func didSave(_ saved: PersistenceSuccess) { log.events.append("didSave") }
}

/// A `MutablePersistable` link, whose customized insert sets a default
/// URL, and whose id is set by insertion.
@available(*, deprecated)
private struct MutableLink: MutablePersistable {
    static let databaseTableName = "link"
    var id: Int64?
    var url: String?

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["url"] = url
    }

    mutating func insert(_ db: Database) throws {
        if url == nil { url = "https://example.com/default" }
        try performInsert(db)
    }

    func update(_ db: Database, columns: Set<String>) throws {
        guard url != nil else { throw ValidationError(message: "url is required.") }
        try performUpdate(db, columns: columns)
    }

    mutating func didInsert(with rowID: Int64, for column: String?) {
        id = rowID
    }
}

private struct Checks: CustomizationChecks {
    func makeDatabase(_ test: PersistenceCustomizationTests) throws -> DatabaseQueue {
        let dbQueue = try test.makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE link (id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE)")
        }
        return dbQueue
    }

    func urls(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT url FROM link ORDER BY id")
    }

    func assertValidationError(_ expression: @autoclosure () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            XCTAssertEqual(error as? ValidationError, ValidationError(message: "url must be absolute."), file: file, line: line)
        }
    }

    @available(*, deprecated)
    func saveOfNewRecordCallsCustomizedInsert(_ test: PersistenceCustomizationTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            let invalid = Link(id: nil, url: "relative/path")
            assertValidationError(try invalid.save(db))
            XCTAssertEqual(invalid.log.events, ["willSave", "aroundSave", "insert"])
            XCTAssertEqual(try urls(db), [])

            let valid = Link(id: nil, url: "https://example.com/")
            test.clearSQLQueries()
            try valid.save(db)
            XCTAssertEqual(valid.log.events, ["willSave", "aroundSave", "insert", "willInsert", "didSave"])
            XCTAssertEqual(test.persistenceSQLQueries, [#"INSERT INTO "link" ("id", "url") VALUES (?,?)"#])
            XCTAssertEqual(try urls(db), ["https://example.com/"])
        }
    }

    @available(*, deprecated)
    func saveOfExistingRecordCallsCustomizedUpdate(_ test: PersistenceCustomizationTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO link (id, url) VALUES (1, 'https://example.com/')")
            let invalid = Link(id: 1, url: "relative/path")
            assertValidationError(try invalid.save(db))
            XCTAssertEqual(invalid.log.events, ["willSave", "aroundSave", #"update ["id", "url"]"#])
            XCTAssertEqual(try urls(db), ["https://example.com/"])

            let valid = Link(id: 1, url: "https://example.org/")
            test.clearSQLQueries()
            try valid.save(db)
            XCTAssertEqual(valid.log.events, ["willSave", "aroundSave", #"update ["id", "url"]"#, "willUpdate", "didSave"])
            XCTAssertEqual(test.persistenceSQLQueries, [
                "SAVEPOINT folio0",
                #"UPDATE "link" SET "url"=? WHERE "id"=?"#,
                "RELEASE SAVEPOINT folio0",
            ])
            XCTAssertEqual(try urls(db), ["https://example.org/"])
        }
    }

    @available(*, deprecated)
    func saveOfMissingRowCallsCustomizedUpdateThenInsert(_ test: PersistenceCustomizationTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            let link = Link(id: 5, url: "https://example.com/")
            test.clearSQLQueries()
            try link.save(db)
            XCTAssertEqual(link.log.events, [
                "willSave", "aroundSave",
                #"update ["id", "url"]"#, "willUpdate",
                "insert", "willInsert",
                "didSave",
            ])
            XCTAssertEqual(test.persistenceSQLQueries, [
                "SAVEPOINT folio0",
                #"UPDATE "link" SET "url"=? WHERE "id"=?"#,
                #"INSERT INTO "link" ("id", "url") VALUES (?,?)"#,
                "RELEASE SAVEPOINT folio0",
            ])
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM link"), [5])

            // The customized insert refuses, after the customized update
            // found no row: nothing is saved.
            let invalid = Link(id: 6, url: "relative/path")
            assertValidationError(try invalid.save(db))
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM link"), [5])
        }
    }

    @available(*, deprecated)
    func updateCallsCustomizedUpdateWithAllColumns(_ test: PersistenceCustomizationTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO link (id, url) VALUES (1, 'https://example.com/')")
            let invalid = Link(id: 1, url: "relative/path")
            assertValidationError(try invalid.update(db))
            XCTAssertEqual(invalid.log.events, [#"update ["id", "url"]"#])
            XCTAssertEqual(try urls(db), ["https://example.com/"])

            let valid = Link(id: 1, url: "https://example.org/")
            test.clearSQLQueries()
            try valid.update(db)
            XCTAssertEqual(valid.log.events, [#"update ["id", "url"]"#, "willSave", "aroundSave", "willUpdate", "didSave"])
            XCTAssertEqual(test.persistenceSQLQueries, [#"UPDATE "link" SET "url"=? WHERE "id"=?"#])

            // The customization is still called with the given columns.
            try valid.update(db, columns: ["url"])
            XCTAssertEqual(valid.log.events.filter { $0.hasPrefix("update") }, [#"update ["id", "url"]"#, #"update ["url"]"#])
            XCTAssertEqual(try urls(db), ["https://example.org/"])
        }
    }

    @available(*, deprecated)
    func saveRunsSaveCallbacksOnceAroundCustomizedSteps(_ test: PersistenceCustomizationTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            let link = Link(id: 3, url: "https://example.com/")
            try link.save(db) // update, then insert
            XCTAssertEqual(link.log.events.filter { $0 == "willSave" }.count, 1)
            XCTAssertEqual(link.log.events.filter { $0 == "aroundSave" }.count, 1)
            XCTAssertEqual(link.log.events.filter { $0 == "didSave" }.count, 1)
            XCTAssertEqual(link.log.events.last, "didSave")
        }
    }

    @available(*, deprecated)
    func persistenceMethodsWithConflictResolutionCallCustomizations(_ test: PersistenceCustomizationTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            assertValidationError(try Link(id: nil, url: "relative/path").insert(db, onConflict: .ignore))
            assertValidationError(try Link(id: nil, url: "relative/path").save(db, onConflict: .replace))
            XCTAssertEqual(try urls(db), [])

            test.clearSQLQueries()
            try Link(id: 1, url: "https://example.com/").insert(db, onConflict: .ignore)
            try Link(id: 1, url: "https://example.org/").insert(db, onConflict: .ignore)
            XCTAssertEqual(test.persistenceSQLQueries, [
                #"INSERT OR IGNORE INTO "link" ("id", "url") VALUES (?,?)"#,
                #"INSERT OR IGNORE INTO "link" ("id", "url") VALUES (?,?)"#,
            ])
            XCTAssertEqual(try urls(db), ["https://example.com/"])

            let invalid = Link(id: 1, url: "relative/path")
            assertValidationError(try invalid.update(db, onConflict: .replace))
            assertValidationError(try invalid.update(db, onConflict: .replace, columns: ["url"]))
            test.clearSQLQueries()
            try Link(id: 1, url: "https://example.net/").update(db, onConflict: .replace)
            XCTAssertEqual(test.persistenceSQLQueries, [#"UPDATE OR REPLACE "link" SET "url"=? WHERE "id"=?"#])
            XCTAssertEqual(try urls(db), ["https://example.net/"])
        }
    }

    @available(*, deprecated)
    func mutableRecordCustomizationsAreCalled(_ test: PersistenceCustomizationTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            var link = MutableLink(id: nil, url: nil)
            try link.save(db)
            XCTAssertEqual(link.id, 1)
            XCTAssertEqual(link.url, "https://example.com/default")

            link.url = nil
            XCTAssertThrowsError(try link.save(db)) { error in
                XCTAssertEqual(error as? ValidationError, ValidationError(message: "url is required."))
            }
            XCTAssertThrowsError(try link.update(db))
            XCTAssertEqual(try urls(db), ["https://example.com/default"])
            try db.execute(sql: "DELETE FROM link")

            var other = MutableLink(id: nil, url: nil)
            let inserted = try other.inserted(db)
            XCTAssertEqual(inserted.id, 1)
            XCTAssertEqual(inserted.url, "https://example.com/default")
            other.url = "https://example.com/other"
            try other.insert(db)
            XCTAssertEqual(other.id, 2)
            XCTAssertEqual(try urls(db), ["https://example.com/default", "https://example.com/other"])
        }
    }

    @available(*, deprecated)
    func genericCodeCallsCustomizations(_ test: PersistenceCustomizationTests) throws {
        func save<T: MutablePersistableRecord>(_ record: inout T, _ db: Database) throws {
            try record.save(db)
        }
        func update<T: MutablePersistableRecord>(_ record: T, _ db: Database) throws {
            try record.update(db)
        }
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            var link = Link(id: nil, url: "relative/path")
            assertValidationError(try save(&link, db))
            try db.execute(sql: "INSERT INTO link (id, url) VALUES (1, 'https://example.com/')")
            assertValidationError(try update(Link(id: 1, url: "relative/path"), db))
            XCTAssertEqual(try urls(db), ["https://example.com/"])
        }
    }
}

/// The persistence methods call the `insert(_:)` and `update(_:columns:)`
/// that seed-era records customize (issue 15, item 16).
final class PersistenceCustomizationTests: FolioTestCase {
    private let checks: any CustomizationChecks = Checks()

    func testSaveOfNewRecordCallsCustomizedInsert() throws {
        try checks.saveOfNewRecordCallsCustomizedInsert(self)
    }

    func testSaveOfExistingRecordCallsCustomizedUpdate() throws {
        try checks.saveOfExistingRecordCallsCustomizedUpdate(self)
    }

    func testSaveOfMissingRowCallsCustomizedUpdateThenInsert() throws {
        try checks.saveOfMissingRowCallsCustomizedUpdateThenInsert(self)
    }

    func testUpdateCallsCustomizedUpdateWithAllColumns() throws {
        try checks.updateCallsCustomizedUpdateWithAllColumns(self)
    }

    func testSaveRunsSaveCallbacksOnceAroundCustomizedSteps() throws {
        try checks.saveRunsSaveCallbacksOnceAroundCustomizedSteps(self)
    }

    func testPersistenceMethodsWithConflictResolutionCallCustomizations() throws {
        try checks.persistenceMethodsWithConflictResolutionCallCustomizations(self)
    }

    func testMutableRecordCustomizationsAreCalled() throws {
        try checks.mutableRecordCustomizationsAreCalled(self)
    }

    func testGenericCodeCallsCustomizations() throws {
        try checks.genericCodeCallsCustomizations(self)
    }
}
