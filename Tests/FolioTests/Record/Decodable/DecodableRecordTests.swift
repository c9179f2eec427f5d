import Folio
import Foundation
import XCTest

private struct Player: Decodable, FetchableRecord, TableRecord, Equatable {
    var id: Int64
    var name: String
    var score: Int
}

private struct StandardValues: Decodable, FetchableRecord, Equatable {
    var bool: Bool
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var string: String
}

private struct OptionalValues: Decodable, FetchableRecord, Equatable {
    var int: Int?
    var string: String?
    var double: Double?
    var bool: Bool?
    var data: Data?
    var uuid: UUID?
    var date: Date?
    var tags: [String]?
}

private enum Color: String, Codable, DatabaseValueConvertible {
    case red, blue
}

/// Codable, but not a database value: it decodes from its raw value.
private enum Size: String, Codable {
    case small, large
}

/// Decodes from a single value.
private struct Email: Decodable, Equatable {
    var address: String
    init(address: String) { self.address = address }
    init(from decoder: any Decoder) throws {
        address = try decoder.singleValueContainer().decode(String.self)
    }
}

private struct Achievement: Codable, Equatable {
    var name: String
    var level: Int
}

private struct Profile: Decodable, FetchableRecord, Equatable {
    var color: Color
    var size: Size
    var email: Email
    var uuid: UUID
    var data: Data
    var achievements: [Achievement]
    var bestAchievement: Achievement?
    var scores: [String: Int]
}

/// The seed's CodingKeys sample (DatabaseSchemaRecommendations.md).
private struct SnakePlayer: Decodable, FetchableRecord {
    var id: Int64
    var fullName: String
    var score: Int
    var creationDate: Date

    enum CodingKeys: String, CodingKey {
        case id, fullName = "full_name", score, creationDate = "creation_date"
    }
}

final class DecodableRecordTests: FolioTestCase {
    private func makePlayers() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER);
                INSERT INTO player VALUES (1, 'Arthur', 100);
                INSERT INTO player VALUES (2, 'Barbara', 1000);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    // MARK: - Values

    func testDecodableRecordIsFetchedWithoutInitRow() throws {
        let dbQueue = try makePlayers()
        let players = try dbQueue.inDatabase { db in try Player.order(Column("id")).fetchAll(db) }
        XCTAssertEqual(players, [Player(id: 1, name: "Arthur", score: 100), Player(id: 2, name: "Barbara", score: 1000)])
        XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" ORDER BY "id""#)
    }

    func testStandardValuesDecodeFromTheirColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        let record = try dbQueue.inDatabase { db in
            try StandardValues.fetchOne(db, sql: """
                SELECT 1 AS bool, -1 AS int, -8 AS int8, -16 AS int16, -32 AS int32, -64 AS int64,
                       1 AS uint, 8 AS uint8, 16 AS uint16, 32 AS uint32, 64 AS uint64,
                       1.5 AS double, 2.5 AS float, 'foo' AS string
                """)
        }
        XCTAssertEqual(record, StandardValues(
            bool: true, int: -1, int8: -8, int16: -16, int32: -32, int64: -64,
            uint: 1, uint8: 8, uint16: 16, uint32: 32, uint64: 64,
            double: 1.5, float: 2.5, string: "foo"))
    }

    func testColumnsMatchKeysCaseInsensitively() throws {
        let dbQueue = try makeDatabaseQueue()
        let player = try dbQueue.inDatabase { db in
            try Player.fetchOne(db, sql: "SELECT 1 AS ID, 'Arthur' AS Name, 10 AS SCORE")
        }
        XCTAssertEqual(player, Player(id: 1, name: "Arthur", score: 10))
    }

    func testOptionalPropertiesAreNilForNullAndForMissingColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let nulls = try OptionalValues.fetchOne(db, sql: """
                SELECT NULL AS int, NULL AS string, NULL AS double, NULL AS bool,
                       NULL AS data, NULL AS uuid, NULL AS date, NULL AS tags
                """)
            XCTAssertEqual(nulls, OptionalValues())
            let missing = try OptionalValues.fetchOne(db, sql: "SELECT 1 AS other")
            XCTAssertEqual(missing, OptionalValues())
            let values = try OptionalValues.fetchOne(db, sql: """
                SELECT 1 AS int, 'a' AS string, 2.5 AS double, 0 AS bool, x'0102' AS data,
                       '61626364-6566-6768-696A-6B6C6D6E6F70' AS uuid,
                       '2024-05-17 12:34:56' AS date, '["x","y"]' AS tags
                """)
            XCTAssertEqual(values, OptionalValues(
                int: 1, string: "a", double: 2.5, bool: false, data: Data([1, 2]),
                uuid: UUID(uuidString: "61626364-6566-6768-696A-6B6C6D6E6F70"),
                date: Date(timeIntervalSince1970: 1_715_949_296), tags: ["x", "y"]))
        }
    }

    func testDatabaseValuesUseTheirDatabaseConversion() throws {
        let dbQueue = try makeDatabaseQueue()
        let profile = try dbQueue.inDatabase { db in
            try Profile.fetchOne(db, sql: """
                SELECT 'blue' AS color, 'large' AS size, 'a@b.c' AS email,
                       x'E621E1F8C36C495A93FC0C247A3E6E5F' AS uuid, 'abc' AS data,
                       '[{"name":"first","level":1},{"name":"second","level":2}]' AS achievements,
                       '{"name":"best","level":3}' AS bestAchievement,
                       '{"a":1,"b":2}' AS scores
                """)
        }
        XCTAssertEqual(profile, Profile(
            color: .blue,
            size: .large,
            email: Email(address: "a@b.c"),
            uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
            data: Data("abc".utf8),
            achievements: [Achievement(name: "first", level: 1), Achievement(name: "second", level: 2)],
            bestAchievement: Achievement(name: "best", level: 3),
            scores: ["a": 1, "b": 2]))
    }

    func testUUIDDecodesFromStringsAndBlobs() throws {
        struct Item: Decodable, FetchableRecord { var uuid: UUID }
        let dbQueue = try makeDatabaseQueue()
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Item.fetchOne(db, sql: "SELECT 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f' AS uuid")?.uuid, uuid)
            XCTAssertEqual(try Item.fetchOne(db, sql: "SELECT x'E621E1F8C36C495A93FC0C247A3E6E5F' AS uuid")?.uuid, uuid)
        }
    }

    func testCodingKeysRenameColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        let player = try dbQueue.inDatabase { db in
            try SnakePlayer.fetchOne(db, sql: """
                SELECT 1 AS id, 'Arthur Miller' AS full_name, 10 AS score, '2024-05-17 12:34:56' AS creation_date
                """)
        }
        XCTAssertEqual(player?.id, 1)
        XCTAssertEqual(player?.fullName, "Arthur Miller")
        XCTAssertEqual(player?.score, 10)
        XCTAssertEqual(player?.creationDate, Date(timeIntervalSince1970: 1_715_949_296))
    }

    func testRecordDecodesFromTheLeftmostColumnWithASingleValueContainer() throws {
        let dbQueue = try makePlayers()
        try dbQueue.inDatabase { db in
            struct Name: Decodable, FetchableRecord, Equatable {
                var value: String
                init(value: String) { self.value = value }
                init(from decoder: any Decoder) throws {
                    value = try decoder.singleValueContainer().decode(String.self)
                }
            }
            XCTAssertEqual(try Name.fetchAll(db, sql: "SELECT name FROM player ORDER BY id"), [Name(value: "Arthur"), Name(value: "Barbara")])
        }
    }

    func testSuperclassDecodesFromTheSameRow() throws {
        class Person: Decodable {
            var name: String
        }
        final class Employee: Person, FetchableRecord {
            var company: String
            enum CodingKeys: String, CodingKey { case company }
            required init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                company = try container.decode(String.self, forKey: .company)
                try super.init(from: container.superDecoder())
            }
        }
        let dbQueue = try makeDatabaseQueue()
        let employee = try dbQueue.inDatabase { db in
            try Employee.fetchOne(db, sql: "SELECT 'Arthur' AS name, 'Acme' AS company")
        }
        XCTAssertEqual(employee?.name, "Arthur")
        XCTAssertEqual(employee?.company, "Acme")
    }

    func testCustomInitFromCanInspectTheRowColumns() throws {
        struct Item: Decodable, FetchableRecord {
            var keys: [String]
            var hasBonus: Bool
            var bonusIsNull: Bool
            var missingIsNull: Bool
            enum CodingKeys: String, CodingKey { case id, bonus, missing }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                keys = container.allKeys.map(\.stringValue)
                hasBonus = container.contains(.bonus)
                bonusIsNull = try container.decodeNil(forKey: .bonus)
                missingIsNull = try container.decodeNil(forKey: .missing)
            }
        }
        let dbQueue = try makeDatabaseQueue()
        let item = try dbQueue.inDatabase { db in try Item.fetchOne(db, sql: "SELECT 1 AS id, NULL AS bonus, 2 AS other")! }
        XCTAssertEqual(item.keys, ["id", "bonus"])
        XCTAssertTrue(item.hasBonus)
        XCTAssertTrue(item.bonusIsNull)
        XCTAssertTrue(item.missingIsNull)
    }

    // MARK: - Column plans

    func testKeysDecodedInVaryingOrderFindTheirColumns() throws {
        struct Item: Decodable, FetchableRecord, Equatable {
            var a: Int
            var b: Int
            enum CodingKeys: String, CodingKey { case kind, a, b }
            init(a: Int, b: Int) { (self.a, self.b) = (a, b) }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                if try container.decode(String.self, forKey: .kind) == "ab" {
                    a = try container.decode(Int.self, forKey: .a)
                    b = try container.decode(Int.self, forKey: .b)
                } else {
                    b = try container.decode(Int.self, forKey: .b)
                    a = try container.decode(Int.self, forKey: .a)
                }
            }
        }
        let dbQueue = try makeDatabaseQueue()
        let items = try dbQueue.inDatabase { db in
            try Item.fetchAll(db, sql: """
                SELECT 'ab' AS kind, 1 AS a, 2 AS b
                UNION ALL SELECT 'ba', 3, 4
                UNION ALL SELECT 'ab', 5, 6
                UNION ALL SELECT 'ba', 7, 8
                """)
        }
        XCTAssertEqual(items, [Item(a: 1, b: 2), Item(a: 3, b: 4), Item(a: 5, b: 6), Item(a: 7, b: 8)])
    }

    func testKeysOfEveryLayoutFindTheirColumnsOnEveryRow() throws {
        // A key type with a single case has no bits at all.
        struct Single: Decodable, FetchableRecord, Equatable {
            var value: Int
        }
        // Keys that are not plain bytes are found by name.
        struct NamedKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        struct Named: Decodable, FetchableRecord, Equatable {
            var pairs: [String: Int]
            init(pairs: [String: Int]) { self.pairs = pairs }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: NamedKey.self)
                // The first row asks for its keys in another order.
                let names = try container.decode(Int.self, forKey: NamedKey(stringValue: "a")) == 1
                    ? ["a", "c", "b"] : ["a", "b", "c"]
                var pairs: [String: Int] = [:]
                for name in names {
                    pairs[name] = try container.decodeIfPresent(Int.self, forKey: NamedKey(stringValue: name))
                }
                self.pairs = pairs
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS a, 2 AS b, NULL AS c UNION ALL SELECT 3, 4, 5 UNION ALL SELECT 6, NULL, 7"
            XCTAssertEqual(
                try Named.fetchAll(db, sql: sql),
                [Named(pairs: ["a": 1, "b": 2]), Named(pairs: ["a": 3, "b": 4, "c": 5]), Named(pairs: ["a": 6, "c": 7])])
            XCTAssertEqual(
                try Single.fetchAll(db, sql: "SELECT 1 AS other, 2 AS value UNION ALL SELECT 3, 4"),
                [Single(value: 2), Single(value: 4)])
            // Synthesized keys (one byte), with a missing optional column
            // and a value that needs a conversion on the second row only.
            struct Bytes: Decodable, FetchableRecord, Equatable {
                var a: Int
                var b: Int?
                var c: Double
            }
            XCTAssertEqual(
                try Bytes.fetchAll(db, sql: "SELECT 1 AS c, 2 AS a UNION ALL SELECT 3, 4.0"),
                [Bytes(a: 2, b: nil, c: 1), Bytes(a: 4, b: nil, c: 3)])
        }
    }

    func testOptionalValuesOfLaterRowsDecodeNullAndThrowOnMismatch() throws {
        struct Item: Decodable, FetchableRecord, Equatable {
            var score: Int?
            var name: String?
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // Later rows decode with the plan resolved by the first one.
            XCTAssertEqual(
                try Item.fetchAll(db, sql: "SELECT 1 AS score, 'a' AS name UNION ALL SELECT NULL, NULL UNION ALL SELECT 2.0, 'b'"),
                [Item(score: 1, name: "a"), Item(score: nil, name: nil), Item(score: 2, name: "b")])
            let sql = "SELECT 1 AS score, 'a' AS name UNION ALL SELECT 'many', 'b'"
            XCTAssertThrowsError(try Item.fetchAll(db, sql: sql)) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "score")
                XCTAssertEqual(error.typeName, "Int")
                XCTAssertEqual(error.databaseValue, "many".databaseValue)
                XCTAssertEqual(error.sql, sql)
            }
        }
    }

    func testDifferentRecordTypesDecodeFromTheSameStatement() throws {
        struct Short: Decodable, FetchableRecord { var name: String }
        struct Snake: Decodable, FetchableRecord {
            var playerName: String
            static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 'Arthur' AS name, 'Barbara' AS player_name"
            for _ in 0..<2 {
                XCTAssertEqual(try Short.fetchOne(db, sql: sql)?.name, "Arthur")
                XCTAssertEqual(try Snake.fetchOne(db, sql: sql)?.playerName, "Barbara")
                XCTAssertEqual(try Player.fetchAll(db, sql: "SELECT 1 AS id, 'C' AS name, 3 AS score").count, 1)
            }
        }
    }

    func testRecordsDecodeFromCopiedRows() throws {
        let dbQueue = try makePlayers()
        let players = try dbQueue.inDatabase { db in
            try Row.fetchAll(db, sql: "SELECT * FROM player ORDER BY id").map { try Player(row: $0) }
        }
        XCTAssertEqual(players, [Player(id: 1, name: "Arthur", score: 100), Player(id: 2, name: "Barbara", score: 1000)])
        let row: Row = ["ID": 3, "name": "Craig", "score": 5]
        XCTAssertEqual(try Player(row: row), Player(id: 3, name: "Craig", score: 5))
    }

    func testRecordsDecodeAgainAfterTheCachedStatementIsReused() throws {
        let dbQueue = try makePlayers()
        try dbQueue.write { db in
            XCTAssertEqual(try Player.fetchOne(db, sql: "SELECT * FROM player WHERE id = ?", arguments: [1])?.name, "Arthur")
            try db.execute(sql: "UPDATE player SET name = 'Arthur II' WHERE id = 1")
            XCTAssertEqual(try Player.fetchOne(db, sql: "SELECT * FROM player WHERE id = ?", arguments: [1])?.name, "Arthur II")
            XCTAssertEqual(try Player.fetchOne(db, sql: "SELECT * FROM player WHERE id = ?", arguments: [2])?.name, "Barbara")
        }
    }

    // MARK: - Errors

    func testMissingColumnForNonOptionalPropertyThrowsRowDecodingError() throws {
        let dbQueue = try makePlayers()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Player.fetchAll(db, sql: "SELECT id, name FROM player")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .columnNotFound)
                XCTAssertEqual(error.column, "score")
                XCTAssertEqual(error.typeName, "Int")
                XCTAssertEqual(error.sql, "SELECT id, name FROM player")
                XCTAssertEqual(
                    error.description,
                    #"could not decode Int: no such column "score" - row: [id:1 name:"Arthur"], sql: `SELECT id, name FROM player`"#)
            }
        }
    }

    func testMissingColumnForNonOptionalNestedValueThrows() throws {
        struct Item: Decodable, FetchableRecord { var achievements: [Achievement] }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Item.fetchOne(db, sql: "SELECT 1 AS id")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .columnNotFound)
                XCTAssertEqual(error.column, "achievements")
                XCTAssertTrue(error.typeName.contains("Array"), error.typeName)
                XCTAssertEqual(error.sql, "SELECT 1 AS id")
            }
        }
    }

    func testNullForNonOptionalPropertyThrowsRowDecodingError() throws {
        let dbQueue = try makePlayers()
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE player SET score = NULL WHERE id = 2")
            XCTAssertThrowsError(try Player.order(Column("id")).fetchAll(db)) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "score")
                XCTAssertEqual(error.index, 2)
                XCTAssertEqual(error.databaseValue, .null)
                XCTAssertEqual(error.typeName, "Int")
                XCTAssertEqual(error.sql, #"SELECT * FROM "player" ORDER BY "id""#)
                XCTAssertTrue(error.description.hasPrefix(#"could not decode Int from database value NULL - column: "score", column index: 2"#), error.description)
            }
        }
    }

    func testErrorsOfSixtyFourBitIntegersNameTheirType() throws {
        struct Wide: Decodable, FetchableRecord {
            var signed: Int64
            var unsigned: UInt64
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let cases: [(sql: String, typeName: String, column: String?, reason: RowDecodingError.Reason)] = [
                ("SELECT NULL AS signed, 1 AS unsigned", "Int64", "signed", .valueMismatch),
                ("SELECT 1 AS signed, -1 AS unsigned", "UInt64", "unsigned", .valueMismatch),
                ("SELECT 1 AS unsigned", "Int64", "signed", .columnNotFound),
                ("SELECT 1 AS signed", "UInt64", "unsigned", .columnNotFound),
            ]
            for (sql, typeName, column, reason) in cases {
                // A failing second row fails on the fast path, a failing
                // first row while the plan is built.
                let sqls = reason == .valueMismatch ? [sql, "SELECT 1 AS signed, 1 AS unsigned UNION ALL \(sql)"] : [sql]
                for sql in sqls {
                    XCTAssertThrowsError(try Wide.fetchAll(db, sql: sql), sql) { error in
                        guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                        XCTAssertEqual(error.typeName, typeName, sql)
                        XCTAssertEqual(error.column, column, sql)
                        XCTAssertEqual(error.reason, reason, sql)
                        XCTAssertEqual(error.sql, sql)
                        XCTAssertTrue(error.description.hasPrefix("could not decode \(typeName)"), error.description)
                    }
                }
            }
            let values = try Wide.fetchAll(db, sql: "SELECT \(Int64.min) AS signed, \(Int64.max) AS unsigned")
            XCTAssertEqual(values.map(\.signed), [Int64.min])
            XCTAssertEqual(values.map(\.unsigned), [UInt64(Int64.max)])
        }
    }

    func testNullForNonOptionalDateOrUUIDThrows() throws {
        struct Item: Decodable, FetchableRecord { var date: Date; var uuid: UUID }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Item.fetchOne(db, sql: "SELECT NULL AS date, NULL AS uuid")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.column, "date")
                XCTAssertEqual(error.typeName, "Date")
                XCTAssertEqual(error.databaseValue, .null)
            }
        }
    }

    func testValueThatDoesNotConvertThrowsRowDecodingError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Player.fetchOne(db, sql: "SELECT 1 AS id, 'Arthur' AS name, 'many' AS score")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "score")
                XCTAssertEqual(error.typeName, "Int")
                XCTAssertEqual(error.databaseValue, "many".databaseValue)
                XCTAssertEqual(error.sql, "SELECT 1 AS id, 'Arthur' AS name, 'many' AS score")
            }
            struct Small: Decodable, FetchableRecord { var value: Int8 }
            XCTAssertThrowsError(try Small.fetchOne(db, sql: "SELECT 1000 AS value")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.typeName, "Int8")
            }
            XCTAssertThrowsError(try Profile.fetchOne(db, sql: "SELECT 'green' AS color")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.column, "color")
                XCTAssertTrue(error.typeName.hasSuffix("Color"), error.typeName)
            }
        }
    }

    func testInvalidJSONThrowsRowDecodingError() throws {
        struct Item: Decodable, FetchableRecord { var achievements: [Achievement] }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Item.fetchOne(db, sql: "SELECT 'not json' AS achievements")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "achievements")
                XCTAssertEqual(error.sql, "SELECT 'not json' AS achievements")
                XCTAssertTrue(error.description.contains("invalid JSON"), error.description)
            }
            XCTAssertThrowsError(try Item.fetchOne(db, sql: #"SELECT '[{"name":"x"}]' AS achievements"#)) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.column, "achievements")
                XCTAssertTrue(error.description.contains("level"), error.description)
            }
            // A number is not JSON text.
            XCTAssertThrowsError(try Item.fetchOne(db, sql: "SELECT 12 AS achievements")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.column, "achievements")
                XCTAssertEqual(error.databaseValue, 12.databaseValue)
            }
        }
    }

    func testNestedContainersAreRefusedWithADescriptiveError() throws {
        struct Item: Decodable, FetchableRecord {
            enum CodingKeys: String, CodingKey { case nested }
            enum NestedKeys: String, CodingKey { case x }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                _ = try container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested)
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Item.fetchOne(db, sql: "SELECT '{}' AS nested")) { error in
                guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["nested"])
                XCTAssertTrue(context.debugDescription.contains("nested"), context.debugDescription)
            }
        }
    }

    func testErrorOfInitFromIsRethrown() throws {
        struct Refused: Error { }
        struct Item: Decodable, FetchableRecord {
            init(from decoder: any Decoder) throws { throw Refused() }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Item.fetchAll(db, sql: "SELECT 1")) { error in
                XCTAssertTrue(error is Refused, "\(error)")
            }
        }
    }
}
