extension DatabaseWriter {
    /// Adds a transaction observer to the writer connection.
    ///
    /// ```swift
    /// let observer = MyObserver()
    /// dbPool.add(transactionObserver: observer)
    /// ```
    ///
    /// It may be called from inside a database access.
    ///
    /// - Parameters:
    ///   - transactionObserver: An observer.
    ///   - extent: How long the observer is notified. Default:
    ///     ``Database/TransactionObservationExtent/observerLifetime``.
    public func add(
        transactionObserver: some TransactionObserver,
        extent: Database.TransactionObservationExtent = .observerLifetime)
    {
        // Only a closed writer makes this fail: it has no transaction to
        // observe. (The signature, GRDB's, does not throw.)
        _ = try? unsafeReentrantWrite { db in
            db.add(transactionObserver: transactionObserver, extent: extent)
        }
    }

    /// Removes a transaction observer from the writer connection.
    ///
    /// ```swift
    /// dbPool.remove(transactionObserver: observer)
    /// ```
    ///
    /// - Parameter transactionObserver: An observer.
    public func remove(transactionObserver: some TransactionObserver) {
        // Only a closed writer makes this fail: it notifies nobody.
        _ = try? unsafeReentrantWrite { db in
            db.remove(transactionObserver: transactionObserver)
        }
    }
}
