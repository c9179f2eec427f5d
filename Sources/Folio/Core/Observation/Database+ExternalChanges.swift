import CSQLite

/// A transaction observer that also hears the commits of other
/// connections on the same database file (other processes, other pools or
/// queues), when the configuration sets
/// ``Configuration/observesExternalChanges``.
///
/// Folio's observations adopt it (`ValueObservation`,
/// `DatabaseRegionObservation`). Other transaction observers are not told
/// about external commits: SQLite does not say which rows another
/// connection changed, and a ``TransactionObserver`` expects the changes
/// one by one.
protocol ExternalCommitObserver: TransactionObserver {
    /// Called on the writer connection's queue, outside of any transaction,
    /// after another connection committed changes to the database. The
    /// changed region is unknown: the whole database may have changed.
    func databaseDidCommitExternally(_ db: Database)
}

extension Database {
    /// The value of `PRAGMA data_version` on this connection: it changes
    /// when another connection commits changes to the database, and only
    /// then (the commits of this connection leave it as it is).
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_data_version>.
    func dataVersion() throws -> Int64 {
        try Int64.fetchOne(self, sql: "PRAGMA data_version") ?? 0
    }

    /// Checks whether another connection committed since the last check
    /// (or since the first ``ExternalCommitObserver`` was added), and if
    /// so, tells the observers that adopt ``ExternalCommitObserver``.
    ///
    /// Called on the writer's queue by the watch of external commits. The
    /// check waits for the end of a transaction left open (the next event
    /// or poll checks again).
    func checkExternalCommit() {
        guard let broker = observationBroker, !isInsideTransaction else { return }
        // A connection that can not read its data version (closed, or
        // failing) has nothing to notify: the next event or poll tries
        // again.
        guard let version = try? dataVersion() else { return }
        let previous = broker.baselineDataVersion
        broker.baselineDataVersion = version
        if let previous, previous != version {
            broker.notifyExternalCommit()
        }
    }
}

extension DatabaseObservationBroker {
    /// Reads the data version that later checks compare with, when none
    /// was read yet: from now on, a commit of another connection is
    /// notified, even one that lands before the first event or poll.
    func recordBaselineDataVersion() {
        guard baselineDataVersion == nil else { return }
        // Without a baseline, the first check only records one: a failure
        // here delays notifications to the first commit after that check.
        baselineDataVersion = try? database.dataVersion()
    }

    /// Tells the observers that adopt ``ExternalCommitObserver`` that
    /// another connection committed, in the order they were added.
    func notifyExternalCommit() {
        for entry in entries {
            guard let observer = entry.observer as? any ExternalCommitObserver else { continue }
            observer.databaseDidCommitExternally(database)
        }
    }
}
