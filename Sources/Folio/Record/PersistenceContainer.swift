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
    /// One column and its value.
    struct Entry: Sendable {
        var column: String
        var value: DatabaseValue
        /// See ``PersistenceContainer/fingerprint(of:)``.
        var fingerprint: UInt32
    }

    /// The columns and their values, in order.
    var _entries: [Entry]

    /// Creates an empty container.
    ///
    /// ```swift
    /// var container = PersistenceContainer()
    /// try player.encode(to: &container)
    /// ```
    public init() {
        _entries = []
    }

    /// Creates an empty container with room for `capacity` columns.
    init(capacity: Int) {
        _entries = []
        _entries.reserveCapacity(capacity)
    }

    /// Creates a container with the given columns and values.
    init(columns: [String], values: [DatabaseValue]) {
        assert(columns.count == values.count)
        self.init(capacity: columns.count)
        for (column, value) in zip(columns, values) {
            setDatabaseValue(value, forColumn: column)
        }
    }

    /// Creates a container from the columns and values of a row.
    ///
    /// - Parameter row: A row.
    init(row: Row) {
        self.init(capacity: row.count)
        for (column, value) in row {
            setDatabaseValue(value, forColumn: column)
        }
    }

    /// The column names, in the order in which they were first set.
    ///
    /// ```swift
    /// var container = PersistenceContainer()
    /// try player.encode(to: &container)
    /// container.columns // ["id", "name", "score"]
    /// ```
    public var columns: [String] { _entries.map(\.column) }

    /// The values, in the order of ``columns``.
    var values: [DatabaseValue] { _entries.map(\.value) }

    /// Whether the container has no column.
    ///
    /// ```swift
    /// var container = PersistenceContainer()
    /// container.isEmpty // true
    /// ```
    public var isEmpty: Bool { _entries.isEmpty }

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
            return _entries[index].value
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
        let fingerprint = PersistenceContainer.fingerprint(of: column)
        if let index = index(ofColumn: column, fingerprint: fingerprint) {
            _entries[index].value = value
        } else {
            _entries.append(Entry(column: column, value: value, fingerprint: fingerprint))
        }
    }

    /// The value of a column (case-insensitive), or nil.
    func databaseValue(forColumn column: String) -> DatabaseValue? {
        index(ofColumn: column).map { _entries[$0].value }
    }

    /// The index of a column (case-insensitive), or nil.
    func index(ofColumn column: String) -> Int? {
        index(ofColumn: column, fingerprint: PersistenceContainer.fingerprint(of: column))
    }

    private func index(ofColumn column: String, fingerprint: UInt32) -> Int? {
        // Fingerprints tell most different names apart, without comparing
        // strings. Exact matches are cheaper to test than case-insensitive
        // ones.
        for index in _entries.indices where _entries[index].fingerprint == fingerprint {
            let candidate = _entries[index].column
            if candidate == column || candidate.isEqualIgnoringASCIICase(to: column) {
                return index
            }
        }
        return nil
    }

    /// A number that is equal for names that are equal, ignoring the case
    /// of ASCII letters: the UTF-8 length and the lowercased first and last
    /// bytes (numbered columns such as `i0`...`i9` differ by the last one).
    static func fingerprint(of column: String) -> UInt32 {
        func fingerprint(_ bytes: some BidirectionalCollection<UInt8>) -> UInt32 {
            guard let first = bytes.first, let last = bytes.last else { return 0 }
            func lowercased(_ byte: UInt8) -> UInt32 {
                UInt32((byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte)
            }
            return UInt32(truncatingIfNeeded: bytes.count) << 16 | lowercased(first) << 8 | lowercased(last)
        }
        // Contiguous bytes (native strings) are the fast path.
        return column.utf8.withContiguousStorageIfAvailable(fingerprint) ?? fingerprint(column.utf8)
    }

    /// The (column, value) pairs, in order.
    var columnsAndValues: [(column: String, value: DatabaseValue)] {
        _entries.map { ($0.column, $0.value) }
    }

    /// Whether the columns are the given names, in the same order.
    func hasColumns(_ columns: [String]) -> Bool {
        guard _entries.count == columns.count else { return false }
        for index in columns.indices where _entries[index].column != columns[index] {
            return false
        }
        return true
    }

    /// The values as a dictionary keyed by column name.
    var dictionary: [String: DatabaseValue] {
        Dictionary(_entries.map { ($0.column, $0.value) }, uniquingKeysWith: { _, last in last })
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
