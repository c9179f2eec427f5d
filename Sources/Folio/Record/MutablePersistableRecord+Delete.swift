// Deletion and existence check.

extension MutablePersistableRecord {
    /// Deletes the row of the record, and returns whether a row was
    /// deleted.
    ///
    /// ```swift
    /// // DELETE FROM "player" WHERE "id" = ?
    /// let deleted = try player.delete(db)
    /// ```
    ///
    /// A record whose primary key is nil deletes nothing, and runs no SQL.
    /// The callbacks are called in this order: `willDelete`,
    /// `aroundDelete`, `didDelete`.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError`` (a foreign key violation, or a record
    ///   that does not encode its primary key), or the error of a
    ///   callback.
    ///
    /// See <https://www.sqlite.org/lang_delete.html>.
    @discardableResult
    public func delete(_ db: Database) throws -> Bool {
        try _delete(db)
    }

    /// Deletes with the deletion callbacks.
    func _delete(_ db: Database) throws -> Bool {
        try willDelete(db)
        var deleted: Bool?
        try aroundDelete(db) {
            guard deleted == nil else { throw Self.aroundCallbackMisuse("aroundDelete(_:delete:)", "delete()") }
            let result = try _executeDelete(db)
            deleted = result
            return result
        }
        guard let deleted else { throw Self.aroundCallbackMisuse("aroundDelete(_:delete:)", "delete()") }
        didDelete(deleted: deleted)
        if deleted {
            _notifyRecordClass(.deleted)
        }
        return deleted
    }

    /// Returns whether the row of the record exists.
    ///
    /// ```swift
    /// // SELECT EXISTS (SELECT 1 FROM "player" WHERE "id" = ?)
    /// if try player.exists(db) { ... }
    /// ```
    ///
    /// A record whose primary key is nil does not exist, and runs no SQL.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether a row has the primary key of the record.
    /// - Throws: A ``DatabaseError`` (a record that does not encode its
    ///   primary key, for example).
    public func exists(_ db: Database) throws -> Bool {
        let tableName = type(of: self).databaseTableName
        let primaryKey = try RecordPrimaryKey(tableName: tableName, container: makePersistenceContainer(), db: db)
        try primaryKey.checkColumnsArePresent(recordType: Self.self)
        guard !primaryKey.isNull else { return false }
        let sql = "SELECT EXISTS (SELECT 1 FROM \(tableName.quotedDatabaseIdentifier) WHERE \(primaryKey.whereSQL))"
        let statement = try db.cachedStatement(sql: sql)
        let values = primaryKey.values.map { $0 ?? .null }
        return try Bool.fetchOne(statement, arguments: StatementArguments(values)) ?? false
    }

    /// Runs `DELETE FROM table WHERE primaryKey = ...`, and returns whether
    /// a row was deleted.
    func _executeDelete(_ db: Database) throws -> Bool {
        let tableName = type(of: self).databaseTableName
        let primaryKey = try RecordPrimaryKey(tableName: tableName, container: makePersistenceContainer(), db: db)
        try primaryKey.checkColumnsArePresent(recordType: Self.self)
        guard !primaryKey.isNull else { return false }
        let sql = "DELETE FROM \(tableName.quotedDatabaseIdentifier) WHERE \(primaryKey.whereSQL)"
        let statement = try db.cachedStatement(sql: sql)
        let totalChangesBefore = db.totalChangesCount
        try statement.execute(arguments: StatementArguments(databaseValues: primaryKey.values.map { $0 ?? .null }))
        // A view deletes through its INSTEAD OF trigger.
        return db.changesCount(sinceTotalChangesCount: totalChangesBefore) > 0
    }
}
