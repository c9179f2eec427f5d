import CSQLite
import Folio
import XCTest

/// A database cursor written outside of Folio, with its public API only,
/// as GRDB allows: it provides its statement, an `_isDone` flag and the
/// element of each row; `DatabaseCursor` provides the rest.
private final class UppercasedNameCursor: DatabaseCursor {
    let _statement: Statement
    var _isDone = false

    init(statement: Statement, arguments: StatementArguments = StatementArguments()) throws {
        // Resets the statement and binds the arguments.
        try statement.setArguments(arguments)
        _statement = statement
    }

    func _element(sqliteStatement: SQLiteStatement) throws -> String {
        guard let text = sqlite3_column_text(sqliteStatement, 0) else {
            throw DatabaseError(message: "unexpected NULL name")
        }
        return String(cString: text).uppercased()
    }
}

/// A custom cursor of database values, for generic code.
private final class DatabaseValueColumnCursor: DatabaseCursor {
    let _statement: Statement
    var _isDone = false

    init(statement: Statement) {
        _statement = statement
    }

    func _element(sqliteStatement: SQLiteStatement) throws -> DatabaseValue {
        DatabaseValue(sqliteStatement: sqliteStatement, index: 0)
    }
}

/// Records the changes it is told about.
private final class ChangeRecorder: TransactionObserver {
    var changes: [String] = []

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }

    func databaseDidChange(with event: DatabaseEvent) {
        changes.append("\(event.kind) \(event.tableName) \(event.rowID)")
    }

    func databaseDidCommit(_ db: Database) { }
    func databaseDidRollback(_ db: Database) { }
}

final class CustomDatabaseCursorTests: FolioTestCase {
    private func makePlayers() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
                INSERT INTO player (name, score) VALUES ('Arthur', 100), ('Barbara', 1000), ('Craig', 500);
                """)
        }
        return dbQueue
    }

    func testCustomCursorIteratesTheRowsThenReturnsNil() throws {
        let dbQueue = try makePlayers()
        try dbQueue.read { db in
            let statement = try db.makeStatement(sql: "SELECT name FROM player WHERE score >= ? ORDER BY id")
            let names = try UppercasedNameCursor(statement: statement, arguments: [500])
            XCTAssertEqual(try names.next(), "BARBARA")
            XCTAssertEqual(try names.next(), "CRAIG")
            XCTAssertNil(try names.next())
            XCTAssertTrue(names._isDone)
            XCTAssertNil(try names.next())
        }
    }

    func testCustomCursorTellsItsStatementInformation() throws {
        let dbQueue = try makePlayers()
        try dbQueue.read { db in
            let statement = try db.makeStatement(sql: "SELECT name, score FROM player WHERE score > ?")
            let names = try UppercasedNameCursor(statement: statement, arguments: [10])
            XCTAssertEqual(names.sql, "SELECT name, score FROM player WHERE score > ?")
            XCTAssertEqual(names.arguments, [10])
            XCTAssertEqual(names.columnNames, ["name", "score"])
            XCTAssertEqual(names.columnCount, 2)
            XCTAssertEqual(names.databaseRegion.description, "player(name,score)")
        }
    }

    func testCustomCursorFeedsCollectionsAndAdapters() throws {
        let dbQueue = try makePlayers()
        try dbQueue.read { db in
            let sql = "SELECT name FROM player ORDER BY id"
            XCTAssertEqual(try Array(UppercasedNameCursor(statement: db.makeStatement(sql: sql))), ["ARTHUR", "BARBARA", "CRAIG"])
            XCTAssertEqual(try Set(UppercasedNameCursor(statement: db.makeStatement(sql: sql))), ["ARTHUR", "BARBARA", "CRAIG"])
            let prefixed = try UppercasedNameCursor(statement: db.makeStatement(sql: sql)).map { "Mr \($0)" }.prefix(1)
            XCTAssertEqual(try Array(prefixed), ["Mr ARTHUR"])
            var names: [String] = []
            try UppercasedNameCursor(statement: db.makeStatement(sql: sql)).forEach { names.append($0) }
            XCTAssertEqual(names, ["ARTHUR", "BARBARA", "CRAIG"])
        }
    }

    func testCustomCursorWorksInGenericAndExistentialCode() throws {
        func describe<C: DatabaseCursor>(_ cursor: C) throws -> String {
            "\(cursor.sql): \(try Array(cursor).count)"
        }
        let dbQueue = try makePlayers()
        try dbQueue.read { db in
            let values = DatabaseValueColumnCursor(statement: try db.makeStatement(sql: "SELECT score FROM player ORDER BY id"))
            XCTAssertEqual(try describe(values), "SELECT score FROM player ORDER BY id: 3")

            let erased: any DatabaseCursor<String> = try UppercasedNameCursor(statement: db.makeStatement(sql: "SELECT name FROM player ORDER BY id"))
            XCTAssertEqual(erased.columnNames, ["name"])
            XCTAssertEqual(try erased.next(), "ARTHUR")
        }
    }

    func testCustomCursorResetsItsStatementAtTheEnd() throws {
        let dbQueue = try makePlayers()
        try dbQueue.read { db in
            let sql = "SELECT name FROM player ORDER BY id"
            let statement = try db.cachedStatement(sql: sql)
            let names = try UppercasedNameCursor(statement: statement)
            XCTAssertEqual(try names.next(), "ARTHUR")
            // A statement in the middle of an iteration is not reused.
            XCTAssertFalse(try db.cachedStatement(sql: sql) === statement)
            while try names.next() != nil { }
            XCTAssertEqual(sqlite3_stmt_busy(statement.sqliteStatement), 0)
            // Reset: the cache hands it out again, and it runs from the start.
            XCTAssertTrue(try db.cachedStatement(sql: sql) === statement)
            XCTAssertEqual(try String.fetchAll(statement), ["Arthur", "Barbara", "Craig"])
        }
    }

    func testCustomCursorStepErrorCarriesTheSQLAndEndsTheIteration() throws {
        let dbQueue = try makePlayers()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Zoe', -9223372036854775808)")
        }
        try dbQueue.read { db in
            let sql = "SELECT name FROM player WHERE abs(score) > ? ORDER BY id"
            let names = try UppercasedNameCursor(statement: db.makeStatement(sql: sql), arguments: [0])
            XCTAssertEqual(try names.next(), "ARTHUR")
            XCTAssertThrowsError(try {
                while try names.next() != nil { }
            }()) { error in
                guard let error = error as? DatabaseError else {
                    return XCTFail("unexpected error \(error)")
                }
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertEqual(error.message, "integer overflow")
                XCTAssertEqual(error.sql, sql)
            }
            XCTAssertTrue(names._isDone)
            XCTAssertNil(try names.next())
        }
    }

    func testCustomCursorElementErrorIsThrownByNext() throws {
        let dbQueue = try makePlayers()
        try dbQueue.read { db in
            let names = try UppercasedNameCursor(statement: db.makeStatement(sql: "SELECT NULL UNION ALL SELECT 'a'"))
            XCTAssertThrowsError(try names.next()) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "unexpected NULL name")
            }
            XCTAssertEqual(try names.next(), "A")
        }
    }

    func testCustomCursorUsedOutsideOfItsAccessThrows() throws {
        let dbQueue = try makePlayers()
        let names = try dbQueue.read { db in
            let names = try UppercasedNameCursor(statement: db.makeStatement(sql: "SELECT name FROM player ORDER BY id"))
            XCTAssertEqual(try names.next(), "ARTHUR")
            return names
        }
        XCTAssertThrowsError(try names.next()) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            XCTAssertEqual((error as? DatabaseError)?.sql, "SELECT name FROM player ORDER BY id")
        }
        XCTAssertNil(try names.next())
    }

    func testCustomCursorStepsThroughTheStatementPathOfFolio() throws {
        // Transaction observers hear about the changes made by a statement
        // that a custom cursor steps.
        let dbQueue = try makePlayers()
        let recorder = ChangeRecorder()
        dbQueue.add(transactionObserver: recorder)
        try dbQueue.write { db in
            let statement = try db.makeStatement(sql: "INSERT INTO player (name, score) VALUES (?, 0) RETURNING name")
            let names = try UppercasedNameCursor(statement: statement, arguments: ["Dan"])
            XCTAssertEqual(try names.next(), "DAN")
            XCTAssertNil(try names.next())
        }
        XCTAssertEqual(recorder.changes, ["insert player 4"])
        XCTAssertEqual(try dbQueue.read { try String.fetchAll($0, sql: "SELECT name FROM player ORDER BY id") }, ["Arthur", "Barbara", "Craig", "Dan"])
    }
}
