// The workloads of Folio and GRDB: one source file, compiled twice.
//
// Sources/FolioWorkloads/Workloads.swift and
// Sources/GRDBWorkloads/Workloads.swift are symbolic links to this file.
// The FolioWorkloads target defines FOLIO and imports Folio; the
// GRDBWorkloads target imports GRDB. Since Folio's API is GRDB 7's API,
// the code below is the same for both: any difference in time is a
// difference between the libraries.
//
// While an API that a workload needs was not merged into Folio yet,
// Package.swift defined a FOLIO_MISSING_* condition for the Folio target,
// and an `#if !FOLIO_MISSING_...` here left the workload out of Folio's list.
// None is left.

import BenchSupport
import Foundation
#if FOLIO
import Folio
#else
import GRDB
#endif

/// The databases that several trials read: built once.
private final class Fixtures {
    private var _items: DatabaseQueue?
    private var _players: DatabaseQueue?
    private var _library: DatabaseQueue?

    func items() throws -> DatabaseQueue {
        if let _items { return _items }
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: Fixture.createItems)
            try db.execute(sql: Fixture.fillItems)
        }
        _items = dbQueue
        return dbQueue
    }

    func players() throws -> DatabaseQueue {
        if let _players { return _players }
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: Fixture.createPlayers)
            try db.execute(sql: Fixture.fillPlayers)
        }
        _players = dbQueue
        return dbQueue
    }

    func library() throws -> DatabaseQueue {
        if let _library { return _library }
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: Fixture.createLibrary)
            try db.execute(sql: Fixture.fillLibrary)
        }
        _library = dbQueue
        return dbQueue
    }
}

/// The workloads that this library can run.
public func makeWorkloads() -> [Workload] {
    let fixtures = Fixtures()
    var workloads: [Workload] = []

    workloads.append(Workload(id: 1) {
        let dbQueue = try fixtures.items()
        return Trial { try dbQueue.read(fetchRowsPositional) }
    })

    workloads.append(Workload(id: 2) {
        let dbQueue = try fixtures.items()
        return Trial { try dbQueue.read(fetchRowsNamed) }
    })

    workloads.append(Workload(id: 3) {
        let dbQueue = try fixtures.items()
        return Trial { try dbQueue.read(fetchItems) }
    })

    workloads.append(Workload(id: 4) {
        let dbQueue = try fixtures.items()
        return Trial { try dbQueue.read(fetchDecodableItems) }
    })

    workloads.append(Workload(id: 5) {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { try $0.execute(sql: Fixture.createItems) }
        return Trial(run: { try dbQueue.write(insertRows) }, check: { try itemsChecksum(dbQueue) })
    })

    workloads.append(Workload(id: 6) {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { try $0.execute(sql: Fixture.createItems) }
        let items = (0..<Size.insertedRows).map(InsertItem.init(x:))
        return Trial(run: { try dbQueue.write { try insert(items, $0) } }, check: { try itemsChecksum(dbQueue) })
    })

    workloads.append(Workload(id: 7) {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { try $0.execute(sql: Fixture.createItems) }
        let items = (0..<Size.insertedRows).map(EncodableItem.init(x:))
        return Trial(run: { try dbQueue.write { try insert(items, $0) } }, check: { try itemsChecksum(dbQueue) })
    })

    workloads.append(Workload(id: 8) {
        let dbQueue = try fixtures.players()
        return Trial { try dbQueue.read(fetchPlayers) }
    })

    workloads.append(Workload(id: 9) {
        let dbQueue = try fixtures.library()
        return Trial { try dbQueue.read { db in try fetchAuthorInfos(db) &+ fetchBookInfos(db) } }
    })

    workloads.append(Workload(id: 10) {
        let migrator = makeMigrator()
        return Trial { try openAndMigrate(migrator) }
    })

    workloads.append(Workload(id: 11, operationCount: Size.poolReaders * Size.readsPerReader) {
        let directory = try makeTemporaryDirectory()
        let dbPool = try makePool(directory)
        try dbPool.write { try $0.execute(sql: Fixture.createPoolTable) }
        return Trial(
            run: { try readWhileWriting(dbPool) },
            check: { try dbPool.read { try Int.fetchOne($0, sql: Fixture.poolChecksum)! } },
            cleanup: {
                try? dbPool.close()
                removeTemporaryDirectory(directory)
            })
    })

    workloads.append(Workload(id: 12) {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { try $0.execute(sql: Fixture.createAccounts) }
        return Trial(run: { try smallTransactions(dbQueue) }, check: { try accountsChecksum(dbQueue) })
    })

    workloads.append(Workload(id: 13) {
        let directory = try makeTemporaryDirectory()
        let dbPool = try makePool(directory)
        try dbPool.write { try $0.execute(sql: Fixture.createAccounts) }
        return Trial(
            run: { try smallTransactions(dbPool) },
            check: { try accountsChecksum(dbPool) },
            cleanup: {
                try? dbPool.close()
                removeTemporaryDirectory(directory)
            })
    })

    workloads.append(Workload(id: 14) {
        let directory = try makeTemporaryDirectory()
        let dbPool = try makePool(directory)
        try dbPool.write { try $0.execute(sql: Fixture.createAccounts) }
        return Trial(
            run: { try smallTransactionsWhileReading(dbPool) },
            check: { try accountsChecksum(dbPool) },
            cleanup: {
                try? dbPool.close()
                removeTemporaryDirectory(directory)
            })
    })

    for (id, observationsPerTable) in [(15, Size.observationsPerTable), (16, 1)] {
        workloads.append(Workload(id: id) {
            let directory = try makeTemporaryDirectory()
            let dbPool = try makePool(directory)
            try dbPool.write { try $0.execute(sql: Fixture.createObservedTables) }
            let fanOut = try ObservationFanOut(dbPool, observationsPerTable: observationsPerTable)
            return Trial(
                run: { try fanOut.run() },
                check: { try dbPool.read { try Int.fetchOne($0, sql: Fixture.observedChecksum)! } },
                cleanup: {
                    fanOut.cancel()
                    try? dbPool.close()
                    removeTemporaryDirectory(directory)
                })
        })
    }

    workloads.append(Workload(id: 17) {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: Fixture.createEvents)
            try db.execute(sql: Fixture.fillEvents)
        }
        return Trial { try dbQueue.read(fetchEvents) }
    })

    workloads.append(Workload(id: 18) {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: Fixture.createDocuments)
            try db.execute(sql: Fixture.fillDocuments)
        }
        return Trial { try dbQueue.read(fetchDocuments) }
    })

    workloads.append(Workload(id: 19) {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: Fixture.createUpsertPlayers)
            try db.execute(sql: Fixture.fillUpsertPlayers)
        }
        let players = (1...Size.upserts).map(UpsertPlayer.init(id:))
        return Trial(
            run: { try dbQueue.write { db in try upsert(players, db) } },
            check: { try dbQueue.read { try Int.fetchOne($0, sql: Fixture.upsertChecksum)! } })
    })

    // Bulk writes (issue 27): Folio's `insertAll` and `upsertAll`. GRDB
    // has no bulk write: its column is its loop of `insert` and `upsert`
    // (workloads 6, 7 and 19).
    workloads.append(Workload(id: 20) {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { try $0.execute(sql: Fixture.createItems) }
        let items = (0..<Size.insertedRows).map(InsertItem.init(x:))
        return Trial(run: { try dbQueue.write { try insertAll(items, $0) } }, check: { try itemsChecksum(dbQueue) })
    })

    workloads.append(Workload(id: 21) {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { try $0.execute(sql: Fixture.createItems) }
        let items = (0..<Size.insertedRows).map(EncodableItem.init(x:))
        return Trial(run: { try dbQueue.write { try insertAll(items, $0) } }, check: { try itemsChecksum(dbQueue) })
    })

    workloads.append(Workload(id: 22) {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: Fixture.createUpsertPlayers)
            try db.execute(sql: Fixture.fillUpsertPlayers)
        }
        let players = (1...Size.upserts).map(UpsertPlayer.init(id:))
        return Trial(
            run: { try dbQueue.write { db in try upsertAll(players, db) } },
            check: { try dbQueue.read { try Int.fetchOne($0, sql: Fixture.upsertChecksum)! } })
    })

    #if FOLIO && FOLIO_MACROS
    // Workloads 23-25: the `@DatabaseRecord` macro (Folio only).
    workloads += makeMacroWorkloads()
    #endif
    return workloads
}

// MARK: - Rows

private func fetchRowsPositional(_ db: Database) throws -> Int {
    let rows = try Row.fetchCursor(db, sql: Fixture.selectItems)
    var sum = 0
    while let row = try rows.next() {
        let i0: Int = row[0]
        let i1: Int = row[1]
        let i2: Int = row[2]
        let i3: Int = row[3]
        let i4: Int = row[4]
        let i5: Int = row[5]
        let i6: Int = row[6]
        let i7: Int = row[7]
        let i8: Int = row[8]
        let i9: Int = row[9]
        sum &+= i0 &+ i1 &+ i2 &+ i3 &+ i4 &+ i5 &+ i6 &+ i7 &+ i8 &+ i9
    }
    return sum
}

private func fetchRowsNamed(_ db: Database) throws -> Int {
    let rows = try Row.fetchCursor(db, sql: Fixture.selectItems)
    var sum = 0
    while let row = try rows.next() {
        let i0: Int = row["i0"]
        let i1: Int = row["i1"]
        let i2: Int = row["i2"]
        let i3: Int = row["i3"]
        let i4: Int = row["i4"]
        let i5: Int = row["i5"]
        let i6: Int = row["i6"]
        let i7: Int = row["i7"]
        let i8: Int = row["i8"]
        let i9: Int = row["i9"]
        sum &+= i0 &+ i1 &+ i2 &+ i3 &+ i4 &+ i5 &+ i6 &+ i7 &+ i8 &+ i9
    }
    return sum
}

private func insertRows(_ db: Database) throws -> Int {
    let statement = try db.makeStatement(sql: Fixture.insertItem)
    for x in 0..<Size.insertedRows {
        try statement.execute(arguments: [x, x + 1, x + 2, x + 3, x + 4, x + 5, x + 6, x + 7, x + 8, x + 9])
    }
    return Size.insertedRows
}

private func itemsChecksum(_ dbQueue: DatabaseQueue) throws -> Int {
    try dbQueue.read { try Int.fetchOne($0, sql: Fixture.itemsChecksum)! }
}

// MARK: - Fetching records

/// A record with a hand-written `init(row:)`.
private struct Item: FetchableRecord {
    var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int

    init(row: Row) throws {
        i0 = row["i0"]
        i1 = row["i1"]
        i2 = row["i2"]
        i3 = row["i3"]
        i4 = row["i4"]
        i5 = row["i5"]
        i6 = row["i6"]
        i7 = row["i7"]
        i8 = row["i8"]
        i9 = row["i9"]
    }
}

/// The same record, decoded by `Decodable`.
private struct DecodableItem: Decodable, FetchableRecord {
    var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int
}

private func fetchItems(_ db: Database) throws -> Int {
    let items = try Item.fetchAll(db, sql: Fixture.selectItems)
    var sum = 0
    for item in items {
        sum &+= item.i0 &+ item.i1 &+ item.i2 &+ item.i3 &+ item.i4
        sum &+= item.i5 &+ item.i6 &+ item.i7 &+ item.i8 &+ item.i9
    }
    return sum
}

private func fetchDecodableItems(_ db: Database) throws -> Int {
    let items = try DecodableItem.fetchAll(db, sql: Fixture.selectItems)
    var sum = 0
    for item in items {
        sum &+= item.i0 &+ item.i1 &+ item.i2 &+ item.i3 &+ item.i4
        sum &+= item.i5 &+ item.i6 &+ item.i7 &+ item.i8 &+ item.i9
    }
    return sum
}

// MARK: - Query interface

private struct Player: FetchableRecord, TableRecord {
    var id: Int
    var name: String
    var score: Int

    init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        score = row["score"]
    }
}

private func fetchPlayers(_ db: Database) throws -> Int {
    let score = Column("score")
    var sum = 0
    for query in 0..<Size.playerQueries {
        let lowerBound = Fixture.playerQueryLowerBound(query)
        let players = try Player
            .filter(score >= lowerBound && score < lowerBound + Size.playerQueryWidth)
            .order(score.desc)
            .fetchAll(db)
        for player in players {
            sum &+= player.id &+ player.score &* 3 &+ player.name.utf8.count
        }
    }
    return sum
}

// MARK: - Associations

private struct Author: Decodable, FetchableRecord, TableRecord {
    static let books = hasMany(Book.self)
    var id: Int
    var name: String
}

private struct Book: Decodable, FetchableRecord, TableRecord {
    static let author = belongsTo(Author.self)
    var id: Int
    var authorId: Int
    var title: String
}

private struct AuthorInfo: Decodable, FetchableRecord {
    var author: Author
    var books: [Book]
}

private struct BookInfo: Decodable, FetchableRecord {
    var book: Book
    var author: Author
}

private func fetchAuthorInfos(_ db: Database) throws -> Int {
    let infos = try Author
        .including(all: Author.books)
        .asRequest(of: AuthorInfo.self)
        .fetchAll(db)
    var sum = 0
    for info in infos {
        sum &+= info.author.id &+ info.author.name.utf8.count
        for book in info.books {
            sum &+= book.id &+ book.authorId &+ book.title.utf8.count
        }
    }
    return sum
}

private func fetchBookInfos(_ db: Database) throws -> Int {
    let infos = try Book
        .including(required: Book.author)
        .asRequest(of: BookInfo.self)
        .fetchAll(db)
    var sum = 0
    for info in infos {
        sum &+= info.book.id &+ info.book.authorId &* 7 &+ info.book.title.utf8.count
        sum &+= info.author.id &+ info.author.name.utf8.count
    }
    return sum
}

// MARK: - Persisting records

/// A record with a hand-written `encode(to:)`.
private struct InsertItem: PersistableRecord {
    static let databaseTableName = "items"
    var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int

    init(x: Int) {
        (i0, i1, i2, i3, i4) = (x, x + 1, x + 2, x + 3, x + 4)
        (i5, i6, i7, i8, i9) = (x + 5, x + 6, x + 7, x + 8, x + 9)
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["i0"] = i0
        container["i1"] = i1
        container["i2"] = i2
        container["i3"] = i3
        container["i4"] = i4
        container["i5"] = i5
        container["i6"] = i6
        container["i7"] = i7
        container["i8"] = i8
        container["i9"] = i9
    }
}

/// The same record, encoded by `Encodable`.
private struct EncodableItem: Encodable, PersistableRecord {
    static let databaseTableName = "items"
    var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int

    init(x: Int) {
        (i0, i1, i2, i3, i4) = (x, x + 1, x + 2, x + 3, x + 4)
        (i5, i6, i7, i8, i9) = (x + 5, x + 6, x + 7, x + 8, x + 9)
    }
}

private func insert(_ items: [some PersistableRecord], _ db: Database) throws -> Int {
    for item in items {
        try item.insert(db)
    }
    return items.count
}

// MARK: - Migrations

/// Five tables, one migration each, written with the schema DSL.
private func makeMigrator() -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("createAuthor") { db in
        try db.create(table: "author") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
            t.column("country", .text)
        }
    }
    migrator.registerMigration("createBook") { db in
        try db.create(table: "book") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("author", onDelete: .cascade).notNull()
            t.column("title", .text).notNull()
            t.column("year", .integer)
        }
    }
    migrator.registerMigration("createLibrary") { db in
        try db.create(table: "library") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull().unique()
            t.column("city", .text)
        }
    }
    migrator.registerMigration("createLoan") { db in
        try db.create(table: "loan") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("book", onDelete: .cascade).notNull()
            t.belongsTo("library", onDelete: .cascade).notNull()
            t.column("dueDate", .date).notNull()
        }
    }
    migrator.registerMigration("createReview") { db in
        try db.create(table: "review") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("book", onDelete: .cascade).notNull()
            t.column("rating", .integer).notNull().check(sql: "rating BETWEEN 1 AND 5")
            t.column("body", .text)
        }
    }
    return migrator
}

private func openAndMigrate(_ migrator: DatabaseMigrator) throws -> Int {
    var sum = 0
    for _ in 0..<Size.migratedDatabases {
        let dbQueue = try DatabaseQueue()
        try migrator.migrate(dbQueue)
        sum &+= try dbQueue.read { db in
            try Int.fetchOne(db, sql: Fixture.schemaChecksum)!
        }
    }
    return sum
}

// MARK: - Concurrent reads

private func readWhileWriting(_ dbPool: DatabasePool) throws -> Int {
    var bodies: [@Sendable () throws -> Int] = [{
        for write in 0..<Size.poolWrites {
            try dbPool.write { db in
                try db.execute(sql: Fixture.insertPoolValue, arguments: [write])
            }
        }
        return 0
    }]
    for reader in 0..<Size.poolReaders {
        bodies.append {
            var sum = 0
            for index in 0..<Size.readsPerReader {
                let id = Fixture.poolReadID(reader: reader, index: index)
                sum &+= try dbPool.read { db in
                    try Int.fetchOne(db, sql: Fixture.selectPoolValue, arguments: [id])!
                }
            }
            return sum
        }
    }
    return try runOnThreads(bodies).reduce(0, &+)
}

// MARK: - Pools

/// The pool of workloads 11, 13-16, in `directory`. Its connections wait
/// up to 10 seconds for a lock, as the raw C connections do: GRDB's writer
/// otherwise fails now and then with SQLITE_BUSY on `BEGIN IMMEDIATE`
/// while four readers run (seen once in three full runs).
private func makePool(_ directory: String) throws -> DatabasePool {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    return try DatabasePool(path: directory + "/db.sqlite", configuration: configuration)
}

// MARK: - Small transactions

private func smallTransactions(_ dbWriter: some DatabaseWriter) throws -> Int {
    for index in 0..<Size.smallTransactions {
        let account = Fixture.transactionAccount(index)
        try dbWriter.write { db in
            try db.execute(sql: Fixture.insertEntry, arguments: [account, index])
            try db.execute(sql: Fixture.insertEntry, arguments: [account, index + 1])
            try db.execute(sql: Fixture.insertEntry, arguments: [account, index + 2])
            try db.execute(sql: Fixture.updateAccount, arguments: [3 * index + 3, account])
        }
    }
    return Size.smallTransactions
}

private func accountsChecksum(_ dbReader: some DatabaseReader) throws -> Int {
    try dbReader.read { try Int.fetchOne($0, sql: Fixture.accountsChecksum)! }
}

/// Workload 14: the small transactions, while four threads read in a
/// loop until the writer is done. The reads are counted in `SideCounts`.
private func smallTransactionsWhileReading(_ dbPool: DatabasePool) throws -> Int {
    let stop = StopFlag()
    var bodies: [@Sendable () throws -> Int] = [{
        defer { stop.set() }
        return try smallTransactions(dbPool)
    }]
    for reader in 0..<Size.poolReaders {
        bodies.append {
            var reads = 0
            while !stop.isSet {
                let id = Fixture.poolReadID(reader: reader, index: reads)
                _ = try dbPool.read { db in
                    try Int.fetchOne(db, sql: Fixture.selectBalance, arguments: [id])
                }
                reads += 1
            }
            SideCounts.addReads(reads)
            return 0
        }
    }
    return try runOnThreads(bodies).reduce(0, &+)
}

// MARK: - Observation fan-out

/// Workloads 15 and 16: `observationsPerTable` observations of each of
/// the observed tables, then writes, each to one table, each followed by
/// a wait until every observer of the table has seen the new value.
private final class ObservationFanOut: @unchecked Sendable {
    // @unchecked Sendable: `observed` is only accessed under `condition`.
    private let dbPool: DatabasePool
    private let condition = NSCondition()
    private var observed: [[Int]]
    private var cancellables: [AnyDatabaseCancellable] = []
    private let deliveryQueue = DispatchQueue(label: "FolioBench.observation")

    init(_ dbPool: DatabasePool, observationsPerTable: Int) throws {
        self.dbPool = dbPool
        observed = Array(repeating: Array(repeating: -1, count: observationsPerTable), count: Size.observedTables)
        for table in 0..<Size.observedTables {
            for observer in 0..<observationsPerTable {
                let sql = Fixture.selectObserved(table)
                let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: sql)! }
                cancellables.append(observation.start(
                    in: dbPool,
                    scheduling: .async(onQueue: deliveryQueue),
                    onError: { error in fatalError("observation failed: \(error)") },
                    onChange: { [self] value in
                        condition.lock()
                        observed[table][observer] = value
                        condition.broadcast()
                        condition.unlock()
                    }))
            }
        }
        // The initial values.
        try dbPool.read { db in
            for table in 0..<Size.observedTables {
                let value = try Int.fetchOne(db, sql: Fixture.selectObserved(table))!
                waitUntilObserved(table: table, value: value)
            }
        }
    }

    private func waitUntilObserved(table: Int, value: Int) {
        condition.lock()
        while observed[table].contains(where: { $0 < value }) {
            condition.wait()
        }
        condition.unlock()
    }

    func run() throws -> Int {
        let start = try dbPool.read { try Int.fetchOne($0, sql: Fixture.selectObserved(0))! }
        var sum = 0
        for index in 0..<Size.observedWrites {
            let table = index % Size.observedTables
            let value = start + index + 1
            let writeStart = monotonicNanoseconds()
            try dbPool.write { db in
                try db.execute(sql: Fixture.updateObserved(table), arguments: [value])
            }
            let writeEnd = monotonicNanoseconds()
            waitUntilObserved(table: table, value: value)
            SideCounts.addWriteNanoseconds(writeEnd - writeStart)
            SideCounts.addDelayNanoseconds(monotonicNanoseconds() - writeEnd)
            sum &+= table
        }
        return sum
    }

    func cancel() {
        for cancellable in cancellables {
            cancellable.cancel()
        }
    }
}

// MARK: - Dates

private struct Event: Decodable, FetchableRecord {
    var id: Int
    var startDate: Date
    var endDate: Date
    var cancelDate: Date?
}

private func fetchEvents(_ db: Database) throws -> Int {
    let events = try Event.fetchAll(db, sql: Fixture.selectEvents)
    var sum = 0
    for event in events {
        sum &+= event.id &+ millisecondsChecksum(event.startDate) &+ millisecondsChecksum(event.endDate) &* 3
        if let cancelDate = event.cancelDate {
            sum &+= millisecondsChecksum(cancelDate) &* 7
        }
    }
    return sum
}

private func millisecondsChecksum(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 * 1000).rounded())
}

// MARK: - Large values

private struct Document: FetchableRecord {
    var id: Int
    var body: String
    var data: Data

    init(row: Row) throws {
        id = row[0]
        body = row[1]
        data = row[2]
    }
}

private func fetchDocuments(_ db: Database) throws -> Int {
    let documents = try Document.fetchAll(db, sql: Fixture.selectDocuments)
    var sum = 0
    for document in documents {
        sum &+= document.id &+ document.body.utf8.count &+ Int(document.body.utf8.last!)
        sum &+= document.data.count &* 3 &+ Int(document.data.first!) &* 7
    }
    return sum
}

// MARK: - Upserts

private struct UpsertPlayer: Encodable, PersistableRecord {
    static let databaseTableName = "player"
    var id: Int
    var name: String
    var score: Int

    init(id: Int) {
        self.id = id
        name = Fixture.upsertName(id)
        score = Fixture.upsertScore(id)
    }
}

private func insertAll(_ items: [some PersistableRecord], _ db: Database) throws -> Int {
    #if FOLIO
    try items.insertAll(db)
    return items.count
    #else
    return try insert(items, db)
    #endif
}

private func upsertAll(_ players: [UpsertPlayer], _ db: Database) throws -> Int {
    #if FOLIO
    try players.upsertAll(db)
    return players.count
    #else
    return try upsert(players, db)
    #endif
}

private func upsert(_ players: [UpsertPlayer], _ db: Database) throws -> Int {
    for player in players {
        try player.upsert(db)
    }
    return players.count
}
