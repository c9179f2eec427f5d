import CSQLite

extension Database {
    /// The kinds of SQLite transactions.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public enum TransactionKind: String, Sendable {
        /// `BEGIN DEFERRED`: locks are taken on first read or write.
        case deferred = "DEFERRED"
        /// `BEGIN IMMEDIATE`: the write lock is taken at once.
        case immediate = "IMMEDIATE"
        /// `BEGIN EXCLUSIVE`: no other connection may read or write.
        case exclusive = "EXCLUSIVE"
    }

    /// How a transaction or savepoint ends.
    public enum TransactionCompletion: Sendable {
        /// Keep the changes.
        case commit
        /// Undo the changes.
        case rollback
    }

    /// Opens a transaction. Prefer ``inTransaction(_:_:)``, which always
    /// ends the transaction.
    ///
    /// As in GRDB 7, a transaction is `IMMEDIATE` by default, so that a
    /// write waits for the other connections' writes (with a busy timeout)
    /// instead of failing with `SQLITE_BUSY` when it upgrades its read
    /// lock. It is `DEFERRED` during a read-only access
    /// (``readOnly(_:)``, the reads of a pool) and on a read-only
    /// connection.
    ///
    /// - Parameter kind: The kind of transaction, or nil for the default.
    /// - Throws: A ``DatabaseError``, for example when a transaction is
    ///   already open.
    public func beginTransaction(_ kind: TransactionKind? = nil) throws {
        // Prepared once per connection: every write, and every read of a
        // pool, begins a transaction (see TransactionControlStatements.swift).
        switch kind ?? defaultTransactionKind {
        case .deferred: try runTransactionControl(.beginDeferred)
        case .immediate: try runTransactionControl(.beginImmediate)
        case .exclusive: try runTransactionControl(.beginExclusive)
        }
    }

    /// Commits the current transaction.
    ///
    /// - Throws: A ``DatabaseError``, for example when deferred foreign
    ///   keys are violated. The transaction is then still open.
    public func commit() throws {
        try runTransactionControl(.commit)
    }

    /// Rolls back the current transaction, if any.
    ///
    /// The rollback succeeds after ``interrupt()``, even when SQLite keeps
    /// the connection interrupted (as it does after a write to an FTS5
    /// table): the statements of the connection are then reset, and the
    /// rollback runs again.
    ///
    /// ```swift
    /// try db.beginTransaction()
    /// try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
    /// try db.rollback() // Arthur is not inserted
    /// ```
    ///
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func rollback() throws {
        // SQLite may have rolled back already (on some errors it does).
        guard isInsideTransaction else { return }
        try executeCleanup { try runTransactionControl(.rollback) }
    }

    /// Runs operations in a transaction: it commits when they return
    /// `.commit`, and rolls back when they return `.rollback` or throw.
    ///
    /// ```swift
    /// try db.inTransaction {
    ///     try db.execute(sql: "INSERT INTO credit ...")
    ///     try db.execute(sql: "INSERT INTO debit ...")
    ///     return .commit
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - kind: The kind of transaction, or nil for the default:
    ///     `IMMEDIATE`, or `DEFERRED` in a read-only access (see
    ///     ``beginTransaction(_:)``).
    ///   - operations: The work to do.
    /// - Throws: The error of `operations`, or a ``DatabaseError``. After
    ///   an error that makes SQLite roll back the whole transaction (such
    ///   as `SQLITE_FULL` when the disk is full), the next statements of
    ///   `operations` throw `SQLITE_ABORT` instead of running outside of
    ///   the transaction, and so does the commit when `operations` catches
    ///   the error and returns `.commit`.
    public func inTransaction(
        _ kind: TransactionKind? = nil,
        _ operations: () throws -> TransactionCompletion) throws
    {
        _ = try inTransaction(kind, returning: operations, completion: { $0 })
    }

    /// Runs operations in a transaction, and returns their result: the
    /// transaction ends as `completion` tells from the result, or rolls
    /// back when the operations throw (see ``inTransaction(_:_:)``).
    ///
    /// The result is a plain `T`, never a `T?`: in an unspecialized
    /// caller (`DatabaseWriter.write`), an optional of a generic type
    /// costs a look-up of its type metadata at each transaction.
    ///
    /// - Parameters:
    ///   - kind: The kind of transaction, or nil for the default:
    ///     `IMMEDIATE`, or `DEFERRED` in a read-only access (see
    ///     ``beginTransaction(_:)``).
    ///   - operations: The work to do.
    ///   - completion: How the transaction ends, given the result.
    /// - Returns: The result of `operations`.
    /// - Throws: The error of `operations`, or a ``DatabaseError``.
    func inTransaction<T>(
        _ kind: TransactionKind?,
        returning operations: () throws -> T,
        completion: (T) -> TransactionCompletion) throws -> T
    {
        try beginTransaction(kind)
        managedTransactionDepth += 1
        defer { endManagedTransaction() }
        let result: T
        do {
            result = try operations()
        } catch {
            // The error of `operations` is the one the caller needs; a
            // failed rollback leaves `isInsideTransaction` true, which the
            // next access checks.
            try? rollBackManagedTransaction()
            throw error
        }
        let completion = completion(result)
        if let transactionRollbackError, case .commit = completion {
            // `operations` caught the error after which SQLite rolled
            // the transaction back: there is nothing left to commit.
            throw rolledBackTransactionError(transactionRollbackError, sql: nil)
        }
        switch completion {
        case .commit:
            do {
                try commit()
            } catch {
                // The commit error is the one the caller needs (see above).
                try? rollBackManagedTransaction()
                throw error
            }
        case .rollback:
            try rollBackManagedTransaction()
        }
        return result
    }

    /// Rolls back the transaction of ``inTransaction(_:_:)``, which is not
    /// a rollback written by the user (see ``statementWillRollBack(_:)``).
    private func rollBackManagedTransaction() throws {
        isRollingBackManagedTransaction = true
        defer { isRollingBackManagedTransaction = false }
        try rollback()
    }

    /// Runs operations in a savepoint, which can nest inside a transaction
    /// and other savepoints. Rolling back a savepoint undoes its own changes
    /// only; the enclosing transaction goes on.
    ///
    /// Outside of any transaction, the savepoint is a transaction.
    ///
    /// ```swift
    /// try db.inTransaction {
    ///     try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
    ///     try db.inSavepoint {
    ///         try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
    ///         return .rollback // Barbara is not inserted, Arthur is
    ///     }
    ///     return .commit
    /// }
    /// ```
    ///
    /// - Parameter operations: The work to do.
    /// - Throws: The error of `operations`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_savepoint.html>.
    public func inSavepoint(_ operations: () throws -> TransactionCompletion) throws {
        guard isInsideTransaction else {
            try inTransaction(nil, operations)
            return
        }
        let name = "folio\(savepointDepth)"
        try execute(sql: "SAVEPOINT \(name)")
        savepointDepth += 1
        managedTransactionDepth += 1
        defer {
            savepointDepth -= 1
            endManagedTransaction()
        }
        let completion: TransactionCompletion
        do {
            completion = try operations()
        } catch {
            if isInsideTransaction {
                // The error of `operations` is the one the caller needs.
                try? executeCleanup(sql: "ROLLBACK TRANSACTION TO SAVEPOINT \(name)")
                try? executeCleanup(sql: "RELEASE SAVEPOINT \(name)")
            }
            throw error
        }
        if let transactionRollbackError {
            // See inTransaction(_:_:). A rollback is done already.
            if case .rollback = completion { return }
            throw rolledBackTransactionError(transactionRollbackError, sql: nil)
        }
        switch completion {
        case .commit:
            try execute(sql: "RELEASE SAVEPOINT \(name)")
        case .rollback:
            try executeCleanup(sql: "ROLLBACK TRANSACTION TO SAVEPOINT \(name)")
            try executeCleanup(sql: "RELEASE SAVEPOINT \(name)")
        }
    }

    /// The kind of the transactions whose kind is not given: `DEFERRED`
    /// for reads, and the configuration's kind for writes (`IMMEDIATE`,
    /// unless the seed-era ``Configuration/defaultTransactionKind`` was
    /// set).
    private var defaultTransactionKind: TransactionKind {
        isReadOnlyAccess ? .deferred : configuration.writeTransactionKind
    }

    /// Whether the connection refuses writes: it was opened read-only, or
    /// runs ``readOnly(_:)``. Transactions of a read-only access are not
    /// notified to transaction observers.
    var isReadOnlyAccess: Bool {
        configuration.readonly || isQueryOnly
    }

    // MARK: - Transactions that SQLite rolls back

    // After some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM...),
    // SQLite rolls back the whole transaction, not only the statement that
    // failed. See <https://www.sqlite.org/lang_transaction.html>. Should
    // the application catch the error and go on inside `inTransaction` or
    // `write`, its next statements would each run and commit on their
    // own, outside of any transaction: half of the work would be saved.
    // Instead, they throw until the transaction ends, and the transaction
    // ends with an error.

    /// Called when a statement fails: notes whether SQLite rolled back the
    /// transaction of the running ``inTransaction(_:_:)`` or
    /// ``inSavepoint(_:)``.
    ///
    /// - Parameter error: The error of the statement.
    func statementDidFail(_ error: DatabaseError) {
        guard managedTransactionDepth > 0, transactionRollbackError == nil, !isInsideTransaction else { return }
        transactionRollbackError = error
        updateObservesStatements()
    }

    /// Called before a `ROLLBACK` statement runs inside an
    /// ``inTransaction(_:_:)`` or ``inSavepoint(_:)`` (a `write`...): a
    /// rollback that the user wrote (`db.execute(sql: "ROLLBACK")`,
    /// `db.rollback()`) ends the transaction that the wrapping method
    /// opened. As after a transaction that SQLite aborts, the statements
    /// that follow throw `SQLITE_ABORT` ("Transaction was aborted") until
    /// the wrapping method returns, and the wrapping method throws it
    /// too, unless it rolls back: they would otherwise run, and commit,
    /// outside of any transaction. Not inlined: it runs for rollbacks
    /// only.
    @inline(never)
    func statementWillRollBack(_ statement: Statement) {
        guard !isRollingBackManagedTransaction, transactionRollbackError == nil, isInsideTransaction else { return }
        transactionRollbackError = DatabaseError(
            resultCode: .SQLITE_ABORT_ROLLBACK,
            message: "Transaction was aborted",
            sql: statement.sql)
        updateObservesStatements()
    }

    /// Called when an ``inTransaction(_:_:)`` or ``inSavepoint(_:)`` ends.
    private func endManagedTransaction() {
        managedTransactionDepth -= 1
        if managedTransactionDepth == 0 && transactionRollbackError != nil {
            transactionRollbackError = nil
            updateObservesStatements()
        }
    }

    /// The error of a statement that can not run, or of a transaction that
    /// can not commit, because SQLite rolled back the transaction after
    /// `cause`.
    func rolledBackTransactionError(_ cause: DatabaseError, sql: String?) -> DatabaseError {
        if cause.extendedResultCode == .SQLITE_ABORT_ROLLBACK {
            // A rollback written by the user (see statementWillRollBack).
            return DatabaseError(resultCode: .SQLITE_ABORT, message: "Transaction was aborted", sql: sql)
        }
        return DatabaseError(
            resultCode: .SQLITE_ABORT,
            message: "the transaction was rolled back by SQLite after an error (\(cause.message ?? "unknown error"))"
                + (cause.sql.map { " in `\($0)`" } ?? ""),
            sql: sql)
    }

    /// Runs a function during which the database refuses writes
    /// (`PRAGMA query_only`).
    ///
    /// ```swift
    /// try db.readOnly {
    ///     try db.execute(sql: "DELETE FROM player") // throws SQLITE_READONLY
    /// }
    /// ```
    ///
    /// The connection accepts writes again when `value` returns or throws,
    /// even after ``interrupt()`` or the cancellation of an async access.
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_query_only>.
    public func readOnly<T>(_ value: () throws -> T) throws -> T {
        if isReadOnlyAccess {
            return try value()
        }
        try execute(sql: "PRAGMA query_only = 1")
        isQueryOnly = true
        let result: T
        do {
            result = try value()
        } catch {
            // The error of `value` is the one the caller needs. Should the
            // pragma fail, `isQueryOnly` stays true, as the connection is.
            if (try? executeCleanup(sql: "PRAGMA query_only = 0")) != nil {
                isQueryOnly = false
            }
            throw error
        }
        try executeCleanup(sql: "PRAGMA query_only = 0")
        isQueryOnly = false
        return result
    }
}
