import Folio
import XCTest

/// In joins, where each row has at most one associated row, the keys of
/// to-many associations are singular; `including(all:)` keeps the plural.
/// Keys given to to-one associations are used as they are.
final class AssociationJoinKeyTests: FolioTestCase {
    // child.parentId -> parent.id, toy.childId -> child.id
    private struct Parent: TableRecord, FetchableRecord, Decodable, Equatable {
        static let children = hasMany(Child.self)
        static let puppies = hasMany(Child.self, key: "littlePuppies")
        static let toys = hasMany(Toy.self, through: children, using: Child.toys)
        static let kidToys = hasMany(Toy.self, through: children.forKey("kids"), using: Child.toys)
        static let firstChild = hasOne(Child.self, key: "firstChildren")
        /// To the toy table, with the key of the pivot of `toys`.
        static let toysKeyedChild = hasMany(Toy.self, key: "child", using: ForeignKey(["childId"]))
        var id: Int64
        var name: String
    }

    private struct Child: TableRecord, FetchableRecord, Decodable, Equatable {
        static let parent = belongsTo(Parent.self)
        static let guardians = belongsTo(Parent.self, key: "guardians")
        static let toys = hasMany(Toy.self)
        var id: Int64
        var parentId: Int64
        var name: String
    }

    private struct Toy: TableRecord, FetchableRecord, Decodable, Equatable {
        var id: Int64
        var childId: Int64
        var name: String
    }

    private func makeFamily() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER NOT NULL REFERENCES parent(id), name TEXT NOT NULL);
                CREATE TABLE toy (id INTEGER PRIMARY KEY, childId INTEGER NOT NULL REFERENCES child(id), name TEXT NOT NULL);
                INSERT INTO parent VALUES (1, 'Ann');
                INSERT INTO child VALUES (1, 1, 'Bob');
                INSERT INTO toy VALUES (1, 1, 'Ball');
                """)
        }
        return dbQueue
    }

    // MARK: - To-many associations in joins

    func testIncludingRequiredHasManyUsesTheSingularKey() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent.including(required: Parent.children)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "parent".*, "child".* FROM "parent" JOIN "child" ON "child"."parentId" = "parent"."id""#)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row.scopes.names.sorted(), ["child"])
            XCTAssertEqual(row.scopes["child"], ["id": 1, "parentId": 1, "name": "Bob"])
        }
    }

    func testIncludingOptionalHasManyUsesTheSingularKey() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent.including(optional: Parent.children)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "parent".*, "child".* FROM "parent" LEFT JOIN "child" ON "child"."parentId" = "parent"."id""#)
            XCTAssertEqual(try Row.fetchOne(db, request)?.scopes.names.sorted(), ["child"])
        }
    }

    func testJoiningOptionalHasManyUsesTheSingularKey() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent.joining(optional: Parent.children.including(optional: Child.toys))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "parent".*, "toy".* FROM "parent" "#
                    + #"LEFT JOIN "child" ON "child"."parentId" = "parent"."id" "#
                    + #"LEFT JOIN "toy" ON "toy"."childId" = "child"."id""#)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row.scopes.names.sorted(), ["child"])
            XCTAssertEqual(row.scopes["child"]?.scopes.names.sorted(), ["toy"])
            XCTAssertEqual(row.scopes["child"]?.scopes["toy"], ["id": 1, "childId": 1, "name": "Ball"])
        }
    }

    func testHasManyKeyGivenAtDefinitionIsSingularInJoins() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent.including(required: Parent.puppies)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "parent".*, "child".* FROM "parent" JOIN "child" ON "child"."parentId" = "parent"."id""#)
            XCTAssertEqual(try Row.fetchOne(db, request)?.scopes.names.sorted(), ["littlePuppy"])
        }
    }

    func testHasManyKeyGivenWithForKeyIsSingularInJoins() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent.including(optional: Parent.children.forKey("kittens"))
            XCTAssertEqual(try Row.fetchOne(db, request)?.scopes.names.sorted(), ["kitten"])
        }
    }

    func testIncludingAllKeepsThePluralKey() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent
                .including(all: Parent.children)
                .including(all: Parent.puppies)
                .including(all: Parent.children.forKey("kittens"))
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row.scopes.names.sorted(), [])
            XCTAssertEqual(row.prefetchedRows.keys, ["children", "kittens", "littlePuppies"])
            XCTAssertEqual(row.prefetchedRows["children"], [["id": 1, "parentId": 1, "name": "Bob", "grdb_parentId": 1]])
        }
    }

    func testJoinAndPrefetchOfTheSameHasManyAreDistinct() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent
                .including(required: Parent.children)
                .including(all: Parent.children)
            XCTAssertTrue(
                try request.makePreparedRequest(db).statement.sql.hasPrefix(
                    #"SELECT "parent".*, "child".* FROM "parent" JOIN "child" ON "child"."parentId" = "parent"."id""#))
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row.scopes.names.sorted(), ["child"])
            XCTAssertEqual(row.scopes["child"], ["id": 1, "parentId": 1, "name": "Bob"])
            XCTAssertEqual(row.prefetchedRows.keys, ["children"])
            XCTAssertEqual(row.prefetchedRows["children"]?.count, 1)
        }
    }

    func testTwoHasManyWithDistinctKeysJoinTheSameTableUnderTwoNames() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent
                .including(required: Parent.children)
                .including(optional: Parent.children.filter(Column("name") == "Bob").forKey("bobs"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "parent".*, "child1".*, "child2".* FROM "parent" "#
                    + #"JOIN "child" "child1" ON "child1"."parentId" = "parent"."id" "#
                    + #"LEFT JOIN "child" "child2" ON ("child2"."parentId" = "parent"."id") AND ("child2"."name" = ?)"#)
            XCTAssertEqual(try Row.fetchOne(db, request)?.scopes.names.sorted(), ["bob", "child"])
        }
    }

    func testDecodableRecordDecodesAnIncludedHasManyFromItsSingularKey() throws {
        struct ParentInfo: FetchableRecord, Decodable {
            var parent: Parent
            var child: Child
        }
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let info = try XCTUnwrap(ParentInfo.fetchOne(db, Parent.including(required: Parent.children)))
            XCTAssertEqual(info.parent, Parent(id: 1, name: "Ann"))
            XCTAssertEqual(info.child, Child(id: 1, parentId: 1, name: "Bob"))
        }
    }

    // MARK: - To-one associations

    func testKeyGivenToAToOneAssociationIsUsedAsIs() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            XCTAssertEqual(try Row.fetchOne(db, Child.including(required: Child.parent))?.scopes.names.sorted(), ["parent"])
            XCTAssertEqual(try Row.fetchOne(db, Child.including(required: Child.guardians))?.scopes.names.sorted(), ["guardians"])
            XCTAssertEqual(
                try Row.fetchOne(db, Child.including(optional: Child.parent.forKey("parents")))?.scopes.names.sorted(),
                ["parents"])
            XCTAssertEqual(
                try Row.fetchOne(db, Parent.including(optional: Parent.firstChild))?.scopes.names.sorted(),
                ["firstChildren"])
        }
    }

    // MARK: - Through associations

    func testPivotOfIncludedThroughAssociationHasItsSingularKeyWithTheDestinationBelow() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent.including(required: Parent.toys)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "parent".*, "toy".* FROM "parent" "#
                    + #"JOIN "child" ON "child"."parentId" = "parent"."id" "#
                    + #"JOIN "toy" ON "toy"."childId" = "child"."id""#)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row.unscoped, ["id": 1, "name": "Ann"])
            XCTAssertEqual(row.scopes.names.sorted(), ["child"])
            XCTAssertEqual(row.scopes["child"]?.unscoped, [:])
            XCTAssertEqual(row.scopes["child"]?.scopes.names.sorted(), ["toy"])
            XCTAssertEqual(row.scopesTree["toy"], ["id": 1, "childId": 1, "name": "Ball"])
            XCTAssertEqual(try row.decode(Toy.self, forKey: "toy"), Toy(id: 1, childId: 1, name: "Ball"))
        }
    }

    func testPivotKeyGivenWithForKeyIsSingularInJoins() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, Parent.including(optional: Parent.kidToys)))
            XCTAssertEqual(row.scopes.names.sorted(), ["kid"])
            XCTAssertEqual(row.scopes["kid"]?.scopes.names.sorted(), ["toy"])
            XCTAssertEqual(row.scopesTree["toy"]?["name"], "Ball")
        }
    }

    func testThroughAssociationKeyGivenWithForKeyIsSingularInJoins() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, Parent.including(required: Parent.toys.forKey("teddyBears"))))
            XCTAssertEqual(row.scopes.names.sorted(), ["child"])
            XCTAssertEqual(row.scopes["child"]?.scopes.names.sorted(), ["teddyBear"])
        }
    }

    func testThroughAssociationNextToItsPivotSharesTheJoinOfThePivot() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent
                .including(required: Parent.children)
                .including(optional: Parent.toys)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "parent".*, "child".*, "toy".* FROM "parent" "#
                    + #"JOIN "child" ON "child"."parentId" = "parent"."id" "#
                    + #"LEFT JOIN "toy" ON "toy"."childId" = "child"."id""#)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row.scopes.names.sorted(), ["child"])
            XCTAssertEqual(row.scopes["child"]?.unscoped, ["id": 1, "parentId": 1, "name": "Bob"])
            XCTAssertEqual(row.scopes["child"]?.scopes["toy"]?["name"], "Ball")
        }
    }

    func testPivotKeyThatNamesAnotherTableInTheSameRequestThrows() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let request = Parent
                .including(required: Parent.toysKeyedChild)
                .including(required: Parent.toys)
            do {
                _ = try Row.fetchAll(db, request)
                XCTFail("expected an error")
            } catch let error as DatabaseError {
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(
                    error.message,
                    #"the association key "child" is ambiguous: it is used for the tables toy and child; give the associations distinct keys with forKey(_:)"#)
            }
        }
    }

    func testIncludingAllOfAThroughAssociationKeepsThePluralKey() throws {
        let dbQueue = try makeFamily()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, Parent.including(all: Parent.toys)))
            XCTAssertEqual(row.scopes.names.sorted(), [])
            XCTAssertEqual(row.prefetchedRows.keys, ["toys"])
            XCTAssertEqual(row.prefetchedRows["toys"]?.map { $0["name"] as String }, ["Ball"])
        }
    }
}
