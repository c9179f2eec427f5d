import Folio
import XCTest

// A shared schema for the query interface tests: teams and players, with
// NULLs, mixed-case and accented names, so that filters, orderings and
// collations give telling results.
//
//  id | name    | score | bonus | teamId | position | height | email               | isVerified | coachId
//  ---+---------+-------+-------+--------+----------+--------+---------------------+------------+--------
//   1 | Arthur  |  1000 |    10 |      1 |        1 |   1.80 | arthur@example.com  |          1 |  NULL
//   2 | barbara |   500 |    20 |      1 |        2 |   1.70 | barbara@example.com |          0 |     1
//   3 | Craig   |  1000 |  NULL |      2 |        1 |   1.90 | NULL                |          1 |     1
//   4 | NULL    |    10 |     5 |   NULL |     NULL |   NULL | anon@test.org       |          0 |  NULL
//   5 | Éric    |   750 |     0 |     42 |        1 |   1.76 | eric@example.com    |          1 |     3
//   6 | david   |   250 |    30 |     42 |        2 |   1.60 | NULL                |          0 |     3

extension FolioTestCase {
    /// Returns an in-memory database with the `team` and `player` tables
    /// of the query interface tests, and forgets the SQL that created them.
    func makeTeamAndPlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    color TEXT);
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY,
                    name TEXT,
                    score INTEGER,
                    bonus INTEGER,
                    teamId INTEGER REFERENCES team(id),
                    position INTEGER,
                    height REAL,
                    email TEXT,
                    isVerified BOOLEAN NOT NULL DEFAULT 0,
                    coachId INTEGER REFERENCES player(id) ON DELETE SET NULL);
                INSERT INTO team (id, name, color) VALUES
                    (1, 'Reds', 'red'), (2, 'Blues', 'blue'), (42, 'Greens', NULL);
                INSERT INTO player (id, name, score, bonus, teamId, position, height, email, isVerified, coachId) VALUES
                    (1, 'Arthur', 1000, 10, 1, 1, 1.80, 'arthur@example.com', 1, NULL),
                    (2, 'barbara', 500, 20, 1, 2, 1.70, 'barbara@example.com', 0, 1),
                    (3, 'Craig', 1000, NULL, 2, 1, 1.90, NULL, 1, 1),
                    (4, NULL, 10, 5, NULL, NULL, NULL, 'anon@test.org', 0, NULL),
                    (5, 'Éric', 750, 0, 42, 1, 1.76, 'eric@example.com', 1, 3),
                    (6, 'david', 250, 30, 42, 2, 1.60, NULL, 0, 3);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    /// The SQL of a request.
    func sql(_ db: Database, _ request: some FetchRequest) throws -> String {
        try request.makePreparedRequest(db).statement.sql
    }

    /// The SQL of a request when one row only is fetched (`fetchOne`).
    func singleResultSQL(_ db: Database, _ request: some FetchRequest) throws -> String {
        try request.makePreparedRequest(db, forSingleResult: true).statement.sql
    }

    /// The arguments bound to the statement of a request.
    func arguments(_ db: Database, _ request: some FetchRequest) throws -> StatementArguments {
        try request.makePreparedRequest(db).statement.arguments
    }

    /// The ids of the rows fetched by a request, in order.
    func ids(_ db: Database, _ request: some FetchRequest) throws -> [Int64] {
        try Row.fetchAll(db, request).map { $0["id"] }
    }

    /// The SQL of an expression, as selected by `SELECT <expression>`.
    func expressionSQL(_ db: Database, _ expression: some SQLSpecificExpressible) throws -> String {
        let full = try sql(db, Table("player").select(expression))
        let prefix = "SELECT ", suffix = #" FROM "player""#
        XCTAssertTrue(full.hasPrefix(prefix) && full.hasSuffix(suffix), full)
        return String(full.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// Asserts that `body` throws a `DatabaseError` whose SQL is `sql`,
    /// and whose message contains `message`.
    func assertDatabaseError(
        sql: String?,
        message: String,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ body: () throws -> Void)
    {
        do {
            try body()
            XCTFail("Expected a DatabaseError", file: file, line: line)
        } catch let error as DatabaseError {
            XCTAssertEqual(error.sql, sql, file: file, line: line)
            XCTAssertTrue(
                error.message?.contains(message) == true,
                "\(error.message ?? "nil") does not contain \(message)", file: file, line: line)
        } catch {
            XCTFail("Expected a DatabaseError, got \(error)", file: file, line: line)
        }
    }
}
