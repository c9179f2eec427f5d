import CSQLite
import Foundation

extension Database {
    /// The conflict handler of `applyChanges`.
    typealias ChangesetConflictHandler = (ChangesetConflict) throws -> ChangesetConflictResolution

    /// Applies a changeset: every change it holds, all or nothing. A
    /// conflict aborts and throws.
    ///
    /// GRDB has no such API: it is Folio's own, over SQLite's session
    /// extension.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     try db.apply(changeset)
    /// }
    /// ```
    ///
    /// The changes notify transaction observers and ``ValueObservation``s
    /// of the tables they touch, as any write does (GRDB issue 1685): the
    /// region of the changeset is the set of its tables.
    ///
    /// - Parameter changeset: A changeset.
    /// - Throws: A ``DatabaseError``: `SQLITE_ABORT` at the first conflict,
    ///   naming it and its table; `SQLITE_ERROR` or `SQLITE_SCHEMA` when a
    ///   table of the changeset does not exist, or has other columns or
    ///   another primary key. Nothing is applied then.
    ///
    /// See <https://www.sqlite.org/session/sqlite3changeset_apply.html>.
    public func apply(_ changeset: Changeset) throws {
        try applyChanges(changeset.data, kind: "changeset", onConflict: nil)
    }

    /// Applies a changeset, and lets a handler resolve its conflicts.
    ///
    /// GRDB has no such API: it is Folio's own, over SQLite's session
    /// extension.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     try db.apply(changeset) { conflict in
    ///         conflict.kind == .data ? .replace : .omit
    ///     }
    /// }
    /// ```
    ///
    /// The handler runs during the application of the changeset, and must
    /// not use the database. The changes notify transaction observers and
    /// ``ValueObservation``s of the tables they touch.
    ///
    /// - Parameters:
    ///   - changeset: A changeset.
    ///   - handler: Decides what to do with each conflict: ``ChangesetConflictResolution/omit``
    ///     the change, ``ChangesetConflictResolution/replace`` the row
    ///     (for ``ChangesetConflict/Kind/data`` and
    ///     ``ChangesetConflict/Kind/conflict`` only), or
    ///     ``ChangesetConflictResolution/abort``.
    /// - Throws: A ``DatabaseError`` (`SQLITE_ABORT` when the handler
    ///   aborts, naming the conflict and its table; `SQLITE_MISUSE` when it
    ///   replaces a row for another kind of conflict), or the error thrown
    ///   by the handler. Nothing is applied then.
    public func apply(
        _ changeset: Changeset,
        onConflict handler: (ChangesetConflict) throws -> ChangesetConflictResolution) throws
    {
        try withoutActuallyEscaping(handler) { handler in
            try applyChanges(changeset.data, kind: "changeset", onConflict: handler)
        }
    }

    /// Applies a patchset: every change it holds, all or nothing. A
    /// conflict aborts and throws.
    ///
    /// GRDB has no such API. See ``apply(_:)-(Changeset)``.
    ///
    /// - Parameter patchset: A patchset.
    /// - Throws: A ``DatabaseError``. Nothing is applied then.
    public func apply(_ patchset: Patchset) throws {
        try applyChanges(patchset.data, kind: "patchset", onConflict: nil)
    }

    /// Applies a patchset, and lets a handler resolve its conflicts.
    ///
    /// GRDB has no such API. See ``apply(_:onConflict:)-(Changeset,_)``.
    ///
    /// - Parameters:
    ///   - patchset: A patchset.
    ///   - handler: Decides what to do with each conflict.
    /// - Throws: A ``DatabaseError``, or the error thrown by the handler.
    ///   Nothing is applied then.
    public func apply(
        _ patchset: Patchset,
        onConflict handler: (ChangesetConflict) throws -> ChangesetConflictResolution) throws
    {
        try withoutActuallyEscaping(handler) { handler in
            try applyChanges(patchset.data, kind: "patchset", onConflict: handler)
        }
    }

    /// The state of the conflict callback of `sqlite3changeset_apply_v2`.
    private final class ApplyContext {
        let handler: ChangesetConflictHandler?
        let kind: String
        /// The error to throw once SQLite returns.
        var error: (any Error)?

        init(handler: ChangesetConflictHandler?, kind: String) {
            self.handler = handler
            self.kind = kind
        }

        /// Answers SQLite's conflict callback.
        func resolve(_ code: CInt, _ iterator: OpaquePointer) -> CInt {
            do {
                let conflict = try Self.conflict(code, iterator)
                guard let handler else {
                    error = abortError(conflict)
                    return SQLITE_CHANGESET_ABORT
                }
                let resolution = try handler(conflict)
                switch (resolution, conflict.kind) {
                case (.replace, .data), (.replace, .conflict), (.omit, _):
                    return resolution.sqliteValue
                case (.replace, _):
                    error = DatabaseError(
                        resultCode: .SQLITE_MISUSE,
                        message: "SQLITE_MISUSE: .replace resolves .data and .conflict conflicts only, "
                            + "not the \(conflict.kind) conflict of table "
                            + "\(conflict.table.quotedDatabaseIdentifier): \(conflict)")
                    return SQLITE_CHANGESET_ABORT
                case (.abort, _):
                    error = abortError(conflict)
                    return SQLITE_CHANGESET_ABORT
                }
            } catch {
                self.error = error
                return SQLITE_CHANGESET_ABORT
            }
        }

        private func abortError(_ conflict: ChangesetConflict) -> DatabaseError {
            var message = "SQLITE_ABORT: \(kind) not applied: \(conflict)"
            if conflict.kind != .foreignKey {
                message += " (table \(conflict.table.quotedDatabaseIdentifier))"
            }
            return DatabaseError(resultCode: .SQLITE_ABORT, message: message)
        }

        private static func conflict(_ code: CInt, _ iterator: OpaquePointer) throws -> ChangesetConflict {
            guard let kind = ChangesetConflict.Kind(sqliteValue: code) else {
                throw ChangesetCall.error(SQLITE_MISUSE, "reading the unknown conflict kind \(code)")
            }
            if kind == .foreignKey {
                // The iterator only tells the number of violations.
                var count: CInt = 0
                _ = sqlite3changeset_fk_conflicts(iterator, &count)
                return ChangesetConflict(
                    kind: kind, table: "",
                    change: ChangesetChange(table: "", operation: .insert, oldValues: [], newValues: []),
                    foreignKeyViolationCount: Int(count))
            }
            let change = try ChangesetChange(iterator: iterator)
            var conflictingValues: [DatabaseValue?]?
            if kind == .data || kind == .conflict {
                conflictingValues = try ChangesetChange.values(
                    count: max(change.oldValues.count, change.newValues.count),
                    table: change.table)
                { sqlite3changeset_conflict(iterator, $0, $1) }
            }
            return ChangesetConflict(
                kind: kind, table: change.table, change: change,
                conflictingValues: conflictingValues)
        }
    }

    /// Applies the bytes of a changeset or patchset in a savepoint, and
    /// notifies the region of its tables.
    func applyChanges(_ data: Data, kind: String, onConflict handler: ChangesetConflictHandler?) throws {
        try checkNotRemote("applying a \(kind) is")
        if data.isEmpty { return }
        let tables = try checkTables(of: data, kind: kind)
        let context = ApplyContext(handler: handler, kind: kind)
        try inSavepoint {
            guard let sqliteConnection else {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed")
            }
            let code = try ChangesetCall.withBytes(data) { count, bytes in
                withExtendedLifetime(context) {
                    sqlite3changeset_apply_v2(
                        sqliteConnection, count, bytes,
                        nil,
                        { context, code, iterator in
                            guard let context, let iterator else { return SQLITE_CHANGESET_ABORT }
                            return Unmanaged<ApplyContext>.fromOpaque(context).takeUnretainedValue()
                                .resolve(code, iterator)
                        },
                        Unmanaged.passUnretained(context).toOpaque(),
                        nil, nil, 0)
                }
            }
            if let error = context.error { throw error }
            guard code == SQLITE_OK else {
                let tableList = tables.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                throw ChangesetCall.error(code, "applying a \(kind) to the tables \(tableList)")
            }
            var region = DatabaseRegion()
            for table in tables {
                region.formUnion(DatabaseRegion(table: table))
            }
            try notifyChanges(in: region)
            return .commit
        }
    }

    /// Checks that the tables of a changeset exist with its columns and
    /// primary keys, since SQLite skips the changes of other tables
    /// without failing.
    ///
    /// - Returns: The tables, in the order of the changeset.
    private func checkTables(of data: Data, kind: String) throws -> [String] {
        var tables: [String] = []
        var primaryKeys: [[Bool]] = []
        var lastTable: UnsafePointer<CChar>?
        try ChangesetCall.forEachChange(in: data) { iterator in
            // Reads the table of the change only, and only when it changes.
            var tableName: UnsafePointer<CChar>?
            var columnCount: CInt = 0
            var op: CInt = 0
            var indirect: CInt = 0
            let code = sqlite3changeset_op(iterator, &tableName, &columnCount, &op, &indirect)
            guard code == SQLITE_OK, let tableName else {
                throw ChangesetCall.error(code == SQLITE_OK ? SQLITE_CORRUPT : code, "reading a change")
            }
            if tableName == lastTable { return }
            lastTable = tableName
            let table = String(cString: tableName)
            if tables.contains(where: { $0.isSameDatabaseName(as: table) }) { return }
            var flags: UnsafeMutablePointer<UInt8>?
            var flagCount: CInt = 0
            guard sqlite3changeset_pk(iterator, &flags, &flagCount) == SQLITE_OK, let flags else {
                throw ChangesetCall.error(SQLITE_CORRUPT, "reading a change", table: table)
            }
            tables.append(table)
            primaryKeys.append((0..<Int(flagCount)).map { flags[$0] != 0 })
        }
        for (table, primaryKey) in zip(tables, primaryKeys) {
            guard try tableExists(table) else {
                throw DatabaseError(
                    resultCode: .SQLITE_ERROR,
                    message: "SQLITE_ERROR: the \(kind) changes the table \(table.quotedDatabaseIdentifier), "
                        + "which does not exist")
            }
            let columns = try self.columns(in: table)
            let stored = columns.filter { !$0.isGenerated }
            let matches = [columns, stored].contains { columns in
                columns.map { $0.primaryKeyIndex > 0 } == primaryKey
            }
            guard matches else {
                throw DatabaseError(
                    resultCode: .SQLITE_SCHEMA,
                    message: "SQLITE_SCHEMA: the \(kind) changes the table \(table.quotedDatabaseIdentifier) "
                        + "with \(primaryKey.count) columns and the primary key columns "
                        + "\(primaryKey.indices.filter { primaryKey[$0] }), "
                        + "but the table has \(columns.count) columns and the primary key columns "
                        + "\(columns.indices.filter { columns[$0].primaryKeyIndex > 0 })")
            }
        }
        return tables
    }
}
