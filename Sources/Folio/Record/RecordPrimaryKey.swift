/// The primary key of a record: the primary key columns of its table, and
/// their values in the persistence container of the record.
struct RecordPrimaryKey {
    let tableName: String
    let info: PrimaryKeyInfo

    /// The values of the primary key columns, nil for the columns that the
    /// container does not have.
    let values: [DatabaseValue?]

    init(tableName: String, container: PersistenceContainer, db: Database) throws {
        self.tableName = tableName
        self.info = try db.primaryKey(tableName)
        self.values = info.columns.map { container.databaseValue(forColumn: $0) }
    }

    var columns: [String] { info.columns }

    /// Whether the key identifies no row: all its values are NULL or
    /// missing. Such a record is inserted by `save`.
    var isNull: Bool {
        values.allSatisfy { $0?.isNull ?? true }
    }

    /// The primary key columns that the container does not have.
    var missingColumns: [String] {
        zip(info.columns, values).compactMap { $1 == nil ? $0 : nil }
    }

    /// The key, by column, for ``RecordError/recordNotFound(databaseTableName:key:)``.
    var dictionary: [String: DatabaseValue] {
        var dictionary: [String: DatabaseValue] = [:]
        for (column, value) in zip(info.columns, values) {
            dictionary[column] = value ?? .null
        }
        return dictionary
    }

    /// `"a"=? AND "b"=?`, spaced as GRDB writes the conditions of the
    /// persistence methods.
    var whereSQL: String {
        info.columns.map { $0.quotedDatabaseIdentifier + "=?" }.joined(separator: " AND ")
    }

    /// Whether a column is a primary key column (case-insensitive).
    func contains(_ column: String) -> Bool {
        info.columns.contains { $0.isEqualIgnoringASCIICase(to: column) }
    }

    /// The error for a record whose key is missing or NULL.
    var notFoundError: RecordError {
        .recordNotFound(databaseTableName: tableName, key: dictionary)
    }

    /// Throws when the container does not have all the primary key
    /// columns, with a message that names them. The hidden rowid of a
    /// table without explicit primary key is not required: a record that
    /// does not encode it has no identity, and is never found.
    ///
    /// - Parameter recordType: The type of the record, for the message.
    func checkColumnsArePresent(recordType: Any.Type) throws {
        let missingColumns = self.missingColumns
        guard !missingColumns.isEmpty, !(info.columns == [Column.rowID.name] && info.rowIDColumn == nil) else {
            return
        }
        let names = missingColumns.map { "\"\($0)\"" }.joined(separator: ", ")
        throw DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "\(recordType) does not encode the primary key \(missingColumns.count > 1 ? "columns" : "column") \(names) of table \(tableName): it can not be identified in the database")
    }
}
