/// A type that supplies the values of some external resource, one at a
/// time, such as the rows of a database query.
///
/// To iterate over the elements of a cursor, use a `while` loop:
///
/// ```swift
/// try dbQueue.read { db in
///     let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
///     while let name = try names.next() {
///         print(name)
///     }
/// }
/// ```
///
/// Cursors share traits with the lazy sequences and iterators of the Swift
/// standard library. The differences are: cursor types are classes, and
/// have a lifetime; iteration may throw errors; a cursor can not be
/// repeated.
///
/// Database cursors (``DatabaseCursor``) are lazy: each call to `next()`
/// steps SQLite once, so iterating a large table uses little memory. They
/// are only valid inside the database access closure that created them:
/// calling `next()` after the closure returns throws a ``DatabaseError``
/// (`SQLITE_MISUSE`).
///
/// The protocol comes with operations similar to those of `Sequence`:
/// `contains`, `dropFirst`, `dropLast`, `drop(while:)`, `enumerated`,
/// `filter`, `first(where:)`, `flatMap`, `forEach`, `joined`,
/// `joined(separator:)`, `max`, `max(by:)`, `min`, `min(by:)`, `map`,
/// `prefix`, `prefix(while:)`, `reduce`, `reduce(into:)`, `suffix`. Cursors
/// feed Swift collections: `try Array(cursor)`, `try Set(cursor)`,
/// `try Dictionary(grouping: cursor, by: ...)`,
/// `try Dictionary(uniqueKeysWithValues: cursor)`.
///
/// ``forEach(_:)`` is a requirement, with a default implementation that
/// loops over ``next()``: a cursor that can iterate all its elements
/// faster than one at a time implements it. The collection initializers
/// iterate with `forEach`, and the cursor adapters (`map`, `filter`,
/// `enumerated`, `dropFirst`, `drop(while:)`, `joined`, ``AnyCursor``...)
/// forward it to their base.
///
/// ## Topics
///
/// ### Supporting Types
///
/// - ``AnyCursor``
/// - ``DropFirstCursor``
/// - ``DropWhileCursor``
/// - ``EnumeratedCursor``
/// - ``FilterCursor``
/// - ``FlattenCursor``
/// - ``MapCursor``
/// - ``PrefixCursor``
/// - ``PrefixWhileCursor``
public protocol Cursor<Element>: AnyObject {
    /// The type of element traversed by the cursor.
    associatedtype Element

    /// Advances to the next element and returns it, or nil if no next
    /// element exists.
    ///
    /// Once nil has been returned, all subsequent calls return nil.
    ///
    /// ```swift
    /// while let name = try names.next() {
    ///     print(name)
    /// }
    /// ```
    ///
    /// - Returns: The next element, or nil.
    /// - Throws: Any error that prevents producing the element.
    func next() throws -> Element?

    /// Calls the given closure on each remaining element of the cursor, in
    /// order.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// try names.forEach { name in print(name) }
    /// ```
    ///
    /// The default implementation calls ``next()`` until the end.
    ///
    /// - Parameter body: A closure called with each element.
    /// - Throws: The error of the cursor, or of `body`.
    func forEach(_ body: (Element) throws -> Void) throws
}

extension Cursor {
    /// Returns a Boolean value indicating whether the cursor does not
    /// contain any element.
    ///
    /// - Important: This property may consume elements.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db)
    /// if try players.isEmpty { print("no player") }
    /// ```
    ///
    /// - Throws: The error of the cursor.
    public var isEmpty: Bool {
        get throws { try next() == nil }
    }

    /// Returns a Boolean value indicating whether the cursor contains an
    /// element that satisfies the given predicate. Elements are consumed
    /// up to the first match.
    ///
    /// ```swift
    /// let scores = try Int.fetchCursor(db, sql: "SELECT score FROM player")
    /// let hasChampion = try scores.contains { $0 > 1000 }
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element of the
    ///   cursor and returns whether it is a match.
    /// - Returns: True if the cursor contains an element that satisfies
    ///   `predicate`.
    /// - Throws: The error of the cursor, or of `predicate`.
    public func contains(where predicate: (Element) throws -> Bool) throws -> Bool {
        while let element = try next() {
            if try predicate(element) { return true }
        }
        return false
    }

    /// Returns whether all elements satisfy the given predicate. Elements
    /// are consumed up to the first one that does not.
    ///
    /// GRDB has no such API: it is Folio's.
    ///
    /// ```swift
    /// let scores = try Int.fetchCursor(db, sql: "SELECT score FROM player")
    /// let allPositive = try scores.allSatisfy { $0 >= 0 }
    /// ```
    ///
    /// - Parameter predicate: A test.
    /// - Returns: Whether every element passes the test.
    /// - Throws: The error of the cursor, or of `predicate`.
    public func allSatisfy(_ predicate: (Element) throws -> Bool) throws -> Bool {
        while let element = try next() {
            if try !predicate(element) { return false }
        }
        return true
    }

    /// Returns the first element of the cursor that satisfies the given
    /// predicate, or nil if no such element is found.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db)
    /// let arthur = try players.first { $0.name == "Arthur" }
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element of the
    ///   cursor and returns whether it is a match.
    /// - Returns: The first matching element, or nil.
    /// - Throws: The error of the cursor, or of `predicate`.
    public func first(where predicate: (Element) throws -> Bool) throws -> Element? {
        while let element = try next() {
            if try predicate(element) { return element }
        }
        return nil
    }

    // @inlinable: allows specialization, so that `Array(cursor)` on a
    // concrete cursor compiles down to a loop over its `next()`.

    /// Calls the given closure on each remaining element, by calling
    /// ``next()`` until the end: the default implementation of the
    /// requirement.
    ///
    /// ```swift
    /// try names.forEach { name in print(name) }
    /// ```
    ///
    /// - Parameter body: A closure called with each element.
    /// - Throws: The error of the cursor, or of `body`.
    @inlinable
    public func forEach(_ body: (Element) throws -> Void) throws {
        while let element = try next() {
            try body(element)
        }
    }

    /// Returns the result of calling the given combining closure with each
    /// element of this cursor and an accumulating value.
    ///
    /// ```swift
    /// let scores = try Int.fetchCursor(db, sql: "SELECT score FROM player")
    /// let total = try scores.reduce(0, +)
    /// ```
    ///
    /// - Parameters:
    ///   - initialResult: The starting value.
    ///   - nextPartialResult: A closure that combines the accumulated
    ///     value and an element into a new accumulated value.
    /// - Returns: The final accumulated value.
    /// - Throws: The error of the cursor, or of `nextPartialResult`.
    public func reduce<Result>(
        _ initialResult: Result,
        _ nextPartialResult: (Result, Element) throws -> Result) throws -> Result
    {
        var result = initialResult
        try forEach { element in
            result = try nextPartialResult(result, element)
        }
        return result
    }

    /// Returns the result of calling the given combining closure with each
    /// element of this cursor and an accumulating value that the closure
    /// updates in place.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db)
    /// let countByTeam = try players.reduce(into: [:]) { counts, player in
    ///     counts[player.teamId, default: 0] += 1
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialResult: The starting value.
    ///   - updateAccumulatingResult: A closure that updates the
    ///     accumulated value with an element.
    /// - Returns: The final accumulated value.
    /// - Throws: The error of the cursor, or of `updateAccumulatingResult`.
    public func reduce<Result>(
        into initialResult: Result,
        _ updateAccumulatingResult: (inout Result, Element) throws -> Void) throws -> Result
    {
        var result = initialResult
        try forEach { element in
            try updateAccumulatingResult(&result, element)
        }
        return result
    }

    /// Returns a cursor over the results of the transform function applied
    /// to this cursor's elements.
    ///
    /// ```swift
    /// let names = try Player.fetchCursor(db).map { $0.name }
    /// ```
    ///
    /// - Parameter transform: A closure applied lazily to each element.
    /// - Returns: A cursor of transformed elements.
    public func map<T>(_ transform: @escaping (Element) throws -> T) -> MapCursor<Self, T> {
        MapCursor(self, transform)
    }

    /// Returns a cursor over the non-nil results of mapping `transform`
    /// over this cursor.
    ///
    /// ```swift
    /// let urls = try String.fetchCursor(db, sql: "SELECT url FROM link")
    ///     .compactMap { URL(string: $0) }
    /// ```
    ///
    /// - Parameter transform: A closure applied lazily to each element,
    ///   that returns an optional value.
    /// - Returns: A cursor of the non-nil transformed elements.
    public func compactMap<ElementOfResult>(
        _ transform: @escaping (Element) throws -> ElementOfResult?)
    -> MapCursor<FilterCursor<MapCursor<Self, ElementOfResult?>>, ElementOfResult>
    {
        // The filter lets only non-nil values through: the force unwrap
        // can not fail.
        map(transform).filter { $0 != nil }.map { $0! }
    }

    /// Returns a cursor over the elements of the cursor that satisfy the
    /// given predicate.
    ///
    /// ```swift
    /// let evenScores = try Int.fetchCursor(db, sql: "SELECT score FROM player")
    ///     .filter { $0.isMultiple(of: 2) }
    /// ```
    ///
    /// - Parameter isIncluded: A closure applied lazily to each element,
    ///   that returns whether the element is included.
    /// - Returns: A cursor of the included elements.
    public func filter(_ isIncluded: @escaping (Element) throws -> Bool) -> FilterCursor<Self> {
        FilterCursor(self, isIncluded)
    }

    /// Returns a cursor, up to the specified maximum length, containing
    /// the initial elements of the cursor.
    ///
    /// If the maximum length exceeds the number of elements in the cursor,
    /// the result contains all the elements in the cursor.
    ///
    /// ```swift
    /// let numbers = AnyCursor([1, 2, 3, 4, 5])
    /// try Array(numbers.prefix(2)) // [1, 2]
    /// ```
    ///
    /// - Precondition: `maxLength` is greater than or equal to zero.
    /// - Parameter maxLength: The maximum number of elements to return.
    /// - Returns: A cursor of at most `maxLength` elements.
    public func prefix(_ maxLength: Int) -> PrefixCursor<Self> {
        PrefixCursor(LeadingRun(self, rule: CountedRun(count: maxLength, misuse: "Can't take a prefix of negative length from a cursor")))
    }

    /// Returns a cursor of the initial consecutive elements that satisfy
    /// `predicate`.
    ///
    /// ```swift
    /// let numbers = AnyCursor([1, 2, 3, 1])
    /// try Array(numbers.prefix(while: { $0 < 3 })) // [1, 2]
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns
    ///   whether it is included. Once it returns false, it is not called
    ///   again.
    /// - Returns: A cursor of the leading elements that satisfy
    ///   `predicate`.
    public func prefix(while predicate: @escaping (Element) throws -> Bool) -> PrefixWhileCursor<Self> {
        PrefixWhileCursor(LeadingRun(self, rule: PredicateRun(predicate: predicate)))
    }

    /// Returns a cursor containing all but the given number of initial
    /// elements.
    ///
    /// If the number of elements to drop exceeds the number of elements in
    /// the cursor, the result is an empty cursor.
    ///
    /// ```swift
    /// let numbers = AnyCursor([1, 2, 3, 4, 5])
    /// try Array(numbers.dropFirst(2)) // [3, 4, 5]
    /// ```
    ///
    /// - Precondition: `n` is greater than or equal to zero.
    /// - Parameter n: The number of elements to drop from the beginning of
    ///   the cursor.
    /// - Returns: A cursor starting after the specified number of
    ///   elements.
    public func dropFirst(_ n: Int) -> DropFirstCursor<Self> {
        DropFirstCursor(LeadingRun(self, rule: CountedRun(count: n, misuse: "Can't drop a negative number of elements from a cursor")))
    }

    /// Returns a cursor containing all but the first element of the
    /// cursor.
    ///
    /// If the cursor has no elements, the result is an empty cursor.
    ///
    /// ```swift
    /// let numbers = AnyCursor([1, 2, 3, 4, 5])
    /// try Array(numbers.dropFirst()) // [2, 3, 4, 5]
    /// ```
    ///
    /// - Returns: A cursor starting after the first element of the cursor.
    public func dropFirst() -> DropFirstCursor<Self> {
        dropFirst(1)
    }

    /// Returns a cursor that skips any initial elements that satisfy
    /// `predicate`.
    ///
    /// ```swift
    /// let numbers = AnyCursor([1, 2, 3, 1])
    /// try Array(numbers.drop(while: { $0 < 2 })) // [2, 3, 1]
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns
    ///   whether it is skipped. Once it returns false, it is not called
    ///   again.
    /// - Returns: A cursor starting at the first element that does not
    ///   satisfy `predicate`.
    public func drop(while predicate: @escaping (Element) throws -> Bool) -> DropWhileCursor<Self> {
        DropWhileCursor(LeadingRun(self, rule: PredicateRun(predicate: predicate)))
    }

    /// Returns an array containing all but the given number of final
    /// elements.
    ///
    /// The cursor must be finite. If the number of elements to drop
    /// exceeds the number of elements in the cursor, the result is an
    /// empty array.
    ///
    /// ```swift
    /// let numbers = AnyCursor([1, 2, 3, 4, 5])
    /// try numbers.dropLast(2) // [1, 2, 3]
    /// ```
    ///
    /// - Precondition: `n` is greater than or equal to zero.
    /// - Parameter n: The number of elements to drop off the end of the
    ///   cursor.
    /// - Returns: An array leaving off the specified number of elements.
    /// - Throws: The error of the cursor.
    public func dropLast(_ n: Int) throws -> [Element] {
        checkProgrammerError(n >= 0, "Can't drop a negative number of elements from a cursor")
        var result: [Element] = []
        guard n > 0 else {
            try forEach { result.append($0) }
            return result
        }
        // The last `n` elements seen, in a ring: an element leaves the
        // ring for the result when an element arrives `n` places later.
        var ring: [Element] = []
        var oldest = 0
        try forEach { element in
            if ring.count < n {
                ring.append(element)
            } else {
                result.append(ring[oldest])
                ring[oldest] = element
                oldest = (oldest + 1) % n
            }
        }
        return result
    }

    /// Returns an array containing all but the last element of the cursor.
    ///
    /// If the cursor has no elements, the result is an empty array.
    ///
    /// ```swift
    /// let numbers = AnyCursor([1, 2, 3, 4, 5])
    /// try numbers.dropLast() // [1, 2, 3, 4]
    /// ```
    ///
    /// - Returns: An array leaving off the last element of the cursor.
    /// - Throws: The error of the cursor.
    public func dropLast() throws -> [Element] {
        try dropLast(1)
    }

    /// Returns an array, up to the given maximum length, containing the
    /// final elements of the cursor.
    ///
    /// The cursor must be finite. If the maximum length exceeds the number
    /// of elements in the cursor, the result contains all the elements in
    /// the cursor.
    ///
    /// ```swift
    /// let numbers = AnyCursor([1, 2, 3, 4, 5])
    /// try numbers.suffix(2) // [4, 5]
    /// ```
    ///
    /// - Precondition: `maxLength` is greater than or equal to zero.
    /// - Parameter maxLength: The maximum number of elements to return.
    /// - Returns: An array of at most `maxLength` final elements.
    /// - Throws: The error of the cursor.
    public func suffix(_ maxLength: Int) throws -> [Element] {
        checkProgrammerError(maxLength >= 0, "Can't take a suffix of negative length from a cursor")
        guard maxLength > 0 else { return [] }
        // The last `maxLength` elements seen, in a ring whose oldest
        // element is at `oldest`.
        var ring: [Element] = []
        var oldest = 0
        try forEach { element in
            if ring.count < maxLength {
                ring.append(element)
            } else {
                ring[oldest] = element
                oldest = (oldest + 1) % maxLength
            }
        }
        return Array(ring[oldest...] + ring[..<oldest])
    }

    /// Returns a cursor of pairs (n, x), where n represents a consecutive
    /// integer starting at zero, and x represents an element of the
    /// cursor.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT 'foo' UNION ALL SELECT 'bar'")
    /// let enumerated = names.enumerated()
    /// while let (n, name) = try enumerated.next() {
    ///     print("\(n): \(name)") // "0: foo", then "1: bar"
    /// }
    /// ```
    ///
    /// - Returns: A cursor of pairs.
    public func enumerated() -> EnumeratedCursor<Self> {
        EnumeratedCursor(self)
    }

    /// Returns a cursor over the concatenated results of mapping
    /// `transform` over this cursor, when `transform` returns sequences.
    ///
    /// ```swift
    /// let tags = try String.fetchCursor(db, sql: "SELECT tags FROM book")
    ///     .flatMap { $0.split(separator: ",") }
    /// ```
    ///
    /// - Parameter transform: A closure applied lazily to each element,
    ///   that returns a sequence.
    /// - Returns: A cursor of the elements of the sequences.
    public func flatMap<SegmentOfResult: Sequence>(
        _ transform: @escaping (Element) throws -> SegmentOfResult)
    -> FlattenCursor<MapCursor<Self, AnyCursor<SegmentOfResult.Element>>>
    {
        FlattenCursor(map { try AnyCursor(transform($0)) })
    }

    /// Returns a cursor over the concatenated results of mapping
    /// `transform` over this cursor, when `transform` returns cursors.
    ///
    /// ```swift
    /// let statements = try db.allStatements(sql: "SELECT * FROM player; SELECT * FROM coach")
    /// let rows = statements.flatMap { statement in try Row.fetchCursor(statement) }
    /// ```
    ///
    /// - Parameter transform: A closure applied lazily to each element,
    ///   that returns a cursor.
    /// - Returns: A cursor of the elements of the cursors.
    public func flatMap<SegmentOfResult: Cursor>(
        _ transform: @escaping (Element) throws -> SegmentOfResult)
    -> FlattenCursor<MapCursor<Self, SegmentOfResult>>
    {
        FlattenCursor(map(transform))
    }

    /// Returns the maximum element in the cursor, using the given predicate
    /// as the comparison between elements.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db)
    /// let best = try players.max { $0.score < $1.score }
    /// ```
    ///
    /// - Parameter areInIncreasingOrder: A predicate that returns true if
    ///   its first argument should be ordered before its second argument.
    /// - Returns: The cursor's maximum element (the first one, among
    ///   equal maximums), or nil if the cursor has no elements.
    /// - Throws: The error of the cursor, or of `areInIncreasingOrder`.
    public func max(by areInIncreasingOrder: (Element, Element) throws -> Bool) throws -> Element? {
        var result: Element?
        try forEach { element in
            if let current = result {
                if try areInIncreasingOrder(current, element) { result = element }
            } else {
                result = element
            }
        }
        return result
    }

    /// Returns the minimum element in the cursor, using the given predicate
    /// as the comparison between elements.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db)
    /// let worst = try players.min { $0.score < $1.score }
    /// ```
    ///
    /// - Parameter areInIncreasingOrder: A predicate that returns true if
    ///   its first argument should be ordered before its second argument.
    /// - Returns: The cursor's minimum element (the first one, among equal
    ///   minimums), or nil if the cursor has no elements.
    /// - Throws: The error of the cursor, or of `areInIncreasingOrder`.
    public func min(by areInIncreasingOrder: (Element, Element) throws -> Bool) throws -> Element? {
        var result: Element?
        try forEach { element in
            if let current = result {
                if try areInIncreasingOrder(element, current) { result = element }
            } else {
                result = element
            }
        }
        return result
    }
}
