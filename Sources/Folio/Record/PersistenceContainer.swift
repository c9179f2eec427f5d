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
/// - ``columns``
/// - ``isEmpty``
public struct PersistenceContainer: Sendable {
    /// The values, in the order of the columns.
    @usableFromInline
    var _values: [DatabaseValue]

    /// The column of each value, in order, possibly followed by the
    /// columns that the next values are expected to set (see
    /// ``init(layout:)``): only the first `_values.count` columns are in
    /// the container.
    @usableFromInline
    var _columns: [String]

    /// For each column in the container, see ``fingerprint(of:)``; nil
    /// while the container follows a layout.
    @usableFromInline
    var _fingerprints: [UInt32]?

    /// Creates an empty container.
    ///
    /// ```swift
    /// var container = PersistenceContainer()
    /// try player.encode(to: &container)
    /// ```
    public init() {
        _values = []
        _columns = []
        _fingerprints = []
    }

    /// Creates an empty container with room for `capacity` columns.
    init(capacity: Int) {
        self.init()
        _values.reserveCapacity(capacity)
        _columns.reserveCapacity(capacity)
        _fingerprints?.reserveCapacity(capacity)
    }

    /// Creates an empty container that expects its columns to be set in
    /// the order of `layout`: the columns of a previous container of the
    /// same record type, whose names are distinct, ignoring case.
    ///
    /// As long as the columns are set in this order, setting a value
    /// appends it without looking for the column, and the container
    /// shares the storage of `layout`, so that the statement cache
    /// recognizes its columns at once.
    init(layout: [String]) {
        _values = []
        _values.reserveCapacity(layout.count)
        _columns = layout
        _fingerprints = nil
    }

    /// Creates an empty container that expects the columns of `layout`
    /// (see ``init(layout:)``), and stores its values in the memory of
    /// `storage`, an empty array (see
    /// `PersistenceStatementCache.takeRecycledValues()`).
    init(layout: [String], reusing storage: consuming [DatabaseValue]) {
        var values = storage
        values.reserveCapacity(layout.count)
        _values = values
        _columns = layout
        _fingerprints = nil
    }

    /// Creates a container with the given columns and values.
    init(columns: [String], values: [DatabaseValue]) {
        // Internal: the one caller (update) builds `values` from
        // `columns`, so that their counts match; no user call reaches here.
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
    public var columns: [String] {
        _columns.count == _values.count ? _columns : Array(_columns[..<_values.count])
    }

    /// The values, in the order of ``columns``.
    var values: [DatabaseValue] { _values }

    /// Whether the container has no column.
    ///
    /// ```swift
    /// var container = PersistenceContainer()
    /// container.isEmpty // true
    /// ```
    public var isEmpty: Bool { _values.isEmpty }

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
        // Inlinable, so that `container["score"] = score` converts the
        // value of its static type, without an existential.
        @inlinable @inline(__always) set {
            // Binding the consumed value converts the existential without
            // copying it.
            if let newValue = consume newValue {
                setDatabaseValue(newValue.databaseValue, forColumn: column)
            } else {
                setDatabaseValue(.null, forColumn: column)
            }
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
        @inlinable set { self[column.name] = newValue }
    }

    // The two subscripts below make `container["score"] = score` faster
    // when `score` has a concrete type: the compiler prefers them to the
    // subscripts above, whose `(any DatabaseValueConvertible)?` needs an
    // existential for the value (about 35 instructions per column), since
    // they take the value as it is, without wrapping it in an optional.
    // Every other spelling keeps GRDB's subscripts: nil, optionals (the
    // compiler prefers the subscripts above for them, as they need no
    // conversion either), `any DatabaseValueConvertible`, and every read
    // (the getters are unavailable, so that no read picks them). The
    // column of the second one is an existential, not `some
    // ColumnExpression`: two subscripts generic over the column would be
    // ambiguous for an optional value. Inlined, the caller's column type
    // is known, and the existential costs nothing. Tested by
    // `PersistenceContainerSubscriptTests`.

    /// Sets the value of a column (case-insensitive), for a value of a
    /// concrete type: the same as GRDB's `subscript(_: String)`, which the
    /// compiler picks for nil, optionals, `any DatabaseValueConvertible`
    /// values, and every read.
    ///
    /// ```swift
    /// container["score"] = score
    /// ```
    ///
    /// GRDB has no such API: it converts the value without the existential
    /// of GRDB's subscript. It can not be read.
    ///
    /// - Parameter column: A column name.
    public subscript<Value: DatabaseValueConvertible>(_ column: String) -> Value {
        @available(*, unavailable, message: "read the value through the (any DatabaseValueConvertible)? subscript")
        get { fatalProgrammerError("PersistenceContainer's generic subscript can not be read") }
        @inlinable @inline(__always) set {
            setDatabaseValue(newValue.databaseValue, forColumn: column)
        }
    }

    /// Sets the value of a column (case-insensitive), for a value of a
    /// concrete type: the same as GRDB's
    /// `subscript(_: some ColumnExpression)`, which the compiler picks for
    /// nil, optionals, `any DatabaseValueConvertible` values, and every
    /// read.
    ///
    /// ```swift
    /// container[Columns.score] = score
    /// ```
    ///
    /// GRDB has no such API: it converts the value without the existential
    /// of GRDB's subscript. It can not be read.
    ///
    /// - Parameter column: A column.
    public subscript<Value: DatabaseValueConvertible>(_ column: any ColumnExpression) -> Value {
        @available(*, unavailable, message: "read the value through the (any DatabaseValueConvertible)? subscript")
        get { fatalProgrammerError("PersistenceContainer's generic subscript can not be read") }
        @inlinable @inline(__always) set {
            setDatabaseValue(newValue.databaseValue, forColumn: column.name)
        }
    }

    /// Sets the value of a column, replacing the value of a column with the
    /// same name (case-insensitive), or appending a new column.
    ///
    /// Inlinable, so that the common case of a container that follows its
    /// layout (see ``init(layout:)``) runs without a function call. The
    /// value is owned, so that appending it does not copy it.
    @inlinable @inline(__always)
    mutating func setDatabaseValue(_ value: __owned DatabaseValue, forColumn column: String) {
        let count = _values.count
        // The expected column can not be in the container: the names of
        // the layout are distinct.
        if _fingerprints == nil && count < _columns.count && _columns[count].hasSameUTF8(as: column) {
            _values.append(value)
            return
        }
        setDatabaseValueSlowly(value, forColumn: column)
    }

    /// The representation of a column name, two words: equal bits are the
    /// same string (see ``expectsNextColumn(withBits:)``).
    struct ColumnBits: Equatable {
        var words: (UInt64, UInt64)

        /// Whether strings are two words on this platform.
        static var isSupported: Bool {
            MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size
        }

        /// The bits of `column` (only where ``isSupported``).
        init(_ column: String) {
            words = unsafeBitCast(column, to: (UInt64, UInt64).self)
        }

        static func == (lhs: ColumnBits, rhs: ColumnBits) -> Bool {
            lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1
        }
    }

    /// Whether the container follows its layout (see ``init(layout:)``),
    /// and the column it expects next is the string whose bits are
    /// `bits`, which the caller keeps alive (so that no other string has
    /// them). Reads the expected column's bits in place: no copy of the
    /// string, no reference counting.
    @inline(__always)
    func expectsNextColumn(withBits bits: ColumnBits) -> Bool {
        let count = _values.count
        guard _fingerprints == nil && count < _columns.count else { return false }
        return _columns.withUnsafeBufferPointer { columns in
            UnsafeRawPointer(columns.baseAddress! + count).load(as: ColumnBits.self) == bits
        }
    }

    /// Appends the value of the column that the container expects next,
    /// after ``expectsNextColumn(withBits:)`` said it is the one.
    @inline(__always)
    mutating func appendExpectedValue(_ value: __owned DatabaseValue) {
        _values.append(value)
    }

    /// See ``setDatabaseValue(_:forColumn:)``.
    @usableFromInline
    mutating func setDatabaseValueSlowly(_ value: __owned DatabaseValue, forColumn column: String) {
        if _fingerprints == nil {
            if let index = index(ofColumn: column) {
                _values[index] = value
                return
            }
            leaveLayout()
        }
        let fingerprint = PersistenceContainer.fingerprint(of: column)
        if let index = index(ofColumn: column, fingerprint: fingerprint) {
            _values[index] = value
        } else {
            _values.append(value)
            _columns.append(column)
            _fingerprints?.append(fingerprint)
        }
    }

    /// Stops following the layout: drops the expected columns, and
    /// fingerprints the columns of the container.
    private mutating func leaveLayout() {
        let count = _values.count
        if _columns.count > count {
            _columns.removeSubrange(count...)
        }
        var fingerprints: [UInt32] = []
        fingerprints.reserveCapacity(Swift.max(count + 1, _values.capacity))
        for column in _columns {
            fingerprints.append(PersistenceContainer.fingerprint(of: column))
        }
        _fingerprints = fingerprints
    }

    /// The value of a column (case-insensitive), or nil.
    func databaseValue(forColumn column: String) -> DatabaseValue? {
        index(ofColumn: column).map { _values[$0] }
    }

    /// The index of a column (case-insensitive), or nil.
    func index(ofColumn column: String) -> Int? {
        guard _fingerprints != nil else {
            // Following a layout: few look-ups, no fingerprints.
            for index in 0..<_values.count {
                let candidate = _columns[index]
                if candidate.hasSameUTF8(as: column) || candidate.isEqualIgnoringASCIICase(to: column) {
                    return index
                }
            }
            return nil
        }
        return index(ofColumn: column, fingerprint: PersistenceContainer.fingerprint(of: column))
    }

    private func index(ofColumn column: String, fingerprint: UInt32) -> Int? {
        // Fingerprints tell most different names apart, without comparing
        // strings. Exact matches are cheaper to test than case-insensitive
        // ones.
        guard let fingerprints = _fingerprints else { return index(ofColumn: column) }
        for index in fingerprints.indices where fingerprints[index] == fingerprint {
            let candidate = _columns[index]
            if candidate.hasSameUTF8(as: column) || candidate.isEqualIgnoringASCIICase(to: column) {
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
        zip(_columns, _values).map { ($0, $1) }
    }

    /// Whether the columns are the given names, in the same order.
    func hasColumns(_ columns: [String]) -> Bool {
        let count = _values.count
        guard count == columns.count else { return false }
        if _columns.count == count {
            // A container that followed the layout of `columns` shares
            // its storage.
            let lhs = _columns.withUnsafeBufferPointer { $0.baseAddress }
            let rhs = columns.withUnsafeBufferPointer { $0.baseAddress }
            if lhs == rhs { return true }
        }
        // Bytes, not `==`: canonically equivalent names are different
        // columns for SQLite.
        for index in 0..<count where !_columns[index].hasSameUTF8(as: columns[index]) {
            return false
        }
        return true
    }

    /// The values as a dictionary keyed by column name.
    var dictionary: [String: DatabaseValue] {
        Dictionary(zip(_columns, _values).map { ($0, $1) }, uniquingKeysWith: { _, last in last })
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

// MARK: - The container of a record

extension EncodableRecord {
    /// Returns the container filled by ``encode(to:)``.
    func makePersistenceContainer() throws -> PersistenceContainer {
        var container = PersistenceContainer(capacity: 8)
        try encode(to: &container)
        return container
    }

    /// Returns the container filled by ``encode(to:)``, which expects the
    /// columns of `layout`, in this order (see
    /// ``PersistenceContainer/init(layout:)``): the container of an
    /// insertion, whose layout is the columns of the previous one.
    func makePersistenceContainer(layout: [String]?) throws -> PersistenceContainer {
        guard let layout else { return try makePersistenceContainer() }
        var container = PersistenceContainer(layout: layout)
        try encode(to: &container)
        return container
    }

    /// Returns the container filled by ``encode(to:)``, as
    /// ``makePersistenceContainer(layout:)``, whose values are stored in
    /// the memory of `storage`, an empty array (see
    /// ``PersistenceContainer/init(layout:reusing:)``).
    func makePersistenceContainer(layout: [String]?, reusing storage: consuming [DatabaseValue]) throws -> PersistenceContainer {
        guard let layout else { return try makePersistenceContainer() }
        var container = PersistenceContainer(layout: layout, reusing: storage)
        try encode(to: &container)
        return container
    }
}
