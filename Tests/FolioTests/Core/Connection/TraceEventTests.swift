@testable import Folio
import Foundation
import XCTest

/// The descriptions of trace events: `description` hides the values of
/// the arguments unless they are public, `expandedDescription` shows them,
/// and profile events start with their duration.
final class TraceEventTests: FolioTestCase {
    private func traceEvents(
        options: Database.TracingOptions,
        publicStatementArguments: Bool = false) throws -> [Database.TraceEvent]
    {
        var config = Configuration()
        config.publicStatementArguments = publicStatementArguments
        let dbQueue = try DatabaseQueue(configuration: config)
        return try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (email TEXT)")
            var events: [Database.TraceEvent] = []
            db.trace(options: options) { events.append($0) }
            try db.execute(sql: "SELECT * FROM player WHERE email = ?", arguments: ["arthur@example.com"])
            db.trace()
            try db.execute(sql: "SELECT 1")
            return events
        }
    }

    func testStatementEventDescriptions() throws {
        let events = try traceEvents(options: .statement)
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events[0].description, "SELECT * FROM player WHERE email = ?")
        XCTAssertEqual(events[0].expandedDescription, "SELECT * FROM player WHERE email = 'arthur@example.com'")
        guard case .statement(let statement) = events[0] else { return XCTFail("\(events[0])") }
        XCTAssertEqual(statement.sql, "SELECT * FROM player WHERE email = ?")
        XCTAssertEqual(statement.expandedSQL, "SELECT * FROM player WHERE email = 'arthur@example.com'")
    }

    func testStatementEventDescriptionWithPublicArguments() throws {
        let events = try traceEvents(options: .statement, publicStatementArguments: true)
        XCTAssertEqual(events.map(\.description), ["SELECT * FROM player WHERE email = 'arthur@example.com'"])
        XCTAssertEqual(events.map(\.expandedDescription), ["SELECT * FROM player WHERE email = 'arthur@example.com'"])
    }

    func testProfileEventDescriptionsStartWithTheDuration() throws {
        let events = try traceEvents(options: .profile)
        XCTAssertEqual(events.count, 1)
        guard case let .profile(statement, duration) = events[0] else { return XCTFail("\(events[0])") }
        XCTAssertEqual(statement.sql, "SELECT * FROM player WHERE email = ?")

        // "0.000123s SELECT ...": seconds, up to six decimals, no trailing zero.
        let description = events[0].description
        let expanded = events[0].expandedDescription
        let prefix = String(description.prefix { $0 != " " })
        XCTAssertEqual(description, "\(prefix) SELECT * FROM player WHERE email = ?")
        XCTAssertEqual(expanded, "\(prefix) SELECT * FROM player WHERE email = 'arthur@example.com'")
        XCTAssertTrue(prefix.hasSuffix("s"), prefix)
        let seconds = try XCTUnwrap(Double(prefix.dropLast()), prefix)
        XCTAssertEqual(seconds, duration, accuracy: 0.0000005)
        XCTAssertFalse(prefix.dropLast().hasSuffix("0") && prefix.contains("."), prefix)
        XCTAssertLessThanOrEqual(prefix.drop { $0 != "." }.count, 8, prefix) // ".", 6 digits, "s"
    }

    func testDurationFormatOfTheDocumentation() {
        XCTAssertEqual(Database.TraceEvent.format(0.1), "0.1s")
        XCTAssertEqual(Database.TraceEvent.format(2), "2s")
        XCTAssertEqual(Database.TraceEvent.format(0.000123), "0.000123s")
        XCTAssertEqual(Database.TraceEvent.format(1.2345678), "1.234568s")
    }

    func testTraceWithoutFunctionStopsTracing() throws {
        let events = try traceEvents(options: [.statement, .profile])
        XCTAssertEqual(events.count, 2, "SELECT 1 is not traced")
        XCTAssertFalse(events.contains { $0.expandedDescription.contains("SELECT 1") })
    }

    /// As GRDB, the trace and `Statement.sql` give the SQL of each
    /// statement, without its trailing semicolon or leading white space.
    func testTracedSQLHasNoTrailingSemicolonNorLeadingWhiteSpace() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.inDatabase { db in
            var traced: [String] = []
            db.trace { event in
                if case .statement(let statement) = event { traced.append(statement.sql) }
            }
            try db.execute(sql: "CREATE TABLE t(a);  \n  INSERT INTO t VALUES (1);\nSELECT * FROM t; ")
            let statement = try db.makeStatement(sql: "  SELECT a FROM t;  ")
            XCTAssertEqual(statement.sql, "SELECT a FROM t")
            try statement.execute()
            db.trace()
            XCTAssertEqual(traced, ["CREATE TABLE t(a)", "INSERT INTO t VALUES (1)", "SELECT * FROM t", "SELECT a FROM t"])
        }
    }
}
