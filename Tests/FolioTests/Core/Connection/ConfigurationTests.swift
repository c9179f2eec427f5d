import Folio
import XCTest

final class ConfigurationTests: FolioTestCase {
    func testPrepareDatabaseRunsOnOpen() throws {
        var config = Configuration()
        config.prepareDatabase { db in
            db.add(function: DatabaseFunction("answer", argumentCount: 0) { _ in 42 })
            try db.execute(sql: "PRAGMA user_version = 7")
        }
        let dbQueue = try DatabaseQueue(configuration: config)
        try dbQueue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT answer()"), 42)
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA user_version"), 7)
            XCTAssertEqual(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"), true)
        }
    }
}
