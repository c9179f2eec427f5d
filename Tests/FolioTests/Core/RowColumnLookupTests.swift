import Folio
import XCTest

/// Reading row values by column name: the leftmost column with the name,
/// case-insensitive, whatever the order of the reads (look-ups remember
/// where the last one matched).
final class RowColumnLookupTests: FolioTestCase {
    func testNamedReadsInAnyOrderFindTheRightColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c UNION ALL SELECT 4, 5, 6")
            var reads: [Int] = []
            while let row = try cursor.next() {
                reads += [row["a"], row["b"], row["c"], row["c"], row["a"], row["b"]] as [Int]
            }
            XCTAssertEqual(reads, [1, 2, 3, 3, 1, 2, 4, 5, 6, 6, 4, 5])
        }
    }

    func testDuplicateNameReadsLeftmostColumnAfterReadingColumnsToItsRight() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS id, 2 AS name, 3 AS id, 4 AS ID"
            let cursor = try Row.fetchCursor(db, sql: sql)
            let row = try XCTUnwrap(cursor.next())
            XCTAssertEqual(row["name"] as Int, 2)
            XCTAssertEqual(row["id"] as Int, 1)
            XCTAssertEqual(row["name"] as Int, 2)
            XCTAssertEqual(row["ID"] as Int, 1)

            let copy = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            XCTAssertEqual(copy["name"] as Int, 2)
            XCTAssertEqual(copy["id"] as Int, 1)

            let statement = try db.makeStatement(sql: sql)
            XCTAssertEqual(statement.index(ofColumn: "name"), 1)
            XCTAssertEqual(statement.index(ofColumn: "id"), 0)
            XCTAssertEqual(statement.index(ofColumn: "Id"), 0)
        }
    }

    func testNamedDecodingFallsBackOnNullConversionsAndErrors() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS a, 'x' AS b UNION ALL SELECT NULL, 'y' UNION ALL SELECT 2.0, 'z' UNION ALL SELECT 'many', 'w'"
            let cursor = try Row.fetchCursor(db, sql: sql)
            var values: [Int?] = []
            var names: [String] = []
            var errors: [RowDecodingError] = []
            while let row = try cursor.next() {
                do {
                    values.append(try row.decode(Int?.self, forColumn: "a"))
                    _ = try row.decode(Int.self, forColumn: "a")
                } catch let error as RowDecodingError {
                    errors.append(error)
                }
                names.append(try row.decode(String.self, forColumn: "b"))
            }
            XCTAssertEqual(values, [1, nil, 2])
            XCTAssertEqual(names, ["x", "y", "z", "w"])
            // NULL for Int, then a string for Int? (which stops before Int).
            XCTAssertEqual(errors.map(\.reason), [.valueMismatch, .valueMismatch])
            XCTAssertEqual(errors.map(\.column), ["a", "a"])
            XCTAssertEqual(errors.map(\.databaseValue), [.null, "many".databaseValue])
            XCTAssertEqual(errors.map(\.typeName), ["Int", "Int"])

            // Copied rows take the same path as a miss of the fast path.
            let rows = try Row.fetchAll(db, sql: sql)
            XCTAssertEqual(try rows.prefix(3).map { try $0.decode(Int?.self, forColumn: "A") }, [1, nil, 2])
            XCTAssertThrowsError(try rows[1].decode(Int.self, forColumn: "a"))
            XCTAssertThrowsError(try rows[0].decode(Int.self, forColumn: "missing")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .columnNotFound)
            }
        }
    }

    func testNamedReadsAreCaseInsensitiveAndMissingColumnsAreNil() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT 1 AS playerId, 'Arthur' AS name")
            let row = try XCTUnwrap(cursor.next())
            XCTAssertEqual(row["PLAYERID"] as Int, 1)
            XCTAssertEqual(row["name"] as String, "Arthur")
            XCTAssertEqual(row["playerid"] as Int, 1)
            XCTAssertNil(row["missing"] as Int?)
            XCTAssertEqual(row["Name"] as String, "Arthur")
            XCTAssertTrue(row.hasColumn("NAME"))
            XCTAssertFalse(row.hasColumn("score"))
        }
    }
}
