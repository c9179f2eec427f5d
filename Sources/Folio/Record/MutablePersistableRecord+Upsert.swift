// Upsert: INSERT ... ON CONFLICT DO UPDATE.

extension ColumnExpression {
    /// An upsert assignment that keeps the current value of the column.
    ///
    /// ```swift
    /// // INSERT INTO vocabulary (word, kind, isTainted) VALUES (?, ?, ?)
    /// // ON CONFLICT DO UPDATE SET kind = excluded.kind
    /// try vocabulary.upsertAndFetch(db) { _ in
    ///     [Column("isTainted").noOverwrite]
    /// }
    /// ```
    public var noOverwrite: ColumnAssignment {
        self.set(to: self)
    }
}

extension ColumnAssignment {
    /// Whether the assignment is `column = column`, as made by
    /// ``ColumnExpression/noOverwrite``: it is left out of the SQL.
    var isNoOverwrite: Bool {
        if case .column(let name, nil) = value.impl {
            return name.isEqualIgnoringASCIICase(to: columnName)
        }
        return false
    }
}

extension MutablePersistableRecord {
    /// Inserts the record, or updates the existing row that has the same
    /// primary key or unique key.
    ///
    /// ```swift
    /// // INSERT INTO "player" ("id", "name", "score") VALUES (?, ?, ?)
    /// // ON CONFLICT DO UPDATE SET "name" = "excluded"."name", "score" = "excluded"."score"
    /// // RETURNING "rowid"
    /// try player.upsert(db)
    /// ```
    ///
    /// All columns but the primary key are overwritten. The callbacks are
    /// the callbacks of an insertion, and `didInsert` receives the rowid of
    /// the inserted or updated row.
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    ///
    /// See <https://www.sqlite.org/lang_upsert.html>.
    public mutating func upsert(_ db: Database) throws {
        _ = try _upsert(db, conflictTarget: [], updating: .allColumns, doUpdate: nil, selection: []) { _ in }
    }

    /// Inserts or updates the record, and returns the upserted row decoded
    /// as another record type (`... RETURNING`).
    ///
    /// ```swift
    /// let player = try partialPlayer.upsertAndFetch(db, as: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - returnedType: The type of the returned record, whose
    ///     `databaseSelection` is the `RETURNING` clause.
    ///   - conflictTarget: The columns of the uniqueness constraint that
    ///     triggers the update, or an empty array for all constraints.
    ///   - strategy: Which columns are overwritten.
    ///   - assignments: A function that returns assignments for the
    ///     update; its argument refers to the inserted values
    ///     (`excluded["date"]`).
    /// - Returns: The upserted row, decoded.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public mutating func upsertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        as returnedType: T.Type,
        onConflict conflictTarget: [String] = [],
        updating strategy: UpsertUpdateStrategy = .allColumns,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])? = nil) throws -> T
    {
        try _upsertAndFetch(db, as: returnedType, onConflict: conflictTarget, updating: strategy, doUpdate: assignments)
    }
}

extension MutablePersistableRecord {
    /// Inserts or updates the record, and returns the upserted row
    /// (`... RETURNING *`).
    ///
    /// ```swift
    /// // INSERT INTO vocabulary (word, kind, isTainted) VALUES (?, ?, ?)
    /// // ON CONFLICT ("word") DO UPDATE SET "count" = "count" + ?, "kind" = "excluded"."kind"
    /// // RETURNING *, "rowid"
    /// let upserted = try vocabulary.upsertAndFetch(db, onConflict: ["word"]) { _ in
    ///     [Column("count") += 1, Column("isTainted").noOverwrite]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictTarget: The columns of the uniqueness constraint that
    ///     triggers the update, or an empty array for all constraints.
    ///   - strategy: Which columns are overwritten.
    ///   - assignments: A function that returns assignments for the
    ///     update; its argument refers to the inserted values.
    /// - Returns: The upserted record.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public mutating func upsertAndFetch(
        _ db: Database,
        onConflict conflictTarget: [String] = [],
        updating strategy: UpsertUpdateStrategy = .allColumns,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])? = nil) throws -> Self
    where Self: FetchableRecord
    {
        try _upsertAndFetch(db, as: Self.self, onConflict: conflictTarget, updating: strategy, doUpdate: assignments)
    }
}

// MARK: - The upsert flow

extension MutablePersistableRecord {
    /// Upserts with `RETURNING` the selection of `T`, and decodes the row.
    mutating func _upsertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        as returnedType: T.Type,
        onConflict conflictTarget: [String],
        updating strategy: UpsertUpdateStrategy,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])?) throws -> T
    {
        var row: Row?
        _ = try _upsert(
            db,
            conflictTarget: conflictTarget,
            updating: strategy,
            doUpdate: assignments,
            selection: T.databaseSelection) { row = $0 }
        guard let row else {
            throw RecordError.recordNotFound(databaseTableName: type(of: self).databaseTableName, key: [:])
        }
        return try T(row: row)
    }

    /// Upserts with the insertion callbacks, and gives the returned row
    /// (the selection, then the rowid) to `receive`.
    mutating func _upsert(
        _ db: Database,
        conflictTarget: [String],
        updating strategy: UpsertUpdateStrategy,
        doUpdate: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])?,
        selection: [any SQLSelectable],
        receive: (Row) -> Void) throws -> InsertionSuccess?
    {
        try _insert(db, onConflict: .abort) { container, tableName, _ in
            let primaryKey = try db.primaryKey(tableName)
            var context = SQLGenerationContext(db: db)
            context.selectionTableName = tableName
            var sql = Database.insertSQL(tableName: tableName, columns: container.columns, conflictResolution: .abort)
            sql += " ON CONFLICT"
            if !conflictTarget.isEmpty {
                sql += " (" + conflictTarget.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ")"
            }

            // Explicit assignments, then the overwritten columns.
            let excluded = TableAlias<Self>(name: "excluded")
            let explicitAssignments = doUpdate?(excluded) ?? []
            var assignmentsSQL = try explicitAssignments
                .filter { !$0.isNoOverwrite }
                .map { try $0.sql(&context) }
            if !strategy.contains(.noColumnUnlessSpecified) {
                let keptColumns = primaryKey.columns + conflictTarget + explicitAssignments.map(\.columnName)
                for column in container.columns where !keptColumns.contains(where: { $0.isEqualIgnoringASCIICase(to: column) }) {
                    assignmentsSQL.append("\(column.quotedDatabaseIdentifier) = \"excluded\".\(column.quotedDatabaseIdentifier)")
                }
            }
            if assignmentsSQL.isEmpty {
                // Nothing to overwrite: a no-op update still returns the row.
                let column = conflictTarget.first ?? primaryKey.columns.first ?? container.columns.first ?? Column.rowID.name
                assignmentsSQL.append("\(column.quotedDatabaseIdentifier) = \(column.quotedDatabaseIdentifier)")
            }
            sql += " DO UPDATE SET " + assignmentsSQL.joined(separator: ", ")

            var returning = try selection.map { try $0.sqlSelection.sql(&context) }
            if primaryKey.tableHasRowID {
                returning.append(Column.rowID.name.quotedDatabaseIdentifier)
            }
            if !returning.isEmpty {
                sql += " RETURNING " + returning.joined(separator: ", ")
            }

            let statement = try db.cachedStatement(sql: sql)
            try statement.setArguments(StatementArguments(container.values) + context.arguments)
            let rows = try Row.fetchAll(statement)
            var rowID = db.lastInsertedRowID
            if let row = rows.first {
                if primaryKey.tableHasRowID {
                    rowID = try row.decode(Int64.self, atIndex: row.count - 1)
                }
                if !selection.isEmpty {
                    receive(row)
                }
            }
            return Database.InsertionOutcome(rowID: rowID, rowIDColumn: primaryKey.rowIDColumn, isInserted: true)
        }
    }
}
