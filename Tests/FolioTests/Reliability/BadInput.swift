import Folio
import Foundation
import XCTest

// The harness of BadInputTests: each bad input runs against a fresh
// fixture database, must throw the error it expects, and must leave the
// database exactly as it was.

/// One row of the bad-input table: what to run, and what it must throw.
struct BadInput: Sendable {
    enum Action {
        case sync(@Sendable (BadInputFixture) throws -> Void)
        case async(@Sendable (BadInputFixture) async throws -> Void)
    }

    var name: String
    /// The fixture the action runs against.
    var access: BadInputFixture.Access = .queue
    var action: Action
    var expected: ExpectedError

    init(_ name: String, on access: BadInputFixture.Access = .queue, expect expected: ExpectedError, _ action: @escaping @Sendable (BadInputFixture) throws -> Void) {
        self.name = name
        self.access = access
        self.action = .sync(action)
        self.expected = expected
    }

    init(_ name: String, on access: BadInputFixture.Access = .queue, expect expected: ExpectedError, async action: @escaping @Sendable (BadInputFixture) async throws -> Void) {
        self.name = name
        self.access = access
        self.action = .async(action)
        self.expected = expected
    }
}

/// The error a bad input must throw.
enum ExpectedError: Sendable {
    /// A `DatabaseError` with this primary code, this extended code when
    /// given, whose description contains every string of `mentions` (the
    /// thing that failed: the table, column, argument, path...), and
    /// whose `sql` is `sql` when given.
    case database(ResultCode, extended: ResultCode? = nil, mentions: [String], sql: String? = nil)
    /// A `DatabaseError` with one of these primary codes (for inputs where
    /// SQLite itself may report either).
    case databaseOneOf([ResultCode], mentions: [String])
    /// A `RowDecodingError` for this reason, naming the type (with or
    /// without its module) and the column, whose description contains
    /// every string of `mentions`.
    case decoding(RowDecodingError.Reason, type: String, column: String?, mentions: [String] = [])
    /// `RecordError.recordNotFound` for this table and key.
    case recordNotFound(table: String, key: [String: DatabaseValue])
    /// `CancellationError`.
    case cancellation
    /// The test's own error, thrown by the action after its writes.
    case userError
    /// A `DatabaseError` for a NUL byte in SQL or in a path, which SQLite
    /// would otherwise silently cut there: its message (not its SQL) says
    /// NUL.
    case nulByte

    /// What is wrong with `error`, or nothing when it is the expected one.
    func problems(with error: any Error) -> [String] {
        let description = visibleControlCharacters(String(describing: error))
        func missingMentions(_ mentions: [String]) -> [String] {
            mentions.filter { !description.contains($0) }.map { "the message does not name \($0.debugDescription): \(description)" }
        }
        switch self {
        case let .database(code, extended, mentions, sql):
            guard let error = error as? DatabaseError else {
                return ["expected a DatabaseError \(code), got \(type(of: error)): \(description)"]
            }
            var problems: [String] = []
            if error.resultCode != code {
                problems.append("expected \(code), got \(error.resultCode) (\(error.extendedResultCode)): \(description)")
            }
            if let extended, error.extendedResultCode != extended {
                problems.append("expected extended code \(extended), got \(error.extendedResultCode): \(description)")
            }
            if let sql, error.sql != sql {
                problems.append("expected the SQL \(sql.debugDescription), got \(error.sql.debugDescription)")
            }
            return problems + missingMentions(mentions)
        case let .databaseOneOf(codes, mentions):
            guard let error = error as? DatabaseError else {
                return ["expected a DatabaseError \(codes), got \(type(of: error)): \(description)"]
            }
            var problems: [String] = []
            if !codes.contains(error.resultCode) {
                problems.append("expected one of \(codes), got \(error.resultCode): \(description)")
            }
            return problems + missingMentions(mentions)
        case let .decoding(reason, typeName, column, mentions):
            guard let error = error as? RowDecodingError else {
                return ["expected a RowDecodingError, got \(type(of: error)): \(description)"]
            }
            var problems: [String] = []
            if error.reason != reason {
                problems.append("expected reason \(reason), got \(error.reason): \(description)")
            }
            // The name, qualified by its module or not.
            if error.typeName != typeName && !error.typeName.hasSuffix(".\(typeName)") {
                problems.append("expected type \(typeName), got \(error.typeName): \(description)")
            }
            if error.column != column {
                problems.append("expected column \(column.debugDescription), got \(error.column.debugDescription)")
            }
            return problems + missingMentions([typeName] + (column.map { [$0] } ?? []) + mentions)
        case let .recordNotFound(table, key):
            guard case let RecordError.recordNotFound(databaseTableName, foundKey) = error else {
                return ["expected RecordError.recordNotFound, got \(type(of: error)): \(description)"]
            }
            var problems: [String] = []
            if databaseTableName != table || foundKey != key {
                problems.append("expected \(table) \(key), got \(databaseTableName) \(foundKey)")
            }
            return problems + missingMentions([table])
        case .cancellation:
            return error is CancellationError ? [] : ["expected CancellationError, got \(type(of: error)): \(description)"]
        case .nulByte:
            guard let error = error as? DatabaseError else {
                return ["expected a DatabaseError, got \(type(of: error)): \(description)"]
            }
            return mentionsNUL(error) ? [] : ["the message does not name the NUL byte: \(description)"]
        case .userError:
            return error is BadInputUserError ? [] : ["expected the test's error, got \(type(of: error)): \(description)"]
        }
    }
}

/// The error that some actions throw after their writes, which must be
/// rolled back.
struct BadInputUserError: Error { }

/// A fresh database on a temporary file, with a few tables, rows, an
/// index, a view and a trigger, for one bad input.
struct BadInputFixture: Sendable {
    enum Access {
        case queue
        case pool
    }

    let writer: any DatabaseWriter
    /// The folder of the database file, where bad files are made.
    let directory: URL

    /// The database queue of the fixture. Only for `.queue` inputs.
    var dbQueue: DatabaseQueue { writer as! DatabaseQueue }

    /// The database pool of the fixture. Only for `.pool` inputs.
    var dbPool: DatabasePool { writer as! DatabasePool }

    init(access: Access, directory: URL) throws {
        self.directory = directory
        let path = directory.appendingPathComponent("fixture.sqlite").path
        switch access {
        case .queue: writer = try DatabaseQueue(path: path)
        case .pool: writer = try DatabasePool(path: path)
        }
        try writer.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    teamId INTEGER REFERENCES team(id),
                    name TEXT NOT NULL,
                    email TEXT UNIQUE,
                    score INTEGER NOT NULL CHECK (score >= 0),
                    bonus INTEGER);
                CREATE INDEX player_on_score ON player(score);
                CREATE VIEW ranking AS SELECT name, score FROM player ORDER BY score DESC;
                CREATE TABLE audit (id INTEGER PRIMARY KEY, message TEXT NOT NULL);
                CREATE TRIGGER player_audit AFTER UPDATE OF score ON player
                    BEGIN INSERT INTO audit (message) VALUES ('score of ' || NEW.name); END;
                CREATE TABLE misc (id INTEGER PRIMARY KEY, value);
                INSERT INTO team VALUES (1, 'Red'), (2, 'Blue');
                INSERT INTO player (teamId, name, email, score, bonus) VALUES
                    (1, 'Arthur', 'arthur@example.com', 100, NULL),
                    (2, 'Barbara', 'barbara@example.com', 200, 5),
                    (NULL, 'Craig', NULL, 0, NULL);
                INSERT INTO misc VALUES
                    (1, 'Arthur'), (2, 1000), (3, -1), (4, 1e300), (5, NULL),
                    (6, 'not a date'), (7, 'purple'), (8, x'00ff'), (9, 'not a uuid');
                """)
        }
    }

    /// Everything the database holds: the schema, and every row of every
    /// table, in order. Two dumps are equal when nothing changed.
    func dump() throws -> String {
        try writer.read { db in
            var lines = try Row.fetchAll(db, sql: """
                SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name
                """).map(\.description)
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            for table in tables {
                lines.append("table \(table):")
                lines += try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) ORDER BY rowid").map(\.description)
            }
            lines.append("user_version \(try Int.fetchOne(db, sql: "PRAGMA user_version")!)")
            return lines.joined(separator: "\n")
        }
    }
}

/// A player record, whose optional name lets a test break NOT NULL.
struct BadInputPlayer: Codable, Identifiable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "player"
    var id: Int64?
    var teamId: Int64?
    var name: String?
    var email: String?
    var score: Int
    var bonus: Int?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension FolioTestCase {
    /// Runs each bad input against a fresh fixture: each must throw its
    /// expected error and leave the database unchanged.
    func assertBadInputs(_ inputs: [BadInput], file: StaticString = #filePath, line: UInt = #line) async throws {
        for input in inputs {
            let directory = URL(fileURLWithPath: temporaryDatabasePath()).deletingLastPathComponent()
            let fixture = try BadInputFixture(access: input.access, directory: directory)
            let before = try fixture.dump()
            var thrown: (any Error)?
            do {
                switch input.action {
                case .sync(let action): try action(fixture)
                case .async(let action): try await action(fixture)
                }
            } catch {
                thrown = error
            }
            if let thrown {
                for problem in input.expected.problems(with: thrown) {
                    XCTFail("\(input.name): \(problem)", file: file, line: line)
                }
            } else {
                XCTFail("\(input.name): no error thrown", file: file, line: line)
            }
            do {
                let after = try fixture.dump()
                if after != before {
                    XCTFail("\(input.name): the database changed:\n\(dumpDifference(before, after))", file: file, line: line)
                }
            } catch {
                XCTFail("\(input.name): the database can not be read afterwards: \(error)", file: file, line: line)
            }
        }
    }
}

/// The lines of a dump that changed, as `-` (gone) and `+` (new) lines.
func dumpDifference(_ before: String, _ after: String) -> String {
    let old = before.split(separator: "\n", omittingEmptySubsequences: false)
    let new = after.split(separator: "\n", omittingEmptySubsequences: false)
    let gone = old.filter { !new.contains($0) }.map { "- \($0)" }
    let added = new.filter { !old.contains($0) }.map { "+ \($0)" }
    let lines = gone + added
    return lines.isEmpty ? "(same lines, in another order)" : lines.joined(separator: "\n")
}

extension FolioTestCase {
    /// Runs `body` in a child process running this test alone, so that a
    /// crash (a trap in the library) fails this test with its message
    /// instead of ending the whole test run. Other failures of the child
    /// are reported too. Linux only: elsewhere, `body` runs in-process.
    func runIsolatedFromCrashes(
        _ testName: String = #function,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ body: () throws -> Void) throws
    {
        #if os(Linux)
        if isIsolatedTestProcess {
            try body()
            return
        }
        let outcome = try runInChildProcess(testName)
        let test = outcome.test
        let lines = outcome.lines
        if outcome.crashed {
            let cause = lines.first { $0.contains("Fatal error") || $0.contains("Precondition failed") } ?? "no message"
            XCTFail("\(test) crashed (signal \(outcome.status)): \(cause)", file: file, line: line)
        } else if outcome.status != 0 {
            let failures = lines.filter { $0.contains("error:") }.map { String($0) }
            XCTFail("\(test) failed in its own process:\n\(failures.joined(separator: "\n"))", file: file, line: line)
        }
        #else
        try body()
        #endif
    }
}

/// The text with its control characters (NUL first) escaped as `\u{X}`:
/// `swift test` cuts its output at a NUL byte, and loses the rest.
func visibleControlCharacters(_ text: String, keepingNewlines: Bool = true) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        if scalar.value < 0x20 && !(keepingNewlines && scalar == "\n") || scalar.value == 0x7F {
            result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// Whether the message of the error (not its SQL) names the NUL byte: the
/// word NUL, and not NULL, which SQLite's syntax errors may quote.
func mentionsNUL(_ error: DatabaseError) -> Bool {
    guard let message = error.message else { return false }
    var rest = message[...]
    while let range = rest.range(of: "NUL") {
        if !rest[range.upperBound...].hasPrefix("L") {
            return true
        }
        rest = rest[range.upperBound...]
    }
    return false
}
