import Folio
import Foundation
import XCTest

// Bad input from outside the SQL: files that are not databases, NUL bytes,
// a full disk, cancelled tasks. Same harness as BadInputTests.swift: each
// input must throw its expected error and leave the fixture unchanged.

/// Runs `body`, and fails the test if the file at `url` changed: opening
/// a file that is not a database must not write to it.
private func assertUnchanged<T>(_ url: URL, _ body: () throws -> T) throws -> T {
    let before = try Data(contentsOf: url)
    defer {
        let after = try? Data(contentsOf: url)
        if after != before {
            XCTFail("\(url.lastPathComponent) changed: \(before.count) bytes before, \(after?.count ?? -1) after")
        }
    }
    return try body()
}

/// A text file in the fixture's folder.
private func makeTextFile(in fixture: BadInputFixture) throws -> URL {
    let url = fixture.directory.appendingPathComponent("notes.txt")
    let text = String(repeating: "These are notes, not a database.\n", count: 200)
    try Data(text.utf8).write(to: url)
    return url
}

/// Opens the database at `path` and reads it: a database that opens but
/// can not be read may fail at either step, both count.
private func openAndRead(_ path: String, pool: Bool = false, configuration: Configuration = Configuration()) throws {
    let writer: any DatabaseWriter = pool
        ? try DatabasePool(path: path, configuration: configuration)
        : try DatabaseQueue(path: path, configuration: configuration)
    _ = try writer.read { db in try Row.fetchAll(db, sql: "SELECT * FROM sqlite_master") }
}

/// Runs `body`, which opens a database at a path with a NUL byte, and
/// fails the test if a file was created at the path cut at the NUL.
private func assertNoFileAtTruncatedPath(_ path: String, _ body: () throws -> Void) rethrows {
    let truncated = String(path.prefix { $0 != "\0" })
    defer {
        if FileManager.default.fileExists(atPath: truncated) {
            XCTFail("a file was created at the truncated path \(truncated)")
        }
    }
    try body()
}

/// Fills the database: every new page fails once `max_page_count` is the
/// current page count.
private func limitPageCount(_ db: Database) throws {
    // SQLite raises a lower limit to the current page count.
    try db.execute(sql: "PRAGMA max_page_count = 1")
}

extension BadInputTests {
    static let fileInputs: [BadInput] = [
        BadInput("a text file opened as a database queue", expect: .database(.SQLITE_NOTADB, mentions: ["file is not a database"])) { fixture in
            let url = try makeTextFile(in: fixture)
            try assertUnchanged(url) { try openAndRead(url.path) }
        },
        BadInput("a text file opened as a database pool", expect: .database(.SQLITE_NOTADB, mentions: ["file is not a database"])) { fixture in
            let url = try makeTextFile(in: fixture)
            try assertUnchanged(url) { try openAndRead(url.path, pool: true) }
        },
        BadInput("a text file opened read-only", expect: .database(.SQLITE_NOTADB, mentions: ["file is not a database"])) { fixture in
            let url = try makeTextFile(in: fixture)
            var configuration = Configuration()
            configuration.readonly = true
            try assertUnchanged(url) { try openAndRead(url.path, configuration: configuration) }
        },
        BadInput("a truncated database file", expect: .database(.SQLITE_CORRUPT, mentions: ["malformed"])) { fixture in
            // A copy of the fixture (committed, in rollback journal mode:
            // the file is whole), cut after its first two pages.
            let data = try Data(contentsOf: URL(fileURLWithPath: fixture.dbQueue.path))
            let url = fixture.directory.appendingPathComponent("truncated.sqlite")
            try data.prefix(2 * 4096).write(to: url)
            try openAndRead(url.path)
            _ = try DatabaseQueue(path: url.path).read { db in try Row.fetchAll(db, sql: "SELECT * FROM player") }
        },
        BadInput("a directory opened as a database", expect: .database(.SQLITE_CANTOPEN, mentions: ["folder"])) { fixture in
            let url = fixture.directory.appendingPathComponent("folder")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try openAndRead(url.path)
        },
        BadInput("a path below a regular file", expect: .database(.SQLITE_CANTOPEN, mentions: ["notes.txt/db.sqlite"])) { fixture in
            let url = try makeTextFile(in: fixture)
            try assertUnchanged(url) { try openAndRead(url.appendingPathComponent("db.sqlite").path) }
        },
        BadInput("a path in a missing folder", expect: .database(.SQLITE_CANTOPEN, mentions: ["missing/db.sqlite"])) { fixture in
            try openAndRead(fixture.directory.appendingPathComponent("missing/db.sqlite").path)
        },
        BadInput("a missing file opened read-only", expect: .database(.SQLITE_CANTOPEN, mentions: ["absent.sqlite"])) { fixture in
            var configuration = Configuration()
            configuration.readonly = true
            try openAndRead(fixture.directory.appendingPathComponent("absent.sqlite").path, configuration: configuration)
        },
    ]

    static let nulInputs: [BadInput] = [
        // Cut at the NUL, this statement would delete every player.
        BadInput("NUL in the SQL of a statement", expect: .nulByte) { fixture in
            try fixture.dbQueue.write { db in try db.execute(sql: "DELETE FROM player\0 WHERE id = 1") }
        },
        BadInput("NUL in the SQL of a fetch", expect: .nulByte) { fixture in
            _ = try fixture.dbQueue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM player\0 garbage") }
        },
        // Cut at the NUL, this script would update every score.
        BadInput("NUL in the SQL of a script", expect: .nulByte) { fixture in
            try fixture.dbQueue.write { db in
                try db.execute(sql: "UPDATE player SET score = 1\0 WHERE id = 1; DELETE FROM team")
            }
        },
        BadInput("NUL in an SQL literal", expect: .nulByte) { fixture in
            try fixture.dbQueue.write { db in
                try db.execute(literal: "UPDATE player SET score = \(1)\(sql: "\0 WHERE id = 1")")
            }
        },
        BadInput("NUL in a table name of the query interface", expect: .nulByte) { fixture in
            try fixture.dbQueue.write { db in _ = try Table("player\0; DROP TABLE team").deleteAll(db) }
        },
        BadInput("NUL in a column name of the schema DSL", expect: .nulByte) { fixture in
            try fixture.dbQueue.write { db in
                try db.alter(table: "player") { t in t.add(column: "nick\0name", .text) }
            }
        },
        BadInput("NUL in the path of a database queue", expect: .nulByte) { fixture in
            let path = fixture.directory.appendingPathComponent("db.sqlite").path + "\0.backup"
            try assertNoFileAtTruncatedPath(path) { try openAndRead(path) }
        },
        BadInput("NUL in the path of a database pool", expect: .nulByte) { fixture in
            let path = fixture.directory.appendingPathComponent("pool.sqlite").path + "\0.backup"
            try assertNoFileAtTruncatedPath(path) { try openAndRead(path, pool: true) }
        },
    ]

    static let diskFullInputs: [BadInput] = [
        BadInput("disk full while inserting a record", expect: .database(.SQLITE_FULL, mentions: ["database or disk is full"])) { fixture in
            try fixture.dbQueue.write { db in
                try limitPageCount(db)
                var player = BadInputPlayer(name: String(repeating: "Arthur", count: 20_000), score: 1)
                try player.insert(db)
            }
        },
        BadInput("disk full after many inserts in one transaction", expect: .database(.SQLITE_FULL, mentions: ["database or disk is full"])) { fixture in
            try fixture.dbQueue.write { db in
                try limitPageCount(db)
                for id in 100..<10_000 {
                    try db.execute(sql: "INSERT INTO misc VALUES (?, ?)", arguments: [id, Data(repeating: 7, count: 1_000)])
                }
            }
        },
        BadInput("disk full while updating every row", expect: .database(.SQLITE_FULL, mentions: ["database or disk is full"])) { fixture in
            try fixture.dbQueue.write { db in
                try limitPageCount(db)
                try db.execute(sql: "UPDATE player SET name = name || ?", arguments: [String(repeating: "x", count: 50_000)])
            }
        },
        BadInput("disk full in a pool", on: .pool, expect: .database(.SQLITE_FULL, mentions: ["database or disk is full"])) { fixture in
            try fixture.dbPool.write { db in
                try limitPageCount(db)
                for id in 100..<10_000 {
                    try db.execute(sql: "INSERT INTO misc VALUES (?, ?)", arguments: [id, Data(repeating: 7, count: 1_000)])
                }
            }
        },
        BadInput("disk full in an explicit transaction", expect: .database(.SQLITE_FULL, mentions: ["database or disk is full"])) { fixture in
            try fixture.dbQueue.inDatabase { db in
                try limitPageCount(db)
                try db.inTransaction {
                    try db.execute(sql: "DELETE FROM audit")
                    try db.execute(sql: "INSERT INTO misc VALUES (100, ?)", arguments: [Data(repeating: 7, count: 500_000)])
                    return .commit
                }
            }
        },
        // SQLite rolls back the whole transaction after some SQLITE_FULL
        // errors. A transaction that goes on after catching the error must
        // not commit its later statements on their own.
        // The error may be the SQLITE_FULL itself, or an abort of the
        // statements that follow it, as long as it names the full disk.
        BadInput("disk full, caught, and the transaction goes on", expect: .databaseOneOf([.SQLITE_FULL, .SQLITE_ABORT], mentions: ["database or disk is full"])) { fixture in
            try fixture.dbQueue.write { db in
                try limitPageCount(db)
                try db.execute(sql: "DELETE FROM audit")
                do {
                    var player = BadInputPlayer(name: String(repeating: "Arthur", count: 20_000), score: 1)
                    try player.insert(db)
                } catch DatabaseError.SQLITE_FULL {
                    // The application carries on without the player.
                }
                try db.execute(sql: "UPDATE team SET name = name || '!'")
            }
        },
    ]

    static let cancellationInputs: [BadInput] = [
        BadInput("queue read in a task cancelled before", expect: .cancellation, async: { fixture in
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await fixture.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }
            }
            _ = try await task.value
        }),
        BadInput("queue write in a task cancelled before", expect: .cancellation, async: { fixture in
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                try await fixture.dbQueue.write { db in try db.execute(sql: "DELETE FROM player") }
            }
            try await task.value
        }),
        BadInput("queue read cancelled while it runs", expect: .cancellation, async: { fixture in
            let gate = Gate()
            let task = Task {
                try await fixture.dbQueue.read { db in
                    gate.pass()
                    // Seconds of work, unless interrupted.
                    return try Int.fetchOne(db, sql: """
                        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000000)
                        SELECT MAX(x) FROM c
                        """)
                }
            }
            await gate.reached()
            task.cancel()
            gate.open()
            _ = try await task.value
        }),
        BadInput("queue write cancelled while it runs, after a delete", expect: .cancellation, async: { fixture in
            let gate = Gate()
            let task = Task {
                try await fixture.dbQueue.write { db in
                    try db.execute(sql: "DELETE FROM player WHERE teamId IS NULL")
                    gate.pass()
                    try db.execute(sql: """
                        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000000)
                        UPDATE player SET score = (SELECT MAX(x) FROM c)
                        """)
                }
            }
            await gate.reached()
            task.cancel()
            gate.open()
            try await task.value
        }),
        BadInput("queue write cancelled between two statements", expect: .cancellation, async: { fixture in
            let gate = Gate()
            let task = Task {
                try await fixture.dbQueue.write { db in
                    try db.execute(sql: "DELETE FROM audit")
                    gate.pass()
                    try db.execute(sql: "DELETE FROM player")
                }
            }
            await gate.reached()
            task.cancel()
            gate.open()
            try await task.value
        }),
        BadInput("pool read in a task cancelled before", on: .pool, expect: .cancellation, async: { fixture in
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await fixture.dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }
            }
            _ = try await task.value
        }),
        BadInput("pool write cancelled while it runs, after a delete", on: .pool, expect: .cancellation, async: { fixture in
            let gate = Gate()
            let task = Task {
                try await fixture.dbPool.write { db in
                    try db.execute(sql: "DELETE FROM player")
                    gate.pass()
                    try db.execute(sql: "UPDATE team SET name = name || '!'")
                }
            }
            await gate.reached()
            task.cancel()
            gate.open()
            try await task.value
        }),
    ]

    func testBadFiles() async throws {
        try await assertBadInputs(Self.fileInputs)
    }

    func testNULBytesInSQLAndPaths() async throws {
        try await assertBadInputs(Self.nulInputs)
    }

    func testDiskFull() async throws {
        try await assertBadInputs(Self.diskFullInputs)
    }

    func testCancelledAsyncAccess() async throws {
        try await assertBadInputs(Self.cancellationInputs)
    }

    /// Every table of bad inputs, for the count.
    static var allInputs: [BadInput] {
        sqlInputs + argumentInputs + recordInputs + decodingInputs + outOfRangeInputs
            + fileInputs + nulInputs + diskFullInputs + cancellationInputs
    }

    func testEveryBadInputHasItsOwnName() {
        let names = Self.allInputs.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertGreaterThanOrEqual(names.count, 25)
    }
}
