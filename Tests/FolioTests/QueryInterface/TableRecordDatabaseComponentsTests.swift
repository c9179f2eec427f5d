import Folio
import XCTest

// The closures of the query interface receive `Self.DatabaseComponents`:
// the record's `Columns` type, or `DynamicColumns` when it declares none,
// and `DynamicColumns` for requests of rows.

/// Columns as a String enum, one renamed.
private struct EnumPlayer: TableRecord {
    static let databaseTableName = "player"
    enum Columns: String, ColumnExpression {
        case id
        case name = "full_name"
        case score
    }
}

/// Columns as the coding keys, one renamed.
private struct CodablePlayer: Codable, FetchableRecord, PersistableRecord, Hashable {
    static let databaseTableName = "player"
    var id: Int64
    var fullName: String
    var score: Int
    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id
        case fullName = "full_name"
        case score
    }
    typealias Columns = CodingKeys
}

/// Columns as static properties, whose names differ from the columns.
private struct StaticPlayer: TableRecord {
    static let databaseTableName = "player"
    enum Columns {
        static let x = Column("full_name")
        static let points = Column("score")
        static let info = JSONColumn("info")
    }
}

/// No Columns type: any member is a column.
private struct DynamicPlayer: TableRecord {
    static let databaseTableName = "player"
}

/// The guide's example of coding keys as columns (QueryInterface.md).
private struct Book: Codable, TableRecord {
    var title: String
    var publishDate: Date

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case title
        case publishDate = "publish_date"
    }
    typealias Columns = CodingKeys
}

/// A mutable record, for `insertAndFetch(_:onConflict:fetch:select:)`.
private struct MutablePlayer: Encodable, MutablePersistableRecord {
    static let databaseTableName = "player"
    var id: Int64?
    var fullName: String
    var score: Int
    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id
        case fullName = "full_name"
        case score
    }
    typealias Columns = CodingKeys
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

private struct ThrownError: Error { }

final class TableRecordDatabaseComponentsTests: FolioTestCase {
    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY,
                    full_name TEXT NOT NULL,
                    score INTEGER NOT NULL,
                    info TEXT);
                INSERT INTO player (id, full_name, score, info) VALUES
                    (1, 'Arthur', 1000, '{"country":"FR"}'),
                    (2, 'Barbara', 500, '{"country":"DE"}'),
                    (3, 'Craig', 10, NULL);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    // MARK: - Associated types

    func testDefaultDatabaseComponentsAreTheColumnsType() {
        XCTAssertTrue(EnumPlayer.DatabaseComponents.self == EnumPlayer.Columns.Type.self)
        XCTAssertTrue(EnumPlayer.databaseComponents == EnumPlayer.Columns.self)
        XCTAssertTrue(CodablePlayer.Columns.self == CodablePlayer.CodingKeys.self)
        XCTAssertTrue(CodablePlayer.databaseComponents == CodablePlayer.CodingKeys.self)
        XCTAssertTrue(DynamicPlayer.Columns.self == DynamicColumns.self)
        XCTAssertTrue(DynamicPlayer.DatabaseComponents.self == DynamicColumns.Type.self)
        XCTAssertTrue(QueryInterfaceRequest<StaticPlayer>.DatabaseComponents.self == StaticPlayer.Columns.Type.self)
        XCTAssertTrue(Table<StaticPlayer>.DatabaseComponents.self == StaticPlayer.Columns.Type.self)
        XCTAssertTrue(TableAlias<StaticPlayer>.DatabaseComponents.self == StaticPlayer.Columns.Type.self)
        XCTAssertEqual(StaticPlayer.databaseComponents.x.name, "full_name")
        XCTAssertEqual(DynamicPlayer.databaseComponents.anyName.name, "anyName")
    }

    func testDynamicColumnsMembersAreColumns() {
        XCTAssertEqual(DynamicColumns.score, Column("score"))
        XCTAssertEqual(DynamicColumns.full_name.name, "full_name")
        let keyPath: KeyPath<DynamicColumns.Type, Column> = \.score
        XCTAssertEqual(DynamicColumns.self[keyPath: keyPath].name, "score")
    }

    // MARK: - Records with a Columns type

    func testStringEnumColumnsInRequestClosures() throws {
        try makePlayerDatabase().read { db in
            XCTAssertEqual(
                try sql(db, EnumPlayer.filter { $0.name == "Arthur" }.order { $0.score.desc }),
                #"SELECT * FROM "player" WHERE "full_name" = ? ORDER BY "score" DESC"#)
            XCTAssertEqual(try ids(db, EnumPlayer.filter { $0.name == "Arthur" }), [1])
            XCTAssertEqual(
                try sql(db, EnumPlayer.select { [$0.id, $0.name] }.order { [$0.score, $0.name.desc] }),
                #"SELECT "id", "full_name" FROM "player" ORDER BY "score", "full_name" DESC"#)
            XCTAssertEqual(
                try sql(db, EnumPlayer.all().select { max($0.score) }.group { $0.name }.having { sum($0.score) > 100 }),
                #"SELECT MAX("score") FROM "player" GROUP BY "full_name" HAVING SUM("score") > ?"#)
            XCTAssertEqual(
                try sql(db, EnumPlayer.all().group { [$0.name, $0.score] }),
                #"SELECT * FROM "player" GROUP BY "full_name", "score""#)
            XCTAssertEqual(
                try sql(db, EnumPlayer.annotated { $0.name.forKey("nickname") }),
                #"SELECT *, "full_name" AS "nickname" FROM "player""#)
            XCTAssertEqual(
                try sql(db, EnumPlayer.all().annotated { [$0.name.forKey("a"), $0.score.forKey("b")] }),
                #"SELECT *, "full_name" AS "a", "score" AS "b" FROM "player""#)
            XCTAssertEqual(try EnumPlayer.order { $0.id }.select({ $0.name }, as: String.self).fetchAll(db), ["Arthur", "Barbara", "Craig"])
            XCTAssertEqual(try EnumPlayer.all().select({ $0.name }, as: String.self).filter(key: 2).fetchOne(db), "Barbara")
            XCTAssertEqual(
                try sql(db, EnumPlayer.order { $0.score }.thenOrder { $0.name }.thenOrder { [$0.id] }),
                #"SELECT * FROM "player" ORDER BY "score", "full_name", "id""#)
        }
    }

    func testCodingKeysColumnsSeeRenamedColumns() throws {
        try makePlayerDatabase().read { db in
            let request = CodablePlayer.filter { $0.fullName.like("B%") }.order { $0.fullName }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE "full_name" LIKE ? ORDER BY "full_name""#)
            XCTAssertEqual(try request.fetchAll(db), [CodablePlayer(id: 2, fullName: "Barbara", score: 500)])
            XCTAssertEqual(try CodablePlayer.all().filter { $0.score < 600 }.fetchCount(db), 2)
        }
    }

    func testStaticColumnsWithCustomNames() throws {
        try makePlayerDatabase().read { db in
            let request = StaticPlayer.filter { $0.points > 100 }.order { $0.x.desc }.select(\.x)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "full_name" FROM "player" WHERE "score" > ? ORDER BY "full_name" DESC"#)
            XCTAssertEqual(try String.fetchAll(db, request), ["Barbara", "Arthur"])
            XCTAssertEqual(
                try sql(db, Table<StaticPlayer>("player").filter { $0.x == "Craig" }.order(\.points)),
                #"SELECT * FROM "player" WHERE "full_name" = ? ORDER BY "score""#)
            XCTAssertEqual(
                try sql(db, Table<StaticPlayer>("player").select { [$0.x, $0.points] }.order { [$0.points] }),
                #"SELECT "full_name", "score" FROM "player" ORDER BY "score""#)
            XCTAssertEqual(try Table<StaticPlayer>("player").select({ max($0.points) }, as: Int.self).fetchOne(db), 1000)
            XCTAssertEqual(try Int.fetchOne(db, Table<StaticPlayer>("player").select { min($0.points) }), 10)
        }
    }

    // MARK: - Records without Columns type, and rows

    func testRecordWithoutColumnsTypeSeesDynamicColumns() throws {
        try makePlayerDatabase().read { db in
            XCTAssertEqual(
                try sql(db, DynamicPlayer.filter { $0.full_name == "Arthur" }.order(\.score.desc).select { [$0.id, $0.score] }),
                #"SELECT "id", "score" FROM "player" WHERE "full_name" = ? ORDER BY "score" DESC"#)
            XCTAssertEqual(
                try sql(db, DynamicPlayer.all().filter { $0.score > 0 }.group(\.full_name).having { count($0.id) > 0 }),
                #"SELECT * FROM "player" WHERE "score" > ? GROUP BY "full_name" HAVING COUNT("id") > ?"#)
            XCTAssertEqual(try ids(db, DynamicPlayer.all().filter { $0.score > 600 }), [1])
        }
    }

    func testRequestsOfRowsSeeDynamicColumns() throws {
        try makePlayerDatabase().read { db in
            let table = Table("player")
            XCTAssertEqual(
                try sql(db, table.filter { $0.score > 600 }.order(\.full_name).select { [$0.id, $0.full_name] }),
                #"SELECT "id", "full_name" FROM "player" WHERE "score" > ? ORDER BY "full_name""#)
            XCTAssertEqual(try Row.fetchAll(db, table.filter { $0.score > 600 }).map { $0["full_name"] as String }, ["Arthur"])
            XCTAssertEqual(
                try sql(db, table.order { [$0.score.desc, $0.id] }.select { count($0.id) }),
                #"SELECT COUNT("id") FROM "player" ORDER BY "score" DESC, "id""#)
            XCTAssertEqual(try table.select({ max($0.score) }, as: Int.self).fetchOne(db), 1000)

            let rows: QueryInterfaceRequest<Row> = StaticPlayer.all().asRequest(of: Row.self)
            XCTAssertEqual(
                try sql(db, rows.filter { $0.score > 0 }.group { $0.full_name }.having { $0.score > 0 }.annotated { $0.info }),
                #"SELECT *, "info" FROM "player" WHERE "score" > ? GROUP BY "full_name" HAVING "score" > ?"#)
            XCTAssertEqual(try rows.order(\.id).select({ $0.full_name }, as: String.self).fetchAll(db), ["Arthur", "Barbara", "Craig"])
            XCTAssertEqual(
                try sql(db, rows.order(\.id).thenOrder { $0.score }.thenOrder { [$0.full_name] }.group { [$0.id] }.annotated { [$0.score] }),
                #"SELECT *, "score" FROM "player" GROUP BY "id" ORDER BY "id", "score", "full_name""#)
        }
    }

    func testFilterAndHavingAcceptGenericExpressions() throws {
        try makePlayerDatabase().read { db in
            func filtered<R: FilteredRequest>(_ request: R, by predicate: some SQLSpecificExpressible) -> R {
                request.filter(predicate)
            }
            func having<R: AggregatingRequest>(_ request: R, _ predicate: some SQLExpressible) -> R {
                request.having(predicate)
            }
            XCTAssertEqual(
                try sql(db, filtered(EnumPlayer.all(), by: EnumPlayer.Columns.score > 600)),
                #"SELECT * FROM "player" WHERE "score" > ?"#)
            XCTAssertEqual(
                try sql(db, having(EnumPlayer.all().group(EnumPlayer.Columns.name), max(EnumPlayer.Columns.score) > 600)),
                #"SELECT * FROM "player" GROUP BY "full_name" HAVING MAX("score") > ?"#)
            XCTAssertEqual(try sql(db, EnumPlayer.filter(EnumPlayer.Columns.id == 1)), #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try sql(db, Table("player").filter(Column("id") == 1)), #"SELECT * FROM "player" WHERE "id" = ?"#)
            // Values that are not specific expressions still filter.
            XCTAssertEqual(try sql(db, EnumPlayer.filter(true)), #"SELECT * FROM "player" WHERE ?"#)
        }
    }

    func testClosuresRethrow() throws {
        try makePlayerDatabase().read { _ in
            XCTAssertThrowsError(try EnumPlayer.filter { _ -> SQLExpression in throw ThrownError() }) { XCTAssertTrue($0 is ThrownError) }
            XCTAssertThrowsError(try EnumPlayer.all().order { _ -> SQLOrdering in throw ThrownError() }) { XCTAssertTrue($0 is ThrownError) }
            XCTAssertThrowsError(try EnumPlayer.all().select { _ -> [any SQLSelectable] in throw ThrownError() }) { XCTAssertTrue($0 is ThrownError) }
            XCTAssertThrowsError(try EnumPlayer.all().having { _ -> SQLExpression in throw ThrownError() }) { XCTAssertTrue($0 is ThrownError) }
            XCTAssertThrowsError(try Table("player").filter { _ -> SQLExpression in throw ThrownError() }) { XCTAssertTrue($0 is ThrownError) }
        }
    }

    // MARK: - Writes

    func testUpdateAllClosuresSeeTheColumns() throws {
        try makePlayerDatabase().write { db in
            try EnumPlayer.updateAll(db) { $0.name.set(to: "X") }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "full_name" = ?"#)
            try EnumPlayer.updateAll(db, assignments: { [$0.score += 1, $0.name.set(to: "Y")] })
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" + ?, "full_name" = ?"#)
            try StaticPlayer.filter { $0.points > 600 }.updateAll(db) { $0.x.set(to: "Z") }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "full_name" = ? WHERE "score" > ?"#)
            try StaticPlayer.all().updateAll(db, assignments: { [$0.points.set(to: 0)] })
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ?"#)
            try Table<StaticPlayer>("player").updateAll(db) { $0.x.set(to: "T") }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "full_name" = ?"#)
            try Table<StaticPlayer>("player").updateAll(db, assignments: { [$0.points.set(to: 7)] })
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ?"#)
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT full_name, score FROM player").map { [$0[0] as String, "\($0[1] as Int)"] }, [
                ["T", "7"], ["T", "7"], ["T", "7"]])
        }
    }

    func testReturningClosuresSeeTheColumns() throws {
        try makePlayerDatabase().write { db in
            let request = CodablePlayer.filter { $0.id == 1 }
            XCTAssertEqual(
                try request.updateAndFetchAll(db, assignments: { [$0.fullName.set(to: "Art")] }),
                [CodablePlayer(id: 1, fullName: "Art", score: 1000)])
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "full_name" = ? WHERE "id" = ? RETURNING *"#)
            XCTAssertEqual(
                try request.updateAndFetchSet(db, assignments: { [$0.score += 1] }),
                [CodablePlayer(id: 1, fullName: "Art", score: 1001)])
            let cursor = try request.updateAndFetchCursor(db, assignments: { [$0.score += 1] })
            XCTAssertEqual(try cursor.next()?.score, 1002)
            XCTAssertNil(try cursor.next())
            let statement = try request.updateAndFetchStatement(db, assignments: { [$0.score += 1] }, select: { [$0.fullName] })
            XCTAssertEqual(statement.sql, #"UPDATE "player" SET "score" = "score" + ? WHERE "id" = ? RETURNING "full_name""#)
            XCTAssertEqual(try String.fetchAll(statement), ["Art"])
            let deleted = try CodablePlayer.filter { $0.id == 3 }.deleteAndFetchStatement(db, select: { [$0.fullName, $0.score] })
            XCTAssertEqual(deleted.sql, #"DELETE FROM "player" WHERE "id" = ? RETURNING "full_name", "score""#)
            let row = try XCTUnwrap(Row.fetchOne(deleted))
            XCTAssertEqual(row["full_name"] as String, "Craig")
            XCTAssertEqual(row["score"] as Int, 10)
        }
    }

    func testInsertAndFetchSelectClosureSeesTheColumns() throws {
        try makePlayerDatabase().write { db in
            let player = CodablePlayer(id: 4, fullName: "Dora", score: 42)
            let name = try player.insertAndFetch(db, fetch: { try String.fetchOne($0) }, select: { [$0.fullName] })
            XCTAssertEqual(name, "Dora")
            XCTAssertTrue(sqlQueries.contains(#"INSERT INTO "player" ("id", "full_name", "score") VALUES (?,?,?) RETURNING "full_name""#), "\(sqlQueries)")
        }
    }

    func testMutableInsertAndFetchSelectClosureSeesTheColumns() throws {
        try makePlayerDatabase().write { db in
            var player = MutablePlayer(id: nil, fullName: "Eve", score: 7)
            let score = try player.insertAndFetch(db, fetch: { try Int.fetchOne($0) }, select: { [$0.score * 2] })
            XCTAssertEqual(score, 14)
            XCTAssertEqual(player.id, 4)
            XCTAssertTrue(
                sqlQueries.contains { $0.hasPrefix(#"INSERT INTO "player" ("#) && $0.hasSuffix(#" RETURNING "score" * ?"#) },
                "\(sqlQueries)")
        }
    }

    func testGuideCodingKeysColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE book (title TEXT, publish_date TEXT)")
            XCTAssertEqual(try sql(db, Book.order { $0.publishDate }), #"SELECT * FROM "book" ORDER BY "publish_date""#)
        }
    }

    // MARK: - Association aggregates

    func testAssociationAggregateClosuresSeeTheColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), unit_price REAL);
                INSERT INTO author VALUES (1, 'Ann'), (2, 'Bob');
                INSERT INTO book VALUES (1, 1, 10), (2, 1, 20), (3, 2, 5);
                """)
            struct Book: TableRecord {
                enum Columns { static let price = Column("unit_price") }
            }
            struct Author: TableRecord {
                static let books = hasMany(Book.self)
            }
            let request = Author
                .annotated(with: Author.books.average { $0.price }, Author.books.max { $0.price }, Author.books.min { $0.price })
                .annotated(with: Author.books.sum { $0.price }, Author.books.total { $0.price })
                .order(Column("id"))
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0[2] as Double }, [15, 5])
            XCTAssertEqual(rows.map { $0[3] as Double }, [20, 5])
            XCTAssertEqual(rows.map { $0[4] as Double }, [10, 5])
            XCTAssertEqual(rows.map { $0[5] as Double }, [30, 5])
            XCTAssertEqual(rows.map { $0[6] as Double }, [30, 5])
            let sql = try XCTUnwrap(lastSQLQuery)
            for function in ["AVG", "MAX", "MIN", "SUM", "TOTAL"] {
                XCTAssertTrue(sql.contains(#"\#(function)("book"."unit_price")"#) || sql.contains(#"\#(function)("unit_price")"#), sql)
            }
            XCTAssertThrowsError(try Author.books.average { _ -> Column in throw ThrownError() }) { XCTAssertTrue($0 is ThrownError) }
        }
    }
}
