extension Database {
    /// The schema source in effect: the ``Configuration/schemaSource`` of
    /// the ``configuration``, or the one of
    /// ``withSchemaSource(_:execute:)``.
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     db.schemaSource // the configured source
    /// }
    /// ```
    ///
    /// It is nil during the migrations of ``DatabaseMigrator``, which see
    /// the raw schema of SQLite.
    public var schemaSource: (any DatabaseSchemaSource)? {
        currentSchemaSource
    }

    /// Runs a function with another schema source, or with none when
    /// `schemaSource` is nil.
    ///
    /// ```swift
    /// migrator.registerMigration("Populate captains") { db in
    ///     try db.withSchemaSource(MySchemaSource()) {
    ///         try Captain(id: "alice", name: "Alice").insert(db)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - schemaSource: A schema source, or nil.
    ///   - block: A function.
    /// - Returns: The result of `block`.
    /// - Throws: The error of `block`.
    public func withSchemaSource<T>(
        _ schemaSource: (any DatabaseSchemaSource)?,
        execute block: () throws -> T) rethrows -> T
    {
        let previous = currentSchemaSource
        currentSchemaSource = schemaSource
        // Cached primary keys of views depend on the source.
        schemaCache.primaryKeys.removeAll()
        schemaCacheGeneration &+= 1
        defer {
            currentSchemaSource = previous
            schemaCache.primaryKeys.removeAll()
            schemaCacheGeneration &+= 1
        }
        return try block()
    }
}
