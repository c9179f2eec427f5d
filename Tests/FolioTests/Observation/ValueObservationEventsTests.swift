import Dispatch
import Folio
import Foundation
import XCTest

private struct TestError: Error, CustomStringConvertible {
    var description: String { "TestError" }
}

/// A text stream that keeps the lines it receives, from any thread.
private final class LogStream: TextOutputStream, Sendable {
    private let text = TestLocked("")

    var lines: [String] {
        text.withLock { text in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    func write(_ string: String) {
        text.withLock { $0 += string }
    }
}

final class ValueObservationEventsTests: FolioTestCase {
    private let notificationQueue = DispatchQueue(label: "ValueObservationEventsTests")

    private func makePlayerQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        return dbQueue
    }

    private func playerCount() -> ValueObservation<ValueReducers.Fetch<Int>> {
        ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
    }

    // MARK: - print

    func testPrintWritesTheDocumentedLinesInOrder() throws {
        let dbQueue = try makePlayerQueue()
        let stream = LogStream()
        let values = ValueRecorder<Int>()
        let cancellable = playerCount()
            .print("Observe player count", to: stream)
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        wait(for: [values.expectation(self, "fresh value") { $0 == [0, 1] }], timeout: 10)
        cancellable.cancel()
        XCTAssertEqual(stream.lines, [
            "Observe player count: start",
            "Observe player count: fetch",
            "Observe player count: tracked region: player(*)",
            "Observe player count: value: 0",
            "Observe player count: database did change",
            "Observe player count: fetch",
            "Observe player count: value: 1",
            "Observe player count: cancel",
        ])
    }

    func testPrintWithoutPrefixPrintsBareMessages() throws {
        let dbQueue = try makePlayerQueue()
        let stream = LogStream()
        let values = ValueRecorder<[String]>()
        let cancellable = ValueObservation
            .tracking { db in try String.fetchAll(db, sql: "SELECT name FROM player WHERE id = 1") }
            .print(to: stream)
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0.count == 1 }], timeout: 10)
        withExtendedLifetime(cancellable) { }
        XCTAssertEqual(stream.lines, ["start", "fetch", "tracked region: player(id,name)", "value: []"])
    }

    func testPrintReportsTheFailure() throws {
        let dbQueue = try makePlayerQueue()
        let stream = LogStream()
        let errors = ValueRecorder<String>()
        let cancellable = ValueObservation
            .tracking { _ -> Int in throw TestError() }
            .print("obs", to: stream)
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                errors.append("\(error)")
            } onChange: { _ in XCTFail("unexpected value") }
        wait(for: [errors.expectation(self, "error") { $0 == ["TestError"] }], timeout: 10)
        // A failed observation is not cancelled.
        cancellable.cancel()
        XCTAssertEqual(stream.lines, ["obs: start", "obs: fetch", "obs: failure: TestError"])
    }

    func testPrintedRegionEvolvesWithANonConstantRegion() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE config (useTeam BOOLEAN NOT NULL);
                INSERT INTO config VALUES (0);
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
                """)
        }
        let stream = LogStream()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db -> Int in
                guard try Bool.fetchOne(db, sql: "SELECT useTeam FROM config")! else { return -1 }
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM team")!
            }
            .print(to: stream)
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [-1] }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "UPDATE config SET useTeam = 1") }
        wait(for: [values.expectation(self, "fresh value") { $0 == [-1, 0] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
        XCTAssertEqual(stream.lines, [
            "start", "fetch", "tracked region: config(useteam)", "value: -1",
            "database did change", "fetch", "tracked region: config(useteam),team(*)", "value: 0",
        ])
    }

    // MARK: - handleEvents

    func testHandleEventsCallsEachClosure() throws {
        let dbQueue = try makePlayerQueue()
        let events = ValueRecorder<String>()
        let values = ValueRecorder<Int>()
        let cancellable = playerCount()
            .handleEvents(
                willStart: { events.append("willStart") },
                willFetch: { events.append("willFetch") },
                willTrackRegion: { region in events.append("willTrackRegion \(region)") },
                databaseDidChange: { events.append("databaseDidChange") },
                didReceiveValue: { value in events.append("didReceiveValue \(value)") },
                didFail: { error in events.append("didFail \(error)") },
                didCancel: { events.append("didCancel") })
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        // A write that does not touch the region is not an event.
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE other (a)") }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        wait(for: [values.expectation(self, "fresh value") { $0 == [0, 1] }], timeout: 10)
        cancellable.cancel()
        cancellable.cancel()
        XCTAssertEqual(events.values, [
            "willStart", "willFetch", "willTrackRegion player(*)", "didReceiveValue 0",
            "databaseDidChange", "willFetch", "didReceiveValue 1",
            "didCancel",
        ])
    }

    func testHandleEventsKeepsMapAndRemoveDuplicatesAndChains() throws {
        let dbQueue = try makePlayerQueue()
        let received = ValueRecorder<String>()
        let values = ValueRecorder<String>()
        let cancellable = playerCount()
            .handleEvents(didReceiveValue: { received.append("raw \($0)") })
            .map { $0 > 0 ? "some" : "none" }
            .handleEvents(willStart: { received.append("start") }, didReceiveValue: { received.append("mapped \($0)") })
            .removeDuplicates()
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == ["none"] }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')") }
        wait(for: [received.expectation(self, "two changes") { $0.last == "mapped some" && $0.contains("raw 2") }], timeout: 10)
        wait(for: [values.expectation(self, "fresh value") { $0 == ["none", "some"] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
        // Values before removeDuplicates are all received.
        XCTAssertEqual(received.values.first, "start")
        XCTAssertEqual(received.values.filter { $0.hasPrefix("mapped") }.count, received.values.filter { $0.hasPrefix("raw") }.count)
        XCTAssertEqual(values.values, ["none", "some"])
    }

    func testRemoveDuplicatesAcceptsANonSendablePredicate() throws {
        let dbQueue = try makePlayerQueue()
        // A closure that is not @Sendable: it is sent to the observation.
        var comparisons = 0
        let predicate: (Int, Int) -> Bool = { lhs, rhs in
            comparisons += 1
            return lhs == rhs
        }
        let values = ValueRecorder<Int>()
        let cancellable = playerCount()
            .map { _ in 42 }
            .removeDuplicates(by: predicate)
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        let fetches = ValueRecorder<Int>()
        let probe = playerCount()
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { _ in } onChange: { fetches.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [42] }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        wait(for: [fetches.expectation(self, "change seen") { $0.last == 1 }], timeout: 10)
        withExtendedLifetime((cancellable, probe)) { }
        XCTAssertEqual(values.values, [42])
    }

    // MARK: - requiresWriteAccess

    func testRequiresWriteAccessIsFalseByDefault() {
        XCTAssertFalse(playerCount().requiresWriteAccess)
        var observation = playerCount()
        observation.requiresWriteAccess = true
        XCTAssertTrue(observation.map { $0 }.requiresWriteAccess)
        XCTAssertTrue(observation.print(to: LogStream()).requiresWriteAccess)
    }

    /// A fetch that writes into a temporary table, and reads it.
    private func writingObservation() -> ValueObservation<ValueReducers.Fetch<[Int]>> {
        ValueObservation.tracking { db -> [Int] in
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS fetchLog (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO fetchLog DEFAULT VALUES")
            let players = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            let fetches = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fetchLog")!
            return [players, fetches]
        }
    }

    func testFetchThatWritesFailsWithoutWriteAccessOnAPool() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)") }
        let errors = ValueRecorder<DatabaseError>()
        let cancellable = writingObservation()
            .start(in: dbPool, scheduling: .async(onQueue: notificationQueue)) { error in
                errors.append(error as! DatabaseError)
            } onChange: { _ in XCTFail("unexpected value") }
        wait(for: [errors.expectation(self, "error") { !$0.isEmpty }], timeout: 10)
        withExtendedLifetime(cancellable) { }
        XCTAssertEqual(errors.values.first?.resultCode, .SQLITE_READONLY)
    }

    private func assertWriteAccess(in writer: some DatabaseWriter) throws {
        try writer.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)") }
        var observation = writingObservation()
        observation.requiresWriteAccess = true
        let values = ValueRecorder<[Int]>()
        let cancellable = observation
            .start(in: writer, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [[0, 1]] }], timeout: 10)
        try writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        // The fetch commits its own writes into fetchLog, which it reads:
        // they do not trigger another fetch.
        wait(for: [values.expectation(self, "fresh value") { $0.last == [1, 2] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
        XCTAssertEqual(values.values, [[0, 1], [1, 2]])
    }

    func testRequiresWriteAccessFetchesWithTheWriterOfAPool() throws {
        let dbPool = try makeDatabasePool()
        try assertWriteAccess(in: dbPool)
        // The temporary table lives on the writer connection.
        XCTAssertEqual(try dbPool.write { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM temp.fetchLog") }, 2)
    }

    func testRequiresWriteAccessWrapsEachFetchInASavepointOnAQueue() throws {
        let dbQueue = try makeDatabaseQueue()
        try assertWriteAccess(in: dbQueue)
        // Outside of a transaction, a savepoint is a transaction.
        let fetch = [
            "BEGIN IMMEDIATE TRANSACTION",
            "CREATE TEMP TABLE IF NOT EXISTS fetchLog (id INTEGER PRIMARY KEY)",
            "INSERT INTO fetchLog DEFAULT VALUES",
            "SELECT COUNT(*) FROM player",
            "SELECT COUNT(*) FROM fetchLog",
            "COMMIT TRANSACTION",
        ]
        XCTAssertEqual(Array(sqlQueries.suffix(6)), fetch)
        XCTAssertEqual(Array(sqlQueries.dropFirst(3).prefix(6)), fetch)
    }

    func testRequiresWriteAccessWithImmediateSchedulingFetchesBeforeStartReturns() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)") }
        var observation = writingObservation()
        observation.requiresWriteAccess = true
        let values = ValueRecorder<[Int]>()
        // XCTest runs synchronous tests on the main thread.
        let cancellable = MainActor.assumeIsolated {
            observation.start(in: dbPool, scheduling: .immediate) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        }
        XCTAssertEqual(values.values, [[0, 1]])
        withExtendedLifetime(cancellable) { }
    }

    func testFetchErrorWithWriteAccessRollsBackItsWrites() throws {
        let dbQueue = try makePlayerQueue()
        var observation = ValueObservation.tracking { db -> Int in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Ghost')")
            throw TestError()
        }
        observation.requiresWriteAccess = true
        let errors = ValueRecorder<String>()
        let cancellable = observation
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                errors.append("\(error)")
            } onChange: { _ in XCTFail("unexpected value") }
        wait(for: [errors.expectation(self, "error") { $0 == ["TestError"] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 0)
    }
}
