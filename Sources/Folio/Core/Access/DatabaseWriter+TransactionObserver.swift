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
        // A closed writer keeps the observer, which it never notifies.
        unsafeReentrantWrite { db in
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
        unsafeReentrantWrite { db in
            db.remove(transactionObserver: transactionObserver)
        }
    }
}
