import Folio
import Foundation
import XCTest

extension FolioTestCase {
    /// Returns a database pool on a new temporary file, deleted after the
    /// test, whose connections (writer and readers) record their SQL.
    func makeDatabasePool(configuration: Configuration = Configuration()) throws -> DatabasePool {
        try DatabasePool(path: temporaryDatabasePath(), configuration: recording(configuration))
    }

    /// Returns a configuration whose connections record their SQL.
    func recording(_ configuration: Configuration) -> Configuration {
        var configuration = configuration
        let recorder = self.recorder
        configuration.prepareDatabase { db in
            db.trace { event in recorder.record(event.sql) }
        }
        return configuration
    }

    /// Waits for a task, and cancels it when it does not complete in time.
    func value<T: Sendable>(of task: Task<T, any Error>, timeout: TimeInterval = 20) async throws -> T {
        let done = expectation(description: "task completes")
        Task {
            _ = try? await task.value
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: timeout)
        task.cancel()
        return try await task.value
    }
}

/// A value protected by a lock, for test helpers.
///
/// `@unchecked Sendable`: `value` is only accessed inside `withLock`,
/// under `lock`. Tests use `NSLock`, which the thread sanitizer
/// understands, rather than the library's internal `Synchronized`.
final class TestLocked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let value = TestLocked(0)

    var count: Int { value.withLock { $0 } }

    @discardableResult
    func increment() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}

/// Records values from any thread, and fulfills expectations when the
/// recorded values match a predicate.
final class ValueRecorder<Value: Sendable>: Sendable {
    private struct Waiter {
        var predicate: @Sendable ([Value]) -> Bool
        var expectation: XCTestExpectation
    }

    private struct State {
        var values: [Value] = []
        var waiters: [Waiter] = []
    }

    private let state = TestLocked(State())

    var values: [Value] { state.withLock { $0.values } }

    func append(_ value: Value) {
        let fulfilled = state.withLock { state -> [XCTestExpectation] in
            state.values.append(value)
            let values = state.values
            let ready = state.waiters.filter { $0.predicate(values) }
            state.waiters.removeAll { $0.predicate(values) }
            return ready.map(\.expectation)
        }
        for expectation in fulfilled {
            expectation.fulfill()
        }
    }

    /// Returns an expectation fulfilled when the recorded values match
    /// the predicate.
    func expectation(
        _ testCase: XCTestCase,
        _ description: String,
        until predicate: @escaping @Sendable ([Value]) -> Bool) -> XCTestExpectation
    {
        expectation(testCase.expectation(description: description), until: predicate)
    }

    /// Returns an expectation, not attached to a test case, fulfilled
    /// when the recorded values match the predicate.
    func expectation(
        _ description: String,
        until predicate: @escaping @Sendable ([Value]) -> Bool) -> XCTestExpectation
    {
        expectation(XCTestExpectation(description: description), until: predicate)
    }

    private func expectation(
        _ expectation: XCTestExpectation,
        until predicate: @escaping @Sendable ([Value]) -> Bool) -> XCTestExpectation
    {
        let isReady = state.withLock { state -> Bool in
            if predicate(state.values) { return true }
            state.waiters.append(Waiter(predicate: predicate, expectation: expectation))
            return false
        }
        if isReady {
            expectation.fulfill()
        }
        return expectation
    }
}

/// A gate that a database closure can wait on, opened by the test.
final class Gate: Sendable {
    private let reached = DispatchSemaphore(value: 0)
    private let opened = DispatchSemaphore(value: 0)

    /// Called by the closure: tells the test it is here, and waits.
    func pass() {
        reached.signal()
        opened.wait()
    }

    /// Called by the test: waits until the closure is at the gate.
    func waitUntilReached() {
        reached.wait()
    }

    /// Called by async tests: waits until the closure is at the gate,
    /// without blocking a thread of the cooperative pool.
    func reached() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                self.reached.wait()
                continuation.resume()
            }
        }
    }

    /// Called by the test: lets the closure go on.
    func open() {
        opened.signal()
    }
}
