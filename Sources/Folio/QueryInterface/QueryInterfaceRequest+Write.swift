// Batch deletes and updates from query interface requests.

extension QueryInterfaceRequest {
    /// Deletes the rows matched by the request.
    ///
    /// ```swift
    /// // DELETE FROM player WHERE score < 100
    /// try Player.filter { $0.score < 100 }.deleteAll(db)
    ///
    /// // DELETE FROM player ORDER BY score LIMIT 10
    /// try Player.order(\.score).limit(10).deleteAll(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of deleted rows.
    /// - Throws: A ``DatabaseError``, for example when the request selects
    ///   from several tables in a way that can not be deleted.
    @discardableResult
    public func deleteAll(_ db: Database) throws -> Int {
        if query.hasConnectedDerivations { return try resolvingConnectedDerivations(db).deleteAll(db) }
        return try executeWrite(db) { context in
            try deleteSQL(&context, isFollowedByReturning: false)
        }
    }

    /// Updates the rows matched by the request.
    ///
    /// ```swift
    /// // UPDATE player SET score = 0 WHERE team = 'red'
    /// try Player.filter { $0.team == "red" }.updateAll(db, Column("score").set(to: 0))
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy (`UPDATE OR REPLACE`...),
    ///     or nil.
    ///   - assignments: Column assignments.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]) throws -> Int
    {
        guard !assignments.isEmpty else { return 0 }
        if query.hasConnectedDerivations { return try resolvingConnectedDerivations(db).updateAll(db, onConflict: conflictResolution, assignments) }
        return try executeWrite(db) { context in
            try updateSQL(&context, onConflict: conflictResolution, assignments, isFollowedByReturning: false)
        }
    }

    /// Updates the rows matched by the request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: Column assignments.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: ColumnAssignment...) throws -> Int
    {
        try updateAll(db, onConflict: conflictResolution, assignments)
    }

    /// Updates the rows matched by the request with the assignments
    /// returned by the closure.
    ///
    /// ```swift
    /// try Player.all().updateAll(db) { [$0.score.set(to: 0), $0.bonus += 1] }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: A closure that receives the columns.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (QueryInterfaceRequest<RowDecoder>.DatabaseComponents) throws -> [ColumnAssignment]) throws -> Int
    where RowDecoder: TableRecord
    {
        try updateAll(db, onConflict: conflictResolution, assignments(RowDecoder.databaseComponents))
    }

    /// Updates the rows matched by the request with the assignment returned
    /// by the closure.
    ///
    /// ```swift
    /// try Player.all().updateAll(db) { $0.score.set(to: 0) }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignment: A closure that receives the columns.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignment: (QueryInterfaceRequest<RowDecoder>.DatabaseComponents) throws -> ColumnAssignment) throws -> Int
    where RowDecoder: TableRecord
    {
        try updateAll(db, onConflict: conflictResolution, [assignment(RowDecoder.databaseComponents)])
    }

    /// Runs the DELETE or UPDATE statement that `makeSQL` writes, and
    /// returns the number of changed rows.
    private func executeWrite(_ db: Database, _ makeSQL: (inout SQLGenerationContext) throws -> String) throws -> Int {
        let (sql, arguments) = try SQLGenerationContext.generate(db, makeSQL)
        let totalChangesBefore = db.totalChangesCount
        try db.execute(sql: sql, arguments: arguments)
        // A view changes through its INSTEAD OF triggers.
        return db.changesCount(sinceTotalChangesCount: totalChangesBefore)
    }

    /// The DELETE statement of `deleteAll` and `deleteAndFetch…`, without
    /// its RETURNING clause.
    func deleteSQL(_ context: inout SQLGenerationContext, isFollowedByReturning: Bool) throws -> String {
        let withClause = try SQLQueryGenerator(query: query).withClause(&context)
        return withClause + "DELETE FROM " + (try targetTable(context))
            + (try whereClauseForWrite(&context, isFollowedByReturning: isFollowedByReturning))
    }

    /// The UPDATE statement of `updateAll` and `updateAndFetch…`, without
    /// its RETURNING clause.
    func updateSQL(
        _ context: inout SQLGenerationContext,
        onConflict conflictResolution: Database.ConflictResolution?,
        _ assignments: [ColumnAssignment],
        isFollowedByReturning: Bool) throws -> String
    {
        context.unqualifiedAlias = query.relation.alias.identity
        var sql = try SQLQueryGenerator(query: query).withClause(&context)
        sql += "UPDATE "
        if let conflictResolution {
            sql += "OR \(conflictResolution.rawValue) "
        }
        sql += try targetTable(context) + " SET "
        sql += try assignments.map { try $0.sql(&context) }.joined(separator: ", ")
        sql += try whereClauseForWrite(&context, isFollowedByReturning: isFollowedByReturning)
        return sql
    }

    /// The table of a DELETE or UPDATE statement, with its alias when the
    /// request was aliased with a named ``TableAlias``: `"player" AS "p"`.
    func targetTable(_ context: SQLGenerationContext) throws -> String {
        let relation = query.relation
        guard case .table(let tableName) = relation.source else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "can not delete or update the rows of the common table expression \(relation.tableName)")
        }
        let name = try context.name(of: relation.alias)
        if name == tableName {
            return tableName.quotedDatabaseIdentifier
        }
        return tableName.quotedDatabaseIdentifier + " AS " + name.quotedDatabaseIdentifier
    }

    /// The WHERE clause of a DELETE or UPDATE statement, as GRDB writes
    /// it. A limit is written as `ORDER BY ... LIMIT ...` after the WHERE
    /// clause when SQLite was compiled with `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`
    /// (`DELETE FROM player ORDER BY score LIMIT 10`). Requests with joins,
    /// grouping or distinct, and limited requests otherwise, go through a
    /// subquery on the primary key, or the rowid when the table has a
    /// composite primary key and a rowid (`DELETE FROM player WHERE id IN
    /// (SELECT player.id FROM player JOIN team ...)`). Common table
    /// expressions are defined by the WITH clause of the statement.
    ///
    /// - Parameter isFollowedByReturning: Whether a RETURNING clause
    ///   follows, which SQLite wants before ORDER BY and LIMIT: the limit
    ///   then goes through the subquery.
    func whereClauseForWrite(_ context: inout SQLGenerationContext, isFollowedByReturning: Bool = false) throws -> String {
        let relation = query.relation
        guard case .table(let tableName) = relation.source else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "can not delete or update the rows of the common table expression \(relation.tableName)")
        }
        let needsSubqueryForLimit = query.limit != nil && (isFollowedByReturning || !Database.sqliteSupportsUpdateDeleteLimit)
        let needsSubquery = needsSubqueryForLimit || relation.hasJoins || query.isDistinct
            || !query.groupExpressions.isEmpty || !query.havingExpressions.isEmpty
        if !needsSubquery {
            context.unqualifiedAlias = relation.alias.identity
            var sql = ""
            if !relation.filters.isEmpty {
                sql += " WHERE " + (try SQLExpression(.associative("AND", relation.filters)).sql(&context))
            }
            if let limit = query.limit {
                let ordering = try relation.effectiveOrdering.map { try $0.sql(&context) }.filter { !$0.isEmpty }
                if !ordering.isEmpty {
                    sql += " ORDER BY " + ordering.joined(separator: ", ")
                }
                sql += " " + limit.sql
            }
            return sql
        }
        let primaryKey = try context.db.primaryKey(tableName)
        let keyColumns = primaryKey.columns.count == 1 || !primaryKey.tableHasRowID
            ? primaryKey.columns
            : [Column.rowID.name]
        var subquery = query
        subquery.relation = subquery.relation.removingCommonTableExpressions()
        subquery.relation.selection = keyColumns.map { .expression(.column($0, relation.alias)) }
        subquery.relation.children = subquery.relation.children.filter { $0.child.kind != .all }
        for index in subquery.relation.children.indices {
            subquery.relation.children[index].child.isSelected = false
        }
        let subquerySQL = try SQLQueryGenerator(query: subquery).sql(&context)
        let key = keyColumns.count == 1
            ? keyColumns[0].quotedDatabaseIdentifier
            : "(" + keyColumns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ")"
        return " WHERE \(key) IN (\(subquerySQL))"
    }
}
