@_spi(FolioRemote) import Folio
import Foundation
import XCTest

/// A connection attached to a remote engine (`_attachRemote`): raw SQL,
/// rows, errors, transactions, parameters, what is not supported. The
/// remote engine is a second, real SQLite database (`SQLiteServerExecutor`).
final class RemoteExecutionTests: FolioTestCase {
    private func makeConnection() throws -> (client: DatabaseQueue, server: DatabaseQueue, executor: SQLiteServerExecutor) {
        let server = try makeServer()
        try server.write { db in
            try db.execute(sql: """
                CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT UNIQUE, score REAL, data BLOB);
                CREATE INDEX item_score ON item(score);
                """)
        }
        let (client, executor) = try makeRemoteQueue(server: server)
        return (client, server, executor)
    }

    func testAttachCopiesTheSchema() throws {
        let (client, _, executor) = try makeConnection()
        try client.read { db in
            XCTAssertTrue(db._remoteExecutor === executor)
            XCTAssertEqual(try db.columns(in: "item").map(\.name), ["id", "name", "score", "data"])
            XCTAssertEqual(try db.indexes(on: "item").map(\.name).sorted(), ["item_score", "sqlite_autoindex_item_1"])
            XCTAssertEqual(try db.primaryKey("item").columns, ["id"])
            XCTAssertEqual(db.maximumStatementArgumentCount, 255)
        }
    }

    func testRawSQLWithArgumentsRunsOnTheServer() throws {
        let (client, server, executor) = try makeConnection()
        let blob = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let textWithNUL = "a\u{0}b\u{0}"
        try client.write { db in
            try db.execute(sql: "INSERT INTO item (id, name, score, data) VALUES (?, ?, ?, ?)", arguments: [1, textWithNUL, 1.5, blob])
            XCTAssertEqual(db.lastInsertedRowID, 1)
            XCTAssertEqual(db.changesCount, 1)
            try db.execute(sql: "INSERT INTO item (id, name, score, data) VALUES (:id, :name, :score, :data)",
                           arguments: ["id": 2, "name": nil, "score": nil, "data": nil])
            XCTAssertEqual(db.lastInsertedRowID, 2)
            try db.execute(sql: "INSERT INTO item (name, score) VALUES (?2, ?1)", arguments: [-2.25, "third"])
            XCTAssertEqual(db.lastInsertedRowID, 3)
            try db.execute(sql: "UPDATE item SET score = score + 1 WHERE score IS NOT NULL")
            XCTAssertEqual(db.changesCount, 2)
        }
        let sentInsert = try XCTUnwrap(executor.requests.first { $0.sql.hasPrefix("INSERT INTO item (id, name, score, data) VALUES (?") })
        XCTAssertEqual(sentInsert.arguments, [1.databaseValue, textWithNUL.databaseValue, 1.5.databaseValue, blob.databaseValue])
        XCTAssertFalse(sentInsert.returnsRows)
        XCTAssertFalse(sentInsert.isReadOnly)
        XCTAssertFalse(sentInsert.isTransactionControl)
        // The server holds the data.
        try server.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM item ORDER BY id")
            XCTAssertEqual(rows.count, 3)
            XCTAssertEqual(rows[0]["name"] as String?, textWithNUL)
            XCTAssertEqual(rows[0]["score"] as Double?, 2.5)
            XCTAssertEqual(rows[0]["data"] as Data?, blob)
            XCTAssertTrue(rows[1]["name"] as DatabaseValue == .null)
            XCTAssertEqual(rows[2]["name"] as String?, "third")
            XCTAssertEqual(rows[2]["score"] as Double?, -1.25)
        }
        // The client reads the server's rows back, every storage class.
        try client.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, name, score, data FROM item WHERE id <= ? ORDER BY id", arguments: [3])
            XCTAssertEqual(rows.count, 3)
            XCTAssertEqual(rows[0]["id"] as Int64?, 1)
            XCTAssertEqual(rows[0]["name"] as String?, textWithNUL)
            XCTAssertEqual(rows[0]["score"] as Double?, 2.5)
            XCTAssertEqual(rows[0]["data"] as Data?, blob)
            XCTAssertEqual(rows[1], ["id": 2, "name": nil, "score": nil, "data": nil])
            XCTAssertEqual(Array(rows[2].columnNames), ["id", "name", "score", "data"])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM item WHERE name = :name", arguments: ["name": "third"]), ["third"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item"), 3)
            let statement = try db.makeStatement(sql: "SELECT name AS n, score FROM item ORDER BY id")
            XCTAssertEqual(statement.columnNames, ["n", "score"])
            XCTAssertEqual(statement.columnCount, 2)
            XCTAssertTrue(statement.isReadonly)
            XCTAssertEqual(statement.sql, "SELECT name AS n, score FROM item ORDER BY id")
            XCTAssertEqual(statement.databaseRegion.description, "item(id,name,score)")
            let cursor = try Row.fetchCursor(statement)
            var names: [String?] = []
            while let row = try cursor.next() { names.append(row["n"]) }
            XCTAssertEqual(names, [textWithNUL, nil, "third"])
        }
    }

    func testTheTraceShowsTheStatementNotItsSubstitute() throws {
        let (client, _, _) = try makConnectionClearingSQL()
        try client.write { db in
            try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: ["traced"])
            _ = try Row.fetchAll(db, sql: "SELECT name FROM item")
        }
        XCTAssertTrue(sqlQueries.contains("INSERT INTO item (name) VALUES (?)"), "\(sqlQueries)")
        XCTAssertTrue(sqlQueries.contains("SELECT name FROM item"), "\(sqlQueries)")
        XCTAssertFalse(sqlQueries.contains { $0.contains("folio_remote") }, "\(sqlQueries)")
    }

    private func makConnectionClearingSQL() throws -> (client: DatabaseQueue, server: DatabaseQueue, executor: SQLiteServerExecutor) {
        let result = try makeConnection()
        clearSQLQueries()
        return result
    }

    func testConstraintErrorKeepsExtendedCodeSQLAndArguments() throws {
        let (client, server, _) = try makeConnection()
        try client.write { db in
            try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: ["unique"])
        }
        do {
            try client.write { db in
                try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: ["unique"])
            }
            XCTFail("expected an error")
        } catch let error as DatabaseError {
            XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
            XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
            XCTAssertEqual(error.message, "UNIQUE constraint failed: item.name")
            XCTAssertEqual(error.sql, "INSERT INTO item (name) VALUES (?)")
            XCTAssertEqual(error.expandedDescription.contains("unique"), true, error.expandedDescription)
        }
        XCTAssertEqual(try server.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") }, 1)
    }

    func testOtherErrorsOfTheExecutorReachTheCallerUnchanged() throws {
        struct LeadershipLost: Error, Equatable { }
        let (client, _, executor) = try makeConnection()
        executor.nextError = LeadershipLost()
        XCTAssertThrowsError(try client.read { db in try Row.fetchAll(db, sql: "SELECT * FROM item") }) { error in
            XCTAssertEqual(error as? LeadershipLost, LeadershipLost())
        }
        // The connection goes on.
        XCTAssertEqual(try client.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") }, 0)
        executor.nextError = LeadershipLost()
        XCTAssertThrowsError(try client.writeWithoutTransaction { db in try db.execute(sql: "DELETE FROM item") }) { error in
            XCTAssertEqual(error as? LeadershipLost, LeadershipLost())
        }
    }

    func testTransactionsAndSavepointsRunOnBothSides() throws {
        let (client, server, executor) = try makeConnection()
        try client.inDatabase { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO item (name) VALUES ('kept')")
                XCTAssertTrue(db.isInsideTransaction)
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO item (name) VALUES ('undone')")
                    return .rollback
                }
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO item (name) VALUES ('released')")
                    return .commit
                }
                return .commit
            }
            XCTAssertFalse(db.isInsideTransaction)
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO item (name) VALUES ('rolled back')")
                return .rollback
            }
        }
        let controls = executor.requests.filter(\.isTransactionControl).map(\.sql)
        XCTAssertEqual(controls.first, "BEGIN IMMEDIATE TRANSACTION")
        XCTAssertTrue(controls.contains("COMMIT TRANSACTION"))
        XCTAssertTrue(controls.contains("ROLLBACK TRANSACTION"))
        XCTAssertTrue(controls.contains { $0.hasPrefix("SAVEPOINT") })
        XCTAssertEqual(try server.read { db in try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY id") }, ["kept", "released"])
        // A write transaction that throws is rolled back on the server.
        struct Failure: Error { }
        XCTAssertThrowsError(try client.write { db in
            try db.execute(sql: "INSERT INTO item (name) VALUES ('failed')")
            throw Failure()
        })
        XCTAssertEqual(try server.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") }, 2)
        XCTAssertFalse(server.inDatabase { db in db.isInsideTransaction })
    }

    func testDDLRunsOnBothSides() throws {
        let (client, server, _) = try makeConnection()
        try client.write { db in
            try db.create(table: "note") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("text", .text).notNull()
            }
            try db.execute(sql: "INSERT INTO note (text) VALUES ('hello')")
            XCTAssertEqual(try db.columns(in: "note").map(\.name), ["id", "text"])
            try db.alter(table: "note") { t in t.add(column: "extra", .integer) }
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT * FROM note"), ["id": 1, "text": "hello", "extra": nil])
        }
        try server.read { db in
            XCTAssertEqual(try db.columns(in: "note").map(\.name), ["id", "text", "extra"])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT text FROM note"), "hello")
        }
        // A schema change by another client is seen after a refresh.
        try server.write { db in try db.execute(sql: "CREATE TABLE other (a)") }
        try client.writeWithoutTransaction { db in
            XCTAssertFalse(try db.tableExists("other"))
            try db._refreshRemoteSchema()
            XCTAssertTrue(try db.tableExists("other"))
            XCTAssertEqual(try db.columns(in: "note").map(\.name), ["id", "text", "extra"])
        }
    }

    func testReadOnlyAccessRefusesRemoteWrites() throws {
        let (client, server, executor) = try makeConnection()
        executor.resetRequests()
        XCTAssertThrowsError(try client.read { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('no')") }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_READONLY)
        }
        XCTAssertThrowsError(try client.read { db in try db.execute(sql: "CREATE TABLE nope (a)") }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_READONLY)
        }
        XCTAssertFalse(executor.requests.contains { !$0.isReadOnly && !$0.isTransactionControl })
        XCTAssertEqual(try server.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") }, 0)
    }

    func testTooManyParametersFailAtPrepareWithTheLimit() throws {
        let (client, _, executor) = try makeConnection()
        executor.resetRequests()
        let sql = "SELECT * FROM item WHERE id IN (" + Array(repeating: "?", count: 256).joined(separator: ",") + ")"
        XCTAssertThrowsError(try client.read { db in try db.makeStatement(sql: sql) }) { error in
            let message = (error as? DatabaseError)?.message ?? ""
            XCTAssertTrue(message.contains("at most 255 parameters"), message)
        }
        XCTAssertFalse(executor.requests.contains { $0.sql.hasPrefix("SELECT * FROM item WHERE id IN") })
        let sql255 = "SELECT COUNT(*) FROM item WHERE id IN (" + Array(repeating: "?", count: 255).joined(separator: ",") + ")"
        let count = try client.read { db in try Int.fetchOne(db, sql: sql255, arguments: StatementArguments(Array(1...255))) }
        XCTAssertEqual(count, 0)
    }

    func testCustomFunctionsAndCollationsThrow() throws {
        let (client, _, executor) = try makeConnection()
        executor.resetRequests()
        let function = DatabaseFunction("double", argumentCount: 1, pure: true) { values in
            (Int.fromDatabaseValue(values[0]) ?? 0) * 2
        }
        try client.inDatabase { db in
            db.add(function: function)
            XCTAssertThrowsError(try Int.fetchOne(db, sql: "SELECT double(id) FROM item")) { error in
                let message = (error as? DatabaseError)?.message ?? ""
                XCTAssertTrue(message.contains("custom SQL function double"), message)
            }
            // Folio's own Swift functions are custom functions too.
            XCTAssertThrowsError(try String.fetchOne(db, sql: "SELECT swiftUppercaseString(name) FROM item")) { error in
                XCTAssertTrue(((error as? DatabaseError)?.message ?? "").contains("custom SQL function"), "\(error)")
            }
            // (The ORDER BY of a top-level SELECT sorts locally: RemoteOrderingTests.)
            XCTAssertThrowsError(try String.fetchAll(db, sql: "SELECT name FROM item WHERE name > 'a' COLLATE swiftLocalizedCompare")) { error in
                let message = (error as? DatabaseError)?.message ?? ""
                XCTAssertTrue(message.contains("custom collation swiftLocalizedCompare"), message)
            }
        }
        XCTAssertTrue(executor.requests.isEmpty, "\(executor.requests.map(\.sql))")
    }

    func testUnsupportedFeaturesThrow() throws {
        let (client, _, _) = try makeConnection()
        let other = try DatabaseQueue()
        XCTAssertThrowsError(try client.inDatabase { db in
            try other.inDatabase { otherDb in try db.backup(to: otherDb) }
        }) { error in
            XCTAssertTrue(((error as? DatabaseError)?.message ?? "").contains("backup is not supported"), "\(error)")
        }
        XCTAssertThrowsError(try client.inDatabase { db in try db.execute(sql: "ATTACH DATABASE ':memory:' AS other") }) { error in
            XCTAssertTrue(((error as? DatabaseError)?.message ?? "").contains("ATTACH"), "\(error)")
        }
        XCTAssertThrowsError(try client.inDatabase { db in
            try db._attachRemote(SQLiteServerExecutor(server: other), maximumParameterCount: 10)
        })
        let fileQueue = try DatabaseQueue(path: temporaryDatabasePath())
        XCTAssertThrowsError(try fileQueue.inDatabase { db in
            try db._attachRemote(SQLiteServerExecutor(server: other), maximumParameterCount: 10)
        }) { error in
            XCTAssertTrue(((error as? DatabaseError)?.message ?? "").contains("in-memory"), "\(error)")
        }
    }

    func testSchemaIntrospectionStaysLocalAndPragmasGoWhereTheyBelong() throws {
        let (client, server, executor) = try makeConnection()
        executor.resetRequests()
        try client.inDatabase { db in
            _ = try db.columns(in: "item")
            _ = try db.indexes(on: "item")
            _ = try db.foreignKeys(on: "item")
            _ = try Row.fetchAll(db, sql: "SELECT * FROM sqlite_master")
        }
        XCTAssertEqual(executor.requests.map(\.sql), [])
        try client.inDatabase { db in
            try db.execute(sql: "PRAGMA user_version = 7")
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA user_version"), 7)
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            XCTAssertEqual(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"), false)
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        XCTAssertEqual(try server.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }, 7)
        XCTAssertEqual(executor.requests.map(\.sql), [
            "PRAGMA user_version = 7", "PRAGMA user_version", "PRAGMA foreign_keys = OFF",
            "PRAGMA foreign_keys", "PRAGMA foreign_keys = ON",
        ])
    }

    func testMultipleStatementsShareTheirArguments() throws {
        let (client, server, executor) = try makeConnection()
        executor.resetRequests()
        try client.write { db in
            try db.execute(sql: """
                INSERT INTO item (name, score) VALUES (?, :score);
                INSERT INTO item (name, score) VALUES (?, :score);
                CREATE TABLE tag (name TEXT);
                INSERT INTO tag (name) SELECT name FROM item;
                """, arguments: StatementArguments(["a", "b"]) + StatementArguments(["score": 3.0]))
        }
        let inserts = executor.requests.filter { $0.sql.hasPrefix("INSERT INTO item") }
        XCTAssertEqual(inserts.map(\.arguments), [["a".databaseValue, 3.0.databaseValue], ["b".databaseValue, 3.0.databaseValue]])
        try server.read { db in
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM tag ORDER BY name"), ["a", "b"])
            XCTAssertEqual(try Double.fetchAll(db, sql: "SELECT score FROM item"), [3.0, 3.0])
        }
    }

    func testTenThousandRows() throws {
        let (client, _, _) = try makeConnection()
        try client.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
                INSERT INTO item (id, name, score) SELECT i, 'name ' || i, i * 0.5 FROM n
                """)
            XCTAssertEqual(db.changesCount, 10000)
        }
        try client.read { db in
            var count = 0
            var sum = 0.0
            let cursor = try Row.fetchCursor(db, sql: "SELECT id, name, score FROM item ORDER BY id")
            while let row = try cursor.next() {
                count += 1
                sum += row["score"] as Double
                XCTAssertEqual(row["name"] as String, "name \(count)")
            }
            XCTAssertEqual(count, 10000)
            XCTAssertEqual(sum, 0.5 * Double(10000 * 10001 / 2))
        }
    }
}
