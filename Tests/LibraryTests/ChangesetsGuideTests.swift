import Folio
import Foundation
import Library
import XCTest

// The offline-first samples of Documentation/Changesets.md.

final class ChangesetsGuideTests: XCTestCase {
    /// Asserts that each block of the guide that follows
    /// `<!-- This code runs in Tests/LibraryTests/ChangesetsGuideTests.swift: <name> -->`
    /// is the code between `// BEGIN GUIDE CODE <name>` and
    /// `// END GUIDE CODE <name>` in this file, indentation aside.
    func testGuideShowsTestedCode() throws {
        let testURL = URL(fileURLWithPath: #filePath)
        let root = testURL.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Documentation/Changesets.md"), encoding: .utf8)
        let source = try String(contentsOf: testURL, encoding: .utf8)
        func normalized(_ code: Substring) -> [String] {
            code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        for name in ["offlineFirst", "policy"] {
            let marker = "<!-- This code runs in Tests/LibraryTests/ChangesetsGuideTests.swift: \(name) -->\n```swift\n"
            let guideStart = try XCTUnwrap(guide.range(of: marker), name).upperBound
            let guideEnd = try XCTUnwrap(guide.range(of: "\n```", range: guideStart..<guide.endIndex)).lowerBound
            let sourceStart = try XCTUnwrap(source.range(of: "// BEGIN GUIDE CODE \(name)\n"), name).upperBound
            let sourceEnd = try XCTUnwrap(source.range(of: "// END GUIDE CODE \(name)\n", range: sourceStart..<source.endIndex)).lowerBound
            XCTAssertEqual(normalized(guide[guideStart..<guideEnd]), normalized(source[sourceStart..<sourceEnd]), name)
        }
    }

    func testOfflineFirst() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ChangesetsGuideTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let laptopPath = directory.appendingPathComponent("laptop.sqlite").path
        let phonePath = directory.appendingPathComponent("phone.sqlite").path

        // BEGIN GUIDE CODE offlineFirst
        let laptop = try LibraryReplica(manager: LibraryManager(dbWriter: DatabaseQueue(path: laptopPath)))
        let phone = try LibraryReplica(manager: LibraryManager(dbWriter: DatabaseQueue(path: phonePath)))
        try laptop.manager.seedIfEmpty()
        try LibraryReplica.sync(laptop, phone)          // the phone gets the seeded library

        // Offline, both edit "One Hundred Years of Solitude"
        try laptop.manager.renameBook(bookId: 1, title: "Cien años de soledad", modifiedAt: Date(timeIntervalSince1970: 1_000))
        try phone.manager.renameBook(bookId: 1, title: "100 Years of Solitude", modifiedAt: Date(timeIntervalSince1970: 2_000))
        try phone.manager.deleteAuthor(authorId: 4)

        // Back online: exchange the changes, resolve conflicts by last writer wins
        try LibraryReplica.sync(laptop, phone)
        // Both now have "100 Years of Solitude", and no Herman Melville
        // END GUIDE CODE offlineFirst

        for replica in [laptop, phone] {
            XCTAssertEqual(try replica.manager.bookInfo(bookId: 1)?.book.title, "100 Years of Solitude")
            XCTAssertNil(try replica.manager.authorInfo(authorId: 4))
        }
        XCTAssertEqual(try laptop.manager.allBooks(), try phone.manager.allBooks())
        XCTAssertEqual(try laptop.manager.authorList(), try phone.manager.authorList())
    }

    // BEGIN GUIDE CODE policy
    func resolve(_ conflict: ChangesetConflict, modifiedAtIndex: Int) -> ChangesetConflictResolution {
        switch conflict.kind {
        case .notFound:
            return .omit                                    // deleted here: the deletion wins
        case .data where conflict.change.operation == .delete:
            return .replace                                 // deleted there: the deletion wins
        case .data, .conflict:
            guard conflict.table == "book" else { return .omit }   // no modifiedAt: the local row stays
            let received = conflict.change.newValues[modifiedAtIndex].flatMap { Double.fromDatabaseValue($0) }
            let local = conflict.conflictingValues?[modifiedAtIndex].flatMap { Double.fromDatabaseValue($0) }
            guard let received, let local else { return .omit }
            return received > local ? .replace : .omit      // last writer wins
        case .constraint, .foreignKey:
            return .abort
        }
    }
    // END GUIDE CODE policy

    func testPolicyIsTheSampleLibrarys() {
        func book(_ modifiedAt: Double?) -> [DatabaseValue?] {
            [1.databaseValue, nil, nil, modifiedAt.map { $0.databaseValue }]
        }
        let update = ChangesetChange(table: "book", operation: .update, oldValues: book(1), newValues: book(3))
        let delete = ChangesetChange(table: "book", operation: .delete, oldValues: book(1), newValues: [])
        let author = ChangesetChange(table: "author", operation: .insert, oldValues: [], newValues: [1.databaseValue, nil, nil])
        let conflicts = [
            ChangesetConflict(kind: .data, table: "book", change: update, conflictingValues: book(2)),
            ChangesetConflict(kind: .data, table: "book", change: update, conflictingValues: book(4)),
            ChangesetConflict(kind: .data, table: "book", change: delete, conflictingValues: book(4)),
            ChangesetConflict(kind: .notFound, table: "book", change: update),
            ChangesetConflict(kind: .conflict, table: "book", change: update, conflictingValues: book(nil)),
            ChangesetConflict(kind: .conflict, table: "author", change: author, conflictingValues: [1.databaseValue, nil, nil]),
            ChangesetConflict(kind: .constraint, table: "book", change: update),
            ChangesetConflict(kind: .foreignKey, table: "", change: author),
        ]
        let expected: [ChangesetConflictResolution] = [.replace, .omit, .replace, .omit, .omit, .omit, .abort, .abort]
        XCTAssertEqual(conflicts.map { resolve($0, modifiedAtIndex: 3) }, expected)
        XCTAssertEqual(conflicts.map { LibraryReplica.resolve($0, modifiedAtIndex: 3) }, expected)
    }
}
