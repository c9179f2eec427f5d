import BenchSupport
import CSQLiteBench
import Foundation

// The hand-written C-API baseline: what a careful programmer writes with
// SQLite's C API and plain Swift structs, and no library in between. Each
// loop lives in a function (never in top-level code), connections are in
// multi-thread mode, statements are prepared once per trial and reused.

struct Item {
    var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int
}

struct Player {
    var id: Int
    var name: String
    var score: Int
}

struct Author {
    var id: Int
    var name: String
}

struct Book {
    var id: Int
    var authorId: Int
    var title: String
}

struct AuthorInfo {
    var author: Author
    var books: [Book]
}

struct BookInfo {
    var book: Book
    var author: Author
}

/// The databases that several trials read: built once.
private final class Fixtures {
    private var _items: Connection?
    private var _players: Connection?
    private var _library: Connection?

    func items() throws -> Connection {
        if let _items { return _items }
        let db = try Connection()
        try db.execute(Fixture.createItems)
        try db.execute(Fixture.fillItems)
        _items = db
        return db
    }

    func players() throws -> Connection {
        if let _players { return _players }
        let db = try Connection()
        try db.execute(Fixture.createPlayers)
        try db.execute(Fixture.fillPlayers)
        _players = db
        return db
    }

    func library() throws -> Connection {
        if let _library { return _library }
        let db = try Connection()
        try db.execute("PRAGMA foreign_keys = ON")
        try db.execute(Fixture.createLibrary)
        try db.execute(Fixture.fillLibrary)
        _library = db
        return db
    }
}

/// The C-API implementations of the workloads.
public func makeWorkloads() -> [Workload] {
    let fixtures = Fixtures()
    return [
        Workload(id: 1) {
            let db = try fixtures.items()
            return Trial { try fetchRowsPositional(db) }
        },
        Workload(id: 2) {
            let db = try fixtures.items()
            return Trial { try fetchRowsNamed(db) }
        },
        Workload(id: 3) {
            let db = try fixtures.items()
            return Trial { try checksum(fetchItems(db)) }
        },
        Workload(id: 4) {
            let db = try fixtures.items()
            return Trial { try checksum(fetchItems(db)) }
        },
        Workload(id: 5) {
            let db = try Connection()
            try db.execute(Fixture.createItems)
            return Trial(run: { try insertRows(db) }, check: { try db.fetchInt(Fixture.itemsChecksum) })
        },
        insertItemsWorkload(id: 6),
        insertItemsWorkload(id: 7),
        Workload(id: 8) {
            let db = try fixtures.players()
            return Trial { try fetchPlayers(db) }
        },
        Workload(id: 9) {
            let db = try fixtures.library()
            return Trial { try fetchAuthorInfos(db) &+ fetchBookInfos(db) }
        },
        Workload(id: 10) {
            Trial { try openAndMigrate() }
        },
        Workload(id: 11, operationCount: Size.poolReaders * Size.readsPerReader) {
            let directory = try makeTemporaryDirectory()
            let path = directory + "/db.sqlite"
            let writer = try Connection(path: path)
            try writer.execute("PRAGMA journal_mode = WAL")
            try writer.execute(Fixture.createPoolTable)
            return Trial(
                run: { try readWhileWriting(path: path, writer: writer) },
                check: { try writer.fetchInt(Fixture.poolChecksum) },
                cleanup: { removeTemporaryDirectory(directory) })
        },
        Workload(id: 12) {
            let db = try Connection()
            try db.execute(Fixture.createAccounts)
            return Trial(run: { try smallTransactions(db) }, check: { try db.fetchInt(Fixture.accountsChecksum) })
        },
        Workload(id: 13) {
            let directory = try makeTemporaryDirectory()
            let db = try walConnection(directory + "/db.sqlite")
            try db.execute(Fixture.createAccounts)
            return Trial(
                run: { try smallTransactions(db) },
                check: { try db.fetchInt(Fixture.accountsChecksum) },
                cleanup: { removeTemporaryDirectory(directory) })
        },
        Workload(id: 14) {
            let directory = try makeTemporaryDirectory()
            let path = directory + "/db.sqlite"
            let db = try walConnection(path)
            try db.execute(Fixture.createAccounts)
            return Trial(
                run: { try smallTransactionsWhileReading(path: path, writer: db) },
                check: { try db.fetchInt(Fixture.accountsChecksum) },
                cleanup: { removeTemporaryDirectory(directory) })
        },
        observationWorkload(id: 15, observationsPerTable: Size.observationsPerTable),
        observationWorkload(id: 16, observationsPerTable: 1),
        Workload(id: 17) {
            let db = try Connection()
            try db.execute(Fixture.createEvents)
            try db.execute(Fixture.fillEvents)
            return Trial { try fetchEvents(db) }
        },
        Workload(id: 18) {
            let db = try Connection()
            try db.execute(Fixture.createDocuments)
            try db.execute(Fixture.fillDocuments)
            return Trial { try fetchDocuments(db) }
        },
        Workload(id: 19) {
            let db = try Connection()
            try db.execute(Fixture.createUpsertPlayers)
            try db.execute(Fixture.fillUpsertPlayers)
            return Trial(run: { try upsertPlayers(db) }, check: { try db.fetchInt(Fixture.upsertChecksum) })
        },
        bulkInsertItemsWorkload(id: 20),
        bulkInsertItemsWorkload(id: 21),
        Workload(id: 22) {
            let db = try Connection()
            try db.execute(Fixture.createUpsertPlayers)
            try db.execute(Fixture.fillUpsertPlayers)
            return Trial(run: { try bulkUpsertPlayers(db) }, check: { try db.fetchInt(Fixture.upsertChecksum) })
        },
        // The workloads of the `@DatabaseRecord` macro (issue 30): 23 and
        // 24 are the C loops of 3 and 6; 25 reads Northwind orders.
        Workload(id: 23) {
            let db = try fixtures.items()
            return Trial { try checksum(fetchItems(db)) }
        },
        insertItemsWorkload(id: 24),
        Workload(id: 25) {
            let db = try Connection()
            try db.execute(Fixture.createOrders)
            try db.execute(Fixture.fillOrders)
            return Trial { try fetchOrders(db) }
        },
    ]
}

/// A connection in WAL mode, synchronous = NORMAL, as a pool's writer.
private func walConnection(_ path: String) throws -> Connection {
    let db = try Connection(path: path)
    try db.execute("PRAGMA journal_mode = WAL")
    try db.execute("PRAGMA synchronous = NORMAL")
    return db
}

// MARK: - Fetching

private func fetchRowsPositional(_ db: Connection) throws -> Int {
    let statement = try db.prepare(Fixture.selectItems)
    defer { sqlite3_finalize(statement) }
    var sum = 0
    while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw db.error(code, Fixture.selectItems) }
        for index in 0..<Int32(10) {
            sum &+= Int(sqlite3_column_int64(statement, index))
        }
    }
    return sum
}

private func fetchRowsNamed(_ db: Connection) throws -> Int {
    let statement = try db.prepare(Fixture.selectItems)
    defer { sqlite3_finalize(statement) }
    // C has no named access: a careful programmer looks indexes up once.
    var indexes: [Int32] = []
    for index in 0..<10 {
        try indexes.append(db.columnIndex(statement, "i\(index)"))
    }
    var sum = 0
    while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw db.error(code, Fixture.selectItems) }
        for index in indexes {
            sum &+= Int(sqlite3_column_int64(statement, index))
        }
    }
    return sum
}

private func fetchItems(_ db: Connection) throws -> [Item] {
    let statement = try db.prepare(Fixture.selectItems)
    defer { sqlite3_finalize(statement) }
    var items: [Item] = []
    while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw db.error(code, Fixture.selectItems) }
        items.append(Item(
            i0: Int(sqlite3_column_int64(statement, 0)),
            i1: Int(sqlite3_column_int64(statement, 1)),
            i2: Int(sqlite3_column_int64(statement, 2)),
            i3: Int(sqlite3_column_int64(statement, 3)),
            i4: Int(sqlite3_column_int64(statement, 4)),
            i5: Int(sqlite3_column_int64(statement, 5)),
            i6: Int(sqlite3_column_int64(statement, 6)),
            i7: Int(sqlite3_column_int64(statement, 7)),
            i8: Int(sqlite3_column_int64(statement, 8)),
            i9: Int(sqlite3_column_int64(statement, 9))))
    }
    return items
}

private func checksum(_ items: [Item]) -> Int {
    var sum = 0
    for item in items {
        sum &+= item.i0 &+ item.i1 &+ item.i2 &+ item.i3 &+ item.i4
        sum &+= item.i5 &+ item.i6 &+ item.i7 &+ item.i8 &+ item.i9
    }
    return sum
}

private func readPlayer(_ statement: OpaquePointer) -> Player {
    Player(
        id: Int(sqlite3_column_int64(statement, 0)),
        name: columnText(statement, 1),
        score: Int(sqlite3_column_int64(statement, 2)))
}

private func fetchPlayers(_ db: Connection) throws -> Int {
    let statement = try db.prepare(Fixture.selectPlayers)
    defer { sqlite3_finalize(statement) }
    var sum = 0
    for query in 0..<Size.playerQueries {
        let lowerBound = Fixture.playerQueryLowerBound(query)
        sqlite3_bind_int64(statement, 1, Int64(lowerBound))
        sqlite3_bind_int64(statement, 2, Int64(lowerBound + Size.playerQueryWidth))
        var players: [Player] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw db.error(code, Fixture.selectPlayers) }
            players.append(readPlayer(statement))
        }
        sqlite3_reset(statement)
        for player in players {
            sum &+= player.id &+ player.score &* 3 &+ player.name.utf8.count
        }
    }
    return sum
}

private func fetchAuthorInfos(_ db: Connection) throws -> Int {
    let authorSQL = "SELECT * FROM author"
    let bookSQL = "SELECT * FROM book WHERE authorId IN (SELECT id FROM author)"
    let authorStatement = try db.prepare(authorSQL)
    defer { sqlite3_finalize(authorStatement) }
    let bookStatement = try db.prepare(bookSQL)
    defer { sqlite3_finalize(bookStatement) }

    var authors: [Author] = []
    while true {
        let code = sqlite3_step(authorStatement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw db.error(code, authorSQL) }
        authors.append(Author(id: Int(sqlite3_column_int64(authorStatement, 0)), name: columnText(authorStatement, 1)))
    }
    var booksByAuthor: [Int: [Book]] = [:]
    while true {
        let code = sqlite3_step(bookStatement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw db.error(code, bookSQL) }
        let book = Book(
            id: Int(sqlite3_column_int64(bookStatement, 0)),
            authorId: Int(sqlite3_column_int64(bookStatement, 1)),
            title: columnText(bookStatement, 2))
        booksByAuthor[book.authorId, default: []].append(book)
    }
    let infos = authors.map { AuthorInfo(author: $0, books: booksByAuthor[$0.id] ?? []) }

    var sum = 0
    for info in infos {
        sum &+= info.author.id &+ info.author.name.utf8.count
        for book in info.books {
            sum &+= book.id &+ book.authorId &+ book.title.utf8.count
        }
    }
    return sum
}

private func fetchBookInfos(_ db: Connection) throws -> Int {
    let sql = "SELECT book.*, author.* FROM book JOIN author ON author.id = book.authorId"
    let statement = try db.prepare(sql)
    defer { sqlite3_finalize(statement) }
    var infos: [BookInfo] = []
    while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw db.error(code, sql) }
        infos.append(BookInfo(
            book: Book(
                id: Int(sqlite3_column_int64(statement, 0)),
                authorId: Int(sqlite3_column_int64(statement, 1)),
                title: columnText(statement, 2)),
            author: Author(
                id: Int(sqlite3_column_int64(statement, 3)),
                name: columnText(statement, 4))))
    }
    var sum = 0
    for info in infos {
        sum &+= info.book.id &+ info.book.authorId &* 7 &+ info.book.title.utf8.count
        sum &+= info.author.id &+ info.author.name.utf8.count
    }
    return sum
}

// MARK: - Inserting

private func insertRows(_ db: Connection) throws -> Int {
    try db.execute("BEGIN")
    let statement = try db.prepare(Fixture.insertItem)
    defer { sqlite3_finalize(statement) }
    for row in 0..<Size.insertedRows {
        for column in 0..<Int32(10) {
            sqlite3_bind_int64(statement, column + 1, Int64(row) + Int64(column))
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw db.error(code, Fixture.insertItem) }
        sqlite3_reset(statement)
    }
    try db.execute("COMMIT")
    return Size.insertedRows
}

/// The values that workloads 6 and 7 insert: the same as `fillItems`.
func makeItems() -> [Item] {
    (0..<Size.insertedRows).map { x in
        Item(i0: x, i1: x + 1, i2: x + 2, i3: x + 3, i4: x + 4, i5: x + 5, i6: x + 6, i7: x + 7, i8: x + 8, i9: x + 9)
    }
}

private func insertItemsWorkload(id: Int) -> Workload {
    Workload(id: id) {
        let db = try Connection()
        try db.execute(Fixture.createItems)
        let items = makeItems()
        return Trial(run: { try insertItems(items, db) }, check: { try db.fetchInt(Fixture.itemsChecksum) })
    }
}

private func insertItems(_ items: [Item], _ db: Connection) throws -> Int {
    try db.execute("BEGIN")
    let statement = try db.prepare(Fixture.insertItem)
    defer { sqlite3_finalize(statement) }
    for item in items {
        sqlite3_bind_int64(statement, 1, Int64(item.i0))
        sqlite3_bind_int64(statement, 2, Int64(item.i1))
        sqlite3_bind_int64(statement, 3, Int64(item.i2))
        sqlite3_bind_int64(statement, 4, Int64(item.i3))
        sqlite3_bind_int64(statement, 5, Int64(item.i4))
        sqlite3_bind_int64(statement, 6, Int64(item.i5))
        sqlite3_bind_int64(statement, 7, Int64(item.i6))
        sqlite3_bind_int64(statement, 8, Int64(item.i7))
        sqlite3_bind_int64(statement, 9, Int64(item.i8))
        sqlite3_bind_int64(statement, 10, Int64(item.i9))
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw db.error(code, Fixture.insertItem) }
        sqlite3_reset(statement)
    }
    try db.execute("COMMIT")
    return items.count
}

// MARK: - Migrations

/// The SQL of the five migrations of workload 10, as the schema DSL of
/// Folio and GRDB writes it.
private let migrations: [(identifier: String, sql: String)] = [
    ("createAuthor", """
        CREATE TABLE "author" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "country" TEXT)
        """),
    ("createBook", """
        CREATE TABLE "book" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "authorId" INTEGER NOT NULL REFERENCES "author"("id") ON DELETE CASCADE, \
        "title" TEXT NOT NULL, "year" INTEGER);
        CREATE INDEX "book_on_authorId" ON "book"("authorId")
        """),
    ("createLibrary", """
        CREATE TABLE "library" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL UNIQUE, "city" TEXT)
        """),
    ("createLoan", """
        CREATE TABLE "loan" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "bookId" INTEGER NOT NULL REFERENCES "book"("id") ON DELETE CASCADE, \
        "libraryId" INTEGER NOT NULL REFERENCES "library"("id") ON DELETE CASCADE, \
        "dueDate" DATE NOT NULL);
        CREATE INDEX "loan_on_bookId" ON "loan"("bookId");
        CREATE INDEX "loan_on_libraryId" ON "loan"("libraryId")
        """),
    ("createReview", """
        CREATE TABLE "review" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "bookId" INTEGER NOT NULL REFERENCES "book"("id") ON DELETE CASCADE, \
        "rating" INTEGER NOT NULL CHECK ("rating" BETWEEN 1 AND 5), "body" TEXT);
        CREATE INDEX "review_on_bookId" ON "review"("bookId")
        """),
]

private func openAndMigrate() throws -> Int {
    var sum = 0
    for _ in 0..<Size.migratedDatabases {
        let db = try Connection()
        try db.execute("PRAGMA foreign_keys = ON")
        try db.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        let record = try db.prepare("INSERT INTO grdb_migrations (identifier) VALUES (?)")
        defer { sqlite3_finalize(record) }
        for migration in migrations {
            try db.execute("BEGIN")
            try db.execute(migration.sql)
            sqlite3_bind_text(record, 1, migration.identifier, -1, _bench_sqlite_transient())
            let code = sqlite3_step(record)
            guard code == SQLITE_DONE else { throw db.error(code, nil) }
            sqlite3_reset(record)
            try db.execute("COMMIT")
        }
        sum &+= try db.fetchInt(Fixture.schemaChecksum)
    }
    return sum
}

// MARK: - Concurrent reads

private func readWhileWriting(path: String, writer: Connection) throws -> Int {
    var bodies: [@Sendable () throws -> Int] = [{ try write(writer) }]
    for reader in 0..<Size.poolReaders {
        bodies.append { try read(path: path, reader: reader) }
    }
    return try runOnThreads(bodies).reduce(0, &+)
}

private func write(_ db: Connection) throws -> Int {
    let statement = try db.prepare(Fixture.insertPoolValue)
    defer { sqlite3_finalize(statement) }
    for write in 0..<Size.poolWrites {
        try db.execute("BEGIN")
        sqlite3_bind_int64(statement, 1, Int64(write))
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw db.error(code, Fixture.insertPoolValue) }
        sqlite3_reset(statement)
        try db.execute("COMMIT")
    }
    return 0
}

/// One reader: its own read-only connection; each read is a transaction
/// (so that it sees one snapshot) around one prepared query.
private func read(path: String, reader: Int) throws -> Int {
    let db = try Connection(path: path, readonly: true)
    let begin = try db.prepare("BEGIN DEFERRED TRANSACTION")
    defer { sqlite3_finalize(begin) }
    let commit = try db.prepare("COMMIT")
    defer { sqlite3_finalize(commit) }
    let select = try db.prepare(Fixture.selectPoolValue)
    defer { sqlite3_finalize(select) }
    var sum = 0
    for index in 0..<Size.readsPerReader {
        var code = sqlite3_step(begin)
        guard code == SQLITE_DONE else { throw db.error(code, "BEGIN") }
        sqlite3_reset(begin)
        sqlite3_bind_int64(select, 1, Int64(Fixture.poolReadID(reader: reader, index: index)))
        code = sqlite3_step(select)
        guard code == SQLITE_ROW else { throw db.error(code, Fixture.selectPoolValue) }
        sum &+= Int(sqlite3_column_int64(select, 0))
        sqlite3_reset(select)
        code = sqlite3_step(commit)
        guard code == SQLITE_DONE else { throw db.error(code, "COMMIT") }
        sqlite3_reset(commit)
    }
    return sum
}

// MARK: - Small transactions

/// The prepared statements of a writer of small transactions.
private final class SmallTransactionStatements {
    let db: Connection
    let begin: OpaquePointer
    let commit: OpaquePointer
    let insert: OpaquePointer
    let update: OpaquePointer

    init(_ db: Connection) throws {
        self.db = db
        begin = try db.prepare("BEGIN IMMEDIATE")
        commit = try db.prepare("COMMIT")
        insert = try db.prepare(Fixture.insertEntry)
        update = try db.prepare(Fixture.updateAccount)
    }

    deinit {
        for statement in [begin, commit, insert, update] {
            sqlite3_finalize(statement)
        }
    }

    func step(_ statement: OpaquePointer) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else { throw db.error(code, String(cString: sqlite3_sql(statement))) }
    }

    func transaction(_ index: Int) throws {
        let account = Int64(Fixture.transactionAccount(index))
        try step(begin)
        for amount in 0..<3 {
            sqlite3_bind_int64(insert, 1, account)
            sqlite3_bind_int64(insert, 2, Int64(index + amount))
            try step(insert)
        }
        sqlite3_bind_int64(update, 1, Int64(3 * index + 3))
        sqlite3_bind_int64(update, 2, account)
        try step(update)
        try step(commit)
    }
}

private func smallTransactions(_ db: Connection) throws -> Int {
    let statements = try SmallTransactionStatements(db)
    for index in 0..<Size.smallTransactions {
        try statements.transaction(index)
    }
    return Size.smallTransactions
}

private func smallTransactionsWhileReading(path: String, writer: Connection) throws -> Int {
    let stop = StopFlag()
    var bodies: [@Sendable () throws -> Int] = [{
        defer { stop.set() }
        return try smallTransactions(writer)
    }]
    for reader in 0..<Size.poolReaders {
        bodies.append { try readUntilStopped(path: path, reader: reader, stop: stop) }
    }
    return try runOnThreads(bodies).reduce(0, &+)
}

/// A busy reader of workload 14: reads in a loop until `stop` is set,
/// each read in its own transaction, and counts its reads.
private func readUntilStopped(path: String, reader: Int, stop: StopFlag) throws -> Int {
    let db = try Connection(path: path, readonly: true)
    let begin = try db.prepare("BEGIN DEFERRED TRANSACTION")
    defer { sqlite3_finalize(begin) }
    let commit = try db.prepare("COMMIT")
    defer { sqlite3_finalize(commit) }
    let select = try db.prepare(Fixture.selectBalance)
    defer { sqlite3_finalize(select) }
    var reads = 0
    var sum = 0
    while !stop.isSet {
        var code = sqlite3_step(begin)
        guard code == SQLITE_DONE else { throw db.error(code, "BEGIN") }
        sqlite3_reset(begin)
        sqlite3_bind_int64(select, 1, Int64(Fixture.poolReadID(reader: reader, index: reads)))
        code = sqlite3_step(select)
        guard code == SQLITE_ROW else { throw db.error(code, Fixture.selectBalance) }
        sum &+= Int(sqlite3_column_int64(select, 0))
        sqlite3_reset(select)
        code = sqlite3_step(commit)
        guard code == SQLITE_DONE else { throw db.error(code, "COMMIT") }
        sqlite3_reset(commit)
        reads += 1
    }
    SideCounts.addReads(reads)
    return 0
}

// MARK: - Observation fan-out

/// Workloads 15 and 16 in C: an update hook notes the tables that a
/// transaction changes; after the commit, the writer runs the query of
/// every observer of those tables, and stores the value it reads (what an
/// observer of a `DatabaseQueue` does).
private func observationWorkload(id: Int, observationsPerTable: Int) -> Workload {
    Workload(id: id) {
        let directory = try makeTemporaryDirectory()
        let db = try walConnection(directory + "/db.sqlite")
        try db.execute(Fixture.createObservedTables)
        let fanOut = try CObservationFanOut(db, observationsPerTable: observationsPerTable)
        return Trial(
            run: { try fanOut.run() },
            check: { try db.fetchInt(Fixture.observedChecksum) },
            cleanup: {
                fanOut.close()
                removeTemporaryDirectory(directory)
            })
    }
}

private final class CObservationFanOut {
    let db: Connection
    /// One statement per observer, by table.
    var observers: [[OpaquePointer]] = []
    var observed: [[Int]] = []
    var changedTables = Set<String>()
    let tableNames = (0..<Size.observedTables).map { "t\($0)" }
    let updates: [OpaquePointer]
    let begin: OpaquePointer
    let commit: OpaquePointer

    init(_ db: Connection, observationsPerTable: Int) throws {
        self.db = db
        for table in 0..<Size.observedTables {
            observers.append(try (0..<observationsPerTable).map { _ in try db.prepare(Fixture.selectObserved(table)) })
            observed.append(Array(repeating: -1, count: observationsPerTable))
        }
        updates = try (0..<Size.observedTables).map { try db.prepare(Fixture.updateObserved($0)) }
        begin = try db.prepare("BEGIN IMMEDIATE")
        commit = try db.prepare("COMMIT")
        sqlite3_update_hook(db.handle, { context, _, _, table, _ in
            let fanOut = Unmanaged<CObservationFanOut>.fromOpaque(context!).takeUnretainedValue()
            fanOut.changedTables.insert(String(cString: table!))
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    func close() {
        sqlite3_update_hook(db.handle, nil, nil)
        for statement in observers.joined() + updates + [begin, commit] {
            sqlite3_finalize(statement)
        }
    }

    func step(_ statement: OpaquePointer) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else { throw db.error(code, String(cString: sqlite3_sql(statement))) }
    }

    func run() throws -> Int {
        var sum = 0
        let start = try db.fetchInt(Fixture.selectObserved(0))
        for index in 0..<Size.observedWrites {
            let table = index % Size.observedTables
            let value = start + index + 1
            let writeStart = monotonicNanoseconds()
            try step(begin)
            sqlite3_bind_int64(updates[table], 1, Int64(value))
            try step(updates[table])
            try step(commit)
            let writeEnd = monotonicNanoseconds()
            // Notify the observers of the changed tables.
            for changed in changedTables {
                guard let changedIndex = tableNames.firstIndex(of: changed) else { continue }
                for (observer, statement) in observers[changedIndex].enumerated() {
                    guard sqlite3_step(statement) == SQLITE_ROW else { throw db.error(sqlite3_errcode(db.handle), nil) }
                    observed[changedIndex][observer] = Int(sqlite3_column_int64(statement, 0))
                    sqlite3_reset(statement)
                }
            }
            changedTables.removeAll(keepingCapacity: true)
            precondition(observed[table].allSatisfy { $0 == value })
            SideCounts.addWriteNanoseconds(writeEnd - writeStart)
            SideCounts.addDelayNanoseconds(monotonicNanoseconds() - writeEnd)
            sum &+= table
        }
        return sum
    }
}

// MARK: - Dates

struct Event {
    var id: Int
    var startDate: Date
    var endDate: Date
    var cancelDate: Date?
}

/// Parses `YYYY-MM-DD HH:MM:SS.SSS` (UTC), the format of the dates of
/// workload 17, as a careful C programmer would: by hand, no formatter.
@inline(__always)
func parseDate(_ statement: OpaquePointer, _ index: Int32) -> Date? {
    guard let text = sqlite3_column_text(statement, index) else { return nil }
    let count = Int(sqlite3_column_bytes(statement, index))
    guard count == 23 else { return nil }
    @inline(__always) func digits(_ start: Int, _ length: Int) -> Int {
        var value = 0
        for offset in start..<(start + length) {
            value = value * 10 + Int(text[offset] &- 48)
        }
        return value
    }
    let year = digits(0, 4), month = digits(5, 2), day = digits(8, 2)
    let hour = digits(11, 2), minute = digits(14, 2), second = digits(17, 2), millisecond = digits(20, 3)
    // Days from 1970-01-01 (Howard Hinnant's days_from_civil).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1000)
}

private func fetchEvents(_ db: Connection) throws -> Int {
    let statement = try db.prepare(Fixture.selectEvents)
    defer { sqlite3_finalize(statement) }
    var events: [Event] = []
    while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw db.error(code, Fixture.selectEvents) }
        guard let startDate = parseDate(statement, 1), let endDate = parseDate(statement, 2) else {
            throw SQLiteError(code: SQLITE_MISMATCH, message: "bad date", sql: Fixture.selectEvents)
        }
        events.append(Event(
            id: Int(sqlite3_column_int64(statement, 0)),
            startDate: startDate,
            endDate: endDate,
            cancelDate: parseDate(statement, 3)))
    }
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

struct Document {
    var id: Int
    var body: String
    var data: Data
}

private func fetchDocuments(_ db: Connection) throws -> Int {
    let statement = try db.prepare(Fixture.selectDocuments)
    defer { sqlite3_finalize(statement) }
    var documents: [Document] = []
    while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw db.error(code, Fixture.selectDocuments) }
        let bytes = sqlite3_column_blob(statement, 2)
        let count = Int(sqlite3_column_bytes(statement, 2))
        documents.append(Document(
            id: Int(sqlite3_column_int64(statement, 0)),
            body: columnText(statement, 1),
            data: bytes.map { Data(bytes: $0, count: count) } ?? Data()))
    }
    var sum = 0
    for document in documents {
        sum &+= document.id &+ document.body.utf8.count &+ Int(document.body.utf8.last!)
        sum &+= document.data.count &* 3 &+ Int(document.data.first!) &* 7
    }
    return sum
}

// MARK: - Upserts

private func upsertPlayers(_ db: Connection) throws -> Int {
    try db.execute("BEGIN")
    let statement = try db.prepare(Fixture.upsertPlayer)
    defer { sqlite3_finalize(statement) }
    for id in 1...Size.upserts {
        sqlite3_bind_int64(statement, 1, Int64(id))
        sqlite3_bind_text(statement, 2, Fixture.upsertName(id), -1, _bench_sqlite_transient())
        sqlite3_bind_int64(statement, 3, Int64(Fixture.upsertScore(id)))
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw db.error(code, Fixture.upsertPlayer) }
        sqlite3_reset(statement)
    }
    try db.execute("COMMIT")
    return Size.upserts
}

// MARK: - Bulk writes

/// The rows per statement of a bulk write of `columnCount` columns, as
/// Folio's `insertAll` computes them (at most 1,000 parameters).
private func rowsPerStatement(_ db: Connection, columnCount: Int) -> Int {
    max(1, min(1000, Int(sqlite3_limit(db.handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))) / columnCount)
}

private func bulkInsertItemsWorkload(id: Int) -> Workload {
    Workload(id: id) {
        let db = try Connection()
        try db.execute(Fixture.createItems)
        let items = makeItems()
        return Trial(run: { try bulkInsertItems(items, db) }, check: { try db.fetchInt(Fixture.itemsChecksum) })
    }
}

/// The multi-row statements of `insertAll`: bind every row of a chunk,
/// step, read the returned rowids (that `insertAll` gives to `didInsert`).
private func bulkInsertItems(_ items: [Item], _ db: Connection) throws -> Int {
    try db.execute("BEGIN")
    let perStatement = rowsPerStatement(db, columnCount: 10)
    var rowIDs: [Int64] = []
    rowIDs.reserveCapacity(items.count)
    // Prepared once per shape: the full chunks, and the last one.
    var statements: [Int: OpaquePointer] = [:]
    defer { statements.values.forEach { sqlite3_finalize($0) } }
    var start = 0
    while start < items.count {
        let end = min(start + perStatement, items.count)
        let statement = try statements[end - start] ?? db.prepare(Fixture.insertItemsSQL(rowCount: end - start))
        statements[end - start] = statement
        var index: Int32 = 1
        for item in items[start..<end] {
            sqlite3_bind_int64(statement, index, Int64(item.i0))
            sqlite3_bind_int64(statement, index + 1, Int64(item.i1))
            sqlite3_bind_int64(statement, index + 2, Int64(item.i2))
            sqlite3_bind_int64(statement, index + 3, Int64(item.i3))
            sqlite3_bind_int64(statement, index + 4, Int64(item.i4))
            sqlite3_bind_int64(statement, index + 5, Int64(item.i5))
            sqlite3_bind_int64(statement, index + 6, Int64(item.i6))
            sqlite3_bind_int64(statement, index + 7, Int64(item.i7))
            sqlite3_bind_int64(statement, index + 8, Int64(item.i8))
            sqlite3_bind_int64(statement, index + 9, Int64(item.i9))
            index += 10
        }
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            rowIDs.append(sqlite3_column_int64(statement, 0))
            code = sqlite3_step(statement)
        }
        guard code == SQLITE_DONE else { throw db.error(code, Fixture.insertItemsSQL(rowCount: end - start)) }
        sqlite3_reset(statement)
        start = end
    }
    try db.execute("COMMIT")
    return rowIDs.count
}

/// The multi-row statements of `upsertAll` (ids set: no `RETURNING`).
private func bulkUpsertPlayers(_ db: Connection) throws -> Int {
    try db.execute("BEGIN")
    let perStatement = rowsPerStatement(db, columnCount: 3)
    var statements: [Int: OpaquePointer] = [:]
    defer { statements.values.forEach { sqlite3_finalize($0) } }
    var start = 1
    while start <= Size.upserts {
        let end = min(start + perStatement, Size.upserts + 1)
        let statement = try statements[end - start] ?? db.prepare(Fixture.upsertPlayersSQL(rowCount: end - start))
        statements[end - start] = statement
        var index: Int32 = 1
        for id in start..<end {
            sqlite3_bind_int64(statement, index, Int64(id))
            sqlite3_bind_text(statement, index + 1, Fixture.upsertName(id), -1, _bench_sqlite_transient())
            sqlite3_bind_int64(statement, index + 2, Int64(Fixture.upsertScore(id)))
            index += 3
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw db.error(code, Fixture.upsertPlayersSQL(rowCount: end - start)) }
        sqlite3_reset(statement)
        start = end
    }
    try db.execute("COMMIT")
    return Size.upserts
}
