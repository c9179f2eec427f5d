import Folio
import Foundation
import XCTest

/// Swift collections built from cursors.
final class CursorCollectionsTests: FolioTestCase {
    private struct TestError: Error { }

    private func failingCursor() -> MapCursor<AnyCursor<Int>, Int> {
        AnyCursor([1, 2, 3]).map { value in
            if value == 3 { throw TestError() }
            return value
        }
    }

    func testRangeReplaceableCollectionsFromCursors() throws {
        XCTAssertEqual(try Array(AnyCursor([1, 2, 3])), [1, 2, 3])
        XCTAssertEqual(try Array(AnyCursor([1, 2, 3]), minimumCapacity: 100), [1, 2, 3])
        XCTAssertEqual(try ContiguousArray(AnyCursor([1, 2])), [1, 2])
        XCTAssertEqual(try ContiguousArray(AnyCursor([1, 2]), minimumCapacity: 10), [1, 2])
        XCTAssertEqual(try String(AnyCursor(Array("abc"))), "abc")
        XCTAssertEqual(try Data(AnyCursor([0x61, 0x62] as [UInt8])), Data("ab".utf8))
    }

    func testArrayFromADatabaseCursorReservesCapacity() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let names = try Array(String.fetchCursor(db, sql: "SELECT 'a' UNION ALL SELECT 'b'"), minimumCapacity: 64)
            XCTAssertEqual(names, ["a", "b"])
            XCTAssertGreaterThanOrEqual(names.capacity, 64)
        }
    }

    func testAppendContentsOfCursor() throws {
        var numbers = [0]
        try numbers.append(contentsOf: AnyCursor([1, 2]))
        XCTAssertEqual(numbers, [0, 1, 2])

        var partial = [0]
        XCTAssertThrowsError(try partial.append(contentsOf: failingCursor())) { XCTAssertTrue($0 is TestError) }
        XCTAssertEqual(partial, [0, 1, 2])
    }

    func testCollectionInitializersThrowTheErrorOfTheCursor() throws {
        XCTAssertThrowsError(try Array(failingCursor())) { XCTAssertTrue($0 is TestError) }
        XCTAssertThrowsError(try Set(failingCursor(), minimumCapacity: 3)) { XCTAssertTrue($0 is TestError) }
        XCTAssertThrowsError(try Dictionary(grouping: failingCursor(), by: { $0 })) { XCTAssertTrue($0 is TestError) }
    }

    func testSetFromCursor() throws {
        XCTAssertEqual(try Set(AnyCursor([1, 2, 2, 3])), [1, 2, 3])
        let set = try Set(AnyCursor([1, 2, 2]), minimumCapacity: 50)
        XCTAssertEqual(set, [1, 2])
        XCTAssertGreaterThanOrEqual(set.capacity, 50)
    }

    func testSetUnion() throws {
        let set: Set = [1, 2]
        XCTAssertEqual(try set.union(AnyCursor([2, 3, 3])), [1, 2, 3])
        var mutable: Set = [1]
        try mutable.formUnion(AnyCursor([1, 4]))
        XCTAssertEqual(mutable, [1, 4])
    }

    func testSetIntersection() throws {
        let set: Set = [1, 2, 3]
        XCTAssertEqual(try set.intersection(AnyCursor([2, 3, 4, 3])), [2, 3])
        XCTAssertEqual(try set.intersection(AnyCursor([Int]())), [])
        var mutable: Set = [1, 2, 3]
        try mutable.formIntersection(AnyCursor([3, 1, 9]))
        XCTAssertEqual(mutable, [1, 3])
    }

    func testSetUnionAndIntersectionWithDatabaseCursors() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT 'Arthur' UNION ALL SELECT 'Barbara'"
            let names: Set = ["Arthur", "Zoe"]
            XCTAssertEqual(try names.union(String.fetchCursor(db, sql: sql)), ["Arthur", "Barbara", "Zoe"])
            XCTAssertEqual(try names.intersection(String.fetchCursor(db, sql: sql)), ["Arthur"])
        }
    }

    func testDictionaryGrouping() throws {
        let groups = try Dictionary(grouping: AnyCursor([1, 2, 3, 4, 5]), by: { $0 % 2 })
        XCTAssertEqual(groups, [0: [2, 4], 1: [1, 3, 5]])
        let reserved = try Dictionary(minimumCapacity: 40, grouping: AnyCursor(["apple", "avocado", "banana"]), by: { $0.first! })
        XCTAssertEqual(reserved, ["a": ["apple", "avocado"], "b": ["banana"]])
        XCTAssertGreaterThanOrEqual(reserved.capacity, 40)
    }

    func testDictionaryUniqueKeysWithValues() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let pairs = try Row.fetchCursor(db, sql: "SELECT 1 AS id, 'Arthur' AS name UNION ALL SELECT 2, 'Barbara'")
                .map { row -> (Int, String) in (row["id"], row["name"]) }
            XCTAssertEqual(try Dictionary(uniqueKeysWithValues: pairs), [1: "Arthur", 2: "Barbara"])
        }
        let reserved = try Dictionary(minimumCapacity: 30, uniqueKeysWithValues: AnyCursor([("a", 1), ("b", 2)]))
        XCTAssertEqual(reserved, ["a": 1, "b": 2])
        XCTAssertGreaterThanOrEqual(reserved.capacity, 30)
    }

    func testDictionaryUniqueKeysWithValuesThrowsOnADuplicateKey() throws {
        let pairs = AnyCursor([("a", 1), ("b", 2), ("a", 3)])
        XCTAssertThrowsError(try Dictionary(uniqueKeysWithValues: pairs)) { error in
            guard let error = error as? DatabaseError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
            XCTAssertEqual(error.message, #"Dictionary(uniqueKeysWithValues:): duplicate key "a""#)
        }
        XCTAssertThrowsError(try Dictionary(minimumCapacity: 3, uniqueKeysWithValues: AnyCursor([(1, 1), (1, 1)])))
    }
}
