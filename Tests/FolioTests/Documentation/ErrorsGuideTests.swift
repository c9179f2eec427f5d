import Folio
import Foundation
import XCTest

// The samples of Documentation/Errors.md.

enum ErrorsGuide {
    struct Author: Codable, FetchableRecord, MutablePersistableRecord {
        var id: Int64?
        var name: String
        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    struct Book: Codable, Identifiable, FetchableRecord, MutablePersistableRecord {
        var id: Int64?
        var authorId: Int64
        var title: String
        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    static func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("author").notNull()
                t.column("title", .text).notNull()
            }
        }
        return dbQueue
    }
}

/// Runs the samples of Documentation/Errors.md.
final class ErrorsGuideTests: FolioTestCase {
    typealias Author = ErrorsGuide.Author
    typealias Book = ErrorsGuide.Book

    func testDatabaseError() throws {
        let dbQueue = try ErrorsGuide.makeLibrary()
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        // BEGIN GUIDE CODE databaseError
        do {
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO book (authorId, title) VALUES (?, ?)", arguments: [42, "Dune"])
            }
        } catch let error as DatabaseError {
            print(error.resultCode)          // SQLITE_CONSTRAINT (19)
            print(error.extendedResultCode)  // SQLITE_CONSTRAINT_FOREIGNKEY (787)
            print(error.message ?? "")       // FOREIGN KEY constraint failed
            print(error.sql ?? "")           // INSERT INTO book (authorId, title) VALUES (?, ?)
            print(error.arguments as Any)    // nil, unless the configuration makes arguments public
        }
        // END GUIDE CODE databaseError
        XCTAssertEqual(printed.count, 5)
        XCTAssertEqual(printed.dropFirst(2), ["FOREIGN KEY constraint failed", "INSERT INTO book (authorId, title) VALUES (?, ?)", "nil"])
        XCTAssertTrue(printed[0].contains("19"), printed[0])
        XCTAssertTrue(printed[1].contains("787"), printed[1])
    }

    func testMatchingCodes() throws {
        let dbQueue = try ErrorsGuide.makeLibrary()
        var matched = ""
        func print(_ message: String) { matched = message }
        // BEGIN GUIDE CODE matching
        do {
            try dbQueue.write { db in
                var author = Author(name: "Frank Herbert")
                try author.insert(db)
                var book = Book(authorId: 42, title: "Dune")
                try book.insert(db)
            }
        } catch DatabaseError.SQLITE_CONSTRAINT_FOREIGNKEY {
            print("no such author")          // this one
        } catch DatabaseError.SQLITE_CONSTRAINT {
            print("another constraint failed: NOT NULL, UNIQUE, CHECK…")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            print("the database is locked")
        }
        // END GUIDE CODE matching
        XCTAssertEqual(matched, "no such author")
        // "Nothing was written"
        XCTAssertEqual(try dbQueue.read { db in try Author.fetchCount(db) }, 0)

        // A primary code matches its extended codes.
        do {
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO author (name) VALUES (NULL)")
            }
            XCTFail("expected an error")
        } catch DatabaseError.SQLITE_CONSTRAINT_FOREIGNKEY {
            XCTFail("not a foreign key error")
        } catch DatabaseError.SQLITE_CONSTRAINT {
            // NOT NULL
        }
    }

    func testPublicArguments() throws {
        // BEGIN GUIDE CODE publicArguments
        var config = Configuration()
        #if DEBUG
        config.publicStatementArguments = true   // error.arguments and the description show them
        #endif
        let debugQueue = try DatabaseQueue(configuration: config)
        // END GUIDE CODE publicArguments
        config.publicStatementArguments = true
        let publicQueue = try DatabaseQueue(configuration: config)
        for dbQueue in [debugQueue, publicQueue] where dbQueue.configuration.publicStatementArguments {
            do {
                try dbQueue.write { db in
                    try db.execute(sql: "CREATE TABLE t(a NOT NULL)")
                    try db.execute(sql: "INSERT INTO t(a) VALUES (?)", arguments: [nil as Int?])
                }
                XCTFail("expected an error")
            } catch let error as DatabaseError {
                XCTAssertEqual(error.arguments, [nil as Int?])
            }
        }
    }

    func testRecordError() throws {
        let dbQueue = try ErrorsGuide.makeLibrary()
        var message = ""
        func print(_ text: String) { message = text }
        // BEGIN GUIDE CODE recordError
        do {
            let book = try dbQueue.read { db in try Book.find(db, id: 404) }
            print(book.title)
        } catch let RecordError.recordNotFound(databaseTableName: table, key: key) {
            print("Key \(key) was not found in table \(table).")   // Key ["id": 404] was not found in table book.
        }
        // END GUIDE CODE recordError
        XCTAssertEqual(message, #"Key ["id": 404] was not found in table book."#)
    }

    func testRowDecodingError() throws {
        let dbQueue = try ErrorsGuide.makeLibrary()
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        // BEGIN GUIDE CODE rowDecodingError
        do {
            let row = try dbQueue.read { db in try Row.fetchOne(db, sql: "SELECT NULL AS name") }
            let name = try row?.decode(String.self, forColumn: "name")
            print(name ?? "")
        } catch let error as RowDecodingError {
            print(error.column ?? "")       // name
            print(error.databaseValue ?? "") // NULL
            print(error)                    // could not decode String from database value NULL - column: "name", …
        }
        // END GUIDE CODE rowDecodingError
        XCTAssertEqual(printed.count, 3)
        XCTAssertEqual(printed.prefix(2), ["name", "NULL"])
        XCTAssertTrue(printed[2].contains("String") && printed[2].contains("NULL") && printed[2].contains("name"), printed[2])
    }

    func testLogErrorCompiles() {
        // Compiled, not run: the log must be set before any connection
        // opens, which a test process can not promise.
        func sample() {
            // BEGIN GUIDE CODE logError
            Database.logError = { resultCode, message in
                print("SQLite error \(resultCode): \(message)")
            }
            // END GUIDE CODE logError
        }
        _ = sample
    }

    func testGuideShowsTestedCode() throws {
        try assertGuideShowsTestedCode(
            guide: "Documentation/Errors.md",
            testFile: #filePath,
            names: ["databaseError", "matching", "publicArguments", "recordError", "rowDecodingError", "logError"])
    }
}
