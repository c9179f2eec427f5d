import Folio
import Foundation
import XCTest

/// A value type whose raw values the fixture does not hold ("purple").
private enum BadInputColor: String, DatabaseValueConvertible {
    case red, blue
}

/// A record that needs a value in a column where the fixture has NULL.
private struct BadInputBonus: Decodable, FetchableRecord {
    var name: String
    var bonus: Int
}

/// A record that needs a column the fixture does not have.
private struct BadInputNickname: Decodable, FetchableRecord {
    var name: String
    var nickname: String
}

/// A record whose table does not exist.
private struct BadInputGhost: Codable, PersistableRecord {
    static let databaseTableName = "ghost"
    var name: String
}

/// A record with a property that the player table has no column for.
private struct BadInputNicknamedPlayer: Codable, PersistableRecord {
    static let databaseTableName = "player"
    var name: String
    var score: Int
    var nickname: String
}

private struct BadInputTeam: Codable, Identifiable, PersistableRecord {
    static let databaseTableName = "team"
    var id: Int64
    var name: String
}

/// Bad input, table by table: each row runs against a fresh fixture
/// database (BadInput.swift), must throw the error it expects (its type,
/// its result code, and a message that names what failed), and must leave
/// every table and `sqlite_master` unchanged.
///
/// The files, NUL bytes, disk-full and cancellation tables are in
/// BadInputTests+Environment.swift.
final class BadInputTests: FolioTestCase {
    static let sqlInputs: [BadInput] = [
        BadInput("syntax error", expect: .database(.SQLITE_ERROR, mentions: [#"near "SELEC": syntax error"#], sql: "SELEC * FROM player")) { fixture in
            _ = try fixture.dbQueue.read { db in try Row.fetchAll(db, sql: "SELEC * FROM player") }
        },
        BadInput("incomplete statement", expect: .database(.SQLITE_ERROR, mentions: ["incomplete input"])) { fixture in
            _ = try fixture.dbQueue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM player WHERE") }
        },
        BadInput("unterminated string literal", expect: .database(.SQLITE_ERROR, mentions: [#"unrecognized token: "'Arthur""#])) { fixture in
            _ = try fixture.dbQueue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM player WHERE name = 'Arthur") }
        },
        BadInput("unknown table", expect: .database(.SQLITE_ERROR, mentions: ["no such table: nowhere"], sql: "UPDATE nowhere SET score = 0")) { fixture in
            try fixture.dbQueue.write { db in try db.execute(sql: "UPDATE nowhere SET score = 0") }
        },
        BadInput("unknown column", expect: .database(.SQLITE_ERROR, mentions: ["no such column: nickname"])) { fixture in
            try fixture.dbQueue.write { db in try db.execute(sql: "UPDATE player SET nickname = 'Art'") }
        },
        BadInput("error in the third statement of a script, after two writes", expect: .database(.SQLITE_ERROR, mentions: ["no such table: nowhere"])) { fixture in
            try fixture.dbQueue.write { db in
                try db.execute(sql: """
                    UPDATE player SET score = score + 1;
                    DELETE FROM team WHERE id = 2 AND 0;
                    INSERT INTO nowhere VALUES (1)
                    """)
            }
        },
        BadInput("write in a read access", expect: .database(.SQLITE_READONLY, mentions: ["attempt to write a readonly database"])) { fixture in
            try fixture.dbQueue.read { db in try db.execute(sql: "DELETE FROM player") }
        },
        BadInput("write in a read access of a pool", on: .pool, expect: .database(.SQLITE_READONLY, mentions: ["attempt to write a readonly database"])) { fixture in
            try fixture.dbPool.read { db in try db.execute(sql: "DELETE FROM player") }
        },
        BadInput("creating a table that exists, with the schema DSL", expect: .database(.SQLITE_ERROR, mentions: ["table \"player\" already exists"])) { fixture in
            try fixture.dbQueue.write { db in
                try db.create(table: "player") { t in t.column("name", .text) }
            }
        },
        BadInput("SQL function that throws", expect: .database(.SQLITE_ERROR, mentions: ["no nickname for Arthur"])) { fixture in
            struct NoNickname: Error, CustomStringConvertible {
                var name: String
                var description: String { "no nickname for \(name)" }
            }
            let nickname = DatabaseFunction("nickname", argumentCount: 1) { values in
                throw NoNickname(name: String.fromDatabaseValue(values[0]) ?? "?")
            }
            try fixture.dbQueue.write { db in
                db.add(function: nickname)
                try db.execute(sql: "UPDATE player SET name = nickname(name)")
            }
        },
    ]

    static let argumentInputs: [BadInput] = [
        BadInput("too few positional arguments", expect: .database(.SQLITE_MISUSE, mentions: ["wrong number of statement arguments: 1"], sql: "UPDATE player SET score = ? WHERE id = ?")) { fixture in
            try fixture.dbQueue.write { db in try db.execute(sql: "UPDATE player SET score = ? WHERE id = ?", arguments: [0]) }
        },
        BadInput("too many positional arguments", expect: .database(.SQLITE_MISUSE, mentions: ["wrong number of statement arguments: 3"])) { fixture in
            try fixture.dbQueue.write { db in try db.execute(sql: "UPDATE player SET score = ? WHERE id = ?", arguments: [0, 1, 2]) }
        },
        BadInput("unknown named argument", expect: .database(.SQLITE_MISUSE, mentions: ["unknown statement argument", "bogus"])) { fixture in
            try fixture.dbQueue.write { db in
                try db.execute(sql: "UPDATE player SET score = :score WHERE id = :id", arguments: ["score": 0, "id": 1, "bogus": 2])
            }
        },
        BadInput("missing named argument", expect: .database(.SQLITE_MISUSE, mentions: ["id"])) { fixture in
            try fixture.dbQueue.write { db in
                try db.execute(sql: "UPDATE player SET score = :score WHERE id = :id", arguments: ["score": 0])
            }
        },
        BadInput("positional arguments for named parameters, too few", expect: .database(.SQLITE_MISUSE, mentions: ["missing statement argument: id"])) { fixture in
            try fixture.dbQueue.write { db in
                try db.execute(sql: "UPDATE player SET score = :score WHERE id = :id", arguments: [0])
            }
        },
        BadInput("wrong arguments in a fetch through the query interface", expect: .database(.SQLITE_MISUSE, mentions: ["wrong number of statement arguments: 0"], sql: #"SELECT * FROM "player" WHERE score > ?"#)) { fixture in
            _ = try fixture.dbQueue.read { db in
                try BadInputPlayer.filter(sql: "score > ?").fetchAll(db)
            }
        },
    ]

    static let recordInputs: [BadInput] = [
        BadInput("insert a record whose primary key exists", expect: .database(.SQLITE_CONSTRAINT, extended: .SQLITE_CONSTRAINT_PRIMARYKEY, mentions: ["UNIQUE constraint failed: player.id"])) { fixture in
            try fixture.dbQueue.write { db in
                var player = BadInputPlayer(id: 1, name: "Arthur II", score: 1)
                try player.insert(db)
            }
        },
        BadInput("insert a record with NULL in a NOT NULL column", expect: .database(.SQLITE_CONSTRAINT, extended: .SQLITE_CONSTRAINT_NOTNULL, mentions: ["NOT NULL constraint failed: player.name"])) { fixture in
            try fixture.dbQueue.write { db in
                var player = BadInputPlayer(name: nil, score: 1)
                try player.insert(db)
            }
        },
        BadInput("insert a record that breaks a CHECK constraint", expect: .database(.SQLITE_CONSTRAINT, extended: .SQLITE_CONSTRAINT_CHECK, mentions: ["CHECK constraint failed", "score >= 0"])) { fixture in
            try fixture.dbQueue.write { db in
                var player = BadInputPlayer(name: "Dana", score: -1)
                try player.insert(db)
            }
        },
        BadInput("insert a record with a missing foreign key", expect: .database(.SQLITE_CONSTRAINT, extended: .SQLITE_CONSTRAINT_FOREIGNKEY, mentions: ["FOREIGN KEY constraint failed"])) { fixture in
            try fixture.dbQueue.write { db in
                var player = BadInputPlayer(teamId: 42, name: "Dana", score: 1)
                try player.insert(db)
            }
        },
        BadInput("update a record to a taken unique email", expect: .database(.SQLITE_CONSTRAINT, extended: .SQLITE_CONSTRAINT_UNIQUE, mentions: ["UNIQUE constraint failed: player.email"])) { fixture in
            try fixture.dbQueue.write { db in
                var player = try BadInputPlayer.find(db, id: 1)
                player.email = "barbara@example.com"
                try player.update(db)
            }
        },
        BadInput("update a record that is not in the database", expect: .recordNotFound(table: "player", key: ["id": 99.databaseValue])) { fixture in
            try fixture.dbQueue.write { db in
                try BadInputPlayer(id: 99, name: "Nobody", score: 1).update(db)
            }
        },
        BadInput("find a record that is not in the database", expect: .recordNotFound(table: "player", key: ["id": 99.databaseValue])) { fixture in
            _ = try fixture.dbQueue.read { db in try BadInputPlayer.find(db, id: 99) }
        },
        BadInput("save an existing record to NULL in a NOT NULL column", expect: .database(.SQLITE_CONSTRAINT, extended: .SQLITE_CONSTRAINT_NOTNULL, mentions: ["NOT NULL constraint failed: player.name"])) { fixture in
            try fixture.dbQueue.write { db in
                var player = try BadInputPlayer.find(db, id: 2)
                player.name = nil
                try player.save(db)
            }
        },
        BadInput("save a new record with a taken unique email", expect: .database(.SQLITE_CONSTRAINT, extended: .SQLITE_CONSTRAINT_UNIQUE, mentions: ["UNIQUE constraint failed: player.email"])) { fixture in
            try fixture.dbQueue.write { db in
                var player = BadInputPlayer(name: "Dana", email: "arthur@example.com", score: 1)
                try player.save(db)
            }
        },
        BadInput("delete a record that other rows reference", expect: .database(.SQLITE_CONSTRAINT, extended: .SQLITE_CONSTRAINT_FOREIGNKEY, mentions: ["FOREIGN KEY constraint failed"])) { fixture in
            try fixture.dbQueue.write { db in
                _ = try BadInputTeam(id: 1, name: "Red").delete(db)
            }
        },
        BadInput("insert a record with a property the table has no column for", expect: .database(.SQLITE_ERROR, mentions: ["table player has no column named nickname"])) { fixture in
            try fixture.dbQueue.write { db in
                try BadInputNicknamedPlayer(name: "Dana", score: 1, nickname: "Di").insert(db)
            }
        },
        BadInput("insert a record whose table does not exist", expect: .database(.SQLITE_ERROR, mentions: ["no such table: ghost"])) { fixture in
            try fixture.dbQueue.write { db in
                try BadInputGhost(name: "Boo").insert(db)
            }
        },
        BadInput("three good inserts, then a bad one, in one transaction", expect: .database(.SQLITE_CONSTRAINT, extended: .SQLITE_CONSTRAINT_UNIQUE, mentions: ["UNIQUE constraint failed: player.email"])) { fixture in
            try fixture.dbQueue.write { db in
                for name in ["Dana", "Eve", "Fred"] {
                    var player = BadInputPlayer(name: name, email: "\(name)@example.com", score: 1)
                    try player.insert(db)
                }
                var player = BadInputPlayer(name: "Gus", email: "Dana@example.com", score: 1)
                try player.insert(db)
            }
        },
        BadInput("good writes, then an error of the application", expect: .userError) { fixture in
            try fixture.dbQueue.write { db in
                var player = BadInputPlayer(name: "Dana", score: 1)
                try player.insert(db)
                try db.execute(sql: "UPDATE player SET score = 0")
                throw BadInputUserError()
            }
        },
    ]

    static let decodingInputs: [BadInput] = [
        BadInput("text into Int", expect: .decoding(.valueMismatch, type: "Int", column: "value", mentions: ["Arthur"])) { fixture in
            _ = try fixture.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT value FROM misc WHERE id = 1") }
        },
        BadInput("NULL into a non-optional Int", expect: .decoding(.valueMismatch, type: "Int", column: "value", mentions: ["NULL"])) { fixture in
            _ = try fixture.dbQueue.read { db in try Int.fetchAll(db, sql: "SELECT value FROM misc WHERE id = 5") }
        },
        BadInput("NULL into a non-optional property of a Decodable record", expect: .decoding(.valueMismatch, type: "Int", column: "bonus", mentions: ["NULL"])) { fixture in
            _ = try fixture.dbQueue.read { db in try BadInputBonus.fetchAll(db, sql: "SELECT name, bonus FROM player ORDER BY id") }
        },
        BadInput("missing column for a property of a Decodable record", expect: .decoding(.columnNotFound, type: "String", column: "nickname")) { fixture in
            _ = try fixture.dbQueue.read { db in try BadInputNickname.fetchAll(db, sql: "SELECT * FROM player") }
        },
        BadInput("missing column, decoded from a row", expect: .decoding(.columnNotFound, type: "String", column: "nickname")) { fixture in
            _ = try fixture.dbQueue.read { db in
                let row = try Row.fetchOne(db, sql: "SELECT * FROM player")!
                return try row.decode(String.self, forColumn: "nickname")
            }
        },
        BadInput("text into Date", expect: .decoding(.valueMismatch, type: "Date", column: "value", mentions: ["not a date"])) { fixture in
            _ = try fixture.dbQueue.read { db in try Date.fetchOne(db, sql: "SELECT value FROM misc WHERE id = 6") }
        },
        BadInput("unknown raw value into an enum", expect: .decoding(.valueMismatch, type: "BadInputColor", column: "value", mentions: ["purple"])) { fixture in
            _ = try fixture.dbQueue.read { db in try BadInputColor.fetchOne(db, sql: "SELECT value FROM misc WHERE id = 7") }
        },
        BadInput("text into UUID", expect: .decoding(.valueMismatch, type: "UUID", column: "value", mentions: ["not a uuid"])) { fixture in
            _ = try fixture.dbQueue.read { db in try UUID.fetchOne(db, sql: "SELECT value FROM misc WHERE id = 9") }
        },
    ]

    static let outOfRangeInputs: [BadInput] = [
        BadInput("Int8 from 1000", expect: .decoding(.valueMismatch, type: "Int8", column: "value", mentions: ["1000"])) { fixture in
            _ = try fixture.dbQueue.read { db in try Int8.fetchOne(db, sql: "SELECT value FROM misc WHERE id = 2") }
        },
        BadInput("UInt from -1", expect: .decoding(.valueMismatch, type: "UInt", column: "value", mentions: ["-1"])) { fixture in
            _ = try fixture.dbQueue.read { db in try UInt.fetchOne(db, sql: "SELECT value FROM misc WHERE id = 3") }
        },
        BadInput("Int from 1e300", expect: .decoding(.valueMismatch, type: "Int", column: "value")) { fixture in
            _ = try fixture.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT value FROM misc WHERE id = 4") }
        },
        BadInput("Int64 from 2^63, a REAL just above Int64.max", expect: .decoding(.valueMismatch, type: "Int64", column: "big")) { fixture in
            _ = try fixture.dbQueue.read { db in try Int64.fetchOne(db, sql: "SELECT 9223372036854775808 AS big") }
        },
        BadInput("Double.nan to Int (SQLite stores NaN as NULL)", expect: .decoding(.valueMismatch, type: "Int", column: "nan", mentions: ["NULL"])) { fixture in
            _ = try fixture.dbQueue.read { db in try Int.fetchAll(db, sql: "SELECT ? AS nan", arguments: [Double.nan]) }
        },
        BadInput("Double.infinity to Int", expect: .decoding(.valueMismatch, type: "Int", column: "infinity")) { fixture in
            _ = try fixture.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT ? AS infinity", arguments: [Double.infinity]) }
        },
        BadInput("-Double.infinity to Int32, stored then read", expect: .decoding(.valueMismatch, type: "Int32", column: "value")) { fixture in
            try fixture.dbQueue.write { db in
                try db.execute(sql: "UPDATE misc SET value = ? WHERE id = 4", arguments: [-Double.infinity])
                _ = try Int32.fetchOne(db, sql: "SELECT value FROM misc WHERE id = 4")
            }
        },
    ]

    func testMalformedSQL() async throws {
        try await assertBadInputs(Self.sqlInputs)
    }

    func testWrongArguments() async throws {
        try await assertBadInputs(Self.argumentInputs)
    }

    func testConstraintViolationsThroughRecords() async throws {
        try await assertBadInputs(Self.recordInputs)
    }

    func testDecodingMismatches() async throws {
        try await assertBadInputs(Self.decodingInputs)
    }

    func testOutOfRangeValues() async throws {
        try await assertBadInputs(Self.outOfRangeInputs)
    }

    /// A UInt64 above Int64.max does not fit an SQLite INTEGER. Bound as an
    /// argument, it must neither crash nor come back as another number:
    /// either it round-trips exactly, or an error names the value and the
    /// statement.
    ///
    /// In a process of its own: a trap fails this test, not the run.
    func testUInt64AboveInt64MaxBoundAsArgument() throws {
        try runIsolatedFromCrashes {
            let directory = URL(fileURLWithPath: temporaryDatabasePath()).deletingLastPathComponent()
            let fixture = try BadInputFixture(access: .queue, directory: directory)
            let before = try fixture.dump()
            for value in [UInt64.max, UInt64(Int64.max) + 1] {
                do {
                    let fetched = try fixture.dbQueue.read { db in
                        try UInt64.fetchOne(db, sql: "SELECT ?", arguments: [value])
                    }
                    XCTAssertEqual(fetched, value, "UInt64 \(value) came back as another number")
                } catch {
                    let description = String(describing: error)
                    XCTAssertTrue(description.contains(String(value)), "the error does not name the value: \(description)")
                    XCTAssertTrue(description.contains("SELECT ?"), "the error does not name the statement: \(description)")
                }
            }
            XCTAssertEqual(try fixture.dump(), before)
        }
    }
}
