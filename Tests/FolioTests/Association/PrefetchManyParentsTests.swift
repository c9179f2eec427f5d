import Folio
import XCTest

private struct Parent: Decodable, FetchableRecord, TableRecord {
    static let children = hasMany(Child.self)
    var id: Int64
}

private struct Child: Decodable, FetchableRecord, TableRecord {
    var id: Int64
    var parentId: Int64
}

private struct ParentInfo: Decodable, FetchableRecord {
    var parent: Parent
    var children: [Child]
}

/// `including(all:)` gives every parent its own children, however many
/// the parents are: the parent keys that do not fit in one query are
/// fetched in several, which never mix their arguments.
final class PrefetchManyParentsTests: FolioTestCase {
    /// Parent `i` has `i % 4` children, whose ids are `i * 10 + 1`,
    /// `i * 10 + 2`...
    private func makeDatabase(parentCount: Int) throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER NOT NULL REFERENCES parent(id));
                CREATE INDEX child_parentId ON child(parentId);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(parentCount))
                INSERT INTO parent SELECT i FROM n;
                INSERT INTO child SELECT parent.id * 10 + k.k, parent.id FROM parent
                JOIN (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3) k ON k.k <= parent.id % 4;
                """)
        }
        return dbQueue
    }

    private func assertEveryParentHasItsOwnChildren(parentCount: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let dbQueue = try makeDatabase(parentCount: parentCount)
        try dbQueue.read { db in
            let infos = try Parent
                .including(all: Parent.children.order(Column("id")))
                .order(Column("id"))
                .asRequest(of: ParentInfo.self)
                .fetchAll(db)
            XCTAssertEqual(infos.count, parentCount, file: file, line: line)
            var wrongParents = 0
            for (index, info) in infos.enumerated() {
                let id = Int64(index + 1)
                let expected = (0..<(id % 4)).map { id * 10 + $0 + 1 }
                if info.parent.id != id || info.children.map(\.id) != expected || info.children.contains(where: { $0.parentId != id }) {
                    wrongParents += 1
                }
            }
            XCTAssertEqual(wrongParents, 0, "parents with wrong children", file: file, line: line)

            // The rows of a cursor too.
            let rows = try Row.fetchAll(db, Parent.including(all: Parent.children.order(Column("id"))).order(Column("id")))
            var wrongRows = 0
            for row in rows {
                let id: Int64 = row["id"]
                let childIds: [Int64] = (row.prefetchedRows["children"] ?? []).map { $0["id"] }
                if childIds != (0..<(id % 4)).map({ id * 10 + $0 + 1 }) {
                    wrongRows += 1
                }
            }
            XCTAssertEqual(wrongRows, 0, "rows with wrong prefetched rows", file: file, line: line)
        }
    }

    func testFiftyThousandParentsEachGetTheirOwnChildren() throws {
        try assertEveryParentHasItsOwnChildren(parentCount: 50_000)
    }

    func testHundredThousandParentsEachGetTheirOwnChildren() throws {
        try assertEveryParentHasItsOwnChildren(parentCount: 100_000)
    }

    func testDumpOfManyParentsPrintsEachChildOnce() throws {
        let dbQueue = try makeDatabase(parentCount: 25_000)
        try dbQueue.read { db in
            let output = DumpOutput()
            try db.dumpRequest(Parent.including(all: Parent.children).order(Column("id")), format: .list(), to: output)
            let lines = output.text.split(separator: "\n")
            let childCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM child")!
            // The parents, the "children" title, the children.
            XCTAssertEqual(lines.count, 25_000 + 1 + childCount)
            let childLines = lines.drop(while: { $0 != "children" }).dropFirst()
            XCTAssertEqual(Set(childLines).count, childCount, "each child once")
        }
    }
}
