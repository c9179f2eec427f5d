extension DatabaseWriter {
    /// Rebuilds the database file, repacking it into a minimal amount of
    /// disk space (`VACUUM`).
    ///
    /// ```swift
    /// try dbQueue.vacuum()
    /// ```
    ///
    /// It runs outside of any transaction, on the writer connection.
    ///
    /// - Throws: A ``DatabaseError``, for example `SQLITE_BUSY` when
    ///   another connection reads the database.
    ///
    /// See <https://www.sqlite.org/lang_vacuum.html>.
    public func vacuum() throws {
        try writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
        }
    }

    /// Writes a vacuumed copy of the database into a new file
    /// (`VACUUM INTO`). The database itself is not changed.
    ///
    /// ```swift
    /// try dbQueue.vacuum(into: "/path/to/copy.sqlite")
    /// ```
    ///
    /// - Parameter filePath: The path of the new database file. It must
    ///   not exist, or be an empty file.
    /// - Throws: A ``DatabaseError`` (`SQLITE_ERROR` when the file already
    ///   exists and is not empty, `SQLITE_CANTOPEN` when it can not be
    ///   created).
    ///
    /// See <https://www.sqlite.org/lang_vacuum.html#vacuuminto>.
    public func vacuum(into filePath: String) throws {
        try Database.checkFilePath(filePath, "could not vacuum into")
        try writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [filePath])
        }
    }

    /// Rebuilds the database file, repacking it into a minimal amount of
    /// disk space (`VACUUM`), without blocking the current task.
    ///
    /// ```swift
    /// try await dbQueue.vacuum()
    /// ```
    ///
    /// - Throws: A ``DatabaseError``, or `CancellationError` when the task
    ///   is cancelled.
    ///
    /// See <https://www.sqlite.org/lang_vacuum.html>.
    public func vacuum() async throws {
        try await writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
        }
    }

    /// Writes a vacuumed copy of the database into a new file
    /// (`VACUUM INTO`), without blocking the current task.
    ///
    /// ```swift
    /// try await dbQueue.vacuum(into: "/path/to/copy.sqlite")
    /// ```
    ///
    /// - Parameter filePath: The path of the new database file. It must
    ///   not exist, or be an empty file.
    /// - Throws: A ``DatabaseError`` (`SQLITE_ERROR` when the file already
    ///   exists and is not empty), or `CancellationError` when the task is
    ///   cancelled.
    ///
    /// See <https://www.sqlite.org/lang_vacuum.html#vacuuminto>.
    public func vacuum(into filePath: String) async throws {
        try Database.checkFilePath(filePath, "could not vacuum into")
        try await writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [filePath])
        }
    }
}
