import CSQLite
import Folio
import Foundation
import XCTest

/// 20k insertions in one transaction: hand-written `encode(to:)`,
/// `Encodable`, and a plain loop over the C API.
///
/// Run in release for meaningful timings:
/// `swift build -c release --build-tests && swift test -c release --skip-build --filter InsertPerformanceTests`
final class InsertPerformanceTests: FolioTestCase {
    static let insertCount = 20_000

    struct HandWrittenItem: MutablePersistableRecord {
        static let databaseTableName = "item"
        var id: Int64?
        var name: String
        var score: Int
        var ratio: Double

        func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["name"] = name
            container["score"] = score
            container["ratio"] = ratio
        }

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }

    struct EncodableItem: Encodable, MutablePersistableRecord {
        static let databaseTableName = "item"
        var id: Int64?
        var name: String
        var score: Int
        var ratio: Double

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }

    static let createTableSQL = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL, ratio REAL NOT NULL)"

    let names = (0..<InsertPerformanceTests.insertCount).map { "Item \($0)" }

    /// The best of a few runs, in seconds.
    func bestTime(runs: Int, _ block: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try block()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    var runs: Int {
        #if DEBUG
        return 1
        #else
        return 5
        #endif
    }

    func testInsertionLoopPreparesItsStatementOnce() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: Self.createTableSQL)
            var first = HandWrittenItem(id: nil, name: "first", score: 0, ratio: 0)
            try first.insert(db)
            let statementCount = db.preparedStatementCount
            for (index, name) in names.prefix(1000).enumerated() {
                var item = HandWrittenItem(id: nil, name: name, score: index, ratio: 0.5)
                try item.insert(db)
            }
            XCTAssertEqual(db.preparedStatementCount, statementCount)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item"), 1001)
        }
    }

    func testTwentyThousandInsertionsTimings() throws {
        let count = Self.insertCount
        let names = self.names

        let handWritten = try bestTime(runs: runs) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.write { db in
                try db.execute(sql: Self.createTableSQL)
                for index in 0..<count {
                    var item = HandWrittenItem(id: nil, name: names[index], score: index, ratio: Double(index) / 2)
                    try item.insert(db)
                }
                XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item"), count)
            }
        }

        let encodable = try bestTime(runs: runs) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.write { db in
                try db.execute(sql: Self.createTableSQL)
                for index in 0..<count {
                    var item = EncodableItem(id: nil, name: names[index], score: index, ratio: Double(index) / 2)
                    try item.insert(db)
                }
                XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item"), count)
            }
        }

        let cAPI = bestTime(runs: runs) {
            var connection: OpaquePointer?
            sqlite3_open_v2(":memory:", &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
            defer { sqlite3_close_v2(connection) }
            sqlite3_exec(connection, Self.createTableSQL, nil, nil, nil)
            sqlite3_exec(connection, "BEGIN IMMEDIATE TRANSACTION", nil, nil, nil)
            var statement: OpaquePointer?
            sqlite3_prepare_v3(connection, "INSERT INTO item (id, name, score, ratio) VALUES (?, ?, ?, ?)", -1, 0, &statement, nil)
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            var ids: [Int64] = []
            ids.reserveCapacity(count)
            for index in 0..<count {
                sqlite3_bind_null(statement, 1)
                var name = names[index]
                _ = name.withUTF8 { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        sqlite3_bind_text(statement, 2, $0.baseAddress, CInt($0.count), transient)
                    }
                }
                sqlite3_bind_int64(statement, 3, Int64(index))
                sqlite3_bind_double(statement, 4, Double(index) / 2)
                if sqlite3_step(statement) != SQLITE_DONE { XCTFail("insert failed") }
                ids.append(sqlite3_last_insert_rowid(connection))
                sqlite3_reset(statement)
            }
            sqlite3_finalize(statement)
            sqlite3_exec(connection, "COMMIT", nil, nil, nil)
            XCTAssertEqual(ids.count, count)
        }

        print(String(
            format: "20k insertions in one transaction: C API %.1f ms, hand-written encode(to:) %.1f ms (%.2fx), Encodable %.1f ms (%.2fx)",
            cAPI * 1000, handWritten * 1000, handWritten / cAPI, encodable * 1000, encodable / cAPI))
    }
}
