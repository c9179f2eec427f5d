import Folio
import XCTest

/// The schema DSL and the migrator write any name (tables, columns,
/// indexes, views, foreign keys) and any default value as one quoted
/// token, byte for byte: a quote followed by a combining mark can not
/// end it early.
final class SchemaNameQuotingTests: FolioTestCase {
    /// A double quote followed by a combining acute accent.
    private static let quote = "\"\u{301}"
    /// A single quote followed by a combining acute accent.
    private static let apostrophe = "'\u{301}"

    private static let names = [
        "t\(quote) (x); DROP TABLE sentinel; --",
        "c\(quote), evil TEXT) --",
        "caf\u{E9}",
        "cafe\u{301}",
        "it\(apostrophe)s",
    ]

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE sentinel (secret TEXT); INSERT INTO sentinel VALUES ('kept')")
        }
        return dbQueue
    }

    private func assertSentinelIntact(_ db: Database, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try String.fetchAll(db, sql: "SELECT secret FROM sentinel"), ["kept"], file: file, line: line)
    }

    func testTablesColumnsIndexesAndViewsKeepTheirNames() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let table = Self.names[0]
            try db.create(table: table) { t in
                t.autoIncrementedPrimaryKey("id")
                for column in Self.names {
                    t.column(column, .text)
                }
            }
            XCTAssertEqual(
                try db.columns(in: table).map { Array($0.name.utf8) },
                (["id"] + Self.names).map { Array($0.utf8) })
            for (index, column) in Self.names.enumerated() {
                try db.create(index: "i\(index)\(column)", on: table, columns: [column])
                XCTAssertTrue(try db.indexExists("i\(index)\(column)"))
            }
            try db.create(view: Self.names[1], as: Table(table).select(Column(Self.names[2])))
            XCTAssertTrue(try db.viewExists(Self.names[1]))

            try db.alter(table: table) { t in
                t.add(column: "new\(Self.quote) TEXT, evil")
                t.rename(column: Self.names[3], to: "renamed\(Self.quote)")
            }
            XCTAssertEqual(
                try db.columns(in: table).map { Array($0.name.utf8) },
                (["id", Self.names[0], Self.names[1], Self.names[2], "renamed\(Self.quote)", Self.names[4], "new\(Self.quote) TEXT, evil"])
                    .map { Array($0.utf8) })

            try db.drop(view: Self.names[1])
            try db.rename(table: table, to: "renamed\(Self.quote) table")
            try db.drop(table: "renamed\(Self.quote) table")
            try assertSentinelIntact(db)
        }
    }

    func testForeignKeysToTablesWithAnyName() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let parent = "parent\(Self.quote) --"
            try db.create(table: parent) { t in
                t.primaryKey("key\(Self.quote)", .text)
            }
            try db.create(table: "child") { t in
                t.belongsTo(parent, onDelete: .cascade)
            }
            let foreignKeys = try db.foreignKeys(on: "child")
            XCTAssertEqual(foreignKeys.count, 1)
            XCTAssertEqual(Array(foreignKeys[0].destinationTable.utf8), Array(parent.utf8))
            XCTAssertEqual(foreignKeys[0].destinationColumns.map { Array($0.utf8) }, [Array("key\(Self.quote)".utf8)])
            try assertSentinelIntact(db)
        }
    }

    func testDefaultStringsKeepTheirQuotes() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let value = "a\(Self.apostrophe), evil TEXT DEFAULT 'x"
            try db.create(table: "t") { t in
                t.column("name", .text).defaults(to: value)
                t.column("other", .text).defaults(sql: "'b''\u{301}c'")
            }
            XCTAssertEqual(try db.columns(in: "t").map(\.name), ["name", "other"])
            try db.execute(sql: "INSERT INTO t DEFAULT VALUES")
            let row = try Row.fetchOne(db, sql: "SELECT name, other FROM t")!
            XCTAssertEqual(Array((row["name"] as String).utf8), Array(value.utf8))
            XCTAssertEqual(Array((row["other"] as String).utf8), Array("b'\u{301}c".utf8))
        }
    }

    func testPartialIndexConditionsKeepTheirStrings() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.create(table: "t") { t in
                t.column("name", .text)
            }
            let value = "x\(Self.apostrophe) OR 1 = 1 --"
            try db.create(index: "i", on: "t", columns: ["name"], options: .unique, condition: Column("name") == value)
            // Only rows equal to `value` are unique.
            try db.execute(sql: "INSERT INTO t VALUES ('other'), ('other')")
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])) { error in
                XCTAssertEqual((error as! DatabaseError).extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
            }
        }
    }

    func testMigrationIdentifiersThatDifferOnlyByNormalizationAreTwoMigrations() throws {
        let dbQueue = try makeDatabase()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("caf\u{E9}") { db in
            try db.execute(sql: "CREATE TABLE composed (id INTEGER)")
        }
        migrator.registerMigration("cafe\u{301}") { db in
            try db.execute(sql: "CREATE TABLE decomposed (id INTEGER)")
        }
        migrator.registerMigration("v\(Self.quote)'\u{301}; DROP TABLE sentinel; --") { db in
            try db.execute(sql: "CREATE TABLE third (id INTEGER)")
        }
        try migrator.migrate(dbQueue, upTo: "caf\u{E9}")
        try dbQueue.read { db in
            XCTAssertTrue(try db.tableExists("composed"))
            XCTAssertFalse(try db.tableExists("decomposed"))
            XCTAssertEqual(try migrator.appliedMigrations(db).map { Array($0.utf8) }, [Array("caf\u{E9}".utf8)])
            XCTAssertFalse(try migrator.hasCompletedMigrations(db))
        }
        try migrator.migrate(dbQueue)
        try dbQueue.read { db in
            XCTAssertTrue(try db.tableExists("decomposed"))
            XCTAssertTrue(try db.tableExists("third"))
            XCTAssertTrue(try migrator.hasCompletedMigrations(db))
            XCTAssertFalse(try migrator.hasBeenSuperseded(db))
            try assertSentinelIntact(db)
        }
    }
}
