@_spi(FolioRemote) import Folio
import Foundation
import Library
import XCTest

/// The sample application, unchanged, on a database queue whose
/// connection runs its statements on a remote engine (`_attachRemote`,
/// the hook of FolioDqlite): here a second, real SQLite database.
final class LibraryRemoteTests: XCTestCase {
    /// Runs the requests on the server database.
    private final class ServerExecutor: RemoteStatementExecutor, @unchecked Sendable {
        // @unchecked Sendable: the server is a DatabaseQueue, and
        // `requestCount` is guarded by `lock`.
        let server: DatabaseQueue
        private let lock = NSLock()
        private var _requestCount = 0

        init(server: DatabaseQueue) {
            self.server = server
        }

        var requestCount: Int {
            lock.lock(); defer { lock.unlock() }
            return _requestCount
        }

        func executeRemotely(_ request: RemoteStatementRequest) throws -> RemoteStatementResult {
            lock.lock()
            _requestCount += 1
            lock.unlock()
            return try server.inDatabase { db in
                let statement = try db.makeStatement(sql: request.sql)
                try statement.setArguments(StatementArguments(request.arguments))
                guard request.returnsRows else {
                    try statement.execute()
                    return RemoteStatementResult(lastInsertedRowID: db.lastInsertedRowID, changesCount: db.changesCount)
                }
                let rows = try Row.fetchAll(statement)
                return RemoteStatementResult(
                    columnNames: statement.columnNames,
                    values: rows.flatMap { Array($0.databaseValues) },
                    lastInsertedRowID: db.lastInsertedRowID,
                    changesCount: db.changesCount)
            }
        }
    }

    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("LibraryRemoteTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func makeServer() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        return try DatabaseQueue(path: directory.appendingPathComponent("server.sqlite").path, configuration: configuration)
    }

    private func makeClient(server: DatabaseQueue) throws -> (DatabaseQueue, ServerExecutor) {
        let executor = ServerExecutor(server: server)
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db._attachRemote(executor, maximumParameterCount: 255)
        }
        return (try DatabaseQueue(configuration: configuration), executor)
    }

    /// Asserts that every use case of the sample gives the same result on
    /// both managers.
    private func assertSameUseCases(
        _ remote: LibraryManager, _ local: LibraryManager, authorId: Int64, bookId: Int64,
        file: StaticString = #filePath, line: UInt = #line) throws
    {
        let list = try remote.authorList()
        XCTAssertFalse(list.isEmpty, file: file, line: line)
        XCTAssertEqual(list, try local.authorList(), file: file, line: line)
        for id in [authorId, 1, 2, 999] {
            XCTAssertEqual(try remote.authorInfo(authorId: id), try local.authorInfo(authorId: id), file: file, line: line)
        }
        XCTAssertEqual(try remote.bookInfo(bookId: bookId), try local.bookInfo(bookId: bookId), file: file, line: line)
        for country in ["Italy", "Colombia", "France"] {
            XCTAssertEqual(try remote.authorsWithBooks(from: country), try local.authorsWithBooks(from: country), file: file, line: line)
            XCTAssertEqual(try remote.books(authorCountry: country), try local.books(authorCountry: country), file: file, line: line)
        }
        XCTAssertGreaterThan(try remote.books(authorCountry: "Italy").count, 1, file: file, line: line)
    }

    func testLibraryManagerOnARemoteDatabase() throws {
        let server = try makeServer()
        let (client, executor) = try makeClient(server: server)
        let manager = try LibraryManager(dbWriter: client)
        XCTAssertTrue(try manager.seedIfEmpty())
        XCTAssertFalse(try manager.seedIfEmpty())

        let added = try manager.addAuthor(Author(name: "Frank Herbert"), bookTitles: ["Dune Messiah", "Children of Dune"])
        let authorId = try XCTUnwrap(added.author.id)
        let bookId = try XCTUnwrap(added.books.first?.id)
        XCTAssertEqual(try manager.renameBook(bookId: bookId, title: "Dune")?.title, "Dune")
        let bookInfo = try XCTUnwrap(manager.bookInfo(bookId: bookId))
        XCTAssertEqual(bookInfo.book.title, "Dune")
        XCTAssertEqual(bookInfo.author.name, "Frank Herbert")
        XCTAssertNil(try manager.bookInfo(bookId: 999))
        try server.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM author"), 6)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT title FROM book WHERE authorId = ? ORDER BY id", arguments: [authorId]),
                           ["Dune", "Children of Dune"])
        }

        // Every use case, those that sort by name or title with the
        // sample's Swift collation (localized case-insensitive) included,
        // gives what it gives on a local database that holds the same
        // library: the remote engine gets the SQL without the collation,
        // and the rows are sorted locally.
        let local = try LibraryManager(dbWriter: DatabaseQueue())
        XCTAssertTrue(try local.seedIfEmpty())
        let localAdded = try local.addAuthor(Author(name: "Frank Herbert"), bookTitles: ["Dune Messiah", "Children of Dune"])
        XCTAssertEqual(localAdded, added)
        _ = try local.renameBook(bookId: bookId, title: "Dune")
        try assertSameUseCases(manager, local, authorId: authorId, bookId: bookId)
        // Names that BINARY and the Swift collation sort differently.
        for name in ["émile Zola", "anne Carson", "Zadie Smith"] {
            _ = try manager.addAuthor(Author(name: name, country: "Italy"), bookTitles: ["a " + name, "Z " + name])
            _ = try local.addAuthor(Author(name: name, country: "Italy"), bookTitles: ["a " + name, "Z " + name])
        }
        try assertSameUseCases(manager, local, authorId: authorId, bookId: bookId)
        let names = try manager.authorList().map(\.author.name)
        XCTAssertNotEqual(names, names.sorted(), "the list is sorted by the Swift collation, not BINARY")
        XCTAssertEqual(names.first, "anne Carson")
        XCTAssertEqual(try manager.authorsWithBooks(from: "Italy").map(\.name).first, "anne Carson")
        for name in ["émile Zola", "anne Carson", "Zadie Smith"] {
            let id = try XCTUnwrap(manager.authorList().first { $0.author.name == name }?.author.id)
            XCTAssertTrue(try manager.deleteAuthor(authorId: id))
            XCTAssertTrue(try local.deleteAuthor(authorId: id))
        }

        XCTAssertTrue(try manager.deleteAuthor(authorId: authorId))
        XCTAssertFalse(try manager.deleteAuthor(authorId: authorId))
        XCTAssertGreaterThan(executor.requestCount, 0)
        // The server holds the library: the books of the deleted author
        // went with it (the foreign key cascades on the server).
        try server.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM author"), 5)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book"), 8)
        }
        // A second client of the same server sees the same library.
        let (other, _) = try makeClient(server: server)
        let otherManager = try LibraryManager(dbWriter: other)
        XCTAssertFalse(try otherManager.seedIfEmpty())
        XCTAssertEqual(try otherManager.bookInfo(bookId: 1)?.book, try manager.bookInfo(bookId: 1)?.book)
    }
}
