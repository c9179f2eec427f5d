import Foundation

extension Database {
    /// The date of the current transaction.
    ///
    /// The date is constant during a transaction: all the records inserted
    /// or updated by one write get the same timestamp. It is given by the
    /// ``Configuration/transactionClock`` when the transaction starts (when
    /// the connection leaves the autocommit mode). Outside of any
    /// transaction, each read asks the clock for a new date.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     let date = try db.transactionDate
    ///     try db.execute(
    ///         sql: "UPDATE player SET modificationDate = ? WHERE id = ?",
    ///         arguments: [date, 42])
    ///     try db.transactionDate == date // true
    /// }
    /// ```
    ///
    /// By default, the date of a transaction is the date at which it
    /// started. Configure ``Configuration/transactionClock`` to control it
    /// in tests and previews.
    ///
    /// - Throws: The error of the clock, when it failed to date the
    ///   current transaction.
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
            // A safety net: every transaction starts with a BEGIN or
            // SAVEPOINT statement, which dates it.
            let result = Result { try configuration.transactionClock.now(self) }
            transactionDateResult = result
            return try result.get()
        }
    }

    /// Called by ``Statement/step(in:)`` before each step of a `BEGIN` or
    /// `SAVEPOINT` statement: outside of a transaction, the statement
    /// starts one, which gets its date from the clock.
    ///
    /// Should the statement fail, the connection stays outside of any
    /// transaction, where the date is not used.
    @inline(never)
    func transactionMayBegin() {
        guard !isInsideTransaction else { return }
        transactionDateResult = Result { try configuration.transactionClock.now(self) }
    }
}
