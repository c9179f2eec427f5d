/// The indexes of a record type's columns in the rows of one statement,
/// resolved once per statement: the columns that the `init(row:)` of a
/// `@DatabaseRecord` record reads by index. GRDB has no such API.
///
/// ```swift
/// extension Player: FetchableRecord {
///     init(row: Row) throws {
///         let indexes = row.columnIndexes(of: Self.self) { ["id", "name", "score"] }
///         id = try row.decodeColumn(Int64.self, at: 0, of: indexes, record: Self.self)
///         name = try row.decodeColumn(String.self, at: 1, of: indexes, record: Self.self)
///         score = try row.decodeColumn(Int.self, at: 2, of: indexes, record: Self.self)
///     }
/// }
/// ```
///
/// A row of a statement (the rows that cursors, `fetchAll`, `fetchOne`
/// and `including(all:)` hand to `init(row:)`) finds its indexes in the
/// statement, where they were resolved for the first row: the next rows
/// pay a load and a comparison. A copied row resolves its columns again.
///
/// The value refers to storage that the statement keeps: it costs no
/// reference counting, and must not outlive the `init(row:)` that asked
/// for it.
public struct RecordColumnIndexes {
    /// The index of each column in the row, or -1 when the row has no
    /// column of this name.
    @usableFromInline let _indexes: UnsafePointer<Int>

    /// The table that holds the indexes and the column names, kept alive
    /// by the statement (or by ``_owner`` for a copied row).
    @usableFromInline unowned(unsafe) let _table: RecordColumnIndexTable

    /// The table, for a copied row, whose statement does not keep it.
    @usableFromInline let _owner: RecordColumnIndexTable?

    init(table: RecordColumnIndexTable, owned: Bool) {
        _indexes = UnsafePointer(table.indexes)
        _table = table
        _owner = owned ? table : nil
    }

    /// The column name at a position of the record's list of columns.
    @usableFromInline
    func _column(at position: Int) -> String {
        _table.columns[position]
    }

    /// The index in the row of the column at `position` in the record's
    /// list of columns, or nil when the row has no such column.
    ///
    /// ```swift
    /// let indexes = row.columnIndexes(of: Player.self) { ["id", "name"] }
    /// indexes[1] // 1: "name" is the second column of the row
    /// ```
    ///
    /// - Parameter position: A position in the list of columns.
    @inlinable
    public subscript(position: Int) -> Int? {
        let index = _indexes[position]
        return index >= 0 ? index : nil
    }
}

/// The column indexes of one record type for one range of the columns of
/// a statement (the whole row, or the scope of an associated record).
@usableFromInline
final class RecordColumnIndexTable {
    let recordType: ObjectIdentifier
    let columnOffset: Int
    let columnCount: Int
    let columns: [String]
    let indexes: UnsafeMutablePointer<Int>

    init(recordType: ObjectIdentifier, columnOffset: Int, columnCount: Int, columns: [String], in row: Row) {
        self.recordType = recordType
        self.columnOffset = columnOffset
        self.columnCount = columnCount
        self.columns = columns
        indexes = UnsafeMutablePointer<Int>.allocate(capacity: max(1, columns.count))
        for (position, column) in columns.enumerated() {
            indexes[position] = row.index(forColumn: column) ?? -1
        }
    }

    deinit {
        indexes.deallocate()
    }
}

extension Row {
    /// Returns the indexes in this row of the columns of a record type,
    /// resolved once per statement. GRDB has no such API.
    ///
    /// The `init(row:)` that `@DatabaseRecord` generates calls it once
    /// per record, then reads each column by index with
    /// `decodeColumn(_:at:of:record:)-(Value.Type,_,_,_)`:
    ///
    /// ```swift
    /// let indexes = row.columnIndexes(of: Player.self) { ["id", "name"] }
    /// let name = try row.decodeColumn(String.self, at: 1, of: indexes, record: Player.self)
    /// ```
    ///
    /// The indexes are remembered by record type for the rows of a
    /// statement (and for each range of its columns, such as the scope of
    /// an associated record): `columns` is called for the first row only,
    /// and must always return the same names, in the same order, for a
    /// record type. A copied row, which has no statement, calls it each
    /// time. Column names are case-insensitive, as in SQLite; the
    /// leftmost column of a name wins.
    ///
    /// - Parameters:
    ///   - recordType: The record type.
    ///   - columns: A function that returns the column names that the
    ///     record reads.
    /// - Returns: The indexes of the columns.
    @inlinable
    public func columnIndexes(of recordType: Any.Type, columns: () -> [String]) -> RecordColumnIndexes {
        if let statement = _statement {
            return _cachedColumnIndexes(of: recordType, statement: statement, columns: columns)
        }
        return _uncachedColumnIndexes(columns())
    }

    @usableFromInline
    func _cachedColumnIndexes(of recordType: Any.Type, statement: Statement, columns: () -> [String]) -> RecordColumnIndexes {
        let cache = statement.layerSlot.value(orInsert: RowDecodingPlanCache.init)
        let table = cache.columnIndexTable(
            recordType: ObjectIdentifier(recordType),
            columnOffset: _offset, columnCount: count,
            make: {
                RecordColumnIndexTable(
                    recordType: ObjectIdentifier(recordType),
                    columnOffset: _offset, columnCount: count,
                    columns: columns(), in: self)
            })
        return RecordColumnIndexes(table: table, owned: false)
    }

    @usableFromInline
    func _uncachedColumnIndexes(_ columns: [String]) -> RecordColumnIndexes {
        let table = RecordColumnIndexTable(
            recordType: ObjectIdentifier(Row.self), columnOffset: _offset, columnCount: count,
            columns: columns, in: self)
        return RecordColumnIndexes(table: table, owned: true)
    }
}
