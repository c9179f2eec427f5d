import Dispatch

/// The reader connections of a ``DatabasePool``: at most
/// `maximumCount` connections, opened on demand, each lent to one read at
/// a time.
///
/// Acquisitions are served in order. They never block the thread that
/// asks, except ``lease()`` and ``withBarrier(_:)``, the synchronous
/// forms, which wait on a semaphore. Connections are opened on a global
/// dispatch queue, so that async reads never block the cooperative thread
/// pool.
///
/// A barrier waits until no connection is lent, and prevents any new
/// lease until it ends: it lets `barrierWriteWithoutTransaction` write
/// while nobody reads.
final class ReaderPool: Sendable {
    /// A connection lent to one read.
    struct Lease: Sendable {
        let reader: SerializedDatabase
        fileprivate let generation: Int
    }

    /// What a waiting acquisition receives.
    private enum Grant {
        case reader(SerializedDatabase?, generation: Int) // nil: open a connection
        case barrier
        case failure(any Error)
    }

    private struct Waiter {
        var id: Int
        var isBarrier: Bool
        var completion: @Sendable (Grant) -> Void
    }

    private struct State {
        var idle: [SerializedDatabase] = []
        /// All open connections, for `interrupt()`.
        var all: [ObjectIdentifier: SerializedDatabase] = [:]
        var leasedCount = 0
        var isBarrierActive = false
        var waiters: [Waiter] = []
        var nextWaiterID = 0
        var nextReaderNumber = 1
        /// Incremented by `invalidate()`: lent connections of an older
        /// generation are closed when they come back.
        var generation = 0
        var isClosed = false
    }

    private let state = Synchronized(State())
    private let maximumCount: Int
    private let makeReader: @Sendable (_ number: Int) throws -> SerializedDatabase

    init(maximumCount: Int, makeReader: @escaping @Sendable (_ number: Int) throws -> SerializedDatabase) {
        self.maximumCount = maximumCount
        self.makeReader = makeReader
    }

    // MARK: - Leases

    /// Lends a connection to `completion`, as soon as one is available.
    /// The receiver must give it back with ``release(_:)``.
    ///
    /// - Returns: An identifier for ``cancelWaiter(_:)``.
    @discardableResult
    func lease(_ completion: @escaping @Sendable (Result<Lease, any Error>) -> Void) -> Int {
        let (grant, id) = state.withLock { state -> (Grant?, Int) in
            let id = state.nextWaiterID
            state.nextWaiterID += 1
            if state.isClosed {
                return (.failure(Self.closedError), id)
            }
            if state.waiters.isEmpty, let grant = grantReader(&state) {
                return (grant, id)
            }
            state.waiters.append(Waiter(id: id, isBarrier: false) { [self] grant in
                deliver(grant, to: completion)
            })
            return (nil, id)
        }
        if let grant {
            deliver(grant, to: completion)
        }
        return id
    }

    /// Lends a connection, waiting for one if needed.
    func lease() throws -> Lease {
        // Fast path: an idle connection and nobody waiting, the usual case
        // of a busy pool. One short critical section and no allocation:
        // readers in tight loops contend for this lock, and the time they
        // hold it, or spin on it, is CPU that the writer does not get
        // (issue 19).
        let immediate = state.withLock { state -> Result<Lease, any Error>? in
            if state.isClosed {
                return .failure(Self.closedError)
            }
            guard state.waiters.isEmpty, !state.isBarrierActive, state.leasedCount < maximumCount,
                  let reader = state.idle.popLast()
            else {
                return nil
            }
            state.leasedCount += 1
            return .success(Lease(reader: reader, generation: state.generation))
        }
        if let immediate {
            return try immediate.get()
        }
        let semaphore = DispatchSemaphore(value: 0)
        let result = Synchronized<Result<Lease, any Error>?>(nil)
        lease { leaseResult in
            result.withLock { $0 = leaseResult }
            semaphore.signal()
        }
        semaphore.wait()
        return try result.withLock { $0! }.get()
    }

    /// Lends a connection without blocking the current task. Cancelling
    /// the task while it waits throws `CancellationError`.
    func lease() async throws -> Lease {
        let waiterID = Synchronized<Int?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let id = lease { continuation.resume(with: $0) }
                waiterID.withLock { $0 = id }
            }
        } onCancel: {
            if let id = waiterID.withLock({ $0 }) {
                cancelWaiter(id)
            }
        }
    }

    /// Fails a waiting acquisition with `CancellationError`, if it still
    /// waits.
    func cancelWaiter(_ id: Int) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.completion(.failure(CancellationError()))
    }

    /// Gives back a lent connection.
    func release(_ lease: Lease) {
        // Fast path: nobody waits, the pool is open and the lease is
        // current, the usual case of a busy pool. One short critical
        // section that builds no list of grants (see lease()).
        let isIdle = state.withLock { state -> Bool in
            guard state.waiters.isEmpty, !state.isClosed, lease.generation == state.generation else {
                return false
            }
            state.leasedCount -= 1
            state.idle.append(lease.reader)
            return true
        }
        if isIdle { return }
        let (toClose, grants) = state.withLock { state -> (SerializedDatabase?, [(Waiter, Grant)]) in
            state.leasedCount -= 1
            var toClose: SerializedDatabase?
            if state.isClosed || lease.generation != state.generation {
                state.all[ObjectIdentifier(lease.reader)] = nil
                toClose = lease.reader
            } else {
                state.idle.append(lease.reader)
            }
            return (toClose, serveWaiters(&state))
        }
        toClose?.close()
        for (waiter, grant) in grants {
            waiter.completion(grant)
        }
    }

    /// Picks a connection for a new lease, if the limit allows it.
    private func grantReader(_ state: inout State) -> Grant? {
        guard !state.isBarrierActive, state.leasedCount < maximumCount else { return nil }
        state.leasedCount += 1
        return .reader(state.idle.popLast(), generation: state.generation)
    }

    /// Serves the waiters that can be served, in order.
    private func serveWaiters(_ state: inout State) -> [(Waiter, Grant)] {
        var grants: [(Waiter, Grant)] = []
        while let waiter = state.waiters.first {
            if waiter.isBarrier {
                guard !state.isBarrierActive, state.leasedCount == 0 else { break }
                state.isBarrierActive = true
                grants.append((state.waiters.removeFirst(), .barrier))
                break
            }
            guard let grant = grantReader(&state) else { break }
            grants.append((state.waiters.removeFirst(), grant))
        }
        return grants
    }

    /// Turns a grant into a lease, opening a connection if needed.
    private func deliver(_ grant: Grant, to completion: @escaping @Sendable (Result<Lease, any Error>) -> Void) {
        switch grant {
        case .reader(let reader?, let generation):
            completion(.success(Lease(reader: reader, generation: generation)))
        case .reader(nil, let generation):
            DispatchQueue.global().async { [self] in
                do {
                    let number = state.withLock { state in
                        defer { state.nextReaderNumber += 1 }
                        return state.nextReaderNumber
                    }
                    let reader = try makeReader(number)
                    state.withLock { $0.all[ObjectIdentifier(reader)] = reader }
                    completion(.success(Lease(reader: reader, generation: generation)))
                } catch {
                    let grants = state.withLock { state in
                        state.leasedCount -= 1
                        return serveWaiters(&state)
                    }
                    completion(.failure(error))
                    for (waiter, grant) in grants {
                        waiter.completion(grant)
                    }
                }
            }
        case .barrier:
            fatalError("a lease received a barrier")
        case .failure(let error):
            completion(.failure(error))
        }
    }

    // MARK: - Barrier

    /// Runs a function once no connection is lent, while no new lease can
    /// start. Waits for current reads to end.
    func withBarrier<T>(_ body: () throws -> T) throws -> T {
        let semaphore = DispatchSemaphore(value: 0)
        let isActive = state.withLock { state -> Bool in
            if state.waiters.isEmpty, !state.isBarrierActive, state.leasedCount == 0 {
                state.isBarrierActive = true
                return true
            }
            let id = state.nextWaiterID
            state.nextWaiterID += 1
            state.waiters.append(Waiter(id: id, isBarrier: true) { _ in semaphore.signal() })
            return false
        }
        if !isActive {
            semaphore.wait()
        }
        defer {
            let grants = state.withLock { state in
                state.isBarrierActive = false
                return serveWaiters(&state)
            }
            for (waiter, grant) in grants {
                waiter.completion(grant)
            }
        }
        return try body()
    }

    // MARK: - Managing connections

    /// Closes the connections that are not lent. Lent connections are
    /// closed when they come back.
    func invalidate() {
        let idle = state.withLock { state in
            state.generation += 1
            defer { state.idle.removeAll() }
            for reader in state.idle {
                state.all[ObjectIdentifier(reader)] = nil
            }
            return state.idle
        }
        for reader in idle {
            reader.close()
        }
    }

    /// The connections that are not lent.
    func idleReaders() -> [SerializedDatabase] {
        state.withLock { $0.idle }
    }

    /// The open connection whose queue has this identifier (see
    /// ``AccessKeys/connection``), lent or not, or nil.
    func reader(withAccessIdentifier identifier: UInt64) -> SerializedDatabase? {
        state.withLock { state in
            state.all.values.first { $0.accessIdentifier == identifier }
        }
    }

    /// All open connections, lent or not.
    func allReaders() -> [SerializedDatabase] {
        state.withLock { Array($0.all.values) }
    }

    /// Closes the connections, and fails future leases. Lent connections
    /// are closed when they come back.
    func close() {
        try? closeReportingLiveStatements()
    }

    /// Like ``close()``, but throws the error of the first idle connection
    /// that could not close because statements or cursors of the
    /// application are still alive (see
    /// ``SerializedDatabase/closeReportingLiveStatements()``). The other
    /// connections close all the same.
    func closeReportingLiveStatements() throws {
        let (idle, waiters) = state.withLock { state in
            state.isClosed = true
            defer {
                state.idle.removeAll()
                state.waiters.removeAll()
            }
            for reader in state.idle {
                state.all[ObjectIdentifier(reader)] = nil
            }
            return (state.idle, state.waiters)
        }
        var firstError: (any Error)?
        for reader in idle {
            do {
                try reader.closeReportingLiveStatements()
            } catch {
                firstError = firstError ?? error
            }
        }
        for waiter in waiters {
            waiter.completion(.failure(Self.closedError))
        }
        if let firstError { throw firstError }
    }

    /// Whether ``close()`` was called.
    var isClosed: Bool {
        state.withLock { $0.isClosed }
    }

    /// Interrupts the statements that run on all connections.
    func interrupt() {
        // Interrupting inside the lock prevents a connection from closing
        // in the meantime. `sqlite3_interrupt` only sets a flag.
        state.withLock { state in
            for reader in state.all.values {
                reader.interrupt()
            }
        }
    }

    private static var closedError: DatabaseError {
        DatabaseError(resultCode: .SQLITE_MISUSE, message: "the database pool is closed")
    }
}
