/// A row that violates a foreign key, from `PRAGMA foreign_key_check`.
///
/// You get violations from ``Database/foreignKeyViolations()`` and
/// ``Database/foreignKeyViolations(in:in:)``:
///
/// ```swift
/// try dbQueue.read { db in
///     let violations = try db.foreignKeyViolations()
///     while let violation = try violations.next() {
///         violation.originTable      // "player": the table of the REFERENCES clause
///         violation.originRowID      // 1: the invalid row (nil in WITHOUT ROWID tables)
///         violation.destinationTable // "team": the referenced table
///         violation.foreignKeyId     // the ForeignKeyInfo.id of the foreign key
///
///         // "FOREIGN KEY constraint violation - from player to team, in rowid 1"
///         String(describing: violation)
///
///         // "FOREIGN KEY constraint violation - from player(teamId) to team(id),
///         //  in [id:1 teamId:2 name:"O'Brien" score:1000]"
///         try violation.failureDescription(db)
///
///         throw violation.databaseError(db)
///     }
/// }
/// ```
///
/// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_check>.
public struct ForeignKeyViolation: Hashable, Sendable, CustomStringConvertible {
    /// The name of the table that contains the foreign key.
    public var originTable: String

    /// The rowid of the row that violates the foreign key, or nil when the
    /// origin table is a `WITHOUT ROWID` table.
    public var originRowID: Int64?

    /// The name of the table that the foreign key refers to.
    public var destinationTable: String

    /// The identifier of the foreign key in the origin table: the
    /// ``ForeignKeyInfo/id`` of one of the foreign keys that
    /// ``Database/foreignKeys(on:in:)`` returns.
    public var foreignKeyId: Int

    /// Creates a violation from a row of `PRAGMA foreign_key_check`.
    ///
    /// ```swift
    /// let rows = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
    /// let violations = rows.map(ForeignKeyViolation.init(row:))
    /// ```
    ///
    /// It reads the columns `table`, `rowid`, `parent` and `fkid`. A
    /// missing column, or a value of an unexpected type, reads as an empty
    /// name, nil or 0.
    ///
    /// - Parameter row: A row of `PRAGMA foreign_key_check`.
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_check>.
    public init(row: Row) {
        originTable = row["table"] as? String ?? ""
        originRowID = row["rowid"] as? Int64
        destinationTable = row["parent"] as? String ?? ""
        foreignKeyId = (row["fkid"] as? Int64).map { Int(truncatingIfNeeded: $0) } ?? 0
    }

    /// A description of the violation, with the tables and the rowid.
    ///
    /// ```swift
    /// print(violation)
    /// // FOREIGN KEY constraint violation - from player to team, in rowid 1
    /// ```
    ///
    /// See also ``failureDescription(_:)``, which names the columns and
    /// shows the row.
    public var description: String {
        var result = "FOREIGN KEY constraint violation - from \(originTable) to \(destinationTable)"
        if let originRowID {
            result += ", in rowid \(originRowID)"
        }
        return result
    }

    /// A precise description of the violation, with the columns of the
    /// foreign key and the content of the row.
    ///
    /// ```swift
    /// try violation.failureDescription(db)
    /// // FOREIGN KEY constraint violation - from player(teamId) to team(id),
    /// // in [id:1 teamId:2 name:"O'Brien" score:1000]
    /// ```
    ///
    /// - Parameter db: The connection that found the violation.
    /// - Returns: A description.
    /// - Throws: A ``DatabaseError`` when the schema or the row can not be
    ///   read.
    public func failureDescription(_ db: Database) throws -> String {
        let foreignKey = try db.foreignKeys(on: originTable).first { $0.id == foreignKeyId }
        var result = "FOREIGN KEY constraint violation - from \(originTable)"
        if let foreignKey {
            result += "(\(foreignKey.originColumns.joined(separator: ", ")))"
        }
        result += " to \(destinationTable)"
        if let foreignKey {
            result += "(\(foreignKey.destinationColumns.joined(separator: ", ")))"
        }
        if let originRowID {
            let row = try Row.fetchOne(
                db,
                sql: "SELECT * FROM \(originTable.quotedDatabaseIdentifier) WHERE rowid = ?",
                arguments: [originRowID])
            if let row {
                result += ", in \(row)"
            } else {
                result += ", in rowid \(originRowID)"
            }
        }
        return result
    }

    /// Returns a ``DatabaseError`` with the extended code
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`, whose message is the
    /// ``failureDescription(_:)`` of the violation.
    ///
    /// ```swift
    /// if let violation = try db.foreignKeyViolations().next() {
    ///     throw violation.databaseError(db)
    /// }
    /// ```
    ///
    /// - Parameter db: The connection that found the violation.
    /// - Returns: A database error.
    ///
    /// See <https://www.sqlite.org/rescode.html#constraint_foreignkey>.
    public func databaseError(_ db: Database) -> DatabaseError {
        let message: String
        do {
            message = try failureDescription(db)
        } catch {
            // The row or the schema can not be read: the plain
            // description still names the tables and the rowid.
            message = description
        }
        return DatabaseError(resultCode: .SQLITE_CONSTRAINT_FOREIGNKEY, message: message)
    }
}
