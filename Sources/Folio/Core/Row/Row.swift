import CSQLite
import Foundation

/// A database row: column names and values.
///
/// Read values by index, by column name (case-insensitive), or by
/// `Column`, as the type you need:
///
/// ```swift
/// let row = try Row.fetchOne(db, sql: "SELECT id, name, score FROM player")!
/// let id: Int64 = row[0]
/// let name: String = row["name"]
/// let score: Int? = row["score"]   // nil when NULL
/// ```
///
/// The subscripts above treat a NULL in a non-optional type, a missing
/// column, or a value that does not convert (text into `Int`, an
/// out-of-range integer) as a programmer error and stop the program with a
/// message that names the column and the SQL. When the database content is
/// not under your control, use the throwing methods instead:
///
/// ```swift
/// let name = try row.decode(String.self, forColumn: "name")
/// let score = try row.decode(Int?.self, atIndex: 2)
/// ```
///
/// Rows that come from a cursor read straight from the SQLite statement,
/// and the same `Row` instance is reused for every step: call ``copy()`` to
/// keep one. Rows from `fetchAll` and `fetchOne` are copies already.
///
/// A row is a collection of `(columnName, value)` pairs:
///
/// ```swift
/// for (columnName, dbValue) in row {
///     print("\(columnName): \(dbValue)")
/// }
/// ```
///
/// Rows fetched with a ``RowAdapter``, and the rows of joined requests,
/// have ``scopes``: named rows made of some of the fetched columns.
///
/// ## Topics
/// - ``decode(_:atIndex:)-2if3``
/// - ``decode(_:forColumn:)-3auww``
/// - ``withUnsafeData(atIndex:_:)``
/// - ``columnNames``
/// - ``databaseValues``
/// - ``copy()``
/// - ``scopes``
/// - ``scopesTree``
/// - ``prefetchedRows``
/// - ``unscoped``
/// - ``unadapted``
public final class Row {
    /// The statement of a row that reads live from SQLite.
    @usableFromInline let _statement: Statement?

    /// The raw statement of a live row (nil for copied rows).
    @usableFromInline let _sqliteStatement: SQLiteStatement?

    /// All values of a copied row (the visible ones start at `_valueBase
    /// + _offset`): its own values, or the buffer of all the rows of a
    /// prefetch (see ``init(buffer:base:)``).
    @usableFromInline let _values: [DatabaseValue]

    /// Where the values of the statement's columns start in `_values`: 0,
    /// or the start of the row in the buffer of a prefetch. A row that
    /// decodes the prefetched rows of a buffer one after the other moves it
    /// (see ``PrefetchedRowsContainer``). Unchecked: a row is used by one
    /// thread at a time.
    @exclusivity(unchecked) var _valueBase = 0

    /// All column names (of the statement, for a live row).
    @usableFromInline let _columnNames: [String]

    /// For each of `_columnNames`, the index of the closest column to its
    /// left with the same name (ignoring case), or -1. An exact match at
    /// `i` is the leftmost match of the row when `_previousDuplicates[i] <
    /// _offset`.
    @usableFromInline let _previousDuplicates: [Int]

    /// Whether `_previousDuplicates` has a duplicate at all: when it has
    /// none, a name that matches a column is its leftmost match.
    @usableFromInline let _hasDuplicateNames: Bool

    /// Where the next look-up by name starts, from 0 to `count - 1`:
    /// records and loops read columns in order, so that the next one is
    /// found at the first comparison. Unchecked: a row is used by one
    /// thread at a time.
    @usableFromInline @exclusivity(unchecked) var _columnLookupHint = 0

    /// The SQL that produced a copied row, for decoding errors.
    let _copiedSQL: String?

    /// The index of the first visible column in the statement or values.
    @usableFromInline let _offset: Int

    /// The number of visible columns.
    public let count: Int

    /// The layout of the row: its scopes (associated records of joined
    /// requests, scopes of row adapters) with absolute columns, and the
    /// columns of a mapped row.
    let _layout: RowLayout?

    /// The rows of prefetched associations, shared by a row and its scopes.
    let _prefetchStorage: PrefetchStorage?

    /// The path of this row in the tree of scopes, for prefetched rows.
    let _scopePath: String

    /// For a row whose columns are not a range of its statement's columns
    /// under their own names (adapted by ``ColumnMapping`` or
    /// ``RenameColumnAdapter``): the row of all the columns of the
    /// statement that it reads from (live or copied). Nil for other rows.
    ///
    /// Such a mapped row has no `_statement` and no `_sqliteStatement`, so
    /// that the fast paths, which read `index + _offset` from the
    /// statement, skip it: its values are read at `_baseIndexes[index]` in
    /// this base row, still without a copy for a live row.
    let _mappedBase: Row?

    /// For a mapped row, the absolute index of each of its columns in
    /// `_mappedBase`. Empty for other rows.
    let _baseIndexes: [Int]

    /// Whether a cursor reuses the row from one step to the next (see
    /// ``_enableStepCaches()``). Unchecked: a row is used by one thread at
    /// a time.
    @exclusivity(unchecked) var _isReusedByCursor = false

    /// For a row that a cursor reuses, what the record layer keeps from
    /// one step to the next: the keyed decoding containers of `Decodable`
    /// records. Empty for other rows.
    @exclusivity(unchecked) var _layerSlot = LayerSlot()

    /// The rows of the scopes of a row that a cursor reuses, built once
    /// (they read the same statement at each step), in the order of the
    /// layout; nil until needed, and for other rows.
    @exclusivity(unchecked) var _cachedScopeRows: [Row]?

    /// The designated initializer: every stored property. The defaults are
    /// those of a row that is not a scope of another, not mapped, with no
    /// prefetched rows.
    ///
    /// The column names and their look-up data are three arguments, not a
    /// struct: a struct cost two more retains and releases per row built
    /// (workload 9 of the instruction guard, which builds a row per
    /// prefetched child, +0.3 %).
    private init(
        statement: Statement? = nil,
        values: [DatabaseValue] = [],
        columnNames: [String],
        previousDuplicates: [Int],
        hasDuplicateNames: Bool,
        copiedSQL: String?,
        offset: Int = 0,
        count: Int,
        layout: RowLayout? = nil,
        prefetchStorage: PrefetchStorage? = nil,
        scopePath: String = "",
        mappedBase: Row? = nil,
        baseIndexes: [Int] = [])
    {
        _statement = statement
        _sqliteStatement = statement?.sqliteStatement
        _values = values
        _columnNames = columnNames
        _previousDuplicates = previousDuplicates
        _hasDuplicateNames = hasDuplicateNames
        _copiedSQL = copiedSQL
        _offset = offset
        self.count = count
        _layout = layout
        _prefetchStorage = prefetchStorage
        _scopePath = scopePath
        _mappedBase = mappedBase
        _baseIndexes = baseIndexes
    }

    /// Creates a row that reads live from a statement, with the layout of
    /// a row adapter or of a joined request.
    convenience init(statement: Statement, layout: RowLayout? = nil) {
        if let layout, layout.mappedColumns != nil {
            self.init(root: Row(statement: statement), layout: layout, prefetchStorage: nil, scopePath: "")
            return
        }
        self.init(
            statement: statement,
            columnNames: statement.columnNames,
            previousDuplicates: statement.previousDuplicateIndexes,
            hasDuplicateNames: statement.hasDuplicateColumnNames,
            copiedSQL: nil,
            offset: layout?.offset ?? 0, count: layout?.baseCount ?? statement.columnCount, layout: layout)
    }

    /// Creates a row that holds its values.
    convenience init(columnNames: [String], values: [DatabaseValue], sql: String? = nil) {
        // Internal: every caller (Row+Dictionary, the array literal) maps
        // one list of pairs to both arrays; no user call reaches here with
        // counts that differ.
        let previousDuplicates = Row.previousDuplicateIndexes(columnNames)
        self.init(
            values: values, columnNames: columnNames, previousDuplicates: previousDuplicates,
            hasDuplicateNames: previousDuplicates.contains { $0 >= 0 }, copiedSQL: sql, count: values.count)
    }

    /// Creates a row that is a view on some columns of a row of all the
    /// columns of a statement (a row that is not mapped: its storage is
    /// absolute, whatever its own offset and count).
    ///
    /// - Parameters:
    ///   - root: A row that is not mapped.
    ///   - layout: The columns and scopes of the new row.
    ///   - prefetchStorage: The prefetched rows of the new row and its
    ///     scopes.
    ///   - scopePath: The path of the new row in the tree of scopes.
    convenience init(root: Row, layout: RowLayout?, prefetchStorage: PrefetchStorage?, scopePath: String) {
        // Internal: callers pass the row of a statement, or of a cursor,
        // never a mapped row; no user call reaches here with another.
        if let mapped = layout?.mappedColumns {
            self.init(
                columnNames: mapped.names, previousDuplicates: mapped.previousDuplicates,
                hasDuplicateNames: mapped.hasDuplicateNames, copiedSQL: root.sql, count: mapped.indexes.count,
                layout: layout, prefetchStorage: prefetchStorage, scopePath: scopePath,
                mappedBase: root, baseIndexes: mapped.indexes)
            return
        }
        self.init(
            statement: root._statement, values: root._values, columnNames: root._columnNames,
            previousDuplicates: root._previousDuplicates, hasDuplicateNames: root._hasDuplicateNames,
            copiedSQL: root._copiedSQL, offset: layout?.offset ?? 0, count: layout?.baseCount ?? root._columnNames.count,
            layout: layout, prefetchStorage: prefetchStorage, scopePath: scopePath)
        _valueBase = root._valueBase
    }

    /// Creates a row of the statement's columns whose values are those of
    /// a buffer from `base` on: the buffer holds the values of many rows
    /// one after the other (the prefetched rows of an association), which
    /// share it instead of holding an array each.
    ///
    /// - Parameters:
    ///   - buffer: The values of rows of a statement.
    ///   - base: The index of the first value of the row in the buffer.
    convenience init(buffer: PrefetchBuffer, base: Int) {
        self.init(
            values: buffer.values,
            columnNames: buffer.columnNames,
            previousDuplicates: buffer.previousDuplicates,
            hasDuplicateNames: buffer.hasDuplicateNames,
            copiedSQL: buffer.sql,
            count: buffer.columnCount)
        _valueBase = base
    }

    /// Creates a copy of the current row of a statement.
    convenience init(copiedFrom statement: Statement, layout: RowLayout? = nil, prefetchStorage: PrefetchStorage? = nil) {
        let sqliteStatement = statement.sqliteStatement
        var values: [DatabaseValue] = []
        values.reserveCapacity(statement.columnCount)
        for index in 0..<CInt(statement.columnCount) {
            values.append(DatabaseValue(sqliteStatement: sqliteStatement, index: index))
        }
        let prefetchStorage = prefetchStorage ?? (layout?.hasPrefetches == true ? PrefetchStorage() : nil)
        if let layout, layout.mappedColumns != nil {
            // The copied values of all the columns are the root of the
            // mapped row.
            let root = Row(
                values: values, columnNames: statement.columnNames,
                previousDuplicates: statement.previousDuplicateIndexes,
                hasDuplicateNames: statement.hasDuplicateColumnNames, copiedSQL: statement.sql,
                count: statement.columnCount)
            self.init(root: root, layout: layout, prefetchStorage: prefetchStorage, scopePath: "")
            return
        }
        self.init(
            values: values, columnNames: statement.columnNames, previousDuplicates: statement.previousDuplicateIndexes,
            hasDuplicateNames: statement.hasDuplicateColumnNames, copiedSQL: statement.sql,
            offset: layout?.offset ?? 0, count: layout?.baseCount ?? values.count,
            layout: layout, prefetchStorage: prefetchStorage)
    }

    /// Creates a copy of another row, with its scopes and prefetched rows.
    private convenience init(copyOf row: Row) {
        if let base = row._mappedBase {
            self.init(
                columnNames: row._columnNames, previousDuplicates: row._previousDuplicates,
                hasDuplicateNames: row._hasDuplicateNames, copiedSQL: row.sql, count: row.count,
                layout: row._layout, prefetchStorage: row._prefetchStorage, scopePath: row._scopePath,
                mappedBase: base.copy(), baseIndexes: row._baseIndexes)
            return
        }
        let values: [DatabaseValue]
        if let statement = row._statement, let sqliteStatement = row._sqliteStatement {
            values = (0..<CInt(statement.columnCount)).map { DatabaseValue(sqliteStatement: sqliteStatement, index: $0) }
        } else if row._valueBase != 0 || row._values.count != row._columnNames.count {
            // A row of a buffer: its own values only.
            values = Array(row._values[row._valueBase..<(row._valueBase + row._columnNames.count)])
        } else {
            values = row._values
        }
        self.init(
            values: values, columnNames: row._columnNames, previousDuplicates: row._previousDuplicates,
            hasDuplicateNames: row._hasDuplicateNames, copiedSQL: row.sql, offset: row._offset, count: row.count,
            layout: row._layout, prefetchStorage: row._prefetchStorage, scopePath: row._scopePath)
    }

    /// Lets the row keep its scope rows and decoding containers from one
    /// step of a cursor to the next. The cursor must call
    /// ``_releaseStepCaches()`` when it ends: the cached rows of the
    /// scopes have caches of their own, and the cached containers may have
    /// been kept by user code (see ``KeyedContainerCache``).
    func _enableStepCaches() {
        _isReusedByCursor = true
    }

    /// Releases what ``_enableStepCaches()`` keeps, in the row and its
    /// scopes.
    func _releaseStepCaches() {
        _isReusedByCursor = false
        _layerSlot.empty(owner: self)
        if let scopeRows = _cachedScopeRows {
            _cachedScopeRows = nil
            for row in scopeRows {
                row._releaseStepCaches()
            }
        }
    }

    /// The names of the columns, from left to right.
    ///
    /// ```swift
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b")!
    /// Array(row.columnNames) // ["a", "b"]
    /// ```
    public var columnNames: LazyMapCollection<Row, String> {
        lazy.map { $0.0 }
    }

    /// The names of the columns, from left to right, as an array.
    var columnNameArray: [String] {
        if _offset == 0 && count == _columnNames.count { return _columnNames }
        return Array(_columnNames[_offset..<(_offset + count)])
    }

    /// The name of the column at an index that is known to be valid.
    @inline(__always)
    func _columnName(atUncheckedIndex index: Int) -> String {
        _columnNames[index &+ _offset]
    }

    /// The values of the columns, from left to right.
    ///
    /// ```swift
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, NULL AS b")!
    /// Array(row.databaseValues) // [1, NULL]
    /// ```
    public var databaseValues: LazyMapCollection<Row, DatabaseValue> {
        lazy.map { $0.1 }
    }

    /// The SQL that produced the row, when it reads from a statement.
    var sql: String? { _statement?.sql ?? _copiedSQL }

    /// Returns a row that holds its values, safe to keep after the cursor
    /// that produced this row moves on.
    ///
    /// ```swift
    /// let cursor = try Row.fetchCursor(db, sql: "SELECT * FROM player")
    /// var kept: [Row] = []
    /// while let row = try cursor.next() {
    ///     kept.append(row.copy())
    /// }
    /// ```
    ///
    /// - Returns: An independent row.
    public func copy() -> Row {
        // A row that a cursor reuses (one that reads its statement, or one
        // that moves over the buffer of prefetched rows) is copied; other
        // rows never change.
        guard _statement != nil || _mappedBase?._statement != nil || _isReusedByCursor else { return self }
        return Row(copyOf: self)
    }

    /// Returns whether the row has a column with this name
    /// (case-insensitive).
    ///
    /// - Parameter columnName: A column name.
    /// - Returns: Whether the column exists.
    public func hasColumn(_ columnName: String) -> Bool {
        index(forColumn: columnName) != nil
    }

    /// Returns whether the value at an index is NULL.
    ///
    /// - Parameter index: A column index, from 0 to `count - 1`.
    /// - Returns: Whether the value is NULL.
    public func hasNull(atIndex index: Int) -> Bool {
        _checkIndex(index)
        if let _sqliteStatement {
            return sqlite3_column_type(_sqliteStatement, CInt(truncatingIfNeeded: index &+ _offset)) == SQLITE_NULL
        }
        return _storedValue(atUncheckedIndex: index).isNull
    }

    /// Whether at least one value is not NULL, in the row or in one of
    /// its scopes (the associated records of a joined request).
    ///
    /// ```swift
    /// try Row.fetchOne(db, sql: "SELECT 'foo', NULL")!.containsNonNullValue // true
    /// try Row.fetchOne(db, sql: "SELECT NULL, NULL")!.containsNonNullValue  // false
    ///
    /// // The scope "author" has no column, and holds the scope "country".
    /// let request = Book.joining(required: Book.author.including(required: Author.country))
    /// let row = try Row.fetchOne(db, request)!
    /// row.scopes["author"]!.containsNonNullValue // true
    /// ```
    public var containsNonNullValue: Bool {
        if let _sqliteStatement {
            // A row of a statement (the scope of a required association,
            // decoded at each step): the columns straight from the
            // statement, without the index checks of `hasNull(atIndex:)`.
            var cIndex = CInt(truncatingIfNeeded: _offset)
            let end = cIndex &+ CInt(truncatingIfNeeded: count)
            while cIndex < end {
                if sqlite3_column_type(_sqliteStatement, cIndex) != SQLITE_NULL {
                    return true
                }
                cIndex &+= 1
            }
        } else if (0..<count).contains(where: { !hasNull(atIndex: $0) }) {
            return true
        }
        // Only rows whose own columns are all NULL look at their scopes.
        guard let scopes = _layout?.scopes, !scopes.isEmpty else {
            return false
        }
        return scopes.indices.contains { scopeRow(at: $0, of: scopes).containsNonNullValue }
    }

    /// The value at an index that is known to be valid.
    @usableFromInline
    func databaseValue(atUncheckedIndex index: Int) -> DatabaseValue {
        if let _sqliteStatement {
            return DatabaseValue(sqliteStatement: _sqliteStatement, index: CInt(truncatingIfNeeded: index &+ _offset))
        }
        return _storedValue(atUncheckedIndex: index)
    }

    /// The value at an index that is known to be valid, in a row that does
    /// not read its statement directly: a copied row, or a mapped row.
    private func _storedValue(atUncheckedIndex index: Int) -> DatabaseValue {
        if let _mappedBase {
            return _mappedBase.databaseValue(atAbsoluteIndex: _baseIndexes[index])
        }
        return _values[_valueBase &+ index &+ _offset]
    }

    /// The value of a column of the statement that produced the row,
    /// counting all its columns (those of the scopes and hidden ones too),
    /// at an index that is known to be valid.
    func databaseValue(atAbsoluteIndex index: Int) -> DatabaseValue {
        if let _sqliteStatement {
            return DatabaseValue(sqliteStatement: _sqliteStatement, index: CInt(index))
        }
        if let _mappedBase {
            return _mappedBase.databaseValue(atAbsoluteIndex: index)
        }
        return _values[_valueBase &+ index]
    }

    /// The number of columns of the statement that produced the row,
    /// counting all its columns (those of the scopes and hidden ones too).
    var absoluteCount: Int {
        if let _mappedBase { return _mappedBase.absoluteCount }
        return _statement?.columnCount ?? _columnNames.count
    }

    /// Stops the program when an index is out of bounds: a programmer error.
    ///
    /// Inlinable, and always inlined: it runs for every column that
    /// `row[index]` reads, where a call costs as much as the read (it
    /// allows specialization into client code; the failure is out of line).
    @inlinable @inline(__always)
    func _checkIndex(_ index: Int, file: StaticString = #file, line: UInt = #line) {
        if _slowPath(index < 0 || index >= count) {
            _indexOutOfRange(index, file: file, line: line)
        }
    }

    /// Stops the program with the message of an index out of bounds, out
    /// of line so that the check stays small.
    @usableFromInline @inline(never)
    func _indexOutOfRange(_ index: Int, file: StaticString, line: UInt) -> Never {
        fatalProgrammerError("row index \(index) out of range 0..<\(count)", file: file, line: line)
    }

    /// Returns the first non-NULL value among columns, or nil.
    ///
    /// ```swift
    /// let name: String? = row.coalesce(["nickname", "name"])
    /// ```
    ///
    /// - Parameter columns: Column names, in order of preference.
    /// - Returns: The first non-NULL value, converted, or nil.
    public func coalesce<T: DatabaseValueConvertible>(_ columns: some Collection<String>) -> T? {
        for column in columns {
            if let value: T = self[column] {
                return value
            }
        }
        return nil
    }
}
