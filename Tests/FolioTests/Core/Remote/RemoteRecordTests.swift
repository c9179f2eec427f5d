@_spi(FolioRemote) import Folio
import Foundation
import XCTest

private struct RemoteAuthor: Codable, FetchableRecord, MutablePersistableRecord, Identifiable, Equatable {
    static let databaseTableName = "author"
    static let books = hasMany(RemoteBook.self)
    var id: Int64?
    var name: String
    var country: String?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

private struct RemoteBook: Codable, FetchableRecord, MutablePersistableRecord, Identifiable, Equatable {
    static let databaseTableName = "book"
    static let author = belongsTo(RemoteAuthor.self)
    var id: Int64?
    var authorId: Int64
    var title: String

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

private struct AuthorWithBooks: Decodable, FetchableRecord {
    var author: RemoteAuthor
    var books: [RemoteBook]
}

private struct BookWithAuthor: Decodable, FetchableRecord {
    var book: RemoteBook
    var author: RemoteAuthor
}

/// Records, the query interface, associations, migrations and
/// observation on a connection attached to a remote engine.
final class RemoteRecordTests: FolioTestCase {
    private var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique()
                t.column("country", .text)
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("author", onDelete: .cascade).notNull()
                t.column("title", .text).notNull()
            }
        }
        return migrator
    }

    private func makeMigratedConnection() throws -> (client: DatabaseQueue, server: DatabaseQueue, executor: SQLiteServerExecutor) {
        let server = try makeServer()
        let (client, executor) = try makeRemoteQueue(server: server)
        try migrator.migrate(client)
        return (client, server, executor)
    }

    func testMigratorRunsOnTheServer() throws {
        let (client, server, _) = try makeMigratedConnection()
        try server.read { db in
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"), ["v1"])
            XCTAssertEqual(try db.columns(in: "book").map(\.name), ["id", "authorId", "title"])
            XCTAssertEqual(try db.foreignKeys(on: "book").first?.destinationTable, "author")
        }
        try client.read { db in
            XCTAssertEqual(try migrator.appliedIdentifiers(db), ["v1"])
            XCTAssertTrue(try migrator.hasCompletedMigrations(db))
        }
        // Migrating again does nothing; a second client sees the migrations.
        try migrator.migrate(client)
        let (other, _) = try makeRemoteQueue(server: server)
        try migrator.migrate(other)
        XCTAssertEqual(try other.read { db in try migrator.appliedIdentifiers(db) }, ["v1"])
    }

    func testRecordsPersistAndFetch() throws {
        let (client, server, _) = try makeMigratedConnection()
        let (melville, moby) = try client.write { db -> (RemoteAuthor, RemoteBook) in
            var author = RemoteAuthor(name: "Herman Melville", country: "USA")
            try author.insert(db)
            var book = RemoteBook(authorId: try XCTUnwrap(author.id), title: "Moby-Dick")
            try book.insert(db)
            book.title = "Moby Dick"
            try book.update(db)
            var other = RemoteAuthor(name: "Italo Calvino", country: "Italy")
            try other.save(db)
            other.country = "Italia"
            try other.save(db)
            XCTAssertTrue(try other.delete(db))
            XCTAssertFalse(try other.delete(db))
            return (author, book)
        }
        XCTAssertEqual(melville.id, 1)
        XCTAssertEqual(moby.id, 1)
        try server.read { db in
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM author"), [["id": 1, "name": "Herman Melville", "country": "USA"]])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM book"), [["id": 1, "authorId": 1, "title": "Moby Dick"]])
        }
        try client.read { db in
            XCTAssertEqual(try RemoteAuthor.fetchAll(db), [melville])
            XCTAssertEqual(try RemoteAuthor.fetchOne(db, id: 1), melville)
            XCTAssertNil(try RemoteAuthor.fetchOne(db, id: 2))
            XCTAssertEqual(try RemoteBook.fetchOne(db)?.title, "Moby Dick")
            XCTAssertEqual(try RemoteAuthor.filter(Column("country") == "USA").fetchCount(db), 1)
            XCTAssertEqual(try RemoteAuthor.select(Column("name")).asRequest(of: String.self).fetchAll(db), ["Herman Melville"])
            XCTAssertTrue(try RemoteAuthor.exists(db, id: 1))
        }
    }

    func testReturningUpsertsAndInsertAll() throws {
        let (client, server, _) = try makeMigratedConnection()
        let many = try client.write { db -> [RemoteAuthor] in
            let inserted = try RemoteAuthor(name: "Elsa Morante", country: nil).insertAndFetch(db)
            XCTAssertEqual(inserted.id, 1)
            XCTAssertEqual(inserted.name, "Elsa Morante")
            XCTAssertEqual(db.changesCount, 1)
            var upsertedAuthor = RemoteAuthor(id: nil, name: "Elsa Morante", country: "Italy")
            let upserted = try upsertedAuthor.upsertAndFetch(
                db, onConflict: ["name"], doUpdate: { _ in [Column("country").noOverwrite] })
            XCTAssertEqual(upserted.id, 1)
            var replaced = RemoteAuthor(id: 1, name: "Elsa Morante", country: "Italia")
            try replaced.upsert(db)
            XCTAssertEqual(replaced.id, 1)
            let names = try RemoteAuthor.filter(Column("id") == 1)
                .updateAndFetchAll(db, [Column("country").set(to: "IT")])
                .map(\.country)
            XCTAssertEqual(names, ["IT"])
            var many = (1...600).map { RemoteAuthor(name: "Author \($0)", country: "C\($0 % 3)") }
            try many.insertAll(db)
            let deleted = try RemoteAuthor.filter(Column("country") == "C0").deleteAndFetchIds(db)
            XCTAssertEqual(deleted.count, 200)
            return many
        }
        try server.read { db in
            // The ids of the bulk insertion (three chunks of 85 records, on
            // a remote database that accepts 255 parameters) are the server's.
            for author in many where author.country != "C0" {
                XCTAssertEqual(try Int64.fetchOne(db, sql: "SELECT id FROM author WHERE name = ?", arguments: [author.name]), author.id)
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM author"), 401)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT country FROM author WHERE id = 1"), "IT")
        }
    }

    func testAThousandIdsWork() throws {
        let (client, server, executor) = try makeMigratedConnection()
        try client.write { db in
            var authors = (1...1000).map { RemoteAuthor(name: "A\($0)") }
            try authors.insertAll(db)
        }
        let ids = Array(Int64(1)...1000)
        executor.resetRequests()
        try client.read { db in
            XCTAssertEqual(try RemoteAuthor.fetchAll(db, ids: ids).count, 1000)
            XCTAssertEqual(try RemoteAuthor.filter(ids: ids).fetchCount(db), 1000)
            XCTAssertEqual(try RemoteAuthor.filter(keys: ids).fetchCount(db), 1000)
            XCTAssertEqual(try RemoteAuthor.filter(ids.contains(Column("id"))).fetchCount(db), 1000)
        }
        XCTAssertTrue(executor.requests.allSatisfy { $0.arguments.count <= 255 })
        let deleted = try client.write { db in try RemoteAuthor.deleteAll(db, ids: ids.dropLast(10)) }
        XCTAssertEqual(deleted, 990)
        XCTAssertEqual(try server.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM author") }, 10)
    }

    func testAssociationsJoinsAndPrefetching() throws {
        let (client, _, _) = try makeMigratedConnection()
        try client.write { db in
            for (name, titles) in [("Calvino", ["Cosmicomics", "Invisible Cities"]), ("Morante", ["La Storia"]), ("Nobody", [])] {
                var author = RemoteAuthor(name: name)
                try author.insert(db)
                for title in titles {
                    var book = RemoteBook(authorId: author.id!, title: title)
                    try book.insert(db)
                }
            }
        }
        try client.read { db in
            let authors = try RemoteAuthor
                .including(all: RemoteAuthor.books.order(Column("title")))
                .order(Column("name"))
                .asRequest(of: AuthorWithBooks.self)
                .fetchAll(db)
            XCTAssertEqual(authors.map(\.author.name), ["Calvino", "Morante", "Nobody"])
            XCTAssertEqual(authors.map { $0.books.map(\.title) }, [["Cosmicomics", "Invisible Cities"], ["La Storia"], []])
            let books = try RemoteBook
                .including(required: RemoteBook.author)
                .order(Column("title"))
                .asRequest(of: BookWithAuthor.self)
                .fetchAll(db)
            XCTAssertEqual(books.map(\.author.name), ["Calvino", "Calvino", "Morante"])
            let authorsWithBooks = try RemoteAuthor.joining(required: RemoteAuthor.books).distinct().fetchCount(db)
            XCTAssertEqual(authorsWithBooks, 2)
            let counts = try RemoteAuthor
                .annotated(with: RemoteAuthor.books.count)
                .order(Column("name"))
                .asRequest(of: Row.self)
                .fetchAll(db)
                .map { $0["bookCount"] as Int }
            XCTAssertEqual(counts, [2, 1, 0])
        }
        // Foreign keys are enforced by the server, and cascade there.
        XCTAssertThrowsError(try client.write { db in
            var orphan = RemoteBook(authorId: 99, title: "Orphan")
            try orphan.insert(db)
        }) { error in
            XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
        }
    }

    @MainActor
    func testValueObservationOfTheConnectionsOwnWrites() throws {
        let (client, _, _) = try makeMigratedConnection()
        let observation = ValueObservation.trackingConstantRegion { db in
            try RemoteAuthor.fetchCount(db)
        }
        let expectation = expectation(description: "counts")
        expectation.expectedFulfillmentCount = 4
        let counts = TestLocked<[Int]>([])
        let cancellable = observation.start(
            in: client,
            scheduling: .immediate,
            onError: { XCTFail("\($0)") },
            onChange: { count in
                counts.withLock { $0.append(count) }
                expectation.fulfill()
            })
        try client.write { db in
            var author = RemoteAuthor(name: "One")
            try author.insert(db)
        }
        try client.writeWithoutTransaction { db in
            var author = RemoteAuthor(name: "Two")
            try author.insert(db)
        }
        try client.write { db in
            _ = try RemoteAuthor.deleteAll(db)
        }
        // A transaction that writes no observed table is not notified.
        try client.write { db in
            try db.execute(sql: "UPDATE book SET title = title")
        }
        wait(for: [expectation], timeout: 5)
        cancellable.cancel()
        XCTAssertEqual(counts.withLock { $0 }, [0, 1, 2, 0])
    }

    func testDatabaseRegionObservationOfTheConnectionsOwnWrites() throws {
        let (client, _, _) = try makeMigratedConnection()
        let changes = TestLocked(0)
        let observation = DatabaseRegionObservation(tracking: RemoteBook.all())
        let cancellable = observation.start(in: client, onError: { XCTFail("\($0)") }, onChange: { _ in
            changes.withLock { $0 += 1 }
        })
        try client.write { db in
            var author = RemoteAuthor(name: "One")
            try author.insert(db)
            var book = RemoteBook(authorId: author.id!, title: "Book")
            try book.insert(db)
        }
        try client.write { db in
            var author = RemoteAuthor(name: "Two")
            try author.insert(db)
        }
        cancellable.cancel()
        XCTAssertEqual(changes.withLock { $0 }, 1)
    }
}
