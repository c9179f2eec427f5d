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
/// ## Topics
/// - ``subscript(_:)-(Int)``
/// - ``decode(_:atIndex:)``
/// - ``decode(_:forColumn:)``
/// - ``columnNames``
/// - ``databaseValues``
/// - ``copy()``
public final class Row {
    /// The statement of a row that reads live from SQLite.
    @usableFromInline let _statement: Statement?

    /// The raw statement of a live row (nil for copied rows).
    @usableFromInline let _sqliteStatement: SQLiteStatement?

    /// All values of a copied row (the visible ones start at `_offset`).
    @usableFromInline let _values: [DatabaseValue]

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

    /// The scopes of the row (associated records of joined requests),
    /// with absolute column ranges.
    let _layout: RowLayout?

    /// The rows of prefetched associations, shared by a row and its scopes.
    let _prefetchStorage: PrefetchStorage?

    /// The path of this row in the tree of scopes, for prefetched rows.
    let _scopePath: String

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

    /// Creates a row that reads live from a statement.
    init(statement: Statement, layout: RowLayout? = nil) {
        _statement = statement
        _sqliteStatement = statement.sqliteStatement
        _values = []
        _columnNames = statement.columnNames
        _previousDuplicates = statement.previousDuplicateIndexes
        _hasDuplicateNames = statement.hasDuplicateColumnNames
        _copiedSQL = nil
        _offset = 0
        count = layout?.baseCount ?? statement.columnCount
        _layout = layout
        _prefetchStorage = nil
        _scopePath = ""
    }

    /// Creates a row that holds its values.
    init(columnNames: [String], values: [DatabaseValue], sql: String? = nil) {
        assert(columnNames.count == values.count)
        _statement = nil
        _sqliteStatement = nil
        _values = values
        _columnNames = columnNames
        _previousDuplicates = Row.previousDuplicateIndexes(columnNames)
        _hasDuplicateNames = _previousDuplicates.contains { $0 >= 0 }
        _copiedSQL = sql
        _offset = 0
        count = values.count
        _layout = nil
        _prefetchStorage = nil
        _scopePath = ""
    }

    /// Creates a row that is a view on some columns of another one.
    init(base: Row, offset: Int, count: Int, layout: RowLayout?, scopePath: String) {
        _statement = base._statement
        _sqliteStatement = base._sqliteStatement
        _values = base._values
        _columnNames = base._columnNames
        _previousDuplicates = base._previousDuplicates
        _hasDuplicateNames = base._hasDuplicateNames
        _copiedSQL = base._copiedSQL
        _offset = offset
        self.count = count
        _layout = layout
        _prefetchStorage = base._prefetchStorage
        _scopePath = scopePath
    }

    /// Creates a copy of the current row of a statement.
    init(copiedFrom statement: Statement, layout: RowLayout? = nil, prefetchStorage: PrefetchStorage? = nil) {
        let sqliteStatement = statement.sqliteStatement
        var values: [DatabaseValue] = []
        values.reserveCapacity(statement.columnCount)
        for index in 0..<CInt(statement.columnCount) {
            values.append(DatabaseValue(sqliteStatement: sqliteStatement, index: index))
        }
        _statement = nil
        _sqliteStatement = nil
        _values = values
        _columnNames = statement.columnNames
        _previousDuplicates = statement.previousDuplicateIndexes
        _hasDuplicateNames = statement.hasDuplicateColumnNames
        _copiedSQL = statement.sql
        _offset = 0
        count = layout?.baseCount ?? values.count
        _layout = layout
        _prefetchStorage = prefetchStorage ?? (layout?.hasPrefetches == true ? PrefetchStorage() : nil)
        _scopePath = ""
    }

    /// Creates a copy of another row, with its scopes and prefetched rows.
    private init(copyOf row: Row) {
        _statement = nil
        _sqliteStatement = nil
        if let statement = row._statement, let sqliteStatement = row._sqliteStatement {
            _values = (0..<CInt(statement.columnCount)).map { DatabaseValue(sqliteStatement: sqliteStatement, index: $0) }
        } else {
            _values = row._values
        }
        _columnNames = row._columnNames
        _previousDuplicates = row._previousDuplicates
        _hasDuplicateNames = row._hasDuplicateNames
        _copiedSQL = row.sql
        _offset = row._offset
        count = row.count
        _layout = row._layout
        _prefetchStorage = row._prefetchStorage
        _scopePath = row._scopePath
    }

    /// Creates an empty row.
    public convenience init() {
        self.init(columnNames: [], values: [])
    }

    /// Creates a row from a dictionary of values.
    ///
    /// ```swift
    /// let row = Row(["name": "Arthur", "score": 1000])
    /// ```
    ///
    /// Columns are sorted by name, since dictionaries are unordered. Use
    /// a dictionary literal (`let row: Row = ["a": 1, "b": 2]`) to keep
    /// the order.
    ///
    /// - Parameter dictionary: Values keyed by column name.
    public convenience init(_ dictionary: [String: (any DatabaseValueConvertible)?]) {
        let names = dictionary.keys.sorted()
        self.init(columnNames: names, values: names.map { dictionary[$0]!?.databaseValue ?? .null })
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

    /// Whether the row reads from a live statement.
    var isLive: Bool { _sqliteStatement != nil }

    /// The names of the columns, from left to right.
    public var columnNames: [String] {
        let all = _statement?.columnNames ?? _columnNames
        if _offset == 0 && count == all.count { return all }
        return Array(all[_offset..<(_offset + count)])
    }

    /// The values of the columns, from left to right.
    public var databaseValues: [DatabaseValue] {
        (0..<count).map { databaseValue(atUncheckedIndex: $0) }
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
        guard _statement != nil else { return self }
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
        return _values[index + _offset].isNull
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
        if (0..<count).contains(where: { !hasNull(atIndex: $0) }) {
            return true
        }
        // Only rows whose own columns are all NULL look at their scopes.
        guard let scopes = _layout?.scopes, !scopes.isEmpty else {
            return false
        }
        return scopes.indices.contains { scopeRow(at: $0, of: scopes).containsNonNullValue }
    }

    /// Returns the index of the leftmost column with this name
    /// (case-insensitive), or nil.
    ///
    /// - Parameter name: A column name.
    /// - Returns: A column index, or nil.
    @inlinable @inline(__always)
    func index(forColumn name: String) -> Int? {
        _hintedIndex(forColumn: name) ?? _index(forColumn: name)
    }

    /// The fast path of ``index(forColumn:)``: the index of the column after
    /// the last one found, when it has this name (and is its leftmost
    /// match), or nil.
    @inlinable @inline(__always)
    func _hintedIndex(forColumn name: String) -> Int? {
        let hint = _columnLookupHint
        if hint < count {
            let position = _offset &+ hint
            if _columnNames[position].hasSameUTF8(as: name) && (!_hasDuplicateNames || _previousDuplicates[position] < _offset) {
                _columnLookupHint = hint &+ 1 == count ? 0 : hint &+ 1
                return hint
            }
        }
        return nil
    }

    /// The slow path of ``index(forColumn:)``: a scan of the columns.
    @usableFromInline
    func _index(forColumn name: String) -> Int? {
        let range = _offset..<(_offset + count)
        var found: Int?
        // Names compare as in SQLite: same bytes, ignoring the case of
        // ASCII letters (see String+DatabaseNames.swift).
        if let position = range.first(where: { _columnNames[$0].hasSameUTF8(as: name) }), _previousDuplicates[position] < _offset {
            // No column to the left has the same name, ignoring case.
            found = position
        } else {
            found = range.first { _columnNames[$0].isSameDatabaseName(as: name) }
        }
        guard let position = found else { return nil }
        let index = position - _offset
        _columnLookupHint = index + 1 == count ? 0 : index + 1
        return index
    }

    /// For each name, the index of the closest name to its left that is
    /// equal to it, ignoring case, or -1.
    static func previousDuplicateIndexes(_ names: [String]) -> [Int] {
        var result = Array(repeating: -1, count: names.count)
        guard names.count > 1 else { return result }
        var lastIndexes: [DatabaseNameKey: Int] = [:]
        for (index, name) in names.enumerated() {
            let key = DatabaseNameKey(name)
            if let previous = lastIndexes[key] {
                result[index] = previous
            }
            lastIndexes[key] = index
        }
        return result
    }

    /// The value at an index that is known to be valid.
    @usableFromInline
    func databaseValue(atUncheckedIndex index: Int) -> DatabaseValue {
        if let _sqliteStatement {
            return DatabaseValue(sqliteStatement: _sqliteStatement, index: CInt(truncatingIfNeeded: index &+ _offset))
        }
        return _values[index + _offset]
    }

    /// The value of a column of the statement that produced the row,
    /// counting all its columns (those of the scopes and hidden ones too),
    /// at an index that is known to be valid.
    func databaseValue(atAbsoluteIndex index: Int) -> DatabaseValue {
        if let _sqliteStatement {
            return DatabaseValue(sqliteStatement: _sqliteStatement, index: CInt(index))
        }
        return _values[index]
    }

    /// Stops the program when an index is out of bounds: a programmer error.
    @usableFromInline
    func _checkIndex(_ index: Int, file: StaticString = #file, line: UInt = #line) {
        if index < 0 || index >= count {
            _indexOutOfRange(index, file: file, line: line)
        }
    }

    /// Stops the program with the message of an index out of bounds, out
    /// of line so that the check stays small.
    @inline(never)
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

extension Row: Equatable {
    /// Rows are equal when they have the same column names and values, in
    /// the same order.
    public static func == (lhs: Row, rhs: Row) -> Bool {
        if lhs === rhs { return true }
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count {
            guard lhs.columnNames[index].hasSameUTF8(as: rhs.columnNames[index]),
                  lhs.databaseValue(atUncheckedIndex: index) == rhs.databaseValue(atUncheckedIndex: index)
            else { return false }
        }
        return true
    }
}

extension Row: Hashable {
    /// Hashes the column names and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for index in 0..<count {
            hasher.combine(columnNames[index])
            hasher.combine(databaseValue(atUncheckedIndex: index))
        }
    }
}

extension Row: CustomStringConvertible {
    /// A description such as `[id:1 name:'Arthur']`.
    public var description: String {
        let names = columnNames
        return "[" + (0..<count).map { "\(names[$0]):\(databaseValue(atUncheckedIndex: $0))" }.joined(separator: " ") + "]"
    }
}

extension Row: ExpressibleByDictionaryLiteral {
    /// Creates a row from a dictionary literal, keeping the column order:
    /// `let row: Row = ["id": 1, "name": "Arthur"]`.
    public convenience init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        self.init(columnNames: elements.map(\.0), values: elements.map { $0.1?.databaseValue ?? .null })
    }
}

extension Row: Sequence {
    /// Iterates (column name, value) pairs from left to right.
    public func makeIterator() -> AnyIterator<(String, DatabaseValue)> {
        let names = columnNames
        var index = 0
        return AnyIterator {
            guard index < self.count else { return nil }
            defer { index += 1 }
            return (names[index], self.databaseValue(atUncheckedIndex: index))
        }
    }
}
