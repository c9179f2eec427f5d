import Folio
import XCTest

/// The behaviour of `DatabaseRegionObservation` that GRDB's documentation
/// (DatabaseRegionObservation.md) describes: it notifies committed
/// transactions that impact the tracked region, not rolled back ones; it
/// does not notify changes to `WITHOUT ROWID` tables, and
/// `Database.notifyChanges(in:)` makes a write transaction notify them.
final class DatabaseRegionObservationDocumentedTests: FolioTestCase {
    private func assertDocumentedNotifications(in writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
                """)
        }
        let notifications = ValueRecorder<String>()
        let observation = DatabaseRegionObservation(tracking: Table("player"), Table("tag"))
        let cancellable = observation.start(in: writer) { error in
            XCTFail("\(error)")
        } onChange: { db in
            // Runs right after the commit: the transaction is over, and
            // its changes are visible.
            let playerCount = try! Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            let tagCount = try! Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tag")!
            notifications.append("\(db.isInsideTransaction) \(playerCount) \(tagCount)")
        }

        // A rolled back transaction is not notified.
        try writer.writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
                return .rollback
            }
        }
        XCTAssertEqual(notifications.values, [])

        // A committed one is, after the commit.
        try writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        XCTAssertEqual(notifications.values, ["false 1 0"])

        // Changes to WITHOUT ROWID tables are undetected.
        try writer.write { db in try db.execute(sql: "INSERT INTO tag (name) VALUES ('red')") }
        XCTAssertEqual(notifications.values, ["false 1 0"])

        // ... unless the transaction says so.
        try writer.write { db in
            try db.execute(sql: "INSERT INTO tag (name) VALUES ('blue')")
            try db.notifyChanges(in: Table("tag"))
        }
        XCTAssertEqual(notifications.values, ["false 1 0", "false 1 2"])

        // A notification of changes outside the region is not notified.
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE other (id INTEGER PRIMARY KEY)")
            try db.notifyChanges(in: Table("other"))
        }
        XCTAssertEqual(notifications.values, ["false 1 0", "false 1 2"])

        // The full database region is notified of any change.
        try writer.write { db in try db.notifyChanges(in: .fullDatabase) }
        XCTAssertEqual(notifications.values, ["false 1 0", "false 1 2", "false 1 2"])
        cancellable.cancel()
    }

    func testDocumentedNotificationsOnADatabaseQueue() throws {
        try assertDocumentedNotifications(in: makeDatabaseQueue())
    }

    func testDocumentedNotificationsOnADatabasePool() throws {
        try assertDocumentedNotifications(in: makeDatabasePool())
    }
}
