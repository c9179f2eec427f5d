import Folio
import Foundation
import XCTest

final class EncodableRecordTests: FolioTestCase {
    // 2001-01-02 03:04:05.5 UTC
    static let date = Date(timeIntervalSinceReferenceDate: 86400 + 3 * 3600 + 4 * 60 + 5.5)
    static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    enum Color: String, Encodable, DatabaseValueConvertible {
        case red, blue
    }

    /// An enum that does not conform to DatabaseValueConvertible: it
    /// encodes a single value.
    enum Medal: String, Encodable {
        case bronze, gold
    }

    struct Achievement: Encodable {
        var name: String
        var medal: Medal
    }

    struct Everything: Encodable, EncodableRecord {
        var int: Int = 1
        var int8: Int8 = 2
        var int64: Int64 = 3
        var uint32: UInt32 = 4
        var double: Double = 1.5
        var float: Float = 2.5
        var bool: Bool = true
        var string: String = "foo"
        var optionalString: String? = nil
        var optionalInt: Int? = 7
        var color: Color = .blue
        var medal: Medal = .gold
        var optionalMedal: Medal? = nil
        var achievements: [Achievement] = [Achievement(name: "First", medal: .bronze)]
        var tags: Set<String> = ["a"]
        var scores: [String: Int] = ["b": 2, "a": 1]
        var nested: Achievement = Achievement(name: "Nested", medal: .gold)
    }

    func testEncodableRecordsStoreDatabaseValuesAndJSON() throws {
        let dictionary = try Everything().databaseDictionary
        XCTAssertEqual(dictionary["int"], DatabaseValue(storage: .int64(1)))
        XCTAssertEqual(dictionary["int8"], DatabaseValue(storage: .int64(2)))
        XCTAssertEqual(dictionary["int64"], DatabaseValue(storage: .int64(3)))
        XCTAssertEqual(dictionary["uint32"], DatabaseValue(storage: .int64(4)))
        XCTAssertEqual(dictionary["double"], DatabaseValue(storage: .double(1.5)))
        XCTAssertEqual(dictionary["float"], DatabaseValue(storage: .double(2.5)))
        XCTAssertEqual(dictionary["bool"], DatabaseValue(storage: .int64(1)))
        XCTAssertEqual(dictionary["string"], DatabaseValue(storage: .string("foo")))
        XCTAssertEqual(dictionary["optionalString"], .null)
        XCTAssertEqual(dictionary["optionalInt"], DatabaseValue(storage: .int64(7)))
        XCTAssertEqual(dictionary["color"], DatabaseValue(storage: .string("blue")))
        XCTAssertEqual(dictionary["medal"], DatabaseValue(storage: .string("gold")))
        XCTAssertEqual(dictionary["optionalMedal"], .null)
        XCTAssertEqual(dictionary["achievements"], DatabaseValue(storage: .string(#"[{"medal":"bronze","name":"First"}]"#)))
        XCTAssertEqual(dictionary["tags"], DatabaseValue(storage: .string(#"["a"]"#)))
        XCTAssertEqual(dictionary["scores"], DatabaseValue(storage: .string(#"{"a":1,"b":2}"#)))
        XCTAssertEqual(dictionary["nested"], DatabaseValue(storage: .string(#"{"medal":"gold","name":"Nested"}"#)))
    }

    func testEncodableColumnsFollowCodingKeysOrder() throws {
        struct Player: Encodable, EncodableRecord {
            var id: Int64?
            var name: String
            var score: Int
        }
        var container = PersistenceContainer()
        try Player(id: nil, name: "Arthur", score: 1).encode(to: &container)
        XCTAssertEqual(container.columns, ["id", "name", "score"])
        XCTAssertEqual(container["id"]?.databaseValue, .null)
    }

    func testInsertOfJSONColumn() throws {
        struct Player: Encodable, MutablePersistableRecord {
            var name: String
            var achievements: [Achievement]
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (name TEXT, achievements TEXT)")
            var player = Player(name: "Arthur", achievements: [Achievement(name: "Use Codable Records", medal: .gold)])
            let sql = try persistenceSQL { try player.insert(db) }
            XCTAssertEqual(sql, [#"INSERT INTO "player" ("name", "achievements") VALUES (?,?)"#])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT achievements FROM player"), #"[{"medal":"gold","name":"Use Codable Records"}]"#)
        }
    }

    // MARK: - Date strategies

    struct Event: Encodable, EncodableRecord {
        var date: Date
        var optionalDate: Date?
        nonisolated(unsafe) static var strategy = DatabaseDateEncodingStrategy.deferredToDate
        static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
            strategy
        }
    }

    func encodedDate(_ strategy: DatabaseDateEncodingStrategy) throws -> (DatabaseValue?, DatabaseValue?) {
        Event.strategy = strategy
        let dictionary = try Event(date: Self.date, optionalDate: Self.date).databaseDictionary
        return (dictionary["date"], dictionary["optionalDate"])
    }

    func testDateEncodingStrategies() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy"

        let cases: [(DatabaseDateEncodingStrategy, DatabaseValue)] = [
            (.deferredToDate, DatabaseValue(storage: .string("2001-01-02 03:04:05.500"))),
            (.timeIntervalSinceReferenceDate, DatabaseValue(storage: .double(Self.date.timeIntervalSinceReferenceDate))),
            (.timeIntervalSince1970, DatabaseValue(storage: .double(Self.date.timeIntervalSince1970))),
            (.secondsSince1970, DatabaseValue(storage: .int64(978_404_645))),
            (.millisecondsSince1970, DatabaseValue(storage: .int64(978_404_645_500))),
            (.iso8601, DatabaseValue(storage: .string("2001-01-02T03:04:05Z"))),
            (.formatted(formatter), DatabaseValue(storage: .string("02/01/2001"))),
            (.custom { "day \(Int($0.timeIntervalSinceReferenceDate / 86400))" }, DatabaseValue(storage: .string("day 1"))),
            (.custom { _ in nil }, .null),
        ]
        for (strategy, expected) in cases {
            let (date, optionalDate) = try encodedDate(strategy)
            XCTAssertEqual(date, expected, "\(strategy)")
            XCTAssertEqual(optionalDate, expected, "\(strategy)")
        }
    }

    func testDateEncodingStrategyIsAskedPerColumn() throws {
        struct Dates: Encodable, EncodableRecord {
            var creationDate: Date
            var modificationDate: Date
            static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
                column == "creationDate" ? .secondsSince1970 : .iso8601
            }
        }
        let dictionary = try Dates(creationDate: Self.date, modificationDate: Self.date).databaseDictionary
        XCTAssertEqual(dictionary["creationDate"], DatabaseValue(storage: .int64(978_404_645)))
        XCTAssertEqual(dictionary["modificationDate"], DatabaseValue(storage: .string("2001-01-02T03:04:05Z")))
    }

    func testDatesBefore1970AndDistantDates() throws {
        struct Event: Encodable, EncodableRecord {
            var date: Date
            static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .iso8601 }
        }
        XCTAssertEqual(try Event(date: Date(timeIntervalSince1970: -1)).databaseDictionary["date"], "1969-12-31T23:59:59Z".databaseValue)
        XCTAssertEqual(try Event(date: Date(timeIntervalSince1970: 951_782_400)).databaseDictionary["date"], "2000-02-29T00:00:00Z".databaseValue)
        XCTAssertEqual(try Event(date: Date(timeIntervalSince1970: 4_107_542_400)).databaseDictionary["date"], "2100-03-01T00:00:00Z".databaseValue)
    }

    // MARK: - UUID strategies

    struct UUIDItem: Encodable, EncodableRecord {
        var uuid: UUID
        var optionalUUID: UUID?
        nonisolated(unsafe) static var strategy = DatabaseUUIDEncodingStrategy.deferredToUUID
        static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { strategy }
    }

    func testUUIDEncodingStrategies() throws {
        let bytes = withUnsafeBytes(of: Self.uuid.uuid) { Data($0) }
        let cases: [(DatabaseUUIDEncodingStrategy, DatabaseValue)] = [
            (.deferredToUUID, DatabaseValue(storage: .blob(bytes))),
            (.uppercaseString, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F".databaseValue),
            (.lowercaseString, "e621e1f8-c36c-495a-93fc-0c247a3e6e5f".databaseValue),
        ]
        for (strategy, expected) in cases {
            UUIDItem.strategy = strategy
            let dictionary = try UUIDItem(uuid: Self.uuid, optionalUUID: Self.uuid).databaseDictionary
            XCTAssertEqual(dictionary["uuid"], expected, "\(strategy)")
            XCTAssertEqual(dictionary["optionalUUID"], expected, "\(strategy)")
        }
        XCTAssertEqual(try UUIDItem(uuid: Self.uuid, optionalUUID: nil).databaseDictionary["optionalUUID"], .null)
    }

    // MARK: - Data strategies

    struct Note: Encodable, EncodableRecord {
        var body: Data
        nonisolated(unsafe) static var strategy = DatabaseDataEncodingStrategy.deferredToData
        static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy { strategy }
    }

    func testDataEncodingStrategies() throws {
        let data = Data("héllo".utf8)
        let cases: [(DatabaseDataEncodingStrategy, DatabaseValue)] = [
            (.deferredToData, DatabaseValue(storage: .blob(data))),
            (.text, "héllo".databaseValue),
            (.custom { $0.count }, 6.databaseValue),
        ]
        for (strategy, expected) in cases {
            Note.strategy = strategy
            XCTAssertEqual(try Note(body: data).databaseDictionary["body"], expected, "\(strategy)")
        }
    }

    // MARK: - Column strategies

    struct KeyedPlayer: Encodable, EncodableRecord {
        var teamID: Int
        var myURLProperty: String
        var score2Total: Int
        nonisolated(unsafe) static var strategy = DatabaseColumnEncodingStrategy.useDefaultKeys
        static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { strategy }
    }

    func testColumnEncodingStrategies() throws {
        let player = KeyedPlayer(teamID: 1, myURLProperty: "url", score2Total: 3)

        KeyedPlayer.strategy = .useDefaultKeys
        XCTAssertEqual(try PersistenceContainerOf(player).columns, ["teamID", "myURLProperty", "score2Total"])

        KeyedPlayer.strategy = .convertToSnakeCase
        XCTAssertEqual(try PersistenceContainerOf(player).columns, ["team_id", "my_url_property", "score2_total"])

        KeyedPlayer.strategy = .custom { "x_" + $0.stringValue }
        XCTAssertEqual(try PersistenceContainerOf(player).columns, ["x_teamID", "x_myURLProperty", "x_score2Total"])
    }

    struct SnakePlayer: Encodable, MutablePersistableRecord {
        static let databaseTableName = "player"
        var teamID: Int
        var fullName: String
        static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
    }

    func testSnakeCaseColumnsAreUsedInInsert() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (team_id INTEGER, full_name TEXT)")
            var player = SnakePlayer(teamID: 1, fullName: "Arthur")
            let sql = try persistenceSQL { try player.insert(db) }
            XCTAssertEqual(sql, [#"INSERT INTO "player" ("team_id", "full_name") VALUES (?,?)"#])
            XCTAssertEqual(try fetchRows(db, "player"), [["team_id": 1, "full_name": "Arthur"]])
        }
    }

    // MARK: - userInfo and JSON encoder

    static let targetKey = CodingUserInfoKey(rawValue: "target")!

    func testEncodingUserInfo() throws {
        struct Player: Encodable, EncodableRecord {
            enum CodingKeys: String, CodingKey { case name }
            var name: String
            static var databaseEncodingUserInfo: [CodingUserInfoKey: Any] {
                [EncodableRecordTests.targetKey: "database"]
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                let target = encoder.userInfo[EncodableRecordTests.targetKey] as? String ?? "unknown"
                try container.encode(name + " for " + target, forKey: .name)
            }
        }
        XCTAssertEqual(try Player(name: "Arthur").databaseDictionary["name"], "Arthur for database".databaseValue)
    }

    func testCustomJSONEncoder() throws {
        struct Player: Encodable, EncodableRecord {
            var info: [String: Date]
            static func databaseJSONEncoder(for column: String) -> JSONEncoder {
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                encoder.dateEncodingStrategy = .secondsSince1970
                return encoder
            }
        }
        let player = Player(info: ["birth": Date(timeIntervalSince1970: 10)])
        XCTAssertEqual(try player.databaseDictionary["info"], #"{"birth":10}"#.databaseValue)
    }

    func testDefaultJSONEncoderUsesMillisecondsAndBase64() throws {
        struct Player: Encodable, EncodableRecord {
            var info: [String: Date]
            var blobs: [Data]
        }
        let player = Player(info: ["birth": Date(timeIntervalSince1970: 10)], blobs: [Data([1, 2, 3])])
        let dictionary = try player.databaseDictionary
        XCTAssertEqual(dictionary["info"], #"{"birth":10000}"#.databaseValue)
        XCTAssertEqual(dictionary["blobs"], #"["AQID"]"#.databaseValue)
    }

    // MARK: - Errors

    func testNonConformingFloatInJSONThrows() throws {
        struct Player: Encodable, EncodableRecord {
            var values: [Double]
        }
        XCTAssertThrowsError(try Player(values: [.nan]).databaseDictionary) { error in
            XCTAssertTrue(error is EncodingError, "\(error)")
        }
    }

    func testNestedContainerThrowsDescriptiveError() throws {
        struct Player: Encodable, EncodableRecord {
            enum CodingKeys: String, CodingKey { case name, address }
            enum AddressKeys: String, CodingKey { case city }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode("Arthur", forKey: .name)
                var address = container.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
                try address.encode("Paris", forKey: .city)
            }
        }
        XCTAssertThrowsError(try Player().databaseDictionary) { error in
            guard case EncodingError.invalidValue(_, let context) = error else {
                return XCTFail("unexpected error: \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["address"])
            XCTAssertTrue(context.debugDescription.contains(#"nested keyed container for the key "address""#), context.debugDescription)
        }
    }

    func testRecordThatEncodesASingleValueThrows() throws {
        struct Score: Encodable, EncodableRecord {
            var value: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value)
            }
        }
        XCTAssertThrowsError(try Score(value: 1).databaseDictionary) { error in
            guard case EncodingError.invalidValue(_, let context) = error else {
                return XCTFail("unexpected error: \(error)")
            }
            XCTAssertTrue(context.debugDescription.contains("keyed container"), context.debugDescription)
        }
    }

    func testEncodingErrorPreventsInsertion() throws {
        struct Player: Encodable, MutablePersistableRecord {
            var values: [Double]
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (values_ TEXT)")
            var player = Player(values: [.infinity])
            clearSQLQueries()
            XCTAssertThrowsError(try player.insert(db))
            XCTAssertEqual(persistenceSQLQueries, [])
        }
    }

    func testHandWrittenEncodeWinsOverEncodable() throws {
        struct Player: Encodable, EncodableRecord {
            var name: String
            func encode(to container: inout PersistenceContainer) {
                container["fullName"] = name.uppercased()
            }
        }
        XCTAssertEqual(try Player(name: "arthur").databaseDictionary, ["fullName": "ARTHUR".databaseValue])
    }
}

/// The container filled by a record.
func PersistenceContainerOf(_ record: some EncodableRecord) throws -> PersistenceContainer {
    var container = PersistenceContainer()
    try record.encode(to: &container)
    return container
}
