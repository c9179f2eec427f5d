import Foundation
import Folio
import Library
import XCTest

final class LibraryReplicaTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("LibraryReplicaTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        // The pool may still remove its -wal file as it closes.
        try? FileManager.default.removeItem(at: directory)
    }

    /// Two replicas on two files, seeded identically.
    private func makeReplicas() throws -> (LibraryReplica, LibraryReplica) {
        let laptop = try LibraryReplica(manager: LibraryManager(
            dbWriter: DatabaseQueue(path: directory.appendingPathComponent("laptop.sqlite").path)))
        let phone = try LibraryReplica(manager: LibraryManager(
            dbWriter: DatabasePool(path: directory.appendingPathComponent("phone.sqlite").path)))
        try laptop.manager.seedIfEmpty()
        try LibraryReplica.sync(laptop, phone)
        return (laptop, phone)
    }

    func testSyncCopiesTheLibrary() throws {
        let (laptop, phone) = try makeReplicas()
        XCTAssertEqual(try phone.manager.allBooks().count, 8)
        XCTAssertEqual(try phone.manager.allBooks(), try laptop.manager.allBooks())
        XCTAssertEqual(try phone.manager.authorList(), try laptop.manager.authorList())
        // Applied changes are not sent back.
        XCTAssertTrue(try phone.takeLocalChanges().isEmpty)
    }

    func testIndependentEditsConverge() throws {
        let (laptop, phone) = try makeReplicas()
        try laptop.manager.renameBook(bookId: 1, title: "Cien años de soledad", modifiedAt: Date(timeIntervalSince1970: 100))
        try phone.manager.renameBook(bookId: 2, title: "El amor en los tiempos del cólera", modifiedAt: Date(timeIntervalSince1970: 100))
        try phone.manager.deleteAuthor(authorId: 4)
        try LibraryReplica.sync(laptop, phone)
        let books = try laptop.manager.allBooks()
        XCTAssertEqual(books, try phone.manager.allBooks())
        XCTAssertEqual(books.first { $0.id == 1 }?.title, "Cien años de soledad")
        XCTAssertEqual(books.first { $0.id == 2 }?.title, "El amor en los tiempos del cólera")
        XCTAssertFalse(books.contains { $0.authorId == 4 })
    }

    func testConcurrentEditsOfABookKeepTheLastWriter() throws {
        let (laptop, phone) = try makeReplicas()
        try phone.manager.renameBook(bookId: 1, title: "Phone title", modifiedAt: Date(timeIntervalSince1970: 200))
        try laptop.manager.renameBook(bookId: 1, title: "Laptop title", modifiedAt: Date(timeIntervalSince1970: 100))
        let fromLaptop = try laptop.takeLocalChanges()
        let fromPhone = try phone.takeLocalChanges()
        let laptopConflicts = try laptop.applyRemoteChanges(fromPhone)
        let phoneConflicts = try phone.applyRemoteChanges(fromLaptop)
        XCTAssertEqual(laptopConflicts.map(\.kind), [.data])
        XCTAssertEqual(phoneConflicts.map(\.kind), [.data])
        XCTAssertEqual(try laptop.manager.bookInfo(bookId: 1)?.book.title, "Phone title")
        XCTAssertEqual(try phone.manager.bookInfo(bookId: 1)?.book.title, "Phone title")
    }

    func testAnEditOfADeletedBookLosesToTheDeletion() throws {
        let (laptop, phone) = try makeReplicas()
        try laptop.manager.renameBook(bookId: 8, title: "Moby Dick; or, The Whale")
        try phone.manager.deleteAuthor(authorId: 4)
        try LibraryReplica.sync(laptop, phone)
        XCTAssertNil(try laptop.manager.bookInfo(bookId: 8))
        XCTAssertEqual(try laptop.manager.allBooks(), try phone.manager.allBooks())
    }
}
