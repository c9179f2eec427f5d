import Dispatch

// How a ValueObserver hears the transactions of the writer connection
// (`TransactionObserver`) and the commits of other connections
// (`ExternalCommitObserver`): a commit that touches the observed region
// schedules a fetch. See "Never missing a change" and "One value per
// transaction" in ValueObserver.swift.

extension ValueObserver {
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        state.withLock { $0.region?.isModified(byEventsOfKind: eventKind) ?? false }
    }

    func databaseDidChange(with event: DatabaseEvent) {
        let isTouched = state.withLock { state in
            if state.isFetchingInWriter { return false }
            guard let region = state.region, region.isModified(by: event) else { return false }
            state.transactionTouchesRegion = true
            return true
        }
        if isTouched {
            stopObservingDatabaseChangesUntilNextTransaction()
        }
    }

    func databaseDidChange() {
        state.withLock { state in
            if !state.isFetchingInWriter {
                state.transactionTouchesRegion = true
            }
        }
    }

    func databaseWillCommit() throws {
        // See "One value per transaction" above.
        let waiter = state.withLock { state -> DispatchSemaphore? in
            guard case .concurrent = state.fetchMode,
                  state.isFetching,
                  !state.isFetchingInWriter,
                  !state.isStopped,
                  !state.isLagging,
                  state.transactionTouchesRegion || state.region == nil
            else { return nil }
            let waiter = DispatchSemaphore(value: 0)
            state.fetchWaiters.append(waiter)
            return waiter
        }
        if let waiter, waiter.wait(timeout: .now() + Self.fetchWaitTimeout) == .timedOut {
            // The observer lags: changes are coalesced until the fetch ends.
            state.withLock { $0.isLagging = true }
        }
    }

    func databaseDidCommit(_ db: Database) {
        let changedRegion = db.observationBroker?.committedRegion ?? .fullDatabase
        let (isTouched, shouldSchedule, fetchMode) = state.withLock { state -> (Bool, Bool, FetchMode) in
            if state.isFetchingInWriter {
                // The fetch itself commits: it sees its own changes.
                state.transactionTouchesRegion = false
                return (false, false, state.fetchMode)
            }
            var isTouched = state.transactionTouchesRegion
            state.transactionTouchesRegion = false
            if state.regionChangedSinceLastCommit {
                state.regionChangedSinceLastCommit = false
                if let region = state.region, changedRegion.intersects(region) {
                    isTouched = true
                }
            }
            state.changesSinceFetchStart?.formUnion(changedRegion)
            guard isTouched, !state.isStopped else { return (false, false, state.fetchMode) }
            state.needsFetch = true
            if state.isFetching { return (true, false, state.fetchMode) }
            state.isFetching = true
            return (true, true, state.fetchMode)
        }
        if isTouched {
            events.databaseDidChange?()
        }
        if shouldSchedule {
            fetch(afterCommitIn: db, fetchMode)
        }
    }

    func databaseDidRollback(_ db: Database) {
        state.withLock { $0.transactionTouchesRegion = false }
    }
}

// MARK: - External commits

extension ValueObserver: ExternalCommitObserver {
    /// Another connection committed: the changed region is unknown, so the
    /// observation fetches again (once for several commits that land while
    /// a fetch is pending).
    func databaseDidCommitExternally(_ db: Database) {
        let scheduling = state.withLock { state -> (Bool, FetchMode)? in
            if state.isStopped || state.isFetchingInWriter { return nil }
            state.changesSinceFetchStart?.formUnion(.fullDatabase)
            state.needsFetch = true
            if state.isFetching { return (false, state.fetchMode) }
            state.isFetching = true
            return (true, state.fetchMode)
        }
        guard let (shouldSchedule, fetchMode) = scheduling else { return }
        events.databaseDidChange?()
        if shouldSchedule {
            // As after a commit of the writer: a queue fetches right here,
            // on its connection, outside of any transaction.
            fetch(afterCommitIn: db, fetchMode)
        }
    }

    /// Fetches after a commit: right here, on the connection that
    /// committed (`.afterCommit`), or in an access of its own.
    private func fetch(afterCommitIn db: Database, _ fetchMode: FetchMode) {
        if case .afterCommit = fetchMode {
            fetchAfterCommit(db)
        } else {
            scheduleFetch()
        }
    }
}
