import Folio
import Foundation
import XCTest

/// The dump formats (`.debug()`, `.list()`, `.line()`, `.quote()`,
/// `.json()`), custom formats, and `DumpStream`.
final class DumpFormatTests: FolioTestCase {
    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
                INSERT INTO player VALUES (1, 'Arthur', 500), (2, 'Barbara', NULL);
                """)
        }
        return dbQueue
    }

    private func dump(_ db: Database, _ sql: SQL, format: some DumpFormat) throws -> String {
        let output = DumpOutput()
        try db.dumpSQL(sql, format: format, to: output)
        return output.text
    }

    // MARK: - Debug

    func testDebugIsTheDefaultFormat() throws {
        try makePlayerDatabase().read { db in
            let output = DumpOutput()
            try db.dumpSQL("SELECT * FROM player ORDER BY id", to: output)
            XCTAssertEqual(output.text, "1|Arthur|500\n2|Barbara|\n")
            XCTAssertEqual(try dump(db, "SELECT * FROM player ORDER BY id", format: .debug()), output.text)
            XCTAssertEqual(try dump(db, "SELECT * FROM player ORDER BY id", format: DebugDumpFormat()), output.text)
        }
    }

    func testDebugOptions() throws {
        try makePlayerDatabase().read { db in
            XCTAssertEqual(
                try dump(db, "SELECT * FROM player ORDER BY id", format: .debug(header: true)),
                "id|name|score\n1|Arthur|500\n2|Barbara|\n")
            XCTAssertEqual(
                try dump(db, "SELECT * FROM player ORDER BY id", format: .debug(separator: ", ", nullValue: "NULL")),
                "1, Arthur, 500\n2, Barbara, NULL\n")
            var format = DebugDumpFormat()
            XCTAssertFalse(format.header)
            XCTAssertEqual(format.separator, "|")
            XCTAssertEqual(format.nullValue, "")
            format.header = true
            format.separator = "\t"
            format.nullValue = "-"
            XCTAssertEqual(try dump(db, "SELECT * FROM player ORDER BY id", format: format), "id\tname\tscore\n1\tArthur\t500\n2\tBarbara\t-\n")
        }
    }

    func testDebugValues() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(
                try dump(db, "SELECT 1, -2, 1.5, 1.0, 0.1 + 0.2, 1e20, 'a|b', 'two\nlines', x'616263', x'00ff', NULL", format: .debug()),
                "1|-2|1.5|1.0|0.3|1.0e+20|a|b|two\nlines|abc|X'00FF'|\n")
            XCTAssertEqual(try dump(db, "SELECT x'', 'Éric'", format: .debug()), "|Éric\n")
        }
    }

    func testDebugHeaderNeedsRows() throws {
        try makePlayerDatabase().read { db in
            XCTAssertEqual(try dump(db, "SELECT * FROM player WHERE 0", format: .debug(header: true)), "")
        }
    }

    // MARK: - List

    func testList() throws {
        try makePlayerDatabase().read { db in
            XCTAssertEqual(try dump(db, "SELECT * FROM player ORDER BY id", format: .list()), "1|Arthur|500\n2|Barbara|\n")
            XCTAssertEqual(
                try dump(db, "SELECT * FROM player ORDER BY id", format: .list(header: true, separator: ",", nullValue: "NULL")),
                "id,name,score\n1,Arthur,500\n2,Barbara,NULL\n")
            XCTAssertEqual(try dump(db, "SELECT * FROM player WHERE 0", format: .list(header: true)), "")
            var format = ListDumpFormat()
            XCTAssertFalse(format.header)
            XCTAssertEqual(format.separator, "|")
            XCTAssertEqual(format.nullValue, "")
            format.header = true
            XCTAssertEqual(try dump(db, "SELECT name FROM player ORDER BY id", format: format), "name\nArthur\nBarbara\n")
        }
    }

    func testListValuesAreSQLiteText() throws {
        try makeDatabaseQueue().read { db in
            // Blobs are interpreted as UTF-8 strings, invalid bytes included.
            XCTAssertEqual(
                try dump(db, "SELECT 1, 1.5, 1.0, 0.1 + 0.2, 1e20, x'616263', x'61ff', 'a|b', NULL", format: .list()),
                "1|1.5|1.0|0.3|1.0e+20|abc|a\u{FFFD}|a|b|\n")
        }
    }

    // MARK: - Quote

    func testQuote() throws {
        try makePlayerDatabase().read { db in
            XCTAssertEqual(try dump(db, "SELECT * FROM player ORDER BY id", format: .quote()), "1,'Arthur',500\n2,'Barbara',NULL\n")
            XCTAssertEqual(
                try dump(db, "SELECT * FROM player ORDER BY id", format: .quote(header: true)),
                "'id','name','score'\n1,'Arthur',500\n2,'Barbara',NULL\n")
            XCTAssertEqual(
                try dump(db, "SELECT * FROM player ORDER BY id", format: .quote(separator: ", ")),
                "1, 'Arthur', 500\n2, 'Barbara', NULL\n")
            XCTAssertEqual(try dump(db, "SELECT * FROM player WHERE 0", format: .quote(header: true)), "")
            var format = QuoteDumpFormat()
            XCTAssertFalse(format.header)
            XCTAssertEqual(format.separator, ",")
            format.header = true
            XCTAssertEqual(try dump(db, #"SELECT 1 AS "it's""#, format: format), "'it''s'\n1\n")
        }
    }

    func testQuoteWritesValuesLikeTheQuoteFunction() throws {
        try makeDatabaseQueue().read { db in
            let values = [
                "NULL", "0", "-42", "9223372036854775807", "1.5", "1.0", "0.1", "0.1 + 0.2", "1e20", "1.5e-7",
                "123456789012345678.0", "-0.0", "1e300", "'O''Brien'", "''", "'Éric'", "'two\nlines'",
                "x''", "x'00FF'", "x'616263'", "2.0 / 3.0",
            ]
            for value in values {
                let expected = try String.fetchOne(db, sql: "SELECT quote(\(value))")!
                XCTAssertEqual(try dump(db, "SELECT \(sql: value)", format: .quote()), expected + "\n", value)
            }
        }
    }

    func testQuoteWritesInfinitiesAsLiterals() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try dump(db, "SELECT 9e999, -9e999", format: .quote()), "9.0e+999,-9.0e+999\n")
            // The literals give the values back.
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT 9.0e+999"), .infinity)
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT -9.0e+999"), -.infinity)
        }
    }

    // MARK: - Line

    func testLine() throws {
        try makePlayerDatabase().read { db in
            XCTAssertEqual(
                try dump(db, "SELECT * FROM player ORDER BY id", format: .line()),
                "   id = 1\n name = Arthur\nscore = 500\n\n   id = 2\n name = Barbara\nscore = \n")
            XCTAssertEqual(
                try dump(db, "SELECT * FROM player ORDER BY id", format: .line(nullValue: "NULL")),
                "   id = 1\n name = Arthur\nscore = 500\n\n   id = 2\n name = Barbara\nscore = NULL\n")
            XCTAssertEqual(try dump(db, "SELECT * FROM player WHERE 0", format: .line()), "")
            var format = LineDumpFormat()
            XCTAssertEqual(format.nullValue, "")
            format.nullValue = "?"
            XCTAssertEqual(try dump(db, "SELECT score FROM player WHERE id = 2", format: format), "score = ?\n")
        }
    }

    func testLineValuesAreSQLiteText() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(
                try dump(db, "SELECT 1.0 AS r, x'616263' AS b, 'Éric' AS \"prénom\"", format: .line()),
                "     r = 1.0\n     b = abc\nprénom = Éric\n")
        }
    }

    // MARK: - JSON

    func testJSON() throws {
        try makePlayerDatabase().read { db in
            XCTAssertEqual(
                try dump(db, "SELECT * FROM player ORDER BY id", format: .json()),
                """
                [{"id":1,"name":"Arthur","score":500},
                {"id":2,"name":"Barbara","score":null}]

                """)
            XCTAssertEqual(
                try dump(db, "SELECT * FROM player WHERE id = 1", format: JSONDumpFormat()),
                #"[{"id":1,"name":"Arthur","score":500}]"# + "\n")
        }
    }

    func testJSONWithoutRows() throws {
        try makePlayerDatabase().write { db in
            XCTAssertEqual(try dump(db, "SELECT * FROM player WHERE 0", format: .json()), "[]\n")
            XCTAssertEqual(try dump(db, "UPDATE player SET score = 0 WHERE 0", format: .json()), "")
        }
    }

    func testJSONValues() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(
                try dump(db, #"SELECT 1 AS i, 1.5 AS r, 'a/b "c"' AS t, x'00ff' AS b, NULL AS n, 'Éric' AS "é", 2 AS i"#, format: .json()),
                #"[{"i":1,"r":1.5,"t":"a/b \"c\"","b":"AP8=","n":null,"é":"Éric","i":2}]"# + "\n")
        }
    }

    func testJSONDefaultEncoder() throws {
        let encoder = JSONDumpFormat.defaultEncoder
        XCTAssertTrue(encoder.outputFormatting.contains(.withoutEscapingSlashes))
        XCTAssertFalse(encoder.outputFormatting.contains(.prettyPrinted))
        XCTAssertEqual(String(decoding: try encoder.encode(Data([0, 255])), as: UTF8.self), #""AP8=""#)
        XCTAssertThrowsError(try encoder.encode(Double.infinity))
        XCTAssertFalse(encoder === JSONDumpFormat.defaultEncoder, "each call returns a new encoder")
        XCTAssertTrue(JSONDumpFormat().encoder.outputFormatting.contains(.withoutEscapingSlashes))
    }

    func testJSONCustomEncoder() throws {
        try makeDatabaseQueue().read { db in
            let encoder = JSONEncoder()
            encoder.dataEncodingStrategy = .deferredToData
            XCTAssertEqual(
                try dump(db, "SELECT x'00ff' AS b, 'a/b' AS t", format: .json(encoder: encoder)),
                #"[{"b":[0,255],"t":"a\/b"}]"# + "\n")
            var format = JSONDumpFormat()
            format.encoder = encoder
            XCTAssertTrue(format.encoder === encoder)
        }
    }

    func testJSONThrowsOnInfinity() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertThrowsError(try dump(db, "SELECT 1 AS a, 9e999 AS big", format: .json())) { error in
                guard let error = error as? DatabaseError else {
                    return XCTFail("unexpected error: \(error)")
                }
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertTrue(error.message?.hasPrefix("could not encode the value of column big as JSON") == true, "\(error)")
                XCTAssertEqual(error.sql, "SELECT 1 AS a, 9e999 AS big")
            }
            // The statement was reset: it runs again.
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT 1"), 1)
        }
    }

    // MARK: - Several statements

    /// GRDB writes no empty line between the results of two statements
    /// (the line format keeps its empty line between records).
    func testStatementsFollowEachOtherWithoutAnEmptyLine() throws {
        try makePlayerDatabase().write { db in
            let sql: SQL = """
                SELECT name FROM player ORDER BY id;
                UPDATE player SET score = 0 WHERE 0;
                SELECT name FROM player WHERE 0;
                SELECT COUNT(*) AS count FROM player;
                """
            XCTAssertEqual(try dump(db, sql, format: .debug()), "Arthur\nBarbara\n2\n")
            XCTAssertEqual(try dump(db, sql, format: .list(header: true)), "name\nArthur\nBarbara\ncount\n2\n")
            XCTAssertEqual(try dump(db, sql, format: .quote()), "'Arthur'\n'Barbara'\n2\n")
            XCTAssertEqual(try dump(db, sql, format: .line()), "name = Arthur\n\nname = Barbara\n\ncount = 2\n")
            XCTAssertEqual(
                try dump(db, sql, format: .json()),
                "[{\"name\":\"Arthur\"},\n{\"name\":\"Barbara\"}]\n[]\n[{\"count\":2}]\n")
        }
    }

    // MARK: - Custom formats and DumpStream

    private struct NamesFormat: DumpFormat {
        var rowCount = 0
        var statementCount = 0

        mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) throws {
            rowCount += 1
            stream.write(statement.columnNames.joined(separator: ","))
            stream.write("\n")
        }

        mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {
            statementCount += 1
            stream.write("(\(rowCount) rows)")
            stream.margin()
            stream.margin()
            rowCount = 0
        }
    }

    func testCustomFormat() throws {
        try makePlayerDatabase().write { db in
            // The margin after a text that does not end with a newline
            // ends the line, then leaves an empty line. There is no
            // margin at the end of the output.
            XCTAssertEqual(
                try dump(db, "SELECT id, name FROM player; UPDATE player SET score = 0 WHERE 0", format: NamesFormat()),
                "id,name\nid,name\n(2 rows)\n\n(0 rows)")
        }
    }

    private struct ThrowingFormat: DumpFormat {
        struct TestError: Error { }

        mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) throws {
            stream.write("row\n")
            throw TestError()
        }

        mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {
            XCTFail("not finalized after an error")
        }
    }

    func testFormatErrorsEndTheDump() throws {
        try makePlayerDatabase().read { db in
            let output = DumpOutput()
            XCTAssertThrowsError(try db.dumpSQL("SELECT * FROM player", format: ThrowingFormat(), to: output)) { error in
                XCTAssertTrue(error is ThrowingFormat.TestError)
            }
            XCTAssertEqual(output.text, "row\n")
            XCTAssertThrowsError(try db.dumpTables(["player"], format: ThrowingFormat(), to: output))
            // The cached statement of the table was reset.
            let again = DumpOutput()
            try db.dumpTables(["player"], to: again)
            XCTAssertEqual(again.text, "1|Arthur|500\n2|Barbara|\n")
        }
    }

    func testDefaultStreamIsTheStandardOutput() throws {
        let dbQueue = try makePlayerDatabase()
        let output = try captureStandardOutput {
            try dbQueue.read { db in
                try db.dumpSQL("SELECT * FROM player ORDER BY id")
            }
        }
        XCTAssertEqual(output, "1|Arthur|500\n2|Barbara|\n")
    }

    // MARK: - GRDB's output

    func testJSONHonoursTheOutputFormattingOfACustomEncoder() throws {
        try makePlayerDatabase().read { db in
            let encoder = JSONDumpFormat.defaultEncoder
            encoder.outputFormatting = [.sortedKeys]
            XCTAssertEqual(
                try dump(db, "SELECT 2 AS b, 1 AS a", format: .json(encoder: encoder)),
                "[{\"a\":1,\"b\":2}]\n")
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            XCTAssertEqual(
                try dump(db, "SELECT 2 AS b, 1 AS a UNION ALL SELECT 4, 3", format: .json(encoder: encoder)),
                "[\n  {\n    \"a\" : 1,\n    \"b\" : 2\n  },\n  {\n    \"a\" : 3,\n    \"b\" : 4\n  }\n]\n")
        }
    }

    func testDebugFormatShowsSixteenByteBlobsAsUUIDs() throws {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(
                try dump(db, "SELECT \(uuid), \(Data([0xFF, 0x00])), \(Data("text".utf8))", format: .debug()),
                "E621E1F8-C36C-495A-93FC-0C247A3E6E5F|X'FF00'|text\n")
        }
    }
}

