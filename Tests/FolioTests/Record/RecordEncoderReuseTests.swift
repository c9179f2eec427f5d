import Folio
import Foundation
import XCTest

/// The encoder of `Encodable` records is reused from one record to the
/// next (RecordEncoderReuse): each record still gets exactly its own
/// values, whatever the record's `encode(to:)` does with its encoder.
final class RecordEncoderReuseTests: FolioTestCase {
    struct Player: Encodable, MutablePersistableRecord {
        static let databaseTableName = "player"
        var id: Int64?
        var name: String
        var score: Int?

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }

    struct Team: Encodable, PersistableRecord {
        static let databaseTableName = "team"
        var id: Int64
        var color: String
    }

    /// A record that keeps its encoder, or its keyed container, and writes
    /// through the ones kept by a previous record.
    struct Keeper: Encodable, PersistableRecord {
        static let databaseTableName = "player"
        enum CodingKeys: String, CodingKey { case id, name, score }
        final class Kept {
            var encoders: [any Encoder] = []
            var containers: [KeyedEncodingContainer<CodingKeys>] = []
        }
        var id: Int64
        var name: String
        var kept: Kept
        var keepsEncoder = false
        var keepsContainer = false

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            // Write "intruder" through what previous records kept: it must
            // not reach this record.
            for keptEncoder in kept.encoders {
                var keptContainer = keptEncoder.container(keyedBy: CodingKeys.self)
                try keptContainer.encode("intruder", forKey: .name)
            }
            for var keptContainer in kept.containers {
                try keptContainer.encode("intruder", forKey: .name)
            }
            if keepsEncoder { kept.encoders.append(encoder) }
            if keepsContainer { kept.containers.append(container) }
        }
    }

    /// A record whose encoding encodes another record of the same type.
    struct Nesting: Encodable, PersistableRecord {
        static let databaseTableName = "player"
        enum CodingKeys: String, CodingKey { case id, name, score }
        var id: Int64
        var name: String
        var inner: [Nesting] = []

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            // Encode the inner records between two columns of this one.
            let innerNames = try inner.map { try String.fromDatabaseValue($0.databaseDictionary["name"] ?? .null) ?? "?" }
            try container.encode(name + innerNames.map { "+" + $0 }.joined(), forKey: .name)
        }
    }

    /// A record that fails to encode when asked to.
    struct Failing: Encodable, PersistableRecord {
        static let databaseTableName = "player"
        enum CodingKeys: String, CodingKey { case id, name }
        var id: Int64
        var name: String
        var fails = false

        func encode(to encoder: any Encoder) throws {
            if fails {
                _ = encoder.unkeyedContainer()
                return
            }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
        }
    }

    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
            try db.execute(sql: "CREATE TABLE team (id INTEGER PRIMARY KEY, color TEXT)")
        }
        return dbQueue
    }

    private func playerRows(_ dbQueue: DatabaseQueue) throws -> [[String?]] {
        try dbQueue.read { db in
            try Row.fetchAll(db, sql: "SELECT CAST(id AS TEXT), name, CAST(score AS TEXT) FROM player ORDER BY id").map { row in
                [row[0] as String?, row[1] as String?, row[2] as String?]
            }
        }
    }

    func testLoopOfEncodableInsertionsStoresTheValuesOfEachRecord() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            for index in 1...50 {
                var player = Player(id: nil, name: "p\(index)", score: index.isMultiple(of: 3) ? nil : index)
                try player.insert(db)
                XCTAssertEqual(player.id, Int64(index))
            }
        }
        let rows = try playerRows(dbQueue)
        XCTAssertEqual(rows.count, 50)
        for (offset, row) in rows.enumerated() {
            let index = offset + 1
            XCTAssertEqual(row, ["\(index)", "p\(index)", index.isMultiple(of: 3) ? nil : "\(index)"])
        }
    }

    func testAlternatingEncodableRecordTypesStoreTheirOwnValues() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            for index in 1...10 {
                var player = Player(id: nil, name: "p\(index)", score: index)
                try player.insert(db)
                try Team(id: Int64(index), color: "c\(index)").insert(db)
            }
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT color FROM team ORDER BY id"), (1...10).map { "c\($0)" })
        }
        XCTAssertEqual(try playerRows(dbQueue), (1...10).map { ["\($0)", "p\($0)", "\($0)"] })
    }

    func testEncoderKeptByARecordDoesNotWriteIntoTheNextRecords() throws {
        let dbQueue = try makePlayerDatabase()
        let kept = Keeper.Kept()
        try dbQueue.write { db in
            try Keeper(id: 1, name: "first", kept: kept, keepsEncoder: true).insert(db)
            for index in 2...5 {
                try Keeper(id: Int64(index), name: "p\(index)", kept: kept).insert(db)
            }
        }
        XCTAssertEqual(kept.encoders.count, 1)
        XCTAssertEqual(try playerRows(dbQueue).map { $0[1] }, ["first", "p2", "p3", "p4", "p5"])
    }

    func testKeyedContainerKeptByARecordDoesNotWriteIntoTheNextRecords() throws {
        let dbQueue = try makePlayerDatabase()
        let kept = Keeper.Kept()
        try dbQueue.write { db in
            try Keeper(id: 1, name: "first", kept: kept, keepsContainer: true).insert(db)
            for index in 2...5 {
                try Keeper(id: Int64(index), name: "p\(index)", kept: kept).insert(db)
            }
        }
        XCTAssertEqual(kept.containers.count, 1)
        XCTAssertEqual(try playerRows(dbQueue).map { $0[1] }, ["first", "p2", "p3", "p4", "p5"])
    }

    func testRecordEncodedDuringTheEncodingOfARecordOfTheSameTypeKeepsBothValues() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let outer = Nesting(id: 1, name: "outer", inner: [Nesting(id: 2, name: "a"), Nesting(id: 3, name: "b")])
            XCTAssertEqual(try outer.databaseDictionary["id"], DatabaseValue(storage: .int64(1)))
            try outer.insert(db)
            try Nesting(id: 2, name: "next").insert(db)
        }
        XCTAssertEqual(try playerRows(dbQueue).map { $0[1] }, ["outer+a+b", "next"])
    }

    func testEncodingErrorDoesNotAffectTheNextRecord() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            try Failing(id: 1, name: "first").insert(db)
            XCTAssertThrowsError(try Failing(id: 2, name: "failing", fails: true).insert(db)) { error in
                XCTAssertTrue(error is EncodingError, "\(error)")
            }
            try Failing(id: 3, name: "third").insert(db)
        }
        XCTAssertEqual(try playerRows(dbQueue).map { $0[1] }, ["first", "third"])
    }

    func testEncodableRecordsEncodeTheirOwnValuesOnConcurrentThreads() throws {
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<200 {
                let player = Player(id: Int64(index), name: "t\(thread)-\(index)", score: thread)
                do {
                    let dictionary = try player.databaseDictionary
                    if dictionary["name"] != DatabaseValue(storage: .string("t\(thread)-\(index)"))
                        || dictionary["score"] != DatabaseValue(storage: .int64(Int64(thread)))
                    {
                        failures.append("\(dictionary)")
                    }
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        XCTAssertEqual(failures.values, [])
    }

    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var _values: [String] = []
        var values: [String] { lock.withLock { _values } }
        func append(_ value: String) { lock.withLock { _values.append(value) } }
    }
}
