import Folio
import XCTest

/// The members of `Cursor`, and the concrete cursor types they return.
final class CursorMembersTests: FolioTestCase {
    private struct TestError: Error { }

    /// A cursor over an array that counts the calls to `next()`.
    private final class CountingCursor<Element>: Cursor {
        private var elements: [Element]
        private(set) var nextCount = 0

        init(_ elements: [Element]) {
            self.elements = elements
        }

        func next() throws -> Element? {
            nextCount += 1
            return elements.isEmpty ? nil : elements.removeFirst()
        }
    }

    /// A cursor that can only be iterated with `forEach`.
    private final class ForEachOnlyCursor<Element>: Cursor {
        let elements: [Element]

        init(_ elements: [Element]) {
            self.elements = elements
        }

        func next() throws -> Element? {
            fatalError("next() must not be called")
        }

        func forEach(_ body: (Element) throws -> Void) throws {
            for element in elements {
                try body(element)
            }
        }
    }

    // MARK: - dropFirst, drop(while:)

    func testDropFirstReturnsADropFirstCursor() throws {
        let all: DropFirstCursor<AnyCursor<Int>> = AnyCursor([1, 2, 3, 4, 5]).dropFirst()
        XCTAssertEqual(try Array(all), [2, 3, 4, 5])
        XCTAssertEqual(try Array(AnyCursor([1, 2, 3, 4, 5]).dropFirst(2)), [3, 4, 5])
        XCTAssertEqual(try Array(AnyCursor([1, 2, 3, 4, 5]).dropFirst(0)), [1, 2, 3, 4, 5])
        XCTAssertEqual(try Array(AnyCursor([1, 2, 3, 4, 5]).dropFirst(10)), [])
        XCTAssertEqual(try Array(AnyCursor([Int]()).dropFirst()), [])
    }

    func testDropFirstNextSkipsOnceThenReturnsNilForever() throws {
        let cursor = AnyCursor([1, 2, 3]).dropFirst(2)
        XCTAssertEqual(try cursor.next(), 3)
        XCTAssertNil(try cursor.next())
        XCTAssertNil(try cursor.next())

        let short = CountingCursor([1]).dropFirst(5)
        XCTAssertNil(try short.next())
        XCTAssertNil(try short.next())
    }

    func testDropFirstForwardsForEach() throws {
        XCTAssertEqual(try Array(ForEachOnlyCursor([1, 2, 3]).dropFirst(2)), [3])
    }

    func testDropWhileReturnsADropWhileCursor() throws {
        let cursor: DropWhileCursor<AnyCursor<Int>> = AnyCursor([1, 2, 3, 1]).drop(while: { $0 < 2 })
        XCTAssertEqual(try cursor.next(), 2)
        XCTAssertEqual(try Array(cursor), [3, 1])
        XCTAssertEqual(try Array(ForEachOnlyCursor([1, 2, 3, 1]).drop(while: { $0 < 3 })), [3, 1])
        XCTAssertEqual(try Array(AnyCursor([1, 2]).drop(while: { _ in true })), [])
    }

    func testDropWhileStopsCallingThePredicate() throws {
        var calls = 0
        let cursor = AnyCursor([1, 5, 1, 1]).drop(while: { calls += 1; return $0 < 2 })
        XCTAssertEqual(try Array(cursor), [5, 1, 1])
        XCTAssertEqual(calls, 2)
    }

    // MARK: - prefix, prefix(while:)

    func testPrefixReturnsAPrefixCursor() throws {
        let cursor: PrefixCursor<AnyCursor<Int>> = AnyCursor([1, 2, 3, 4, 5]).prefix(2)
        XCTAssertEqual(try Array(cursor), [1, 2])
        XCTAssertEqual(try Array(AnyCursor([1, 2, 3]).prefix(10)), [1, 2, 3])
        XCTAssertEqual(try Array(AnyCursor([1, 2, 3]).prefix(0)), [])
    }

    func testPrefixDoesNotAskTheBaseForMoreElements() throws {
        let base = CountingCursor([1, 2, 3, 4])
        let cursor = base.prefix(2)
        XCTAssertEqual(try cursor.next(), 1)
        XCTAssertEqual(try cursor.next(), 2)
        XCTAssertNil(try cursor.next())
        XCTAssertNil(try cursor.next())
        XCTAssertEqual(base.nextCount, 2)
    }

    func testPrefixOfADatabaseCursorStepsOnlyTheRowsItReturns() throws {
        let dbQueue = try makeDatabaseQueue()
        let ticks = SQLRecorder()
        try dbQueue.inDatabase { db in
            db.add(function: DatabaseFunction("tick", argumentCount: 1) { values in
                ticks.record("tick")
                return values[0]
            })
            try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1), (2), (3), (4)")
            // No ORDER BY: a sort would evaluate all rows before the first step.
            let values = try Int.fetchCursor(db, sql: "SELECT tick(a) FROM t").prefix(2)
            XCTAssertEqual(try Array(values), [1, 2])
            XCTAssertEqual(ticks.queries.count, 2)
        }
    }

    func testPrefixWhileReturnsAPrefixWhileCursor() throws {
        let cursor: PrefixWhileCursor<AnyCursor<Int>> = AnyCursor([1, 2, 3, 1]).prefix(while: { $0 < 3 })
        XCTAssertEqual(try Array(cursor), [1, 2])
        XCTAssertEqual(try Array(AnyCursor([1, 2]).prefix(while: { _ in true })), [1, 2])
    }

    func testPrefixWhileStopsAtTheFirstFailure() throws {
        let base = CountingCursor([1, 5, 1])
        var calls = 0
        let cursor = base.prefix(while: { calls += 1; return $0 < 2 })
        XCTAssertEqual(try cursor.next(), 1)
        XCTAssertNil(try cursor.next())
        XCTAssertNil(try cursor.next())
        XCTAssertEqual(calls, 2)
        XCTAssertEqual(base.nextCount, 2)
    }

    /// The four cursors of a leading run (one skeleton, `LeadingRun`)
    /// throw the errors of their base cursor and of their predicate, and
    /// the forwarded `forEach` of the drops calls the predicate until it
    /// first fails, as `next()` does.
    func testLeadingRunCursorsThrowTheErrorsOfTheBaseAndOfThePredicate() throws {
        let failing = { AnyCursor<Int> { throw TestError() } }
        XCTAssertThrowsError(try failing().dropFirst(1).next()) { XCTAssertTrue($0 is TestError) }
        XCTAssertThrowsError(try failing().prefix(1).next()) { XCTAssertTrue($0 is TestError) }
        XCTAssertThrowsError(try failing().drop(while: { _ in true }).next()) { XCTAssertTrue($0 is TestError) }
        XCTAssertThrowsError(try failing().prefix(while: { _ in true }).next()) { XCTAssertTrue($0 is TestError) }
        XCTAssertNil(try failing().prefix(0).next())

        let throwing: (Int) throws -> Bool = { if $0 == 2 { throw TestError() }; return true }
        let dropping = AnyCursor([1, 2, 3]).drop(while: throwing)
        XCTAssertThrowsError(try dropping.next()) { XCTAssertTrue($0 is TestError) }
        let prefix = AnyCursor([1, 2, 3]).prefix(while: throwing)
        XCTAssertEqual(try prefix.next(), 1)
        XCTAssertThrowsError(try prefix.next()) { XCTAssertTrue($0 is TestError) }

        var calls = 0
        var seen: [Int] = []
        try ForEachOnlyCursor([1, 5, 1, 1]).drop(while: { calls += 1; return $0 < 2 }).forEach { seen.append($0) }
        XCTAssertEqual(seen, [5, 1, 1])
        XCTAssertEqual(calls, 2)
        seen = []
        try ForEachOnlyCursor([1, 2, 3]).dropFirst(0).forEach { seen.append($0) }
        XCTAssertEqual(seen, [1, 2, 3])
    }

    // MARK: - dropLast, suffix

    func testDropLast() throws {
        XCTAssertEqual(try AnyCursor([1, 2, 3, 4, 5]).dropLast(), [1, 2, 3, 4])
        XCTAssertEqual(try AnyCursor([1, 2, 3, 4, 5]).dropLast(2), [1, 2, 3])
        XCTAssertEqual(try AnyCursor([1, 2, 3, 4, 5]).dropLast(0), [1, 2, 3, 4, 5])
        XCTAssertEqual(try AnyCursor([1, 2, 3, 4, 5]).dropLast(5), [])
        XCTAssertEqual(try AnyCursor([1, 2, 3, 4, 5]).dropLast(10), [])
        XCTAssertEqual(try AnyCursor([Int]()).dropLast(), [])
        XCTAssertEqual(try ForEachOnlyCursor(Array(1...10)).dropLast(3), Array(1...7))
    }

    func testSuffix() throws {
        XCTAssertEqual(try AnyCursor([1, 2, 3, 4, 5]).suffix(2), [4, 5])
        XCTAssertEqual(try AnyCursor([1, 2, 3, 4, 5]).suffix(10), [1, 2, 3, 4, 5])
        XCTAssertEqual(try AnyCursor([1, 2, 3, 4, 5]).suffix(5), [1, 2, 3, 4, 5])
        XCTAssertEqual(try AnyCursor([1, 2, 3, 4, 5]).suffix(0), [])
        XCTAssertEqual(try AnyCursor([Int]()).suffix(3), [])
        XCTAssertEqual(try ForEachOnlyCursor(Array(1...10)).suffix(3), [8, 9, 10])
        XCTAssertEqual(try AnyCursor(Array(1...7)).suffix(3), [5, 6, 7])
    }

    func testDropLastAndSuffixOfADatabaseCursor() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 6) SELECT x FROM c"
            XCTAssertEqual(try Int.fetchCursor(db, sql: sql).dropLast(2), [1, 2, 3, 4])
            XCTAssertEqual(try Int.fetchCursor(db, sql: sql).suffix(2), [5, 6])
        }
    }

    func testDropLastAndSuffixThrowTheErrorOfTheCursor() throws {
        let failing = AnyCursor([1, 2, 3]).map { value -> Int in
            if value == 3 { throw TestError() }
            return value
        }
        XCTAssertThrowsError(try failing.suffix(1)) { XCTAssertTrue($0 is TestError) }
        let failingAgain = AnyCursor([1, 2, 3]).map { value -> Int in
            if value == 3 { throw TestError() }
            return value
        }
        XCTAssertThrowsError(try failingAgain.dropLast(1)) { XCTAssertTrue($0 is TestError) }
    }

    // MARK: - min, max

    func testMinAndMax() throws {
        XCTAssertEqual(try AnyCursor([3, 1, 4, 1, 5]).max(), 5)
        XCTAssertEqual(try AnyCursor([3, 1, 4, 1, 5]).min(), 1)
        XCTAssertNil(try AnyCursor([Int]()).max())
        XCTAssertNil(try AnyCursor([Int]()).min())
        XCTAssertEqual(try AnyCursor(["b", "a", "c"]).max(), "c")
        XCTAssertEqual(try ForEachOnlyCursor([2, 7, 1]).max(), 7)
    }

    func testMinAndMaxByPredicateReturnTheFirstExtremum() throws {
        let pairs = [(1, "a"), (3, "b"), (3, "c"), (0, "d"), (0, "e")]
        XCTAssertEqual(try AnyCursor(pairs).max(by: { $0.0 < $1.0 })?.1, "b")
        XCTAssertEqual(try AnyCursor(pairs).min(by: { $0.0 < $1.0 })?.1, "d")
        XCTAssertNil(try AnyCursor([(Int, String)]()).max(by: { $0.0 < $1.0 }))
    }

    func testMinAndMaxOfADatabaseCursor() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT 3 UNION ALL SELECT 9 UNION ALL SELECT 1"
            XCTAssertEqual(try Int.fetchCursor(db, sql: sql).max(), 9)
            XCTAssertEqual(try Int.fetchCursor(db, sql: sql).min(), 1)
            XCTAssertEqual(try Int.fetchCursor(db, sql: sql).max(by: >), 1)
        }
    }

    func testMaxByThrowsTheErrorOfThePredicate() throws {
        XCTAssertThrowsError(try AnyCursor([1, 2]).max(by: { _, _ in throw TestError() })) { error in
            XCTAssertTrue(error is TestError)
        }
    }

    // MARK: - joined, flatMap, compactMap

    func testJoinedWithSeparator() throws {
        XCTAssertEqual(try AnyCursor(["a", "b", "c"]).joined(separator: ", "), "a, b, c")
        XCTAssertEqual(try AnyCursor(["a", "b", "c"]).joined(), "abc")
        XCTAssertEqual(try AnyCursor([String]()).joined(separator: ", "), "")
        XCTAssertEqual(try AnyCursor(["a"]).joined(separator: ", "), "a")
        let substrings: [Substring] = ["x", "y"]
        XCTAssertEqual(try AnyCursor(substrings).joined(separator: "-"), "x-y")
    }

    func testJoinedWithSeparatorOfADatabaseCursor() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let names = try String.fetchCursor(db, sql: "SELECT 'Arthur' UNION ALL SELECT 'Barbara'")
            XCTAssertEqual(try names.joined(separator: ", "), "Arthur, Barbara")
        }
    }

    func testJoinedCursorOfCursorsReturnsAFlattenCursor() throws {
        let base = AnyCursor([AnyCursor([1, 2]), AnyCursor([Int]()), AnyCursor([3])])
        let cursor: FlattenCursor<AnyCursor<AnyCursor<Int>>> = base.joined()
        XCTAssertEqual(try cursor.next(), 1)
        XCTAssertEqual(try Array(cursor), [2, 3])
        XCTAssertNil(try cursor.next())
    }

    func testJoinedCursorOfSequencesReturnsAFlattenCursor() throws {
        let cursor: FlattenCursor<MapCursor<AnyCursor<[Int]>, AnyCursor<Int>>> = AnyCursor([[1], [], [2, 3]]).joined()
        XCTAssertEqual(try Array(cursor), [1, 2, 3])
        XCTAssertEqual(try Array(ForEachOnlyCursor([[1], [2, 3]]).joined()), [1, 2, 3])
    }

    func testFlatMapOfSequencesReturnsAFlattenCursor() throws {
        let cursor: FlattenCursor<MapCursor<AnyCursor<Int>, AnyCursor<Int>>> = AnyCursor([1, 2]).flatMap { [$0, $0 * 10] }
        XCTAssertEqual(try cursor.next(), 1)
        XCTAssertEqual(try Array(cursor), [10, 2, 20])
    }

    func testFlatMapOfCursorsReturnsAFlattenCursor() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let cursor: FlattenCursor<MapCursor<AnyCursor<Int>, FastDatabaseValueCursor<Int>>> = AnyCursor([1, 3]).flatMap { n in
                try Int.fetchCursor(db, sql: "SELECT ? UNION ALL SELECT ? + 1", arguments: [n, n])
            }
            XCTAssertEqual(try Array(cursor), [1, 2, 3, 4])
        }
    }

    func testFlatMapOfASequenceToCursors() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let cursor: FlattenCursor<MapCursor<AnyCursor<Int>, FastDatabaseValueCursor<Int>>> = [1, 3].flatMap { n in
                try Int.fetchCursor(db, sql: "SELECT ? UNION ALL SELECT ? * 10", arguments: [n, n])
            }
            XCTAssertEqual(try cursor.next(), 1)
            XCTAssertEqual(try Array(cursor), [10, 3, 30])
        }
        // The flatMap of the standard library is still there for sequences.
        XCTAssertEqual([1, 2].flatMap { [$0, $0] }, [1, 1, 2, 2])
    }

    func testFlatMapThrowsTheErrorOfTheTransform() throws {
        let cursor = AnyCursor([1, 2]).flatMap { value -> [Int] in
            if value == 2 { throw TestError() }
            return [value]
        }
        XCTAssertEqual(try cursor.next(), 1)
        XCTAssertThrowsError(try cursor.next()) { XCTAssertTrue($0 is TestError) }
    }

    func testCompactMapReturnsMapAndFilterCursors() throws {
        let cursor: MapCursor<FilterCursor<MapCursor<AnyCursor<String>, Int?>>, Int> = AnyCursor(["1", "x", "3"]).compactMap { Int($0) }
        XCTAssertEqual(try cursor.next(), 1)
        XCTAssertEqual(try cursor.next(), 3)
        XCTAssertNil(try cursor.next())
        XCTAssertEqual(try Array(ForEachOnlyCursor(["1", "x", "3"]).compactMap { Int($0) }), [1, 3])
    }

    // MARK: - AnyCursor, EnumeratedCursor

    func testAnyCursorFromAnIterator() throws {
        let cursor = AnyCursor(iterator: [1, 2, 3].makeIterator())
        XCTAssertEqual(try cursor.next(), 1)
        XCTAssertEqual(try Array(cursor), [2, 3])
        XCTAssertNil(try cursor.next())
    }

    func testAnyCursorFromASequenceAClosureAndACursor() throws {
        XCTAssertEqual(try Array(AnyCursor(1...3)), [1, 2, 3])
        var i = 0
        let counter = AnyCursor<Int> {
            guard i < 3 else { return nil }
            defer { i += 1 }
            return i
        }
        XCTAssertEqual(try Array(counter), [0, 1, 2])
        let base = CountingCursor([1, 2])
        let erased = AnyCursor(base)
        XCTAssertEqual(try Array(erased), [1, 2])
        XCTAssertEqual(base.nextCount, 3)
    }

    func testEnumeratedCursorReturnsUnlabeledPairs() throws {
        let cursor = AnyCursor(["foo", "bar"]).enumerated()
        var lines: [String] = []
        while let (n, x) = try cursor.next() {
            lines.append("\(n): \(x)")
        }
        XCTAssertEqual(lines, ["0: foo", "1: bar"])
        let pair: (Int, String)? = try AnyCursor(["a"]).enumerated().next()
        XCTAssertEqual(pair?.0, 0)
        XCTAssertEqual(pair?.1, "a")
        var forEachLines: [String] = []
        try AnyCursor(["x", "y"]).enumerated().forEach { n, x in forEachLines.append("\(n)\(x)") }
        XCTAssertEqual(forEachLines, ["0x", "1y"])
    }

    // MARK: - Other members

    func testOtherMembers() throws {
        XCTAssertTrue(try AnyCursor([Int]()).isEmpty)
        XCTAssertFalse(try AnyCursor([1]).isEmpty)
        XCTAssertTrue(try AnyCursor([1, 2]).contains(2))
        XCTAssertFalse(try AnyCursor([1, 2]).contains(where: { $0 > 2 }))
        XCTAssertEqual(try AnyCursor([1, 2, 3]).first(where: { $0 > 1 }), 2)
        XCTAssertEqual(try AnyCursor([1, 2, 3]).reduce(0, +), 6)
        XCTAssertEqual(try AnyCursor([1, 2, 3]).reduce(into: 0) { $0 += $1 }, 6)
        XCTAssertEqual(try Array(AnyCursor([1, 2, 3]).map { $0 * 2 }.filter { $0 > 2 }), [4, 6])
    }
}
