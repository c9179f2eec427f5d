import Folio
import XCTest

/// `Database.registerAccess(to:)` evaluates its region only while a
/// `ValueObservation` records the region it reads.
final class DatabaseRegisterAccessTests: FolioTestCase {
    private let notificationQueue = DispatchQueue(label: "DatabaseRegisterAccessTests")

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
                """)
        }
        return dbQueue
    }

    func testRegionIsNotEvaluatedOutsideOfObservations() throws {
        let evaluations = Counter()
        func region() -> some DatabaseRegionConvertible {
            evaluations.increment()
            return Table("player")
        }
        try makeDatabase().read { db in
            try db.registerAccess(to: region())
            // Even a region that can not be computed is not evaluated.
            try db.registerAccess(to: SQLRequest<Row>(sql: "SELECT * FROM missing"))
        }
        XCTAssertEqual(evaluations.count, 0)
    }

    func testRegionIsEvaluatedAndTrackedDuringObservation() throws {
        let dbQueue = try makeDatabase()
        let evaluations = Counter()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in
                try db.registerAccess(to: AnyDatabaseRegionConvertible { db in
                    evaluations.increment()
                    return try Table("team").databaseRegion(db)
                })
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            }
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        XCTAssertEqual(evaluations.count, 1)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO team (name) VALUES ('Reds')") }
        wait(for: [values.expectation(self, "change in the registered region") { $0.count == 2 }], timeout: 10)
        XCTAssertEqual(evaluations.count, 2)
        withExtendedLifetime(cancellable) { }
    }

    func testRegionErrorFailsTheObservation() throws {
        let dbQueue = try makeDatabase()
        let errors = ValueRecorder<String>()
        let cancellable = ValueObservation
            .tracking { db in
                try db.registerAccess(to: SQLRequest<Row>(sql: "SELECT * FROM missing"))
                return 0
            }
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                errors.append((error as? DatabaseError)?.sql ?? "\(error)")
            } onChange: { _ in XCTFail("unexpected value") }
        wait(for: [errors.expectation(self, "error") { $0 == ["SELECT * FROM missing"] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
    }

    func testRegionIsIgnoredByObservationsOfExplicitRegions() throws {
        let dbQueue = try makeDatabase()
        let evaluations = Counter()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking(region: Table("player")) { db in
                try db.registerAccess(to: AnyDatabaseRegionConvertible { db in
                    evaluations.increment()
                    return try Table("team").databaseRegion(db)
                })
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM team")!
            }
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO team (name) VALUES ('Reds')") }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        wait(for: [values.expectation(self, "change in the tracked region") { $0 == [0, 1] }], timeout: 10)
        XCTAssertEqual(evaluations.count, 0)
        withExtendedLifetime(cancellable) { }
    }
}
