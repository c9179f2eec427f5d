import Folio
import XCTest

private struct Parent: Codable, FetchableRecord, PersistableRecord, Identifiable {
    static let databaseTableName = "parents"
    static let children = hasMany(Child.self, using: ForeignKey(["parentId"]))
    static let parent = belongsTo(Parent.self, key: "parent", using: ForeignKey(["parentId"]))
    var id: Int64
    var parentId: Int64?
}

private struct Child: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "children"
    var id: Int64
    var parentId: Int64
}

/// A named table alias is the name of its table everywhere in the SQL:
/// every column of that table is qualified with it, whether the request is
/// a root request, a `Table`, the request of a record's association, or a
/// self-join.
final class UserTableAliasTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE parents (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parents(id));
                CREATE TABLE children (id INTEGER PRIMARY KEY, parentId INTEGER NOT NULL REFERENCES parents(id));
                INSERT INTO parents VALUES (1, NULL), (2, 1);
                INSERT INTO children VALUES (1, 1), (2, 1), (3, 2);
                """)
        }
        return dbQueue
    }

    func testAliasedRootRequest() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let request = Parent.aliased(TableAlias(name: "custom")).filter(id: 1)
            let parents = try request.fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT "custom".* FROM "parents" "custom" WHERE "custom"."id" = ?"#)
            XCTAssertEqual(parents.map(\.id), [1])
        }
    }

    func testAliasedTable() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let request = Table("parents").aliased(TableAlias(name: "custom")).filter(key: 1)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(lastSQLQuery, #"SELECT "custom".* FROM "parents" "custom" WHERE "custom"."id" = ?"#)
            XCTAssertEqual(rows.map { $0["id"] as Int64 }, [1])
        }
    }

    func testAliasedRequestOfARecordAssociation() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let request = Parent(id: 1, parentId: nil).request(for: Parent.children).aliased(TableAlias(name: "custom"))
            let children = try request.fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT "custom".* FROM "children" "custom" WHERE "custom"."parentId" = ?"#)
            XCTAssertEqual(children.map(\.id), [1, 2])
        }
    }

    func testAliasedSelfJoin() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let request = Parent.aliased(TableAlias(name: "custom"))
                .joining(required: Parent.parent)
                .filter(id: 2)
            let parents = try request.fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "custom".* FROM "parents" "custom" JOIN "parents" ON "parents"."id" = "custom"."parentId" WHERE "custom"."id" = ?"#)
            XCTAssertEqual(parents.map(\.id), [2])
        }
    }
}
