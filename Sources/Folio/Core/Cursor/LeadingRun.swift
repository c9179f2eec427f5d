/// The one skeleton of the four cursors that split a base cursor at the end
/// of its leading run of elements: ``DropFirstCursor`` and
/// ``DropWhileCursor`` skip the run (``nextAfterRun()``,
/// ``forEachAfterRun(_:)``), ``PrefixCursor`` and ``PrefixWhileCursor``
/// return it and stop (``nextInRun()``). The rule says where the run ends:
/// after a number of elements (``CountedRun``), or at the first element
/// that fails a predicate (``PredicateRun``).
///
/// The rule is a generic parameter, not a closure or an enum, so that each
/// cursor is specialized for its own rule: a counted run never calls a
/// closure, and the predicate is called once per element, as before.
struct LeadingRun<Base: Cursor, Rule: LeadingRunRule> where Rule.Element == Base.Element {
    let base: Base
    var rule: Rule
    /// Whether the run has ended: an element has failed the rule, or the
    /// rule admits no more elements (a prefix also ends with its base).
    var isOver = false

    init(_ base: Base, rule: Rule) {
        self.base = base
        self.rule = rule
    }

    /// The next element after the run: the first call skips the run.
    mutating func nextAfterRun() throws -> Base.Element? {
        while !isOver {
            guard rule.admitsMore else {
                isOver = true
                break
            }
            guard let element = try base.next() else { return nil }
            if try !rule.admits(element) {
                isOver = true
                return element
            }
        }
        return try base.next()
    }

    /// Calls `body` on each element after the run, with the `forEach(_:)`
    /// of the base cursor.
    mutating func forEachAfterRun(_ body: (Base.Element) throws -> Void) throws {
        try base.forEach { element in
            if !isOver {
                if rule.admitsMore, try rule.admits(element) { return }
                isOver = true
            }
            try body(element)
        }
    }

    /// The next element of the run, or nil once it has ended. The base
    /// cursor is not asked for an element that the rule does not admit
    /// beforehand (a prefix of `n` elements steps a database cursor at most
    /// `n` times), nor for any element once the run has ended.
    mutating func nextInRun() throws -> Base.Element? {
        guard !isOver else { return nil }
        if rule.admitsMore, let element = try base.next(), try rule.admits(element) {
            return element
        }
        isOver = true
        return nil
    }
}

/// Where the leading run of a ``LeadingRun`` ends.
protocol LeadingRunRule<Element> {
    associatedtype Element
    /// Whether the run may have one more element, known before the base
    /// cursor is asked for it.
    var admitsMore: Bool { get }
    /// Whether the element, which follows the elements admitted so far,
    /// belongs to the run.
    mutating func admits(_ element: Element) throws -> Bool
}

/// A run of a number of elements (`dropFirst(_:)`, `prefix(_:)`).
struct CountedRun<Element>: LeadingRunRule {
    /// The number of elements of the run still to come.
    private var remaining: Int

    /// Stops the program when `count` is negative: a programmer error
    /// whose message, `misuse`, names the method.
    init(count: Int, misuse: @autoclosure () -> String) {
        checkProgrammerError(count >= 0, misuse())
        remaining = count
    }

    var admitsMore: Bool { remaining > 0 }

    mutating func admits(_ element: Element) -> Bool {
        remaining -= 1
        return true
    }
}

/// A run of the elements that satisfy a predicate (`drop(while:)`,
/// `prefix(while:)`).
struct PredicateRun<Element>: LeadingRunRule {
    let predicate: (Element) throws -> Bool

    var admitsMore: Bool { true }

    func admits(_ element: Element) throws -> Bool {
        try predicate(element)
    }
}
