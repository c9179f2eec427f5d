// The collections built from cursors iterate with `forEach`, the
// requirement that a cursor may implement faster than a loop over
// `next()`. The initializers of range-replaceable collections (`Array`,
// `ContiguousArray`, `Data`...) are @inlinable: it allows specialization,
// so that `fetchAll` of values compiles down to a loop over the cursor's
// `next()` in client code.

extension RangeReplaceableCollection {
    /// Creates a collection containing the remaining elements of a cursor.
    ///
    /// ```swift
    /// let names = try Array(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter cursor: The cursor whose elements feed the collection,
    ///   iterated with its `forEach(_:)`.
    /// - Throws: The error of the cursor.
    @inlinable
    public init(_ cursor: some Cursor<Element>) throws {
        self.init()
        try append(contentsOf: cursor)
    }

    /// Creates a collection containing the remaining elements of a cursor,
    /// reserving capacity.
    ///
    /// ```swift
    /// let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    /// let names = try Array(String.fetchCursor(db, sql: "SELECT name FROM player"), minimumCapacity: count)
    /// ```
    ///
    /// - Parameters:
    ///   - cursor: The cursor whose elements feed the collection, iterated
    ///     with its `forEach(_:)`.
    ///   - minimumCapacity: The number of elements to reserve room for.
    /// - Throws: The error of the cursor.
    @inlinable
    public init(_ cursor: some Cursor<Element>, minimumCapacity: Int) throws {
        self.init()
        reserveCapacity(minimumCapacity)
        try append(contentsOf: cursor)
    }

    /// Adds the remaining elements of a cursor to the end of this
    /// collection.
    ///
    /// In case of error, an unspecified number of elements have been added
    /// to the collection.
    ///
    /// ```swift
    /// var names = ["Arthur"]
    /// try names.append(contentsOf: String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter newElements: The cursor whose elements are appended,
    ///   iterated with its `forEach(_:)`.
    /// - Throws: The error of the cursor.
    @inlinable
    public mutating func append(contentsOf newElements: some Cursor<Element>) throws {
        try newElements.forEach { element in
            append(element)
        }
    }
}

extension Set {
    /// Creates a set containing the remaining elements of a cursor.
    ///
    /// ```swift
    /// let names = try Set(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter cursor: A cursor of values to gather into a set,
    ///   iterated with its `forEach(_:)`.
    /// - Throws: The error of the cursor.
    @inlinable
    public init(_ cursor: some Cursor<Element>) throws {
        var elements = Set()
        try cursor.forEach { element in
            elements.insert(element)
        }
        self = elements
    }

    /// Creates a set containing the remaining elements of a cursor,
    /// reserving capacity.
    ///
    /// ```swift
    /// let names = try Set(String.fetchCursor(db, sql: "SELECT name FROM player"), minimumCapacity: 100)
    /// ```
    ///
    /// - Parameters:
    ///   - cursor: A cursor of values to gather into a set, iterated with
    ///     its `forEach(_:)`.
    ///   - minimumCapacity: The minimum number of elements that the set
    ///     can store without reallocating its storage.
    /// - Throws: The error of the cursor.
    @inlinable
    public init(_ cursor: some Cursor<Element>, minimumCapacity: Int) throws {
        var elements = Set(minimumCapacity: minimumCapacity)
        try cursor.forEach { element in
            elements.insert(element)
        }
        self = elements
    }

    /// Returns a new set with the elements of both this set and the given
    /// cursor.
    ///
    /// If the set already contains elements that are also in the cursor,
    /// the existing members are kept. If the cursor contains several equal
    /// elements, only the first one is kept.
    ///
    /// ```swift
    /// let names: Set = ["Arthur"]
    /// let allNames = try names.union(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter cursor: A cursor of elements.
    /// - Returns: A new set with the elements of this set and `cursor`.
    /// - Throws: The error of the cursor.
    public func union(_ cursor: some Cursor<Element>) throws -> Set<Element> {
        var result = self
        try result.formUnion(cursor)
        return result
    }

    /// Inserts the elements of the given cursor into the set.
    ///
    /// If the set already contains elements that are also in the cursor,
    /// the existing members are kept. If the cursor contains several equal
    /// elements, only the first one is kept.
    ///
    /// ```swift
    /// var names: Set = ["Arthur"]
    /// try names.formUnion(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter cursor: A cursor of elements.
    /// - Throws: The error of the cursor.
    public mutating func formUnion(_ cursor: some Cursor<Element>) throws {
        try cursor.forEach { element in
            insert(element)
        }
    }

    /// Returns a new set with the elements that are common to both this
    /// set and the given cursor. The members of this set are kept.
    ///
    /// ```swift
    /// let names: Set = ["Arthur", "Zoe"]
    /// let registered = try names.intersection(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter cursor: A cursor of elements.
    /// - Returns: A new set.
    /// - Throws: The error of the cursor.
    public func intersection(_ cursor: some Cursor<Element>) throws -> Set<Element> {
        var result = Set()
        try cursor.forEach { element in
            if let index = firstIndex(of: element) {
                result.insert(self[index])
            }
        }
        return result
    }

    /// Removes the elements of the set that aren't also in the given
    /// cursor.
    ///
    /// ```swift
    /// var names: Set = ["Arthur", "Zoe"]
    /// try names.formIntersection(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter cursor: A cursor of elements.
    /// - Throws: The error of the cursor.
    public mutating func formIntersection(_ cursor: some Cursor<Element>) throws {
        self = try intersection(cursor)
    }
}

extension Dictionary {
    /// Creates a dictionary whose keys are the groupings returned by the
    /// given closure and whose values are arrays of the elements that
    /// returned each key.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db)
    /// let playersByTeam = try Dictionary(grouping: players, by: { $0.teamId })
    /// ```
    ///
    /// - Parameters:
    ///   - cursor: A cursor of values to group, iterated with its
    ///     `forEach(_:)`.
    ///   - keyForValue: A closure that returns the key of an element.
    /// - Throws: The error of the cursor or of `keyForValue`.
    public init<C: Cursor>(grouping cursor: C, by keyForValue: (C.Element) throws -> Key) throws
    where Value == [C.Element]
    {
        try self.init(minimumCapacity: 0, grouping: cursor, by: keyForValue)
    }

    /// Creates a dictionary whose keys are the groupings returned by the
    /// given closure and whose values are arrays of the elements that
    /// returned each key, reserving capacity.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db)
    /// let playersByTeam = try Dictionary(minimumCapacity: 10, grouping: players, by: { $0.teamId })
    /// ```
    ///
    /// - Parameters:
    ///   - minimumCapacity: The minimum number of keys that the dictionary
    ///     can store without reallocating its storage.
    ///   - cursor: A cursor of values to group, iterated with its
    ///     `forEach(_:)`.
    ///   - keyForValue: A closure that returns the key of an element.
    /// - Throws: The error of the cursor or of `keyForValue`.
    public init<C: Cursor>(minimumCapacity: Int, grouping cursor: C, by keyForValue: (C.Element) throws -> Key) throws
    where Value == [C.Element]
    {
        var groups = [Key: [C.Element]](minimumCapacity: minimumCapacity)
        try cursor.forEach { element in
            try groups[keyForValue(element), default: []].append(element)
        }
        self = groups
    }

    /// Creates a dictionary from the key-value pairs of a cursor.
    ///
    /// ```swift
    /// let pairs = try Player.fetchCursor(db).map { ($0.id, $0) }
    /// let playerById = try Dictionary(uniqueKeysWithValues: pairs)
    /// ```
    ///
    /// Where GRDB stops the program on a duplicate key, Folio throws:
    /// duplicate keys usually come from the database.
    ///
    /// - Parameter keysAndValues: A cursor of key-value pairs, whose keys
    ///   are unique.
    /// - Throws: The error of the cursor, or a ``DatabaseError`` of code
    ///   `SQLITE_MISUSE` when a key is found twice.
    public init(uniqueKeysWithValues keysAndValues: some Cursor<(Key, Value)>) throws {
        try self.init(minimumCapacity: 0, uniqueKeysWithValues: keysAndValues)
    }

    /// Creates a dictionary from the key-value pairs of a cursor,
    /// reserving capacity.
    ///
    /// ```swift
    /// let pairs = try Player.fetchCursor(db).map { ($0.id, $0) }
    /// let playerById = try Dictionary(minimumCapacity: 100, uniqueKeysWithValues: pairs)
    /// ```
    ///
    /// Where GRDB stops the program on a duplicate key, Folio throws:
    /// duplicate keys usually come from the database.
    ///
    /// - Parameters:
    ///   - minimumCapacity: The minimum number of key-value pairs that the
    ///     dictionary can store without reallocating its storage.
    ///   - keysAndValues: A cursor of key-value pairs, whose keys are
    ///     unique.
    /// - Throws: The error of the cursor, or a ``DatabaseError`` of code
    ///   `SQLITE_MISUSE` when a key is found twice.
    public init(minimumCapacity: Int, uniqueKeysWithValues keysAndValues: some Cursor<(Key, Value)>) throws {
        var dictionary = [Key: Value](minimumCapacity: minimumCapacity)
        try keysAndValues.forEach { key, value in
            if dictionary.updateValue(value, forKey: key) != nil {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "Dictionary(uniqueKeysWithValues:): duplicate key \(String(reflecting: key))")
            }
        }
        self = dictionary
    }
}
