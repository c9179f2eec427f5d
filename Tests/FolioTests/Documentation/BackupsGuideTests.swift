import Folio
import Foundation
import XCTest

// The samples of Documentation/BackupsAndDumps.md.

enum BackupsGuide {
    struct Book: Codable, FetchableRecord, TableRecord {
        var id: Int64
        var authorId: Int64
        var title: String
    }

    // BEGIN GUIDE CODE dumpCollector
    final class TextCollector: TextOutputStream {
        var text = ""
        func write(_ string: String) { text += string }
    }
    // END GUIDE CODE dumpCollector
}

/// Runs the samples of Documentation/BackupsAndDumps.md.
final class BackupsGuideTests: FolioTestCase {
    typealias Book = BackupsGuide.Book
    typealias TextCollector = BackupsGuide.TextCollector

    /// A library file with two authors and three books.
    private func makeLibraryFile() throws -> String {
        let path = temporaryDatabasePath()
        let dbQueue = try DatabaseQueue(path: path)
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), title TEXT NOT NULL);
                INSERT INTO author VALUES (1, 'Ursula K. Le Guin', 'United States'), (2, 'Frank Herbert', NULL);
                INSERT INTO book VALUES (1, 1, 'The Dispossessed'), (2, 2, 'Dune'), (3, 1, 'A Wizard of Earthsea');
                """)
        }
        return path
    }

    private func bookTitles(_ reader: some DatabaseReader) throws -> [String] {
        try reader.read { db in try String.fetchAll(db, sql: "SELECT title FROM book ORDER BY id") }
    }

    func testBackup() throws {
        let libraryPath = try makeLibraryFile()
        let backupPath = temporaryDatabasePath()
        // BEGIN GUIDE CODE backup
        let source = try DatabaseQueue(path: libraryPath)
        let destination = try DatabaseQueue(path: backupPath)
        try source.backup(to: destination)
        // END GUIDE CODE backup
        XCTAssertEqual(try bookTitles(destination), ["The Dispossessed", "Dune", "A Wizard of Earthsea"])

        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        var userCancelled = false
        // BEGIN GUIDE CODE progress
        try source.backup(to: destination, pagesPerStep: 100) { progress in
            print("\(progress.completedPageCount) of \(progress.totalPageCount) pages")
            if userCancelled && !progress.isCompleted {
                throw CancellationError()   // aborts the backup, and is rethrown
            }
        }
        // END GUIDE CODE progress
        XCTAssertFalse(printed.isEmpty)
        let pageCount = try source.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
        XCTAssertEqual(printed.last, "\(pageCount) of \(pageCount) pages")

        // A backup aborted by its progress function: one page per step,
        // cancelled at the first step.
        userCancelled = true
        let other = try DatabaseQueue()
        XCTAssertThrowsError(try source.backup(to: other, pagesPerStep: 1) { progress in
            if userCancelled && !progress.isCompleted {
                throw CancellationError()
            }
        }) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testInMemoryCopy() throws {
        let libraryPath = try makeLibraryFile()
        // BEGIN GUIDE CODE inMemoryCopy
        let scratch = try DatabaseQueue.inMemoryCopy(fromPath: libraryPath)
        try scratch.write { db in
            try db.execute(sql: "DELETE FROM book")   // the file keeps its books
        }
        // END GUIDE CODE inMemoryCopy
        XCTAssertEqual(try bookTitles(scratch), [])
        XCTAssertEqual(try bookTitles(DatabaseQueue(path: libraryPath)).count, 3)
    }

    func testVacuumInto() throws {
        let libraryPath = try makeLibraryFile()
        let source = try DatabaseQueue(path: libraryPath)
        let compactPath = temporaryDatabasePath()
        // BEGIN GUIDE CODE vacuumInto
        try source.vacuum(into: compactPath)
        // END GUIDE CODE vacuumInto
        XCTAssertEqual(try bookTitles(DatabaseQueue(path: compactPath)).count, 3)
    }

    func testDumps() throws {
        let dbQueue = try DatabaseQueue(path: makeLibraryFile())
        let output = try captureStandardOutput {
            // BEGIN GUIDE CODE dumps
            // The schema and all rows of all tables
            try dbQueue.dumpContent()

            // Some tables, in the order of their primary key
            try dbQueue.dumpTables(["author", "book"])

            // One request, as JSON
            try dbQueue.dumpRequest(Book.order(Column("title")), format: .json())

            // SQL, with the names of the columns
            try dbQueue.dumpSQL("SELECT name, country FROM author", format: .list(header: true))
            // END GUIDE CODE dumps
        }
        XCTAssertTrue(output.contains("sqlite_master"), output)
        XCTAssertTrue(output.contains("CREATE TABLE book"), output)
        XCTAssertTrue(output.contains("2|Frank Herbert|\n"), output)
        XCTAssertTrue(output.contains(#""title":"A Wizard of Earthsea""#), output)
        XCTAssertTrue(output.contains("name|country\nUrsula K. Le Guin|United States\nFrank Herbert|\n"), output)
    }

    func testDumpToString() throws {
        let dbQueue = try DatabaseQueue(path: makeLibraryFile())
        // BEGIN GUIDE CODE dumpToString
        let collector = TextCollector()
        try dbQueue.dumpSQL("SELECT name FROM author ORDER BY name", format: .list(), to: collector)
        // collector.text == "Frank Herbert\nUrsula K. Le Guin\n"
        // END GUIDE CODE dumpToString
        XCTAssertEqual(collector.text, "Frank Herbert\nUrsula K. Le Guin\n")
    }

    func testGuideShowsTestedCode() throws {
        try assertGuideShowsTestedCode(
            guide: "Documentation/BackupsAndDumps.md",
            testFile: #filePath,
            names: ["backup", "progress", "inMemoryCopy", "vacuumInto", "dumps", "dumpCollector", "dumpToString"])
    }
}
