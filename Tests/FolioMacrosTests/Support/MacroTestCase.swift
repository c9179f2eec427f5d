import Folio
import Foundation
import XCTest

/// The base class of the behaviour tests of macro records: each test gets
/// its own in-memory database, whose SQL is recorded through the trace
/// hook.
class MacroTestCase: XCTestCase {
    private let lock = NSLock()
    nonisolated(unsafe) private var queries: [String] = []
    // nonisolated(unsafe): every access holds `lock`.

    /// The SQL run so far.
    var sqlQueries: [String] {
        lock.lock(); defer { lock.unlock() }
        return queries
    }

    /// The last SQL statement run.
    var lastSQLQuery: String? { sqlQueries.last }

    /// A new in-memory database with the tables of the macro records.
    func makeDatabaseQueue() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        dbQueue.inDatabase { db in
            db.trace { [weak self] event in
                guard let self else { return }
                self.lock.lock(); defer { self.lock.unlock() }
                switch event {
                case .statement(let statement): self.queries.append(statement.sql)
                case .profile(let statement, _): self.queries.append(statement.sql)
                }
            }
        }
        try dbQueue.write { db in
            try db.create(table: "teams") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text).notNull()
                t.column("kind", .text).notNull()
                t.column("founded", .datetime)
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score_total", .integer).notNull()
                t.column("teamId", .integer).references("teams")
                t.column("info", .jsonText).notNull()
            }
            try db.create(table: "event") { t in
                t.primaryKey("id", .integer)
                t.column("date", .double).notNull()
                t.column("end", .double)
            }
            try db.create(table: "codablePlayer") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("full_name", .text).notNull()
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
                t.column("year", .integer)
            }
            try Sample.createTable(db)
        }
        lock.lock(); queries.removeAll(); lock.unlock()
        return dbQueue
    }
}
