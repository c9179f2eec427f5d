@testable import Folio
import Foundation
import XCTest

/// The keyed container of the `Encodable` record encoder remembers the
/// columns of the keys by position (`RecordEncodingKeyPlan`): the keys of
/// a record type usually come in the same order, and a key recognized by
/// its bits needs no `stringValue`. These tests drive one encoder through
/// several records, as a loop of insertions does in release builds (debug
/// builds do not reuse encoders, see `CachedKeyedEncodingContainerTests`),
/// and check that every record gets exactly its own columns and values,
/// whatever the order of its keys.
final class RecordEncodingKeyPlanTests: FolioTestCase {
    /// Counts the calls of `stringValue` of ``CountingKeys``.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var _count = 0
        var count: Int { lock.withLock { _count } }
        func increment() { lock.withLock { _count += 1 } }
    }

    static let stringValueCalls = Counter()

    /// A one-byte key whose `stringValue` counts its calls.
    enum CountingKeys: CodingKey {
        case a, b, c

        var stringValue: String {
            RecordEncodingKeyPlanTests.stringValueCalls.increment()
            switch self {
            case .a: return "a"
            case .b: return "b"
            case .c: return "c"
            }
        }

        init?(stringValue: String) {
            switch stringValue {
            case "a": self = .a
            case "b": self = .b
            case "c": self = .c
            default: return nil
            }
        }

        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// A record that encodes its keys in an order of its choice, skips
    /// some, or sets one twice.
    struct Shuffled: Encodable, EncodableRecord {
        enum Step {
            case value(CountingKeys, Int)
            case optional(CountingKeys, Int?)
            case text(CountingKeys, String)
        }

        var steps: [Step]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CountingKeys.self)
            for step in steps {
                switch step {
                case .value(let key, let value): try container.encode(value, forKey: key)
                case .optional(let key, let value): try container.encodeIfPresent(value, forKey: key)
                case .text(let key, let value): try container.encode(value, forKey: key)
                }
            }
        }
    }

    /// Encodes records with one encoder, each into a container that
    /// expects the columns of the previous one (as insertions do), and
    /// returns their columns and values.
    private func encodeWithOneEncoder<Record: Encodable & EncodableRecord>(
        _ records: [Record]) throws -> [[(String, DatabaseValue)]]
    {
        let encoder = RecordEncoder<Record>()
        var layout: [String]?
        var result: [[(String, DatabaseValue)]] = []
        for record in records {
            var container = layout.map { PersistenceContainer(layout: $0) } ?? PersistenceContainer()
            swap(&encoder.state.container, &container)
            try record.encode(to: encoder)
            swap(&encoder.state.container, &container)
            if let error = encoder.state.error {
                encoder.state.error = nil
                throw error
            }
            layout = container.columns
            result.append(container.columnsAndValues.map { ($0.column, $0.value) })
        }
        return result
    }

    private func assertEncoded(
        _ encoded: [(String, DatabaseValue)],
        _ expected: [(String, DatabaseValue)],
        file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertEqual(encoded.map(\.0), expected.map(\.0), "columns", file: file, line: line)
        XCTAssertEqual(encoded.map(\.1), expected.map(\.1), "values", file: file, line: line)
    }

    func testKeysInTheSameOrderAskNoStringValueAfterTheFirstRecord() throws {
        let records = (0..<4).map { index in
            Shuffled(steps: [.value(.a, index), .value(.b, index * 10), .value(.c, index * 100)])
        }
        let before = Self.stringValueCalls.count
        let encoded = try encodeWithOneEncoder(records)
        // The three keys of the first record only.
        XCTAssertEqual(Self.stringValueCalls.count - before, 3)
        for (index, columns) in encoded.enumerated() {
            assertEncoded(columns, [
                ("a", index.databaseValue),
                ("b", (index * 10).databaseValue),
                ("c", (index * 100).databaseValue),
            ])
        }
    }

    func testKeysInAnotherOrderGetTheirOwnColumns() throws {
        let encoded = try encodeWithOneEncoder([
            Shuffled(steps: [.value(.a, 1), .value(.b, 2), .value(.c, 3)]),
            Shuffled(steps: [.value(.c, 4), .value(.a, 5), .value(.b, 6)]),
            Shuffled(steps: [.value(.b, 7), .value(.c, 8), .value(.a, 9)]),
            Shuffled(steps: [.value(.a, 10), .value(.b, 11), .value(.c, 12)]),
            Shuffled(steps: [.value(.a, 13), .value(.c, 14), .value(.b, 15)]),
        ])
        assertEncoded(encoded[0], [("a", 1.databaseValue), ("b", 2.databaseValue), ("c", 3.databaseValue)])
        assertEncoded(encoded[1], [("c", 4.databaseValue), ("a", 5.databaseValue), ("b", 6.databaseValue)])
        assertEncoded(encoded[2], [("b", 7.databaseValue), ("c", 8.databaseValue), ("a", 9.databaseValue)])
        assertEncoded(encoded[3], [("a", 10.databaseValue), ("b", 11.databaseValue), ("c", 12.databaseValue)])
        assertEncoded(encoded[4], [("a", 13.databaseValue), ("c", 14.databaseValue), ("b", 15.databaseValue)])
    }

    func testSkippedKeysAndNil() throws {
        let encoded = try encodeWithOneEncoder([
            Shuffled(steps: [.value(.a, 1), .optional(.b, 2), .value(.c, 3)]),
            // encodeIfPresent stores NULL: the key is not skipped.
            Shuffled(steps: [.value(.a, 4), .optional(.b, nil), .value(.c, 6)]),
            // A hand-written encoding that skips a key.
            Shuffled(steps: [.value(.a, 7), .value(.c, 9)]),
            Shuffled(steps: [.value(.b, 10)]),
            Shuffled(steps: [.value(.a, 11), .optional(.b, 12), .value(.c, 13)]),
        ])
        assertEncoded(encoded[0], [("a", 1.databaseValue), ("b", 2.databaseValue), ("c", 3.databaseValue)])
        assertEncoded(encoded[1], [("a", 4.databaseValue), ("b", .null), ("c", 6.databaseValue)])
        assertEncoded(encoded[2], [("a", 7.databaseValue), ("c", 9.databaseValue)])
        assertEncoded(encoded[3], [("b", 10.databaseValue)])
        assertEncoded(encoded[4], [("a", 11.databaseValue), ("b", 12.databaseValue), ("c", 13.databaseValue)])
    }

    func testTheLastValueOfAKeySetTwiceWins() throws {
        let encoded = try encodeWithOneEncoder([
            Shuffled(steps: [.value(.a, 1), .value(.b, 2), .value(.a, 3)]),
            Shuffled(steps: [.value(.a, 4), .value(.b, 5), .value(.a, 6)]),
            Shuffled(steps: [.value(.a, 7), .value(.a, 8), .value(.b, 9)]),
            Shuffled(steps: [.value(.a, 10), .value(.b, 11)]),
        ])
        assertEncoded(encoded[0], [("a", 3.databaseValue), ("b", 2.databaseValue)])
        assertEncoded(encoded[1], [("a", 6.databaseValue), ("b", 5.databaseValue)])
        assertEncoded(encoded[2], [("a", 8.databaseValue), ("b", 9.databaseValue)])
        assertEncoded(encoded[3], [("a", 10.databaseValue), ("b", 11.databaseValue)])
    }

    /// A synthesized `CodingKeys`, with a JSON column, a date whose
    /// strategy depends on the column, an optional and a custom raw value.
    struct Event: Encodable, EncodableRecord {
        struct Place: Encodable { var city: String }
        enum CodingKeys: String, CodingKey {
            case id, place, start, end = "finish", note
        }
        var id: Int64
        var place: Place
        var start: Date
        var end: Date
        var note: String?

        static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
            column == "finish" ? .timeIntervalSince1970 : .iso8601
        }
    }

    func testSynthesizedKeysWithJSONDatesAndCustomNames() throws {
        let day: TimeInterval = 86_400
        var records: [Event] = []
        for index in 0..<3 {
            let start = Date(timeIntervalSince1970: Double(index) * day)
            let end = Date(timeIntervalSince1970: Double(index + 1) * day)
            let note: String? = index == 1 ? nil : "note \(index)"
            records.append(Event(id: Int64(index), place: Event.Place(city: "City \(index)"), start: start, end: end, note: note))
        }
        let encoded = try encodeWithOneEncoder(records)
        for (index, columns) in encoded.enumerated() {
            XCTAssertEqual(columns.map { $0.0 }, ["id", "place", "start", "finish", "note"])
            XCTAssertEqual(columns[0].1, Int64(index).databaseValue)
            XCTAssertEqual(columns[1].1, #"{"city":"City \#(index)"}"#.databaseValue)
            let startText = String.fromDatabaseValue(columns[2].1) ?? ""
            XCTAssertTrue(startText.hasPrefix("1970-01-0\(index + 1)T00:00:00"), startText)
            let endSeconds = Double(index + 1) * day
            XCTAssertEqual(columns[3].1, endSeconds.databaseValue)
            let expectedNote: DatabaseValue = index == 1 ? .null : "note \(index)".databaseValue
            XCTAssertEqual(columns[4].1, expectedNote)
        }
    }

    struct SnakePlayer: Encodable, EncodableRecord {
        static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
        var playerID: Int
        var teamName: String
    }

    func testSnakeCaseStrategy() throws {
        let encoded = try encodeWithOneEncoder([
            SnakePlayer(playerID: 1, teamName: "red"),
            SnakePlayer(playerID: 2, teamName: "blue"),
        ])
        assertEncoded(encoded[0], [("player_id", 1.databaseValue), ("team_name", "red".databaseValue)])
        assertEncoded(encoded[1], [("player_id", 2.databaseValue), ("team_name", "blue".databaseValue)])
    }

    static let customStrategyCalls = Counter()

    struct CustomColumns: Encodable, EncodableRecord {
        static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.custom { key in
            RecordEncodingKeyPlanTests.customStrategyCalls.increment()
            return "x_" + key.stringValue
        }
        var a: Int
        var b: Int
    }

    func testCustomStrategyIsAskedForEveryColumn() throws {
        let before = Self.customStrategyCalls.count
        let encoded = try encodeWithOneEncoder([CustomColumns(a: 1, b: 2), CustomColumns(a: 3, b: 4)])
        // No plan: the function is not assumed to be pure.
        XCTAssertEqual(Self.customStrategyCalls.count - before, 4)
        assertEncoded(encoded[1], [("x_a", 3.databaseValue), ("x_b", 4.databaseValue)])
    }

    /// A key that is not a plain value of one byte: no plan.
    struct NamedKey: CodingKey {
        var stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    struct Dynamic: Encodable, EncodableRecord {
        var columns: [(String, Int)]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            for (column, value) in columns {
                try container.encode(value, forKey: NamedKey(stringValue: column))
            }
        }
    }

    func testKeysThatAreNotPlainBytesHaveNoPlan() throws {
        XCTAssertFalse(RecordEncodingKeyPlan.supports(NamedKey.self))
        XCTAssertTrue(RecordEncodingKeyPlan.supports(CountingKeys.self))
        XCTAssertTrue(RecordEncodingKeyPlan.supports(Event.CodingKeys.self))
        let encoded = try encodeWithOneEncoder([
            Dynamic(columns: [("a", 1), ("b", 2)]),
            Dynamic(columns: [("b", 3), ("c", 4)]),
        ])
        assertEncoded(encoded[0], [("a", 1.databaseValue), ("b", 2.databaseValue)])
        assertEncoded(encoded[1], [("b", 3.databaseValue), ("c", 4.databaseValue)])
    }

    /// A record that encodes another record (another key type) through its
    /// single value container, then columns of its own.
    struct Bonus: Encodable, EncodableRecord {
        enum CodingKeys: String, CodingKey { case bonus }
        var player: SnakePlayer
        var bonus: Int

        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(Plain(a: player.playerID, b: player.teamName))
            var keyed = encoder.container(keyedBy: CodingKeys.self)
            try keyed.encode(bonus, forKey: .bonus)
        }

        struct Plain: Encodable {
            var a: Int
            var b: String
        }
    }

    func testTwoKeyTypesInOneRecord() throws {
        let encoded = try encodeWithOneEncoder([
            Bonus(player: SnakePlayer(playerID: 1, teamName: "red"), bonus: 10),
            Bonus(player: SnakePlayer(playerID: 2, teamName: "blue"), bonus: 20),
            Bonus(player: SnakePlayer(playerID: 3, teamName: "green"), bonus: 30),
        ])
        for (index, columns) in encoded.enumerated() {
            assertEncoded(columns, [
                ("a", (index + 1).databaseValue),
                ("b", ["red", "blue", "green"][index].databaseValue),
                ("bonus", ((index + 1) * 10).databaseValue),
            ])
        }
    }

    struct Failing: Encodable, EncodableRecord {
        struct Bad: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "bad value"))
            }
        }
        enum CodingKeys: String, CodingKey { case id, bad }
        var id: Int
        var fails: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            if fails {
                try container.encode(Bad(), forKey: .bad)
            } else {
                try container.encode(id * 2, forKey: .bad)
            }
        }
    }

    func testErrorsNameTheKeyOfAPlannedColumn() throws {
        let encoder = RecordEncoder<Failing>()
        for fails in [false, false, true] {
            var container = PersistenceContainer()
            swap(&encoder.state.container, &container)
            do {
                try Failing(id: 1, fails: fails).encode(to: encoder)
                XCTAssertFalse(fails)
            } catch let EncodingError.invalidValue(_, context) {
                XCTAssertTrue(fails)
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["bad"])
                XCTAssertEqual(context.debugDescription, "bad value")
            }
            swap(&encoder.state.container, &container)
        }
    }

    func testContainerExpectsTheColumnOfItsLayoutOnly() {
        let columns = ["a", "b"]
        var container = PersistenceContainer(layout: columns)
        XCTAssertTrue(container.expectsNextColumn(withBits: PersistenceContainer.ColumnBits(columns[0])))
        XCTAssertFalse(container.expectsNextColumn(withBits: PersistenceContainer.ColumnBits(columns[1])))
        container.appendExpectedValue(1.databaseValue)
        XCTAssertTrue(container.expectsNextColumn(withBits: PersistenceContainer.ColumnBits(columns[1])))
        container.appendExpectedValue(2.databaseValue)
        // Past the layout.
        XCTAssertFalse(container.expectsNextColumn(withBits: PersistenceContainer.ColumnBits(columns[1])))
        XCTAssertEqual(container.columns, ["a", "b"])
        // Not following a layout.
        var free = PersistenceContainer()
        XCTAssertFalse(free.expectsNextColumn(withBits: PersistenceContainer.ColumnBits("a")))
        free["a"] = 1
        XCTAssertFalse(free.expectsNextColumn(withBits: PersistenceContainer.ColumnBits("a")))
    }

    /// The whole path, in the database: a loop of insertions whose keys
    /// change order and skip columns (release builds reuse the encoder
    /// from one insertion to the next).
    struct Row3: Encodable, PersistableRecord {
        static let databaseTableName = "t"
        enum CodingKeys: String, CodingKey { case id, a, b }
        var id: Int
        var a: Int?
        var b: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch id % 3 {
            case 0:
                try container.encode(id, forKey: .id)
                try container.encodeIfPresent(a, forKey: .a)
                try container.encode(b, forKey: .b)
            case 1:
                try container.encode(b, forKey: .b)
                try container.encode(id, forKey: .id)
                try container.encodeIfPresent(a, forKey: .a)
            default:
                try container.encode(id, forKey: .id)
                try container.encode(b, forKey: .b)
            }
        }
    }

    func testInsertionsInChangingOrders() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER DEFAULT -1, b TEXT)")
            for id in 0..<30 {
                try Row3(id: id, a: id % 4 == 0 ? nil : id * 10, b: "b\(id)").insert(db)
            }
        }
        let rows = try dbQueue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, a, b FROM t ORDER BY id")
        }
        XCTAssertEqual(rows.count, 30)
        for (id, row) in rows.enumerated() {
            XCTAssertEqual(row["id"] as Int, id)
            XCTAssertEqual(row["b"] as String, "b\(id)")
            let expectedA: Int? = id % 3 == 2 ? -1 : (id % 4 == 0 ? nil : id * 10)
            XCTAssertEqual(row["a"] as Int?, expectedA, "id \(id)")
        }
    }
}
