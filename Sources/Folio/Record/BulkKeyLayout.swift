// How a bulk write (BulkInsertion.swift) tells which returned row is
// whose: the primary key of the table, located in the columns of a group
// of records.

/// The primary key of the table of a group of records, located in the
/// group's columns.
struct BulkKeyLayout {
    /// The primary key of the table.
    var primaryKey: PrimaryKeyInfo
    /// The index of the INTEGER PRIMARY KEY column in the group's columns,
    /// when the table has one and the records set it.
    var rowIDIndex: Int?
    /// The indexes of the primary key columns in the group's columns, or
    /// nil when the key is the rowid or a key column is missing.
    var keyIndexes: [Int]?

    init(primaryKey: PrimaryKeyInfo, columns: [String]) {
        self.primaryKey = primaryKey
        func index(of column: String) -> Int? {
            columns.firstIndex { $0.isEqualIgnoringASCIICase(to: column) }
        }
        if let rowIDColumn = primaryKey.rowIDColumn {
            rowIDIndex = index(of: rowIDColumn)
            keyIndexes = nil
        } else if primaryKey.isRowID {
            rowIDIndex = nil
            keyIndexes = nil
        } else {
            rowIDIndex = nil
            var indexes: [Int] = []
            for column in primaryKey.columns {
                guard let i = index(of: column) else { indexes = []; break }
                indexes.append(i)
            }
            keyIndexes = indexes.isEmpty ? nil : indexes
        }
    }

    /// The rowid of a record known before the insertion: its INTEGER
    /// PRIMARY KEY, when it is an integer.
    func knownRowID(_ values: [DatabaseValue]) -> Int64? {
        guard let rowIDIndex, case .int64(let id) = values[rowIDIndex].storage else { return nil }
        return id
    }

    /// The primary key of a record known before the insertion, when the
    /// key is not the rowid: nil when a value is NULL.
    func knownKey(_ values: [DatabaseValue]) -> [DatabaseValue]? {
        guard let keyIndexes else { return nil }
        var key: [DatabaseValue] = []
        key.reserveCapacity(keyIndexes.count)
        for index in keyIndexes {
            let value = values[index]
            if value.isNull { return nil }
            key.append(value)
        }
        return key
    }

    /// Whether the record's key is known before the insertion.
    func isKnown(_ values: [DatabaseValue]) -> Bool {
        if rowIDIndex != nil { return knownRowID(values) != nil }
        return knownKey(values) != nil
    }

    /// The columns that the `RETURNING` clause starts with, so that
    /// returned rows are matched to records: the rowid, if the table has
    /// one, then the key columns when they are not the rowid.
    var matchingColumns: [String] {
        var columns: [String] = []
        if primaryKey.tableHasRowID { columns.append(Column.rowID.name) }
        if rowIDIndex == nil && !primaryKey.isRowID { columns += primaryKey.columns }
        return columns
    }
}
