/// A sequence of values that may fail as it iterates, such as the rows of
/// a database query.
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
/// Database cursors are lazy: each call to `next()` steps SQLite once, so
/// iterating a large table uses little memory. They are only valid inside
/// the database access closure that created them: calling `next()` after
/// the closure returns throws a ``DatabaseError`` (`SQLITE_MISUSE`).
///
/// Cursors have the usual sequence operations (`map`, `filter`,
/// `compactMap`, `prefix`, `dropFirst`, `reduce`, `forEach`, `contains`,
/// `first(where:)`, `joined`...), and turn into arrays and sets with
/// `try Array(cursor)` and `try Set(cursor)`.
///
/// ``forEach(_:)`` is a requirement, with a default implementation that
/// loops over ``next()``: a cursor that can iterate all its elements
/// faster than one at a time implements it. `Array(cursor)`, `Set(cursor)`
/// and `Dictionary(grouping:by:)` iterate with `forEach`, and `map`,
/// `filter`, `enumerated` and ``AnyCursor`` forward it to their base.
public protocol Cursor<Element>: AnyObject {
    /// The type of the cursor elements.
    associatedtype Element

    /// Returns the next element, or nil at the end.
    ///
    /// - Throws: Any error that prevents producing the element.
    func next() throws -> Element?

    /// Calls a function on each remaining element, in order.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// try names.forEach { name in print(name) }
    /// ```
    ///
    /// The default implementation calls ``next()`` until the end.
    ///
    /// - Parameter body: A function called with each element.
    /// - Throws: The error of the cursor, or of `body`.
    func forEach(_ body: (Element) throws -> Void) throws
}

extension Cursor {
    /// Returns whether the cursor has no more element. It consumes one
    /// element.
    public var isEmpty: Bool {
        get throws { try next() == nil }
    }

    /// Returns whether an element satisfies the predicate, consuming the
    /// cursor up to that element.
    ///
    /// - Parameter predicate: A test.
    /// - Returns: Whether an element passes the test.
    public func contains(where predicate: (Element) throws -> Bool) throws -> Bool {
        while let element = try next() {
            if try predicate(element) { return true }
        }
        return false
    }

    /// Returns whether all elements satisfy the predicate.
    ///
    /// - Parameter predicate: A test.
    /// - Returns: Whether every element passes the test.
    public func allSatisfy(_ predicate: (Element) throws -> Bool) throws -> Bool {
        while let element = try next() {
            if try !predicate(element) { return false }
        }
        return true
    }

    /// Returns the first element that satisfies the predicate.
    ///
    /// - Parameter predicate: A test.
    /// - Returns: The first matching element, or nil.
    public func first(where predicate: (Element) throws -> Bool) throws -> Element? {
        while let element = try next() {
            if try predicate(element) { return element }
        }
        return nil
    }

    // @inlinable: allows specialization, so that `Array(cursor)` on a
    // concrete cursor compiles down to a loop over its `next()`.

    /// Calls a function on each remaining element, by calling ``next()``
    /// until the end: the default implementation of the requirement.
    ///
    /// ```swift
    /// try names.forEach { name in print(name) }
    /// ```
    ///
    /// - Parameter body: A function called with each element.
    /// - Throws: The error of the cursor, or of `body`.
    @inlinable
    public func forEach(_ body: (Element) throws -> Void) throws {
        while let element = try next() {
            try body(element)
        }
    }

    /// Combines all elements.
    ///
    /// - Parameters:
    ///   - initialResult: The starting value.
    ///   - nextPartialResult: A combining function.
    /// - Returns: The combined value.
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

    /// Combines all elements into a mutable value.
    ///
    /// - Parameters:
    ///   - initialResult: The starting value.
    ///   - updateAccumulatingResult: A function that updates the value.
    /// - Returns: The combined value.
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

    /// Returns a cursor of transformed elements.
    ///
    /// - Parameter transform: A function applied lazily to each element.
    /// - Returns: A cursor.
    public func map<T>(_ transform: @escaping (Element) throws -> T) -> MapCursor<Self, T> {
        MapCursor(self, transform)
    }

    /// Returns a cursor of non-nil transformed elements.
    ///
    /// - Parameter transform: A function applied lazily to each element.
    /// - Returns: A cursor.
    public func compactMap<T>(_ transform: @escaping (Element) throws -> T?) -> AnyCursor<T> {
        AnyCursor(
            next: {
                while let element = try self.next() {
                    if let value = try transform(element) { return value }
                }
                return nil
            },
            forEach: { body in
                try self.forEach { element in
                    if let value = try transform(element) { try body(value) }
                }
            })
    }

    /// Returns a cursor of the elements that satisfy the predicate.
    ///
    /// - Parameter isIncluded: A test applied lazily to each element.
    /// - Returns: A cursor.
    public func filter(_ isIncluded: @escaping (Element) throws -> Bool) -> FilterCursor<Self> {
        FilterCursor(self, isIncluded)
    }

    /// Returns a cursor of at most `maxLength` elements.
    ///
    /// - Parameter maxLength: The maximum number of elements.
    /// - Returns: A cursor.
    public func prefix(_ maxLength: Int) -> AnyCursor<Element> {
        var remaining = maxLength
        return AnyCursor {
            guard remaining > 0 else { return nil }
            remaining -= 1
            return try self.next()
        }
    }

    /// Returns a cursor of the leading elements that satisfy the predicate.
    ///
    /// - Parameter predicate: A test.
    /// - Returns: A cursor.
    public func prefix(while predicate: @escaping (Element) throws -> Bool) -> AnyCursor<Element> {
        var done = false
        return AnyCursor {
            guard !done, let element = try self.next() else { return nil }
            if try predicate(element) { return element }
            done = true
            return nil
        }
    }

    /// Returns a cursor that skips the first `k` elements.
    ///
    /// - Parameter k: The number of elements to skip.
    /// - Returns: A cursor.
    public func dropFirst(_ k: Int = 1) -> AnyCursor<Element> {
        var toSkip = k
        return AnyCursor(
            next: {
                while toSkip > 0 {
                    toSkip -= 1
                    guard try self.next() != nil else { return nil }
                }
                return try self.next()
            },
            forEach: { body in
                try self.forEach { element in
                    if toSkip > 0 {
                        toSkip -= 1
                    } else {
                        try body(element)
                    }
                }
            })
    }

    /// Returns a cursor that skips the leading elements that satisfy the
    /// predicate.
    ///
    /// - Parameter predicate: A test.
    /// - Returns: A cursor.
    public func drop(while predicate: @escaping (Element) throws -> Bool) -> AnyCursor<Element> {
        var dropping = true
        return AnyCursor(
            next: {
                while let element = try self.next() {
                    if dropping, try predicate(element) { continue }
                    dropping = false
                    return element
                }
                return nil
            },
            forEach: { body in
                try self.forEach { element in
                    if dropping, try predicate(element) { return }
                    dropping = false
                    try body(element)
                }
            })
    }

    /// Returns a cursor of (offset, element) pairs, the offset counting
    /// from zero.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// try names.enumerated().forEach { offset, name in print("\(offset): \(name)") }
    /// ```
    ///
    /// - Returns: A cursor.
    public func enumerated() -> EnumeratedCursor<Self> {
        EnumeratedCursor(self)
    }

    /// Returns a cursor of the elements of the sequences returned by
    /// `transform`.
    ///
    /// - Parameter transform: A function that returns a sequence.
    /// - Returns: A cursor.
    public func flatMap<S: Sequence>(_ transform: @escaping (Element) throws -> S) -> AnyCursor<S.Element> {
        var iterator: S.Iterator?
        return AnyCursor(
            next: {
                while true {
                    if let element = iterator?.next() { return element }
                    guard let base = try self.next() else { return nil }
                    iterator = try transform(base).makeIterator()
                }
            },
            forEach: { body in
                // Elements left by calls to next() come first.
                while let element = iterator?.next() { try body(element) }
                iterator = nil
                try self.forEach { base in
                    for element in try transform(base) { try body(element) }
                }
            })
    }

    /// Returns the maximum element, according to a comparison.
    ///
    /// - Parameter areInIncreasingOrder: A comparison.
    /// - Returns: The maximum element, or nil for an empty cursor.
    public func max(by areInIncreasingOrder: (Element, Element) throws -> Bool) throws -> Element? {
        guard var result = try next() else { return nil }
        while let element = try next() {
            if try areInIncreasingOrder(result, element) { result = element }
        }
        return result
    }

    /// Returns the minimum element, according to a comparison.
    ///
    /// - Parameter areInIncreasingOrder: A comparison.
    /// - Returns: The minimum element, or nil for an empty cursor.
    public func min(by areInIncreasingOrder: (Element, Element) throws -> Bool) throws -> Element? {
        guard var result = try next() else { return nil }
        while let element = try next() {
            if try areInIncreasingOrder(element, result) { result = element }
        }
        return result
    }
}

extension Cursor where Element: Equatable {
    /// Returns whether the cursor contains an element, consuming it up to
    /// that element.
    ///
    /// - Parameter element: The element to look for.
    /// - Returns: Whether it was found.
    public func contains(_ element: Element) throws -> Bool {
        try contains { $0 == element }
    }
}

extension Cursor where Element: Sequence {
    /// Returns a cursor of the elements of all sequences.
    ///
    /// - Returns: A flattened cursor.
    public func joined() -> AnyCursor<Element.Element> {
        flatMap { $0 }
    }
}

extension Cursor where Element: Cursor {
    /// Returns a cursor of the elements of all cursors.
    ///
    /// - Returns: A flattened cursor.
    public func joined() -> AnyCursor<Element.Element> {
        var current: Element?
        return AnyCursor(
            next: {
                while true {
                    if let current, let element = try current.next() { return element }
                    guard let base = try self.next() else { return nil }
                    current = base
                }
            },
            forEach: { body in
                // The rest of the cursor that next() was reading comes first.
                try current?.forEach(body)
                current = nil
                try self.forEach { base in try base.forEach(body) }
            })
    }
}
