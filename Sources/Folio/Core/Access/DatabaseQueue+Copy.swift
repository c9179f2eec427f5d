extension DatabaseQueue {
    /// Returns a connection to an in-memory copy of the database at
    /// `path`.
    ///
    /// Changes made through the returned connection do not change the
    /// database at `path`. The memory is released when the returned
    /// connection is closed or deallocated.
    ///
    /// ```swift
    /// let dbQueue = try DatabaseQueue.inMemoryCopy(fromPath: "/path/to/db.sqlite")
    /// ```
    ///
    /// The database at `path` is opened read-only, and copied with the
    /// SQLite online backup API.
    ///
    /// - Parameters:
    ///   - path: The path of the database to copy.
    ///   - configuration: The configuration of the returned connection.
    ///     When it is ``Configuration/readonly``, the copy refuses writes.
    /// - Returns: A connection to the copy.
    /// - Throws: A ``DatabaseError`` when the database at `path` can not
    ///   be opened or copied.
    ///
    /// See <https://www.sqlite.org/inmemorydb.html> and
    /// <https://www.sqlite.org/backup.html>.
    public static func inMemoryCopy(fromPath path: String, configuration: Configuration = Configuration()) throws -> DatabaseQueue {
        try copy(fromPath: path, toPath: ":memory:", configuration: configuration)
    }

    /// Returns a connection to a private, temporary, on-disk copy of the
    /// database at `path`.
    ///
    /// Changes made through the returned connection do not change the
    /// database at `path`. SQLite deletes the temporary file when the
    /// returned connection is closed or deallocated.
    ///
    /// ```swift
    /// let dbQueue = try DatabaseQueue.temporaryCopy(fromPath: "/path/to/db.sqlite")
    /// ```
    ///
    /// The database at `path` is opened read-only, and copied with the
    /// SQLite online backup API.
    ///
    /// - Parameters:
    ///   - path: The path of the database to copy.
    ///   - configuration: The configuration of the returned connection.
    ///     When it is ``Configuration/readonly``, the copy refuses writes.
    /// - Returns: A connection to the copy.
    /// - Throws: A ``DatabaseError`` when the database at `path` can not
    ///   be opened or copied.
    ///
    /// See <https://www.sqlite.org/inmemorydb.html#temp_db> and
    /// <https://www.sqlite.org/backup.html>.
    public static func temporaryCopy(fromPath path: String, configuration: Configuration = Configuration()) throws -> DatabaseQueue {
        // An empty path opens a private database in a temporary file,
        // deleted when the connection closes.
        try copy(fromPath: path, toPath: "", configuration: configuration)
    }

    /// Copies the database at `path` into a new connection to
    /// `destinationPath`.
    private static func copy(
        fromPath path: String,
        toPath destinationPath: String,
        configuration: Configuration) throws -> DatabaseQueue
    {
        var sourceConfiguration = configuration
        sourceConfiguration.readonly = true
        sourceConfiguration.journalMode = .default
        let source = try DatabaseQueue(path: path, configuration: sourceConfiguration)

        // The copy is written by the backup: it opens writable, and refuses
        // writes afterwards when the configuration asks for read-only.
        var copyConfiguration = configuration
        copyConfiguration.readonly = false
        let copy = try DatabaseQueue(path: destinationPath, configuration: copyConfiguration)
        try source.backup(to: copy)
        try source.close()
        if configuration.readonly {
            try copy.writer.sync { db in
                try db.execute(sql: "PRAGMA query_only = 1")
                db.isQueryOnly = true
            }
        }
        return copy
    }
}
