// The `RecordError.recordNotFound` errors of a record type, for the
// methods that look for a record and must report that it does not exist.

extension TableRecord {
    /// Returns the error for a record that does not exist, with its key.
    ///
    /// ```swift
    /// // Key not found in table player: [id:1]
    /// throw Player.recordNotFound(key: ["id": 1])
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter key: The key of the missing record, by column.
    /// - Returns: A ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   error.
    public static func recordNotFound(key: [String: (any DatabaseValueConvertible)?]) -> RecordError {
        .recordNotFound(
            databaseTableName: databaseTableName,
            key: key.mapValues { $0?.databaseValue ?? .null })
    }

    /// Returns the error for a record that does not exist, identified by
    /// the value of the single-column primary key of its table.
    ///
    /// ```swift
    /// // Key not found in table player: [id:1]
    /// throw Player.recordNotFound(db, key: 1)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_createtable.html#the_primary_key).
    ///
    /// - Parameters:
    ///   - db: A database connection, to read the primary key of the table.
    ///   - key: The primary key value.
    /// - Returns: A ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   error, or a ``DatabaseError`` when the table does not exist or
    ///   its primary key has several columns.
    public static func recordNotFound(_ db: Database, key: some DatabaseValueConvertible) -> any Error {
        do {
            let columns = try db.primaryKey(databaseTableName).columns
            guard columns.count == 1 else {
                return DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "the primary key of table \(databaseTableName) has \(columns.count) columns, not one: use recordNotFound(key:)")
            }
            return recordNotFound(key: [columns[0]: key])
        } catch {
            return error
        }
    }
}

extension TableRecord where Self: Identifiable, Self.ID: DatabaseValueConvertible {
    /// Returns the error for a record that does not exist, identified by
    /// its id.
    ///
    /// ```swift
    /// // Key not found in table player: [id:1]
    /// throw Player.recordNotFound(db, id: 1)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_createtable.html#the_primary_key).
    ///
    /// - Parameters:
    ///   - db: A database connection, to read the primary key of the table.
    ///   - id: The record id.
    /// - Returns: A ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   error, or a ``DatabaseError`` when the table does not exist or
    ///   its primary key has several columns.
    public static func recordNotFound(_ db: Database, id: Self.ID) -> any Error {
        recordNotFound(db, key: id)
    }
}

extension TableRecord where Self: EncodableRecord {
    /// Returns the error for this record, which does not exist in the
    /// database, with the values of its primary key.
    ///
    /// ```swift
    /// // Key not found in table player: [id:1]
    /// throw player.recordNotFound(db)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_createtable.html#the_primary_key).
    ///
    /// - Parameter db: A database connection, to read the primary key of
    ///   the table.
    /// - Returns: A ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   error, or the error of the encoding of the record or of the schema
    ///   query.
    public func recordNotFound(_ db: Database) -> any Error {
        do {
            let primaryKey = try RecordPrimaryKey(
                tableName: Self.databaseTableName,
                container: makePersistenceContainer(),
                db: db)
            return primaryKey.notFoundError
        } catch {
            return error
        }
    }
}

extension TableRecord {
    /// Returns the number of columns selected by ``databaseSelection``:
    /// `*` counts all the columns of the table.
    ///
    /// ```swift
    /// // 3 for a player table with three columns
    /// let count = try Player.numberOfSelectedColumns(db)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/c3ref/column_count.html).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of selected columns.
    /// - Throws: A ``DatabaseError`` when the selection is invalid or the
    ///   table does not exist.
    public static func numberOfSelectedColumns(_ db: Database) throws -> Int {
        let (selection, _) = try selectionSQL(db)
        let statement = try db.makeStatement(sql: "SELECT \(selection) FROM \(databaseTableName.quotedDatabaseIdentifier)")
        return statement.columnCount
    }
}
