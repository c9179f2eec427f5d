import Folio
import XCTest

/// `forEach` is a requirement of `Cursor`: the initializers from cursors
/// iterate with it, and the cursor adapters forward it (issue 15, item 13).
final class CursorForEachTests: FolioTestCase {
    /// A cursor that can only be iterated with `forEach`.
    private final class ForEachOnlyCursor<Element>: Cursor {
        let elements: [Element]
        private(set) var forEachCount = 0

        init(_ elements: [Element]) {
            self.elements = elements
        }

        func next() throws -> Element? {
            fatalError("next() must not be called")
        }

        func forEach(_ body: (Element) throws -> Void) throws {
            forEachCount += 1
            for element in elements {
                try body(element)
            }
        }
    }

    private struct TestError: Error { }

    func testArrayFromCursorIteratesWithForEach() throws {
        let cursor = ForEachOnlyCursor([1, 2, 3])
        XCTAssertEqual(try Array(cursor), [1, 2, 3])
        XCTAssertEqual(cursor.forEachCount, 1)
        XCTAssertEqual(try Array(ForEachOnlyCursor([1, 2, 3]), minimumCapacity: 10), [1, 2, 3])
    }

    func testSetFromCursorIteratesWithForEach() throws {
        XCTAssertEqual(try Set(ForEachOnlyCursor([1, 2, 2, 3])), [1, 2, 3])
    }

    func testDictionaryGroupingCursorIteratesWithForEach() throws {
        let groups = try Dictionary(grouping: ForEachOnlyCursor([1, 2, 3, 4, 5]), by: { $0 % 2 })
        XCTAssertEqual(groups, [0: [2, 4], 1: [1, 3, 5]])
    }

    func testMapFilterAndEnumeratedForwardForEach() throws {
        XCTAssertEqual(try Array(ForEachOnlyCursor([1, 2, 3]).map { $0 * 10 }), [10, 20, 30])
        XCTAssertEqual(try Array(ForEachOnlyCursor([1, 2, 3, 4]).filter { $0.isMultiple(of: 2) }), [2, 4])
        let pairs = try Array(ForEachOnlyCursor(["a", "b"]).enumerated())
        XCTAssertEqual(pairs.map { $0.0 }, [0, 1])
        XCTAssertEqual(pairs.map { $0.1 }, ["a", "b"])
        // Chained adapters forward too.
        XCTAssertEqual(try Array(ForEachOnlyCursor([1, 2, 3, 4]).filter { $0 > 1 }.map { $0 * 2 }.enumerated().map { $0.0 }), [0, 1, 2])
    }

    func testAnyCursorForwardsForEach() throws {
        let base = ForEachOnlyCursor([1, 2, 3])
        let cursor = AnyCursor(base)
        var elements: [Int] = []
        try cursor.forEach { elements.append($0) }
        XCTAssertEqual(elements, [1, 2, 3])
        XCTAssertEqual(base.forEachCount, 1)
        XCTAssertEqual(try Array(AnyCursor(ForEachOnlyCursor([4, 5]))), [4, 5])
    }

    func testOtherAdaptersForwardForEach() throws {
        XCTAssertEqual(try Array(ForEachOnlyCursor([1, 2, 3]).compactMap { $0 == 2 ? nil : $0 }), [1, 3])
        XCTAssertEqual(try Array(ForEachOnlyCursor([1, 2, 3]).dropFirst()), [2, 3])
        XCTAssertEqual(try Array(ForEachOnlyCursor([1, 2, 3, 1]).drop(while: { $0 < 2 })), [2, 3, 1])
        XCTAssertEqual(try Array(ForEachOnlyCursor([1, 2]).flatMap { [$0, $0] }), [1, 1, 2, 2])
        XCTAssertEqual(try Array(ForEachOnlyCursor([[1], [2, 3]]).joined()), [1, 2, 3])
        XCTAssertEqual(try ForEachOnlyCursor([1, 2, 3]).reduce(0, +), 6)
        XCTAssertEqual(try ForEachOnlyCursor([1, 2, 3]).reduce(into: [Int]()) { $0.append($1) }, [1, 2, 3])
    }

    func testDefaultForEachCallsNextUntilTheEnd() throws {
        var remaining = [1, 2, 3]
        let cursor = AnyCursor<Int> { remaining.isEmpty ? nil : remaining.removeFirst() }
        var elements: [Int] = []
        try cursor.forEach { elements.append($0) }
        XCTAssertEqual(elements, [1, 2, 3])
        XCTAssertNil(try cursor.next())
    }

    func testForEachAfterNextIteratesTheRemainingElements() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3"
            let cursor = try Int.fetchCursor(db, sql: sql).enumerated()
            XCTAssertEqual(try cursor.next()?.1, 1)
            let rest = try Array(cursor)
            XCTAssertEqual(rest.map { $0.0 }, [1, 2])
            XCTAssertEqual(rest.map { $0.1 }, [2, 3])

            let flattened = try Int.fetchCursor(db, sql: sql).flatMap { [$0, $0 * 10] }
            XCTAssertEqual(try flattened.next(), 1)
            XCTAssertEqual(try Array(flattened), [10, 2, 20, 3, 30])
        }
    }

    func testForEachStopsAtTheFirstError() throws {
        let cursor = ForEachOnlyCursor([1, 2, 3]).map { value -> Int in
            if value == 2 { throw TestError() }
            return value
        }
        var elements: [Int] = []
        XCTAssertThrowsError(try cursor.forEach { elements.append($0) }) { error in
            XCTAssertTrue(error is TestError)
        }
        XCTAssertEqual(elements, [1])
    }

    func testDatabaseCursorsStillFillArraysAndSets() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 2"
            XCTAssertEqual(try Array(Int.fetchCursor(db, sql: sql)), [1, 2, 2])
            XCTAssertEqual(try Set(Int.fetchCursor(db, sql: sql)), [1, 2])
            XCTAssertEqual(try Array(Row.fetchCursor(db, sql: sql)).count, 3)
            XCTAssertEqual(try Int.fetchAll(db, sql: sql), [1, 2, 2])
            XCTAssertEqual(try DatabaseValue.fetchAll(db, sql: sql), [1.databaseValue, 2.databaseValue, 2.databaseValue])
        }
    }
}
