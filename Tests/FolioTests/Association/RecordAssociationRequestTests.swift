import Folio
import XCTest

private struct Parent: Codable, FetchableRecord, MutablePersistableRecord, Identifiable {
    static let databaseTableName = "parents"
    static let children = hasMany(Child.self, using: ForeignKey(["parentId"]))
    static let toys = hasMany(Toy.self, through: children, using: Child.toys)
    var id: Int64?
}

private struct Child: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "children"
    static let toys = hasMany(Toy.self, using: ForeignKey(["childId"]))
    var id: Int64
    var parentId: Int64?
}

private struct Toy: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var childId: Int64
}

/// The request of a record's association (`request(for:)`), and the
/// existence of a key: a nil key selects nothing, without a query where it
/// can.
final class RecordAssociationRequestTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE parents (id INTEGER PRIMARY KEY);
                CREATE TABLE children (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parents(id));
                CREATE TABLE toy (id INTEGER PRIMARY KEY, childId INTEGER NOT NULL REFERENCES children(id));
                INSERT INTO parents VALUES (1);
                INSERT INTO children VALUES (1, 1), (2, NULL);
                INSERT INTO toy VALUES (1, 1), (2, 2);
                """)
        }
        return dbQueue
    }

    func testRequestForAssociationOfSavedRecord() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let children = try Parent(id: 1).request(for: Parent.children).fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "children" WHERE "parentId" = ?"#)
            XCTAssertEqual(children.map(\.id), [1])
        }
    }

    func testRequestForAssociationOfNilKeySelectsNothing() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let children = try Parent(id: nil).request(for: Parent.children).fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "children" WHERE 0"#)
            XCTAssertEqual(children.map(\.id), [], "the child whose parentId is NULL is not the child of a parent without id")
            XCTAssertEqual(try Parent(id: nil).request(for: Parent.children).fetchCount(db), 0)

            let toys = try Parent(id: nil).request(for: Parent.toys).fetchAll(db)
            XCTAssertEqual(toys.map(\.id), [])
        }
    }

    func testExistsOfNilIDRunsNoQuery() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            clearSQLQueries()
            XCTAssertFalse(try Parent.exists(db, id: nil))
            XCTAssertFalse(try Parent.exists(db, key: Int64?.none))
            XCTAssertFalse(try Table("parents").exists(db, key: Int64?.none))
            XCTAssertEqual(sqlQueries, [])
            XCTAssertTrue(try Parent.exists(db, id: 1))
            XCTAssertFalse(try Parent.exists(db, id: 2))
        }
    }
}
