import Foundation

extension Database {
    /// The date of the current transaction: it does not change during a
    /// transaction, and is taken when the transaction starts (when the
    /// connection leaves the autocommit mode with `BEGIN` or `SAVEPOINT`).
    /// Outside of transactions, each read returns a new date.
    ///
    /// Records use it for their timestamps, so that all the rows of a
    /// transaction get the same one:
    ///
    /// ```swift
    /// struct Player: Codable, MutablePersistableRecord {
    ///     var creationDate: Date?
    ///     mutating func willInsert(_ db: Database) throws {
    ///         if creationDate == nil {
    ///             creationDate = try db.transactionDate
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The dates come from ``Configuration/transactionClock``: by default,
    /// the start date of the transaction.
    ///
    /// - Throws: The error of a custom clock.
    ///
    /// See <https://www.sqlite.org/c3ref/get_autocommit.html>.
    public var transactionDate: Date {
        get throws {
            guard isInsideTransaction else {
                return try configuration.transactionClock.now(self)
            }
            if let transactionDateResult {
                return try transactionDateResult.get()
            }
            // A transaction that started before the clock could run.
            let result = Result { try configuration.transactionClock.now(self) }
            transactionDateResult = result
            return try result.get()
        }
    }

    /// Takes the date of the transaction that a statement (`BEGIN` or
    /// `SAVEPOINT`) may start: called before the statement runs.
    ///
    /// The error of a custom clock does not prevent the transaction from
    /// starting: ``transactionDate`` throws it.
    func statementMayStartTransaction() {
        guard !isInsideTransaction else { return }
        let startDate = Date()
        transactionStartDate = startDate
        if configuration.transactionClock is DefaultTransactionClock {
            transactionDateResult = .success(startDate)
        } else {
            transactionDateResult = Result { try configuration.transactionClock.now(self) }
        }
    }
}
