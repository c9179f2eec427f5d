extension DatabaseRegionConvertible where Self == DatabaseRegion {
    /// The region that covers the full database: all columns and all rows
    /// of all tables. It lets methods that accept any
    /// ``DatabaseRegionConvertible`` be written with `.fullDatabase`:
    ///
    /// ```swift
    /// // Notified of all changes to the database
    /// let observation = DatabaseRegionObservation(tracking: .fullDatabase)
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/update_hook.html>, the SQLite hook
    /// that observations use to notice changes.
    public static var fullDatabase: DatabaseRegion {
        DatabaseRegion.fullDatabase
    }
}
