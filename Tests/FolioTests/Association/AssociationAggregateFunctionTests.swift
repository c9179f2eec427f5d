import Folio
import XCTest

private struct Team: TableRecord {
    static let players = hasMany(Player.self)
}

private struct Player: TableRecord { }

/// The `abs` and `length` SQL functions applied to association aggregates.
final class AssociationAggregateFunctionTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY);
                CREATE TABLE player (id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES team(id), score INTEGER, name TEXT);
                INSERT INTO team (id) VALUES (1), (2), (3);
                INSERT INTO player (teamId, score, name) VALUES
                    (1, -20, 'Arthur'), (1, -50, 'Barbara'), (2, 10, 'Craig');
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testAbsOfAggregate() throws {
        try makeDatabase().read { db in
            let request = Team.annotated(with: abs(Team.players.max(Column("score")))).order(Column("id"))
            let rows = try Row.fetchAll(db, request)
            XCTAssertTrue(try XCTUnwrap(lastSQLQuery).contains(#"ABS(MAX("player"."score"))"#), lastSQLQuery ?? "")
            XCTAssertEqual(rows.map { $0[1] as Int? }, [20, 10, nil])
            // The result has no key: give it one.
            let keyed = Team.annotated(with: abs(Team.players.min(Column("score"))).forKey("lowest")).order(Column("id"))
            XCTAssertEqual(try Row.fetchAll(db, keyed).map { $0["lowest"] as Int? }, [50, 10, nil])
        }
    }

    func testLengthOfAggregate() throws {
        try makeDatabase().read { db in
            let request = Team
                .annotated(with: length(Team.players.max(Column("name"))).forKey("nameLength"))
                .order(Column("id"))
            let rows = try Row.fetchAll(db, request)
            XCTAssertTrue(try XCTUnwrap(lastSQLQuery).contains(#"LENGTH(MAX("player"."name"))"#), lastSQLQuery ?? "")
            XCTAssertEqual(rows.map { $0["nameLength"] as Int? }, [7, 5, nil])
            let having = Team.having(length(Team.players.min(Column("name"))) > 5)
            XCTAssertEqual(try Int64.fetchAll(db, having.select(Column("id"))), [1])
        }
    }
}
