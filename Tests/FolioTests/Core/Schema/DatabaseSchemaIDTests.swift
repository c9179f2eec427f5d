import Folio
import XCTest

/// `DatabaseSchemaID` and `DatabaseObjectID`: the names of schemas and of
/// their objects, ready for SQL.
final class DatabaseSchemaIDTests: FolioTestCase {
    func testNames() {
        XCTAssertEqual(DatabaseSchemaID.main.name, "main")
        XCTAssertEqual(DatabaseSchemaID.temp.name, "temp")
        XCTAssertEqual(DatabaseSchemaID.attached("archive").name, #""archive""#)
        XCTAssertEqual(DatabaseSchemaID.main.schemaTableName, "sqlite_master")
        XCTAssertEqual(DatabaseSchemaID.temp.schemaTableName, "sqlite_temp_master")
        XCTAssertEqual(DatabaseSchemaID.attached("archive").schemaTableName, #""archive".sqlite_master"#)
    }

    func testEquality() {
        XCTAssertEqual(DatabaseSchemaID.main, .main)
        XCTAssertEqual(DatabaseSchemaID.attached("a"), .attached("a"))
        XCTAssertNotEqual(DatabaseSchemaID.attached("a"), .attached("b"))
        XCTAssertNotEqual(DatabaseSchemaID.main, .temp)
        XCTAssertNotEqual(DatabaseSchemaID.attached("main"), .main)
        XCTAssertEqual(Set([DatabaseSchemaID.main, .temp, .main, .attached("a")]).count, 3)
    }

    func testNamesAreUsableInSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ':memory:' AS \"my archive\"")
            try db.execute(sql: "CREATE TABLE \"my archive\".book (title TEXT)")
            try db.execute(sql: "CREATE TEMP TABLE scratch (a)")
            try db.execute(sql: "CREATE TABLE player (name TEXT)")
            let schemas: [(DatabaseSchemaID, String)] = [(.main, "player"), (.temp, "scratch"), (.attached("my archive"), "book")]
            for (schemaID, table) in schemas {
                let names = try String.fetchAll(db, sql: "SELECT name FROM \(schemaID.schemaTableName) WHERE type = 'table'")
                XCTAssertEqual(names, [table])
                XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(schemaID.name).\(table)"), 0)
            }
        }
    }

    func testObjectIDs() {
        var objectID = DatabaseObjectID(name: "player", schemaID: .main)
        XCTAssertEqual(objectID.name, "player")
        XCTAssertEqual(objectID.schemaID, .main)
        XCTAssertEqual(objectID, DatabaseObjectID(name: "player", schemaID: .main))
        XCTAssertNotEqual(objectID, DatabaseObjectID(name: "player", schemaID: .temp))
        XCTAssertNotEqual(objectID, DatabaseObjectID(name: "team", schemaID: .main))
        objectID.schemaID = .attached("other")
        objectID.name = "team"
        XCTAssertEqual(objectID, DatabaseObjectID(name: "team", schemaID: .attached("other")))
        XCTAssertEqual(Set([objectID, objectID]).count, 1)
    }
}
