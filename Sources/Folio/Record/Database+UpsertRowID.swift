// When `upsert(_:)` knows the rowid of its row without `RETURNING "rowid"`.
//
// `INSERT ... ON CONFLICT DO UPDATE` inserts a row or updates the row it
// conflicts with, and `sqlite3_last_insert_rowid` only tells about
// insertions: in general the upsert appends `RETURNING "rowid"`, which
// costs SQLite a temporary table per execution. The rowid is known
// without it when the table is a rowid table whose primary key is an
// INTEGER PRIMARY KEY (the rowid alias), and which has no other
// uniqueness constraint (a conflict on a unique index updates a row whose
// rowid differs from the record's id):
//
// - an integer id is the rowid of the inserted row, and of the row it
//   conflicts with, whose primary key is the same;
// - a nil id makes SQLite choose a new rowid: nothing can conflict, and
//   `sqlite3_last_insert_rowid` is the rowid.
//
// Any other id (text, real, blob) is converted, or refused, by the
// column's affinity: the upsert keeps `RETURNING "rowid"`.

extension Database {
    /// The index, in `columns`, of the column whose value gives the rowid
    /// of the row upserted with no conflict target, or nil when the upsert
    /// always needs `RETURNING "rowid"`.
    ///
    /// It reads the schema cache: call it once per schema cache
    /// generation, not per upsert.
    ///
    /// - Parameters:
    ///   - tableName: The upserted table.
    ///   - columns: The inserted columns.
    ///   - conflictTarget: The columns of the `ON CONFLICT` clause.
    ///   - primaryKey: The primary key of the table.
    func upsertRowIDColumnIndex(
        tableName: String,
        columns: [String],
        conflictTarget: [String],
        primaryKey: PrimaryKeyInfo) throws -> Int?
    {
        guard conflictTarget.isEmpty,
              primaryKey.tableHasRowID,
              let rowIDColumn = primaryKey.rowIDColumn,
              let index = columns.firstIndex(where: { $0.isEqualIgnoringASCIICase(to: rowIDColumn) })
        else { return nil }
        // Any unique index, partial or not, on columns or expressions,
        // including the one of a primary key that is not the rowid alias
        // (`INTEGER PRIMARY KEY DESC`).
        if try indexes(on: tableName).contains(where: \.isUnique) {
            return nil
        }
        return index
    }
}

/// How an upsert learns the rowid of the inserted or updated row.
enum UpsertRowID {
    /// The record's id, an integer, is the rowid.
    case id(Int64)
    /// The id is nil: SQLite chooses a new rowid, that
    /// `sqlite3_last_insert_rowid` gives.
    case lastInserted
    /// Only `RETURNING "rowid"` tells.
    case returned

    /// How the upsert of `values` learns its rowid.
    ///
    /// - Parameters:
    ///   - values: The inserted values.
    ///   - rowIDColumnIndex: The result of
    ///     ``Database/upsertRowIDColumnIndex(tableName:columns:conflictTarget:primaryKey:)``.
    init(values: [DatabaseValue], rowIDColumnIndex: Int?) {
        guard let rowIDColumnIndex, rowIDColumnIndex < values.count else {
            self = .returned
            return
        }
        switch values[rowIDColumnIndex]._storage {
        case .int64(let id): self = .id(id)
        case .null: self = .lastInserted
        default: self = .returned
        }
    }
}
