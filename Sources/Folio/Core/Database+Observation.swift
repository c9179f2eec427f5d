import CSQLite

// The hooks that database observation and cancellable async accesses need
// in the connection:
//
// - ``Statement/step()`` calls ``Database/observedStep(_:)`` instead of
//   `sqlite3_step` when ``Database/observesStatements`` is true: when the
//   connection has transaction observers, records a region, or runs a
//   cancellable async access. Otherwise statements pay one boolean test
//   per step.
// - The commit, rollback and update hooks of SQLite feed the
//   ``DatabaseObservationBroker`` while the connection has transaction
//   observers, and are removed when it has none.

extension Database {
    /// Steps a statement, notifying observation and honoring cancellation.
    ///
    /// - Returns: True when a row is available, false when done.
    /// - Throws: A ``DatabaseError``, `CancellationError` when the async
    ///   access was cancelled, or the error thrown by a transaction
    ///   observer that prevented a commit.
    func observedStep(_ statement: Statement) throws -> Bool {
        let sqliteStatement = statement.sqliteStatement
        if sqlite3_stmt_busy(sqliteStatement) == 0 {
            try statementWillStart(statement)
        }
        let broker = observationBroker
        let code: CInt
        if let broker {
            // Changes reported by the update hook come from this statement.
            let previous = broker.steppingStatement
            broker.steppingStatement = Unmanaged.passUnretained(statement)
            code = sqlite3_step(sqliteStatement)
            broker.steppingStatement = previous
        } else {
            code = sqlite3_step(sqliteStatement)
        }
        if let remote, remote.hasPendingChanges {
            // A statement that wrote on the remote engine: observers learn
            // the changed tables, as from `notifyChanges(in:)`.
            remote.notifyPendingChanges()
        }
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            if let observerError = broker?.statementDidFinish(statement, succeeded: true) {
                // An observer refused the commit of a transaction that did
                // not write: it ends as a rollback.
                throw observerError
            }
            return false
        default:
            let remoteFailure = statement.remote == nil ? nil : remote?.takeFailure(of: statement)
            let databaseError = (remoteFailure as? DatabaseError) ?? statement.makeError(code: code)
            var error: any Error = remoteFailure ?? databaseError
            sqlite3_reset(sqliteStatement)
            if let observerError = broker?.statementDidFinish(statement, succeeded: false) {
                error = observerError
            }
            if remoteFailure == nil || remoteFailure is DatabaseError {
                statementDidFail(databaseError)
            }
            if accessCancellation?.isCancelled == true {
                error = CancellationError()
            }
            throw error
        }
    }

    /// Called before the first step of a statement.
    private func statementWillStart(_ statement: Statement) throws {
        try checkStatementMayStart(statement)
        if recordedSelection != nil {
            recordedSelection!.formUnion(statement.regionForCurrentArguments)
        }
        observationBroker?.statementWillStart(statement)
    }

    /// Throws when a statement may not start: the connection is suspended,
    /// SQLite rolled back the transaction, or the async access is
    /// cancelled (only rollbacks may run then).
    func checkStatementMayStart(_ statement: Statement) throws {
        guard observesStatements else { return }
        if suspension != nil {
            try checkNotSuspended(statement)
        }
        if let transactionRollbackError {
            // Only rollbacks may run in a transaction that SQLite rolled back.
            switch statement.authorization.transactionEffect {
            case .rollbackTransaction?, .rollbackSavepoint?, .releaseSavepoint?:
                break
            default:
                throw rolledBackTransactionError(transactionRollbackError, sql: statement.sql)
            }
        }
        if let accessCancellation, accessCancellation.isCancelled {
            // Only rollbacks may run in a cancelled access.
            switch statement.authorization.transactionEffect {
            case .rollbackTransaction?, .rollbackSavepoint?, .releaseSavepoint?:
                break
            default:
                throw CancellationError()
            }
        }
    }

    /// Recomputes ``observesStatements``.
    func updateObservesStatements() {
        observesStatements = observationBroker != nil
            || recordedSelection != nil
            || accessCancellation != nil
            || suspension != nil
            || transactionRollbackError != nil
    }

    // MARK: - Region recording

    /// Runs a function, and adds to `region` the database region read by
    /// the statements it runs.
    func recordingSelection<T>(_ region: inout DatabaseRegion, _ block: () throws -> T) rethrows -> T {
        let outer = recordedSelection
        recordedSelection = DatabaseRegion()
        updateObservesStatements()
        defer {
            let recorded = recordedSelection ?? DatabaseRegion()
            region.formUnion(recorded)
            recordedSelection = outer.map { $0.union(recorded) }
            updateObservesStatements()
        }
        return try block()
    }

    /// Adds a region to the region recorded by ``ValueObservation``, as if
    /// a statement had read it.
    ///
    /// Use it when an observed value depends on something that statements
    /// do not read, so that changes to `region` trigger the observation:
    ///
    /// ```swift
    /// let observation = ValueObservation.tracking { db in
    ///     try db.registerAccess(to: SQLRequest<Row>(sql: "SELECT * FROM player"))
    ///     return try fetchFromCache()
    /// }
    /// ```
    ///
    /// It does nothing outside of a `ValueObservation` fetch that records
    /// the region it reads (an observation created with
    /// `tracking(regions:fetch:)` tracks its given regions only): the
    /// region is then not even evaluated, so that calling this method
    /// costs nothing outside of observations.
    ///
    /// Observations notice changes with SQLite's update and commit hooks:
    /// see <https://www.sqlite.org/c3ref/update_hook.html>.
    ///
    /// - Parameter region: A database region, or a value that has one,
    ///   such as a request.
    /// - Throws: A ``DatabaseError`` when the region can not be computed.
    public func registerAccess(to region: @autoclosure () -> some DatabaseRegionConvertible) throws {
        guard recordedSelection != nil else { return }
        let accessedRegion = try region().databaseRegion(self)
        recordedSelection?.formUnion(accessedRegion)
    }

    // MARK: - Transaction hooks

    /// Installs the commit, rollback and update hooks that feed a broker.
    ///
    /// See <https://www.sqlite.org/c3ref/commit_hook.html> and
    /// <https://www.sqlite.org/c3ref/update_hook.html>.
    func installTransactionHooks(_ broker: DatabaseObservationBroker) {
        guard let sqliteConnection else { return }
        let context = Unmanaged.passUnretained(broker).toOpaque()
        sqlite3_commit_hook(sqliteConnection, { context in
            guard let context else { return 0 }
            return Unmanaged<DatabaseObservationBroker>.fromOpaque(context).takeUnretainedValue().commitHook()
        }, context)
        sqlite3_rollback_hook(sqliteConnection, { context in
            guard let context else { return }
            Unmanaged<DatabaseObservationBroker>.fromOpaque(context).takeUnretainedValue().rollbackHook()
        }, context)
        sqlite3_update_hook(sqliteConnection, { context, operation, databaseName, tableName, rowID in
            guard let context, let databaseName, let tableName else { return }
            Unmanaged<DatabaseObservationBroker>.fromOpaque(context).takeUnretainedValue()
                .updateHook(operation, databaseName, tableName, rowID)
        }, context)
    }

    /// Removes the hooks installed by ``installTransactionHooks(_:)``.
    func uninstallTransactionHooks() {
        guard let sqliteConnection else { return }
        sqlite3_commit_hook(sqliteConnection, nil, nil)
        sqlite3_rollback_hook(sqliteConnection, nil, nil)
        sqlite3_update_hook(sqliteConnection, nil, nil)
    }
}
