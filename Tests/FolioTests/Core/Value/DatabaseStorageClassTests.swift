import Folio
import XCTest

private struct Player: TableRecord { }

private struct Author: TableRecord {
    static let books = hasMany(Book.self)
}

private struct Book: TableRecord { }

final class DatabaseStorageClassTests: FolioTestCase {
    func testStorageClassesHaveTheirSQLName() {
        XCTAssertEqual(Database.StorageClass.integer.rawValue, "INTEGER")
        XCTAssertEqual(Database.StorageClass.real.rawValue, "REAL")
        XCTAssertEqual(Database.StorageClass.text.rawValue, "TEXT")
        XCTAssertEqual(Database.StorageClass.blob.rawValue, "BLOB")
        XCTAssertEqual(Database.StorageClass(rawValue: "NUMERIC").rawValue, "NUMERIC")
        XCTAssertEqual(Set([Database.StorageClass.text, .text, .blob]).count, 2)
    }

    func testCastConvertsToAStorageClass() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, score INTEGER)")
            try db.execute(sql: "INSERT INTO player (score) VALUES (7)")
            let value = try DatabaseValue.fetchOne(db, Player.select(cast(Column("score"), as: .real) / 2))
            XCTAssertEqual(lastSQLQuery, #"SELECT CAST("score" AS REAL) / ? FROM "player" LIMIT 1"#)
            XCTAssertEqual(value?.storage, .double(3.5))
            XCTAssertEqual(try String.fetchOne(db, Player.select(cast(Column("score"), as: .text))), "7")
            XCTAssertEqual(try Int.fetchOne(db, Player.select(cast("12abc".databaseValue, as: .integer))), 12)
        }
    }

    func testCastConvertsAnAssociationAggregate() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
                INSERT INTO author VALUES (1);
                INSERT INTO book VALUES (1, 1), (2, 1);
                """)
            let request = Author.annotated(with: cast(Author.books.count, as: .text))
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row["bookCount"] as DatabaseValue?, "2".databaseValue)
            XCTAssertTrue(lastSQLQuery?.contains(#"CAST(COUNT(DISTINCT "book"."id") AS TEXT)"#) == true, lastSQLQuery ?? "")
        }
    }

    func testStorageEqualityTellsIntegersFromDoubles() {
        XCTAssertEqual(DatabaseValue.Storage.int64(1), .int64(1))
        XCTAssertNotEqual(DatabaseValue.Storage.int64(1), .double(1))
        XCTAssertEqual(1.databaseValue, 1.0.databaseValue)
        XCTAssertEqual(DatabaseValue.Storage.null, .null)
        XCTAssertNotEqual(DatabaseValue.Storage.string("1"), .int64(1))
        XCTAssertEqual(DatabaseValue.Storage.blob(Data([1])), .blob(Data([1])))
    }

    func testStorageValueIsTheStoredValue() {
        XCTAssertNil(DatabaseValue.Storage.null.value)
        XCTAssertEqual(DatabaseValue.Storage.int64(42).value as? Int64, 42)
        XCTAssertEqual(DatabaseValue.Storage.double(1.5).value as? Double, 1.5)
        XCTAssertEqual(DatabaseValue.Storage.string("x").value as? String, "x")
        XCTAssertEqual(DatabaseValue.Storage.blob(Data([1])).value as? Data, Data([1]))
    }
}
