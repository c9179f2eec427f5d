/// The values a record stores in the database, by column.
///
/// A record fills the container in ``EncodableRecord/encode(to:)``:
///
/// ```swift
/// extension Player: MutablePersistableRecord {
///     func encode(to container: inout PersistenceContainer) {
///         container["id"] = id
///         container["name"] = name
///         container[Columns.score] = score
///     }
/// }
/// ```
///
/// Columns keep the order in which they were first set: that order is the
/// order of the columns in the `INSERT` and `UPDATE` statements. Column
/// names are case-insensitive, as in SQLite: setting `"NAME"` after
/// `"name"` replaces the value of the `name` column.
///
/// Values are stored as ``DatabaseValue``: reading a value back gives a
/// value that is stored identically in the database, not necessarily the
/// value that was set (a `Bool` reads back as an `Int64`, for example).
///
/// ## Topics
/// - ``subscript(_:)-(String)``
/// - ``subscript(_:)-(ColumnExpression)``
/// - ``columns``
/// - ``isEmpty``
public struct PersistenceContainer: Sendable {
    /// The column names, in order.
    var _columns: [String]

    /// The values, in the order of `_columns`.
    var _values: [DatabaseValue]

    /// Creates an empty container.
    ///
    /// ```swift
    /// var container = PersistenceContainer()
    /// try player.encode(to: &container)
    /// ```
    public init() {
        _columns = []
        _values = []
    }

    /// Creates an empty container with room for `capacity` columns.
    init(capacity: Int) {
        _columns = []
        _columns.reserveCapacity(capacity)
        _values = []
        _values.reserveCapacity(capacity)
    }

    /// Creates a container with the given columns and values.
    init(columns: [String], values: [DatabaseValue]) {
        assert(columns.count == values.count)
        _columns = columns
        _values = values
    }

    /// Creates a container from the columns and values of a row.
    ///
    /// - Parameter row: A row.
    init(row: Row) {
        self.init(capacity: row.count)
        for (column, value) in row {
            self[column] = value
        }
    }

    /// The column names, in the order in which they were first set.
    ///
    /// ```swift
    /// var container = PersistenceContainer()
    /// try player.encode(to: &container)
    /// container.columns // ["id", "name", "score"]
    /// ```
    public var columns: [String] { _columns }

    /// Whether the container has no column.
    ///
    /// ```swift
    /// var container = PersistenceContainer()
    /// container.isEmpty // true
    /// ```
    public var isEmpty: Bool { _columns.isEmpty }

    /// The value of a column (case-insensitive), or nil when the column is
    /// not in the container. Setting nil stores NULL.
    ///
    /// ```swift
    /// container["name"] = "Arthur"
    /// container["email"] = nil // NULL
    /// let name = container["NAME"] // "Arthur"
    /// ```
    ///
    /// - Parameter column: A column name.
    public subscript(_ column: String) -> (any DatabaseValueConvertible)? {
        get {
            guard let index = index(ofColumn: column) else { return nil }
            return _values[index]
        }
        set {
            setDatabaseValue(newValue?.databaseValue ?? .null, forColumn: column)
        }
    }

    /// The value of a column (case-insensitive), or nil when the column is
    /// not in the container. Setting nil stores NULL.
    ///
    /// ```swift
    /// enum Columns: String, ColumnExpression { case id, name }
    /// container[Columns.name] = "Arthur"
    /// ```
    ///
    /// - Parameter column: A column.
    public subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? {
        get { self[column.name] }
        set { self[column.name] = newValue }
    }

    /// Sets the value of a column, replacing the value of a column with the
    /// same name (case-insensitive), or appending a new column.
    mutating func setDatabaseValue(_ value: DatabaseValue, forColumn column: String) {
        if let index = index(ofColumn: column) {
            _values[index] = value
        } else {
            _columns.append(column)
            _values.append(value)
        }
    }

    /// The value of a column (case-insensitive), or nil.
    func databaseValue(forColumn column: String) -> DatabaseValue? {
        index(ofColumn: column).map { _values[$0] }
    }

    /// The index of a column (case-insensitive), or nil.
    func index(ofColumn column: String) -> Int? {
        // Names of different lengths are cheap to tell apart, and exact
        // matches are cheaper to test than case-insensitive ones.
        let count = column.utf8.count
        for index in _columns.indices {
            let candidate = _columns[index]
            if candidate.utf8.count == count, candidate == column || candidate.isEqualIgnoringASCIICase(to: column) {
                return index
            }
        }
        return nil
    }

    /// The (column, value) pairs, in order.
    var columnsAndValues: Zip2Sequence<[String], [DatabaseValue]> {
        zip(_columns, _values)
    }

    /// The values as a dictionary keyed by column name.
    var dictionary: [String: DatabaseValue] {
        Dictionary(zip(_columns, _values), uniquingKeysWith: { _, last in last })
    }
}

extension String {
    /// Whether two strings are equal, ignoring the case of ASCII letters,
    /// as SQLite compares identifiers. Allocates nothing.
    func isEqualIgnoringASCIICase(to other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let result = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in
                String.asciiCaseInsensitiveEquals(lhs, rhs)
            }
        }
        if let result, let result {
            return result
        }
        return String.asciiCaseInsensitiveEquals(Array(utf8), Array(other.utf8))
    }

    private static func asciiCaseInsensitiveEquals(
        _ lhs: some RandomAccessCollection<UInt8>,
        _ rhs: some RandomAccessCollection<UInt8>) -> Bool
    {
        var rhsIndex = rhs.startIndex
        for a in lhs {
            let b = rhs[rhsIndex]
            rhs.formIndex(after: &rhsIndex)
            if a == b { continue }
            let lowerA = (a >= 0x41 && a <= 0x5A) ? a | 0x20 : a
            let lowerB = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
            if lowerA != lowerB { return false }
        }
        return true
    }
}
