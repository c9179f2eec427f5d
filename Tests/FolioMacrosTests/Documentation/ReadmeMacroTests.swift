import Folio
import FolioMacros
import Foundation
import XCTest

// The macro samples of README.md, compiled and run.

enum ReadmeMacroSamples {
    // BEGIN GUIDE CODE macroRecord
    @DatabaseRecord                      // table "player"; @DatabaseRecord(table: "players")
    struct Player: Identifiable, Equatable {
        var id: Int64?                   // auto-incremented: insert sets it
        var name: String
        var score: Int
        @DatabaseTransient var cache: [String] = []   // not a column
    }
    // END GUIDE CODE macroRecord
}

final class ReadmeMacroTests: XCTestCase {
    typealias Player = ReadmeMacroSamples.Player

    func testMacroRecordOfTheReadme() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
        }
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        // BEGIN GUIDE CODE macroUse
        try dbQueue.write { db in
            var player = Player(id: nil, name: "Arthur", score: 1000)
            try player.insert(db)
            let best = try Player.filter { $0.score > 500 }.order(\.score.desc).fetchAll(db)
            print(best.map(\.name))   // ["Arthur"]
        }
        // END GUIDE CODE macroUse
        XCTAssertEqual(printed, [#"["Arthur"]"#])
        XCTAssertEqual(try dbQueue.read { db in try Player.fetchOne(db, id: 1)?.name }, "Arthur")
    }

    /// The README shows the code of this file, line by line (indentation
    /// aside), after its markers.
    func testReadmeShowsTestedCode() throws {
        let testURL = URL(fileURLWithPath: #filePath)
        let root = testURL.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: testURL, encoding: .utf8)
        func lines(_ text: Substring) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        for name in ["macroRecord", "macroUse"] {
            let marker = "<!-- This code runs in Tests/FolioMacrosTests/Documentation/ReadmeMacroTests.swift: \(name) -->\n```swift\n"
            let start = try XCTUnwrap(readme.range(of: marker), name).upperBound
            let end = try XCTUnwrap(readme.range(of: "\n```", range: start..<readme.endIndex)).lowerBound
            let codeStart = try XCTUnwrap(source.range(of: "// BEGIN GUIDE CODE \(name)\n")).upperBound
            let codeEnd = try XCTUnwrap(source.range(of: "// END GUIDE CODE \(name)\n", range: codeStart..<source.endIndex)).lowerBound
            // The README's block also shows the imports, which this file
            // has at its top.
            let shown = lines(readme[start..<end]).filter { !$0.hasPrefix("import ") }
            XCTAssertEqual(shown, lines(source[codeStart..<codeEnd]), name)
        }
    }
}
