import Foundation
import XCTest

/// Asserts that the code block of a guide that follows the marker
/// `<!-- This code runs in <test file>: <name> -->` is the code between
/// `// BEGIN GUIDE CODE <name>` and `// END GUIDE CODE <name>` in the test
/// file, line by line, indentation aside.
func assertGuideShowsTestedCode(
    guide guidePath: String,
    testFile: String,
    names: [String],
    file: StaticString = #filePath,
    line: UInt = #line) throws
{
    let testURL = URL(fileURLWithPath: testFile)
    let root = testURL.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let guide = try String(contentsOf: root.appendingPathComponent(guidePath), encoding: .utf8)
    let source = try String(contentsOf: testURL, encoding: .utf8)
    let relativeTestPath = "Tests/FolioTests/Documentation/" + testURL.lastPathComponent

    func normalized(_ code: Substring) -> [String] {
        code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    for name in names {
        let marker = "<!-- This code runs in \(relativeTestPath): \(name) -->\n```swift\n"
        let guideStart = try XCTUnwrap(guide.range(of: marker), "no block \(name) in \(guidePath)", file: file, line: line).upperBound
        let guideEnd = try XCTUnwrap(guide.range(of: "\n```", range: guideStart..<guide.endIndex), file: file, line: line).lowerBound

        let sourceStart = try XCTUnwrap(source.range(of: "// BEGIN GUIDE CODE \(name)\n"), "no code \(name) in \(testFile)", file: file, line: line).upperBound
        let sourceEnd = try XCTUnwrap(source.range(of: "// END GUIDE CODE \(name)\n", range: sourceStart..<source.endIndex), file: file, line: line).lowerBound
        XCTAssertEqual(
            normalized(guide[guideStart..<guideEnd]),
            normalized(source[sourceStart..<sourceEnd]),
            "block \(name)", file: file, line: line)
    }
}
