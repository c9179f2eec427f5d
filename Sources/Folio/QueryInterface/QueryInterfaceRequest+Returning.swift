// Batch deletes and updates that return the deleted or updated rows, with
// the `RETURNING` clause of SQLite 3.35+.

extension QueryInterfaceRequest {
    /// Returns a prepared statement that deletes the rows matched by the
    /// request, and returns the selected values of the deleted rows
    /// (`DELETE ... RETURNING`).
    ///
    /// The rows are deleted when the statement runs, for example when you
    /// fetch from it:
    ///
    /// ```swift
    /// // DELETE FROM "player" WHERE "score" < 10 RETURNING "name"
    /// let statement = try Player
    ///     .filter { $0.score < 10 }
    ///     .deleteAndFetchStatement(db, selection: [Column("name")])
    /// let deletedNames = try String.fetchAll(statement)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - selection: The returned columns and expressions (not empty).
    /// - Returns: A prepared statement, with its arguments set.
    /// - Throws: A ``DatabaseError`` when `selection` is empty, when the
    ///   request can not be deleted (a common table expression), or when
    ///   SQLite can not compile the statement.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func deleteAndFetchStatement(_ db: Database, selection: [any SQLSelectable]) throws -> Statement {
        if query.hasConnectedDerivations { return try resolvingConnectedDerivations(db).deleteAndFetchStatement(db, selection: selection) }
        return try returningStatement(db, selection: selection, function: "deleteAndFetchStatement") { context in
            try deleteSQL(&context, isFollowedByReturning: true)
        }
    }

    /// Returns a prepared statement that updates the rows matched by the
    /// request, and returns the selected values of the updated rows
    /// (`UPDATE ... RETURNING`).
    ///
    /// The rows are updated when the statement runs, for example when you
    /// fetch from it:
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = "score" + 10 RETURNING "score"
    /// let statement = try Player.all().updateAndFetchStatement(
    ///     db, [Column("score") += 10],
    ///     selection: [Column("score")])
    /// let newScores = try Int.fetchAll(statement)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy (`UPDATE OR REPLACE`...),
    ///     or nil.
    ///   - assignments: Column assignments (not empty).
    ///   - selection: The returned columns and expressions (not empty).
    /// - Returns: A prepared statement, with its arguments set.
    /// - Throws: A ``DatabaseError`` when `assignments` or `selection` is
    ///   empty, when the request can not be updated (a common table
    ///   expression), or when SQLite can not compile the statement.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateAndFetchStatement(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment],
        selection: [any SQLSelectable]) throws -> Statement
    {
        guard !assignments.isEmpty else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "updateAndFetchStatement needs at least one column assignment")
        }
        if query.hasConnectedDerivations { return try resolvingConnectedDerivations(db).updateAndFetchStatement(db, onConflict: conflictResolution, assignments, selection: selection) }
        return try returningStatement(db, selection: selection, function: "updateAndFetchStatement") { context in
            try updateSQL(&context, onConflict: conflictResolution, assignments, isFollowedByReturning: true)
        }
    }

    /// Builds a write statement followed by a `RETURNING` clause, and sets
    /// its arguments.
    private func returningStatement(
        _ db: Database,
        selection: [any SQLSelectable],
        function: String,
        _ write: (inout SQLGenerationContext) throws -> String) throws -> Statement
    {
        guard !selection.isEmpty else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "\(function) needs a non-empty selection for its RETURNING clause")
        }
        let (sql, arguments) = try SQLGenerationContext.generate(db) { context in
            var sql = try write(&context)
            // The RETURNING clause only refers to the modified table, with
            // unqualified column names.
            context.unqualifiedAlias = query.relation.alias.identity
            // `allColumns(excluding:)` lists the columns of the modified
            // table.
            context.selectionTableName = query.relation.tableName
            sql += " RETURNING "
            sql += try selection.map { try $0.sqlSelection.sql(&context) }.joined(separator: ", ")
            return sql
        }
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        return statement
    }
}

extension QueryInterfaceRequest {
    /// Returns a prepared statement that deletes the rows matched by the
    /// request, and returns the values selected by the closure
    /// (`DELETE ... RETURNING`).
    ///
    /// ```swift
    /// // DELETE FROM "player" WHERE "score" < 10 RETURNING "name"
    /// let statement = try Player
    ///     .filter { $0.score < 10 }
    ///     .deleteAndFetchStatement(db) { [$0.name] }
    /// let deletedNames = try String.fetchAll(statement)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - select: A closure that receives the columns and returns the
    ///     selection (not empty).
    /// - Returns: A prepared statement, with its arguments set.
    /// - Throws: A ``DatabaseError`` when the selection is empty, when the
    ///   request can not be deleted, or when SQLite can not compile the
    ///   statement; or the error of `select`.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func deleteAndFetchStatement(
        _ db: Database,
        select: (QueryInterfaceRequest<RowDecoder>.DatabaseComponents) throws -> [any SQLSelectable]) throws -> Statement
    where RowDecoder: TableRecord
    {
        try deleteAndFetchStatement(db, selection: select(RowDecoder.databaseComponents))
    }

    /// Returns a prepared statement that updates the rows matched by the
    /// request with the assignments returned by a closure, and returns the
    /// values selected by another closure (`UPDATE ... RETURNING`).
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = "score" + 10 RETURNING "score"
    /// let statement = try Player.all().updateAndFetchStatement(db) {
    ///     [$0.score += 10]
    /// } select: {
    ///     [$0.score]
    /// }
    /// let newScores = try Int.fetchAll(statement)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: A closure that receives the columns and returns
    ///     the assignments (not empty).
    ///   - select: A closure that receives the columns and returns the
    ///     selection (not empty).
    /// - Returns: A prepared statement, with its arguments set.
    /// - Throws: A ``DatabaseError`` when the assignments or the selection
    ///   are empty, when the request can not be updated, or when SQLite
    ///   can not compile the statement; or the error of a closure.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateAndFetchStatement(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (QueryInterfaceRequest<RowDecoder>.DatabaseComponents) throws -> [ColumnAssignment],
        select: (QueryInterfaceRequest<RowDecoder>.DatabaseComponents) throws -> [any SQLSelectable]) throws -> Statement
    where RowDecoder: TableRecord
    {
        try updateAndFetchStatement(
            db, onConflict: conflictResolution,
            assignments(RowDecoder.databaseComponents),
            selection: select(RowDecoder.databaseComponents))
    }
}

extension QueryInterfaceRequest {
    /// Returns a cursor over the records deleted by the request
    /// (`DELETE ... RETURNING`).
    ///
    /// The returned columns are the `databaseSelection` of the record type.
    /// Each row is deleted as the cursor iterates:
    ///
    /// ```swift
    /// // DELETE FROM "player" WHERE "score" < 10 RETURNING *
    /// let cursor = try Player.filter { $0.score < 10 }.deleteAndFetchCursor(db)
    /// while let player = try cursor.next() { print(player.name) }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A cursor of deleted records.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func deleteAndFetchCursor(_ db: Database) throws -> RecordCursor<RowDecoder>
    where RowDecoder: FetchableRecord, RowDecoder: TableRecord
    {
        try RowDecoder.fetchCursor(deleteAndFetchStatement(db, selection: RowDecoder.databaseSelection))
    }

    /// Deletes the rows matched by the request, and returns the deleted
    /// records (`DELETE ... RETURNING`).
    ///
    /// ```swift
    /// // DELETE FROM "player" WHERE "score" < 10 RETURNING *
    /// let deletedPlayers = try Player.filter { $0.score < 10 }.deleteAndFetchAll(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The deleted records.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func deleteAndFetchAll(_ db: Database) throws -> [RowDecoder]
    where RowDecoder: FetchableRecord, RowDecoder: TableRecord
    {
        try Array(deleteAndFetchCursor(db))
    }

    /// Updates the rows matched by the request, and returns a cursor over
    /// the updated records (`UPDATE ... RETURNING`).
    ///
    /// Each row is updated as the cursor iterates:
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = "score" + 10 RETURNING *
    /// let cursor = try Player.all().updateAndFetchCursor(db, [Column("score") += 10])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: Column assignments (not empty).
    /// - Returns: A cursor of updated records.
    /// - Throws: A ``DatabaseError``, also when `assignments` is empty.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateAndFetchCursor(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]) throws -> RecordCursor<RowDecoder>
    where RowDecoder: FetchableRecord, RowDecoder: TableRecord
    {
        try RowDecoder.fetchCursor(updateAndFetchStatement(
            db, onConflict: conflictResolution, assignments,
            selection: RowDecoder.databaseSelection))
    }

    /// Updates the rows matched by the request with the assignments
    /// returned by the closure, and returns a cursor over the updated
    /// records (`UPDATE ... RETURNING`).
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = "score" + 10 RETURNING *
    /// let cursor = try Player.all().updateAndFetchCursor(db) { [$0.score += 10] }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: A closure that receives the columns and returns
    ///     the assignments (not empty).
    /// - Returns: A cursor of updated records.
    /// - Throws: A ``DatabaseError``, or the error of `assignments`.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateAndFetchCursor(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (QueryInterfaceRequest<RowDecoder>.DatabaseComponents) throws -> [ColumnAssignment]) throws -> RecordCursor<RowDecoder>
    where RowDecoder: FetchableRecord, RowDecoder: TableRecord
    {
        try updateAndFetchCursor(db, onConflict: conflictResolution, assignments(RowDecoder.databaseComponents))
    }

    /// Updates the rows matched by the request, and returns the updated
    /// records (`UPDATE ... RETURNING`).
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = "score" + 10 RETURNING *
    /// let players = try Player.all().updateAndFetchAll(db, [Column("score") += 10])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: Column assignments (not empty).
    /// - Returns: The updated records.
    /// - Throws: A ``DatabaseError``, also when `assignments` is empty.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateAndFetchAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]) throws -> [RowDecoder]
    where RowDecoder: FetchableRecord, RowDecoder: TableRecord
    {
        try Array(updateAndFetchCursor(db, onConflict: conflictResolution, assignments))
    }

    /// Updates the rows matched by the request with the assignments
    /// returned by the closure, and returns the updated records
    /// (`UPDATE ... RETURNING`).
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = "score" + 10 RETURNING *
    /// let players = try Player.all().updateAndFetchAll(db) { [$0.score += 10] }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: A closure that receives the columns and returns
    ///     the assignments (not empty).
    /// - Returns: The updated records.
    /// - Throws: A ``DatabaseError``, or the error of `assignments`.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateAndFetchAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (QueryInterfaceRequest<RowDecoder>.DatabaseComponents) throws -> [ColumnAssignment]) throws -> [RowDecoder]
    where RowDecoder: FetchableRecord, RowDecoder: TableRecord
    {
        try updateAndFetchAll(db, onConflict: conflictResolution, assignments(RowDecoder.databaseComponents))
    }
}

extension QueryInterfaceRequest {
    /// Deletes the rows matched by the request, and returns the set of
    /// deleted records (`DELETE ... RETURNING`).
    ///
    /// ```swift
    /// // DELETE FROM "player" WHERE "score" < 10 RETURNING *
    /// let deletedPlayers: Set<Player> = try Player.filter { $0.score < 10 }.deleteAndFetchSet(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The set of deleted records.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func deleteAndFetchSet(_ db: Database) throws -> Set<RowDecoder>
    where RowDecoder: FetchableRecord, RowDecoder: TableRecord, RowDecoder: Hashable
    {
        try Set(deleteAndFetchCursor(db))
    }

    /// Updates the rows matched by the request, and returns the set of
    /// updated records (`UPDATE ... RETURNING`).
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = 0 RETURNING *
    /// let players = try Player.all().updateAndFetchSet(db, [Column("score").set(to: 0)])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: Column assignments (not empty).
    /// - Returns: The set of updated records.
    /// - Throws: A ``DatabaseError``, also when `assignments` is empty.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateAndFetchSet(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]) throws -> Set<RowDecoder>
    where RowDecoder: FetchableRecord, RowDecoder: TableRecord, RowDecoder: Hashable
    {
        try Set(updateAndFetchCursor(db, onConflict: conflictResolution, assignments))
    }

    /// Updates the rows matched by the request with the assignments
    /// returned by the closure, and returns the set of updated records
    /// (`UPDATE ... RETURNING`).
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = 0 RETURNING *
    /// let players = try Player.all().updateAndFetchSet(db) { [$0.score.set(to: 0)] }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: A closure that receives the columns and returns
    ///     the assignments (not empty).
    /// - Returns: The set of updated records.
    /// - Throws: A ``DatabaseError``, or the error of `assignments`.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateAndFetchSet(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (QueryInterfaceRequest<RowDecoder>.DatabaseComponents) throws -> [ColumnAssignment]) throws -> Set<RowDecoder>
    where RowDecoder: FetchableRecord, RowDecoder: TableRecord, RowDecoder: Hashable
    {
        try updateAndFetchSet(db, onConflict: conflictResolution, assignments(RowDecoder.databaseComponents))
    }
}

extension QueryInterfaceRequest {
    /// Deletes the rows matched by the request, and returns the set of the
    /// identifiers of the deleted records (`DELETE ... RETURNING`).
    ///
    /// The identifier is the primary key of the table (its `rowid` when
    /// the table has no explicit primary key).
    ///
    /// ```swift
    /// // DELETE FROM "player" WHERE "score" < 10 RETURNING "id"
    /// let deletedIds: Set<Int64> = try Player.filter { $0.score < 10 }.deleteAndFetchIds(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The set of the identifiers of the deleted records.
    /// - Throws: A ``DatabaseError``, also when the primary key of the
    ///   table has several columns.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func deleteAndFetchIds(_ db: Database) throws -> Set<RowDecoder.ID>
    where RowDecoder: TableRecord, RowDecoder: Identifiable, RowDecoder.ID: DatabaseValueConvertible, RowDecoder.ID: StatementColumnConvertible
    {
        let primaryKey = try db.primaryKey(RowDecoder.databaseTableName)
        guard primaryKey.columns.count == 1 else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "deleteAndFetchIds: the primary key of \(RowDecoder.databaseTableName) has several columns: "
                    + primaryKey.columns.joined(separator: ", "))
        }
        let column = primaryKey.columns[0]
        let statement = try deleteAndFetchStatement(db, selection: [Column(column)])
        return try Set(RowDecoder.ID.fetchCursor(statement))
    }
}
