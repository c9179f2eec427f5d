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
public protocol Cursor<Element>: AnyObject {
    /// The type of the cursor elements.
    associatedtype Element

    /// Returns the next element, or nil at the end.
    ///
    /// - Throws: Any error that prevents producing the element.
    func next() throws -> Element?
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

    /// Calls a function on each element.
    ///
    /// - Parameter body: A function.
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
        while let element = try next() {
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
        while let element = try next() {
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
        AnyCursor {
            while let element = try self.next() {
                if let value = try transform(element) { return value }
            }
            return nil
        }
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
        return AnyCursor {
            while toSkip > 0 {
                toSkip -= 1
                guard try self.next() != nil else { return nil }
            }
            return try self.next()
        }
    }

    /// Returns a cursor that skips the leading elements that satisfy the
    /// predicate.
    ///
    /// - Parameter predicate: A test.
    /// - Returns: A cursor.
    public func drop(while predicate: @escaping (Element) throws -> Bool) -> AnyCursor<Element> {
        var dropping = true
        return AnyCursor {
            while let element = try self.next() {
                if dropping, try predicate(element) { continue }
                dropping = false
                return element
            }
            return nil
        }
    }

    /// Returns a cursor of (offset, element) pairs.
    ///
    /// - Returns: A cursor.
    public func enumerated() -> AnyCursor<(offset: Int, element: Element)> {
        var offset = 0
        return AnyCursor {
            guard let element = try self.next() else { return nil }
            defer { offset += 1 }
            return (offset, element)
        }
    }

    /// Returns a cursor of the elements of the sequences returned by
    /// `transform`.
    ///
    /// - Parameter transform: A function that returns a sequence.
    /// - Returns: A cursor.
    public func flatMap<S: Sequence>(_ transform: @escaping (Element) throws -> S) -> AnyCursor<S.Element> {
        var iterator: S.Iterator?
        return AnyCursor {
            while true {
                if let element = iterator?.next() { return element }
                guard let base = try self.next() else { return nil }
                iterator = try transform(base).makeIterator()
            }
        }
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
        return AnyCursor {
            while true {
                if let current, let element = try current.next() { return element }
                guard let base = try self.next() else { return nil }
                current = base
            }
        }
    }
}

/// A cursor made from a function.
///
/// ```swift
/// var i = 0
/// let cursor = AnyCursor<Int> {
///     guard i < 3 else { return nil }
///     defer { i += 1 }
///     return i
/// }
/// ```
public final class AnyCursor<Element>: Cursor {
    private let _next: () throws -> Element?

    /// Creates a cursor whose `next()` calls the function.
    ///
    /// - Parameter next: A function that returns the next element, or nil.
    public init(_ next: @escaping () throws -> Element?) {
        _next = next
    }

    /// Creates a cursor that wraps another one.
    ///
    /// - Parameter base: A cursor.
    public convenience init<C: Cursor>(_ base: C) where C.Element == Element {
        self.init { try base.next() }
    }

    /// Creates a cursor over a sequence.
    ///
    /// - Parameter sequence: A sequence.
    public convenience init<S: Sequence>(_ sequence: S) where S.Element == Element {
        var iterator = sequence.makeIterator()
        self.init { iterator.next() }
    }

    /// Returns the next element.
    public func next() throws -> Element? {
        try _next()
    }
}

/// A cursor of transformed elements (see ``Cursor/map(_:)``).
public final class MapCursor<Base: Cursor, Element>: Cursor {
    private let base: Base
    private let transform: (Base.Element) throws -> Element

    init(_ base: Base, _ transform: @escaping (Base.Element) throws -> Element) {
        self.base = base
        self.transform = transform
    }

    /// Returns the next transformed element.
    public func next() throws -> Element? {
        guard let element = try base.next() else { return nil }
        return try transform(element)
    }
}

/// A cursor of filtered elements (see ``Cursor/filter(_:)``).
public final class FilterCursor<Base: Cursor>: Cursor {
    private let base: Base
    private let isIncluded: (Base.Element) throws -> Bool

    init(_ base: Base, _ isIncluded: @escaping (Base.Element) throws -> Bool) {
        self.base = base
        self.isIncluded = isIncluded
    }

    /// Returns the next element that passes the test.
    public func next() throws -> Base.Element? {
        while let element = try base.next() {
            if try isIncluded(element) { return element }
        }
        return nil
    }
}

extension Array {
    /// Creates an array with all elements of a cursor.
    ///
    /// ```swift
    /// let names = try Array(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter cursor: A cursor.
    /// - Throws: The error of the cursor.
    public init<C: Cursor>(_ cursor: C) throws where C.Element == Element {
        self.init()
        while let element = try cursor.next() {
            append(element)
        }
    }

    /// Creates an array with all elements of a cursor, reserving capacity.
    ///
    /// - Parameters:
    ///   - cursor: A cursor.
    ///   - minimumCapacity: The capacity to reserve.
    /// - Throws: The error of the cursor.
    public init<C: Cursor>(_ cursor: C, minimumCapacity: Int) throws where C.Element == Element {
        self.init()
        reserveCapacity(minimumCapacity)
        while let element = try cursor.next() {
            append(element)
        }
    }
}

extension Set {
    /// Creates a set with all elements of a cursor.
    ///
    /// - Parameter cursor: A cursor.
    /// - Throws: The error of the cursor.
    public init<C: Cursor>(_ cursor: C) throws where C.Element == Element {
        self.init()
        while let element = try cursor.next() {
            insert(element)
        }
    }
}

extension Dictionary {
    /// Creates a dictionary grouping the elements of a cursor by key.
    ///
    /// - Parameters:
    ///   - cursor: A cursor.
    ///   - keyForValue: A function that returns the key of an element.
    /// - Throws: The error of the cursor or of `keyForValue`.
    public init<C: Cursor>(grouping cursor: C, by keyForValue: (C.Element) throws -> Key) throws
    where Value == [C.Element]
    {
        self.init()
        while let element = try cursor.next() {
            try self[keyForValue(element), default: []].append(element)
        }
    }
}
