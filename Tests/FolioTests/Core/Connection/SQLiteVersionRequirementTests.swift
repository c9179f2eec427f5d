@testable import Folio
import XCTest

/// The versions of SQLite that Folio needs (README, "Requirements").
final class SQLiteVersionRequirementTests: FolioTestCase {
    func testTheRunningSQLiteIsAccepted() throws {
        XCTAssertGreaterThanOrEqual(Database.sqliteLibVersionNumber, SQLiteVersionRequirement.minimumVersionNumber)
        try SQLiteVersionRequirement.checkLibrary()
        _ = try DatabaseQueue()
    }

    func testAnEarlierSQLiteIsRefusedWithBothVersions() throws {
        XCTAssertThrowsError(try SQLiteVersionRequirement.checkLibrary(current: 3_031_001)) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
            XCTAssertEqual(error.message, "Folio needs SQLite 3.37.0 or later, but this process runs SQLite 3.31.1")
        }
        XCTAssertNoThrow(try SQLiteVersionRequirement.checkLibrary(current: 3_037_000))
    }

    func testAFeatureNamesItsVersion() throws {
        XCTAssertThrowsError(try SQLiteVersionRequirement.check(feature: "the JSON operator ->", since: 3_038_000, current: 3_037_002)) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "the JSON operator -> needs SQLite 3.38.0 or later, but this process runs SQLite 3.37.2")
        }
        XCTAssertNoThrow(try SQLiteVersionRequirement.check(feature: "the JSON operator ->", since: 3_038_000, current: 3_040_001))
    }

    func testJSONOperatorsRunOnThisSQLite() throws {
        // The check of `->` and `->>` (SQLite 3.38) lets them through on
        // the SQLite that runs here (3.40).
        let dbQueue = try DatabaseQueue()
        let names = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player(info TEXT)")
            try db.execute(sql: #"INSERT INTO player VALUES ('{"name":"Arthur"}')"#)
            return try String.fetchAll(db, Table("player").select(JSONColumn("info")["name"]))
        }
        XCTAssertEqual(names, ["Arthur"])
    }

    func testVersionStrings() {
        XCTAssertEqual(SQLiteVersionRequirement.versionString(3_040_001), "3.40.1")
        XCTAssertEqual(SQLiteVersionRequirement.versionString(3_037_000), "3.37.0")
    }
}
