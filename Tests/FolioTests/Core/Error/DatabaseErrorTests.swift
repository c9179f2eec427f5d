import Folio
import XCTest

final class DatabaseErrorTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), pages INTEGER CHECK (pages > 0));
                """)
        }
        return dbQueue
    }

    func testForeignKeyViolationIsCatchableByExtendedCode() throws {
        let dbQueue = try makeLibrary()
        var caught = false
        do {
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO book (authorId) VALUES (?)", arguments: [42])
            }
        } catch DatabaseError.SQLITE_CONSTRAINT_FOREIGNKEY {
            caught = true
        }
        XCTAssertTrue(caught)
    }

    func testPrimaryCodeMatchesExtendedCodes() throws {
        let dbQueue = try makeLibrary()
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO author (name) VALUES (NULL)")
        }) { error in
            XCTAssertTrue(ResultCode.SQLITE_CONSTRAINT ~= error)
            XCTAssertTrue(ResultCode.SQLITE_CONSTRAINT_NOTNULL ~= error)
            XCTAssertFalse(ResultCode.SQLITE_CONSTRAINT_UNIQUE ~= error)
            let error = error as! DatabaseError
            XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
            XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_NOTNULL)
            XCTAssertEqual(error.message, "NOT NULL constraint failed: author.name")
        }
    }

    func testUniqueAndCheckViolations() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO author (id, name) VALUES (1, 'Arthur')") }
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO author (name) VALUES ('Arthur')")
        }) { XCTAssertEqual(($0 as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE) }
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO book (authorId, pages) VALUES (1, 0)")
        }) { XCTAssertEqual(($0 as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_CHECK) }
    }

    func testDescriptionNamesCodeMessageAndSQLButHidesArguments() throws {
        let dbQueue = try makeLibrary()
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO book (authorId) VALUES (?)", arguments: [42])
        }) { error in
            XCTAssertEqual(
                "\(error)",
                "SQLite error 19: FOREIGN KEY constraint failed - while executing `INSERT INTO book (authorId) VALUES (?)`")
            XCTAssertNil((error as? DatabaseError)?.arguments)
        }
    }

    func testPublicStatementArgumentsAppearInErrors() throws {
        var config = Configuration()
        config.publicStatementArguments = true
        let dbQueue = try makeDatabaseQueue(configuration: config)
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a NOT NULL)")
            try db.execute(sql: "INSERT INTO t (a) VALUES (?)", arguments: [nil])
        }) { error in
            XCTAssertEqual((error as? DatabaseError)?.arguments, [nil])
            XCTAssertTrue("\(error)".hasSuffix("with arguments [NULL]"), "\(error)")
        }
    }

    func testSyntaxErrorCarriesSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        XCTAssertThrowsError(try dbQueue.read { db in try Row.fetchAll(db, sql: "SELEC * FROM nowhere") }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
            XCTAssertEqual(error.sql, "SELEC * FROM nowhere")
            XCTAssertEqual(error.message, #"near "SELEC": syntax error"#)
        }
    }

    func testMissingTableAndColumn() throws {
        let dbQueue = try makeDatabaseQueue()
        XCTAssertThrowsError(try dbQueue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM nowhere") }) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "no such table: nowhere")
        }
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            _ = try Row.fetchAll(db, sql: #"SELECT "b" FROM t"#)
        }) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "no such column: b")
        }
    }

    func testWrongArgumentCountThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a, b)")
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [1])) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual((error as? DatabaseError)?.sql, "INSERT INTO t VALUES (?, ?)")
            }
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [1, 2, 3])) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "wrong number of statement arguments: 3")
            }
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t VALUES (:a, :b)", arguments: ["a": 1, "b": 2, "c": 3])) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "unknown statement argument: c")
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 0)
        }
    }

    func testCustomErrorsAndResultCodeDescription() {
        let error = DatabaseError(resultCode: .SQLITE_BUSY, message: "locked")
        XCTAssertEqual(error.description, "SQLite error 5: locked")
        XCTAssertEqual(ResultCode.SQLITE_CONSTRAINT_UNIQUE.primaryResultCode, .SQLITE_CONSTRAINT)
        XCTAssertEqual(ResultCode.SQLITE_CONSTRAINT_UNIQUE.rawValue, 2067)
    }
}

/// DatabaseError descriptions as GRDB's README ("Error Handling") shows
/// them.
final class DatabaseErrorGRDBDescriptionTests: FolioTestCase {
    func testDescriptionAsInTheREADME() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE master (id INTEGER PRIMARY KEY);
                CREATE TABLE pet (masterId INTEGER REFERENCES master(id), name TEXT);
                """)
        }
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO pet (masterId, name) VALUES (?, ?)", arguments: [1, "Bobby"])
        }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
            XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
            XCTAssertEqual(error.message, "FOREIGN KEY constraint failed")
            XCTAssertEqual(error.sql, "INSERT INTO pet (masterId, name) VALUES (?, ?)")
            XCTAssertEqual(error.description, "SQLite error 19: FOREIGN KEY constraint failed - while executing `INSERT INTO pet (masterId, name) VALUES (?, ?)`")
        }
    }

    func testPublicArgumentsAreWrittenAsGRDBWritesThem() throws {
        var config = Configuration()
        config.publicStatementArguments = true
        let dbQueue = try makeDatabaseQueue(configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE master (id INTEGER PRIMARY KEY);
                CREATE TABLE pet (masterId INTEGER REFERENCES master(id), name TEXT);
                """)
        }
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO pet (masterId, name) VALUES (?, ?)", arguments: [1, "Bobby"])
        }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.arguments, [1, "Bobby"])
            XCTAssertEqual("\(error.arguments!)", #"[1, "Bobby"]"#)
            XCTAssertEqual(error.description, #"SQLite error 19: FOREIGN KEY constraint failed - while executing `INSERT INTO pet (masterId, name) VALUES (?, ?)` with arguments [1, "Bobby"]"#)
        }
    }

    func testMultipleStatementsAndWrongArgumentCounts() throws {
        try makeDatabaseQueue().write { db in
            XCTAssertThrowsError(try db.makeStatement(sql: "SELECT 1; SELECT 2")) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(error.message, "Multiple statements found. To execute multiple statements, use Database.execute(sql:) or Database.allStatements(sql:) instead.")
            }
            let statement = try db.makeStatement(sql: "SELECT ?")
            XCTAssertThrowsError(try statement.validateArguments([1, 2])) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(error.message, "wrong number of statement arguments: 2")
            }
            XCTAssertThrowsError(try db.execute(sql: "SELECT ?, ?", arguments: [1])) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "wrong number of statement arguments: 1")
            }
        }
    }

    func testMigrationErrorsHaveNoPrefix() throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), name TEXT);
                INSERT INTO book VALUES (1, 2, 'Moby-Dick');
                """)
        }
        XCTAssertThrowsError(try migrator.migrate(makeDatabaseQueue())) { error in
            XCTAssertEqual("\(error)", #"SQLite error 19: FOREIGN KEY constraint violation - from book(authorId) to author(id), in [id:1 authorId:2 name:"Moby-Dick"]"#)
        }
        var failing = DatabaseMigrator()
        failing.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE t(a NOT NULL); INSERT INTO t VALUES (NULL)")
        }
        XCTAssertThrowsError(try failing.migrate(makeDatabaseQueue())) { error in
            XCTAssertEqual("\(error)", "SQLite error 19: NOT NULL constraint failed: t.a - while executing `INSERT INTO t VALUES (NULL)`")
        }
    }
}
