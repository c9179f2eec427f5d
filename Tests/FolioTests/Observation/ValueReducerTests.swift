import Dispatch
import Folio
import XCTest

// A small companion library, written as for GRDB: it builds on the
// semi-public API of observations (`_ValueReducer`, `_ValueReducerFetcher`,
// `_add(observation:scheduling:onChange:)`) only.

/// A reducer of the companion library: it fetches the number of players,
/// and notifies how many values it has reduced, with the fetched count.
private struct CountingReducer: _ValueReducer {
    struct Fetcher: _ValueReducerFetcher {
        func fetch(_ db: Database) throws -> Int {
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
        }
    }

    struct Counted: Equatable, Sendable {
        var reductions: Int
        var playerCount: Int
    }

    private var reductions = 0

    func _makeFetcher() -> Fetcher { Fetcher() }

    mutating func _value(_ fetched: Int) -> Counted? {
        reductions += 1
        return Counted(reductions: reductions, playerCount: fetched)
    }
}

/// The engine of the companion library: each value of a trigger
/// observation, started with `_add(observation:scheduling:onChange:)`,
/// makes the reducer fetch with its fetcher and reduce.
private final class ReducerDriver<Reducer: _ValueReducer>: @unchecked Sendable {
    private let queue = DispatchQueue(label: "companion")
    private var reducer: Reducer // confined to `queue`
    private var cancellable: AnyDatabaseCancellable?

    init(
        reader: some DatabaseReader,
        reducer: Reducer,
        trigger: ValueObservation<some ValueReducer>,
        onError: @escaping @Sendable (any Error) -> Void,
        onValue: @escaping @Sendable (Reducer.Value) -> Void)
    {
        self.reducer = reducer
        let fetcher = reducer._makeFetcher()
        let queue = self.queue
        cancellable = reader._add(
            observation: trigger.handleEvents(didFail: onError),
            scheduling: .async(onQueue: queue),
            onChange: { [unowned self] _ in
                do {
                    let fetched = try reader.read { db in try fetcher.fetch(db) }
                    if let value = try self.reducer._value(fetched) {
                        onValue(value)
                    }
                } catch {
                    onError(error)
                }
            })
    }

    func cancel() { cancellable?.cancel() }
}

final class ValueReducerTests: FolioTestCase {
    private func makePlayerQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        return dbQueue
    }

    func testCompanionReducerCountsTheValuesOfItsTriggerObservation() throws {
        let dbQueue = try makePlayerQueue()
        let values = ValueRecorder<CountingReducer.Counted>()
        let trigger = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT MAX(id) FROM player") }
        let driver = ReducerDriver(
            reader: dbQueue,
            reducer: CountingReducer(),
            trigger: trigger,
            onError: { error in XCTFail("\(error)") },
            onValue: { values.append($0) })
        wait(for: [values.expectation(self, "initial") { $0.count == 1 }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        wait(for: [values.expectation(self, "first") { $0.count == 2 }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')") }
        wait(for: [values.expectation(self, "second") { $0.count == 3 }], timeout: 10)
        XCTAssertEqual(values.values, [
            CountingReducer.Counted(reductions: 1, playerCount: 0),
            CountingReducer.Counted(reductions: 2, playerCount: 1),
            CountingReducer.Counted(reductions: 3, playerCount: 2),
        ])
        driver.cancel()
    }

    func testAddNotifiesValuesOnTheScheduler() throws {
        let dbQueue = try makePlayerQueue()
        let queue = DispatchQueue(label: "values")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let values = ValueRecorder<Int>()
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
        let cancellable = dbQueue._add(
            observation: observation,
            scheduling: .async(onQueue: queue),
            onChange: { value in
                XCTAssertEqual(DispatchQueue.getSpecific(key: key), true)
                values.append(value)
            })
        wait(for: [values.expectation(self, "initial") { $0 == [0] }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        wait(for: [values.expectation(self, "change") { $0 == [0, 1] }], timeout: 10)
        cancellable.cancel()
    }

    func testAddOnEveryReaderNotifiesTheInitialValue() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
        let readers: [any DatabaseReader] = [
            dbPool, AnyDatabaseReader(dbPool), AnyDatabaseWriter(dbPool), try dbPool.makeSnapshot(),
        ]
        for reader in readers {
            let values = ValueRecorder<Int>()
            let cancellable = reader._add(observation: observation, scheduling: .async(onQueue: .global()), onChange: values.append)
            wait(for: [values.expectation(self, "\(type(of: reader))") { $0 == [0] }], timeout: 10)
            cancellable.cancel()
        }
    }

    func testAddReportsErrorsToTheDidFailEventOfTheObservation() throws {
        let dbQueue = try makeDatabaseQueue()
        let failure = expectation(description: "failure")
        let observation = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM missing")! }
            .handleEvents(didFail: { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                failure.fulfill()
            })
        let cancellable = dbQueue._add(
            observation: observation,
            scheduling: .async(onQueue: .main),
            onChange: { _ in XCTFail("unexpected value") })
        wait(for: [failure], timeout: 10)
        cancellable.cancel()
    }

    func testBuiltInReducersAreSemiPublicReducersWithFetchers() throws {
        // A companion library can name the fetchers of the built-in
        // reducers, and their fetched values.
        func fetcherType<R: _ValueReducer>(of observation: ValueObservation<R>) -> R.Fetcher.Type { R.Fetcher.self }
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT 1")! }
        XCTAssertTrue(fetcherType(of: observation) == ValueReducers.Fetch<Int>._Fetcher.self)
        XCTAssertTrue(fetcherType(of: observation.print(to: nil)) == ValueReducers.Trace<ValueReducers.Fetch<Int>>._Fetcher.self)
        XCTAssertTrue(fetcherType(of: observation.map { $0 + 1 }) == ValueReducers.Fetch<Int>._Fetcher.self)
        XCTAssertTrue(fetcherType(of: observation.removeDuplicates()) == ValueReducers.Fetch<Int>._Fetcher.self)
    }
}
