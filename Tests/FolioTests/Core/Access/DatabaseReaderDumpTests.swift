import Folio
import XCTest

private struct Player: TableRecord, FetchableRecord, Decodable {
    var id: Int64
    var name: String
}

/// The dump methods of database queues and pools.
final class DatabaseReaderDumpTests: FolioTestCase {
    private func setUpSchema(_ writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO player VALUES (2, 'Barbara'), (1, 'Arthur');
                INSERT INTO team VALUES (1, 'Reds');
                """)
        }
    }

    private func assertDumps(_ reader: some DatabaseReader, file: StaticString = #filePath, line: UInt = #line) throws {
        let sql = DumpOutput()
        try reader.dumpSQL("SELECT name FROM player ORDER BY id", to: sql)
        XCTAssertEqual(sql.text, "Arthur\nBarbara\n", file: file, line: line)

        let sqlFormat = DumpOutput()
        try reader.dumpSQL("SELECT name FROM player ORDER BY id", format: .quote(), to: sqlFormat)
        XCTAssertEqual(sqlFormat.text, "'Arthur'\n'Barbara'\n", file: file, line: line)

        let request = DumpOutput()
        try reader.dumpRequest(Player.all().withStableOrder(), format: .list(header: true), to: request)
        XCTAssertEqual(request.text, "id|name\n1|Arthur\n2|Barbara\n", file: file, line: line)

        let tables = DumpOutput()
        try reader.dumpTables(["team", "player"], to: tables)
        XCTAssertEqual(tables.text, "team\n1|Reds\n\nplayer\n1|Arthur\n2|Barbara\n", file: file, line: line)

        let tablesOptions = DumpOutput()
        try reader.dumpTables(["team"], format: .json(), tableHeader: .always, stableOrder: true, to: tablesOptions)
        XCTAssertEqual(tablesOptions.text, "team\n[{\"id\":1,\"name\":\"Reds\"}]\n", file: file, line: line)

        let content = DumpOutput()
        try reader.dumpContent(to: content)
        XCTAssertEqual(content.text, """
            sqlite_master
            CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);

            player
            1|Arthur
            2|Barbara

            team
            1|Reds

            """, file: file, line: line)

        let contentFormat = DumpOutput()
        try reader.dumpContent(format: .line(), to: contentFormat)
        XCTAssertTrue(contentFormat.text.hasSuffix("team\n  id = 1\nname = Reds\n"), contentFormat.text, file: file, line: line)

        let schema = DumpOutput()
        try reader.dumpSchema(to: schema)
        XCTAssertEqual(schema.text, """
            sqlite_master
            CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);

            """, file: file, line: line)
    }

    func testDatabaseQueueDumps() throws {
        let dbQueue = try makeDatabaseQueue()
        try setUpSchema(dbQueue)
        try assertDumps(dbQueue)
    }

    func testDatabasePoolDumps() throws {
        let dbPool = try makeDatabasePool()
        try setUpSchema(dbPool)
        try assertDumps(dbPool)
    }

    func testDumpsRunInATransaction() throws {
        let dbQueue = try makeDatabaseQueue()
        try setUpSchema(dbQueue)
        clearSQLQueries()
        try dbQueue.dumpTables(["team"], to: DumpOutput())
        XCTAssertEqual(sqlQueries.first, "BEGIN DEFERRED TRANSACTION")
        XCTAssertEqual(sqlQueries.last, "COMMIT TRANSACTION")
        XCTAssertTrue(sqlQueries.contains(#"SELECT * FROM "team" ORDER BY "id""#))
    }

    func testDumpsFromInsideAnAccess() throws {
        let dbQueue = try makeDatabaseQueue()
        try setUpSchema(dbQueue)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO team VALUES (2, 'Blues')")
            // The dump sees the changes of the current transaction.
            let output = DumpOutput()
            try dbQueue.dumpTables(["team"], to: output)
            XCTAssertEqual(output.text, "1|Reds\n2|Blues\n")
            XCTAssertTrue(db.isInsideTransaction)
        }

        let dbPool = try makeDatabasePool()
        try setUpSchema(dbPool)
        try dbPool.read { _ in
            let output = DumpOutput()
            try dbPool.dumpSQL("SELECT COUNT(*) FROM player", to: output)
            XCTAssertEqual(output.text, "2\n")
        }
    }

    func testDumpErrorsEndTheTransaction() throws {
        let dbQueue = try makeDatabaseQueue()
        try setUpSchema(dbQueue)
        let output = DumpOutput()
        XCTAssertThrowsError(try dbQueue.dumpTables(["team", "nope"], to: output)) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "no such table: nope")
        }
        XCTAssertEqual(output.text, "")
        XCTAssertFalse(dbQueue.unsafeReentrantRead { $0.isInsideTransaction })
        try dbQueue.dumpTables(["team"], to: output)
        XCTAssertEqual(output.text, "1|Reds\n")
    }

    func testDefaultStreamIsTheStandardOutput() throws {
        let dbQueue = try makeDatabaseQueue()
        try setUpSchema(dbQueue)
        let output = try captureStandardOutput {
            try dbQueue.dumpSQL("SELECT name FROM player ORDER BY id")
            try dbQueue.dumpRequest(Player.all().withStableOrder())
            try dbQueue.dumpTables(["team"])
            try dbQueue.dumpSchema()
            try dbQueue.dumpContent()
        }
        XCTAssertEqual(output, """
            Arthur
            Barbara
            1|Arthur
            2|Barbara
            1|Reds
            sqlite_master
            CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            sqlite_master
            CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);

            player
            1|Arthur
            2|Barbara

            team
            1|Reds

            """)
    }
}
