import Folio
import Foundation
import XCTest

private let decoderNameKey = CodingUserInfoKey(rawValue: "decoderName")!

final class DecodingStrategyTests: FolioTestCase {
    // MARK: - Dates

    private struct DefaultDate: Decodable, FetchableRecord { var date: Date }

    private struct ReferenceDate: Decodable, FetchableRecord {
        var date: Date
        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            .timeIntervalSinceReferenceDate
        }
    }

    private struct UnixDate: Decodable, FetchableRecord {
        var date: Date
        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            .timeIntervalSince1970
        }
    }

    private struct MillisecondsDate: Decodable, FetchableRecord {
        var date: Date
        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            .millisecondsSince1970
        }
    }

    private struct ISODate: Decodable, FetchableRecord {
        var date: Date
        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            .iso8601
        }
    }

    private struct FormattedDate: Decodable, FetchableRecord {
        var date: Date
        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            formatter.dateFormat = "dd/MM/yyyy"
            return .formatted(formatter)
        }
    }

    private struct CustomDate: Decodable, FetchableRecord {
        var date: Date
        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            .custom { dbValue in
                // Days since 1970
                Int.fromDatabaseValue(dbValue).map { Date(timeIntervalSince1970: Double($0) * 86400) }
            }
        }
    }

    /// One strategy per column.
    private struct TwoDates: Decodable, FetchableRecord {
        var seconds: Date
        var milliseconds: Date?
        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            column == "milliseconds" ? .millisecondsSince1970 : .timeIntervalSince1970
        }
    }

    func testDeferredToDateDecodesDateTextAndUnixTimestamps() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try DefaultDate.fetchOne(db, sql: "SELECT '1970-01-02 00:00:00.500' AS date")?.date, Date(timeIntervalSince1970: 86400.5))
            XCTAssertEqual(try DefaultDate.fetchOne(db, sql: "SELECT 86400 AS date")?.date, Date(timeIntervalSince1970: 86400))
        }
    }

    func testNumericDateStrategies() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try ReferenceDate.fetchOne(db, sql: "SELECT 10 AS date")?.date, Date(timeIntervalSinceReferenceDate: 10))
            XCTAssertEqual(try ReferenceDate.fetchOne(db, sql: "SELECT 10.5 AS date")?.date, Date(timeIntervalSinceReferenceDate: 10.5))
            XCTAssertEqual(try UnixDate.fetchOne(db, sql: "SELECT 1000 AS date")?.date, Date(timeIntervalSince1970: 1000))
            XCTAssertEqual(try MillisecondsDate.fetchOne(db, sql: "SELECT 1500 AS date")?.date, Date(timeIntervalSince1970: 1.5))
        }
    }

    func testTextDateStrategies() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try ISODate.fetchOne(db, sql: "SELECT '1970-01-02T00:00:00Z' AS date")?.date, Date(timeIntervalSince1970: 86400))
            XCTAssertEqual(try FormattedDate.fetchOne(db, sql: "SELECT '02/01/1970' AS date")?.date, Date(timeIntervalSince1970: 86400))
            XCTAssertEqual(try CustomDate.fetchOne(db, sql: "SELECT 2 AS date")?.date, Date(timeIntervalSince1970: 2 * 86400))
        }
    }

    func testDateStrategyIsChosenPerColumn() throws {
        let dbQueue = try makeDatabaseQueue()
        let record = try dbQueue.inDatabase { db in
            try TwoDates.fetchOne(db, sql: "SELECT 2 AS seconds, 2000 AS milliseconds")!
        }
        XCTAssertEqual(record.seconds, Date(timeIntervalSince1970: 2))
        XCTAssertEqual(record.milliseconds, Date(timeIntervalSince1970: 2))
    }

    func testOptionalDateIsNilForNullWithAnyStrategy() throws {
        let dbQueue = try makeDatabaseQueue()
        let record = try dbQueue.inDatabase { db in
            try TwoDates.fetchOne(db, sql: "SELECT 2 AS seconds, NULL AS milliseconds")!
        }
        XCTAssertNil(record.milliseconds)
    }

    func testDateThatTheStrategyCanNotConvertThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try UnixDate.fetchOne(db, sql: "SELECT 'yesterday' AS date")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "date")
                XCTAssertEqual(error.typeName, "Date")
                XCTAssertEqual(error.databaseValue, "yesterday".databaseValue)
                XCTAssertEqual(error.sql, "SELECT 'yesterday' AS date")
            }
            XCTAssertThrowsError(try ISODate.fetchOne(db, sql: "SELECT 12 AS date")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.column, "date")
            }
            XCTAssertThrowsError(try FormattedDate.fetchOne(db, sql: "SELECT '1970-01-02' AS date")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.column, "date")
            }
            XCTAssertThrowsError(try CustomDate.fetchOne(db, sql: "SELECT NULL AS date")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.databaseValue, .null)
            }
            XCTAssertThrowsError(try DefaultDate.fetchOne(db, sql: "SELECT 'tomorrow' AS date")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.column, "date")
            }
        }
    }

    // MARK: - Data

    func testDeferredToDataDecodesBlobsAndText() throws {
        struct Item: Decodable, FetchableRecord { var data: Data }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Item.fetchOne(db, sql: "SELECT x'010203' AS data")?.data, Data([1, 2, 3]))
            XCTAssertEqual(try Item.fetchOne(db, sql: "SELECT 'abc' AS data")?.data, Data("abc".utf8))
        }
    }

    func testCustomDataStrategy() throws {
        struct Item: Decodable, FetchableRecord {
            var data: Data
            static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy {
                .custom { dbValue in String.fromDatabaseValue(dbValue).flatMap { Data(base64Encoded: $0) } }
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Item.fetchOne(db, sql: "SELECT 'AQID' AS data")?.data, Data([1, 2, 3]))
            XCTAssertThrowsError(try Item.fetchOne(db, sql: "SELECT '!!!' AS data")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.column, "data")
                XCTAssertEqual(error.typeName, "Data")
            }
        }
    }

    // MARK: - Columns

    func testConvertFromSnakeCaseColumnStrategy() throws {
        struct Player: Decodable, FetchableRecord, Equatable {
            var id: Int64
            var fullName: String
            var teamId: Int?
            var userId: Int?
            static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
        }
        let dbQueue = try makeDatabaseQueue()
        let player = try dbQueue.inDatabase { db in
            try Player.fetchOne(db, sql: "SELECT 1 AS id, 'Arthur' AS full_name, 2 AS team_id, 3 AS USER_ID")
        }
        XCTAssertEqual(player, Player(id: 1, fullName: "Arthur", teamId: 2, userId: 3))
    }

    func testConvertFromSnakeCaseMissingColumnThrowsNamingTheKey() throws {
        struct Player: Decodable, FetchableRecord {
            var fullName: String
            static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Player.fetchOne(db, sql: "SELECT 'Arthur' AS name")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .columnNotFound)
                XCTAssertEqual(error.column, "fullName")
                XCTAssertEqual(error.sql, "SELECT 'Arthur' AS name")
            }
        }
    }

    func testCustomColumnStrategy() throws {
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        struct Player: Decodable, FetchableRecord, Equatable {
            var name: String
            var score: Int
            // Columns are prefixed with "player_".
            static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.custom { column in
                AnyKey(stringValue: String(column.dropFirst("player_".count)))
            }
        }
        let dbQueue = try makeDatabaseQueue()
        let player = try dbQueue.inDatabase { db in
            try Player.fetchOne(db, sql: "SELECT 'Arthur' AS player_name, 10 AS player_score")
        }
        XCTAssertEqual(player, Player(name: "Arthur", score: 10))
    }

    // MARK: - JSON

    func testDefaultJSONDecoderUsesBase64DataAndMillisecondDates() throws {
        struct Payload: Decodable, Equatable { var data: Data; var date: Date }
        struct Item: Decodable, FetchableRecord { var payload: Payload }
        let dbQueue = try makeDatabaseQueue()
        let item = try dbQueue.inDatabase { db in
            try Item.fetchOne(db, sql: #"SELECT '{"data":"AQID","date":1500}' AS payload"#)!
        }
        XCTAssertEqual(item.payload, Payload(data: Data([1, 2, 3]), date: Date(timeIntervalSince1970: 1.5)))
    }

    func testCustomJSONDecoderIsUsedForItsColumn() throws {
        struct Payload: Decodable, Equatable { var date: Date }
        struct Item: Decodable, FetchableRecord {
            var iso: Payload
            var unix: Payload
            static func databaseJSONDecoder(for column: String) -> JSONDecoder {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = column == "iso" ? .iso8601 : .secondsSince1970
                return decoder
            }
        }
        let dbQueue = try makeDatabaseQueue()
        let item = try dbQueue.inDatabase { db in
            try Item.fetchOne(db, sql: #"SELECT '{"date":"1970-01-02T00:00:00Z"}' AS iso, '{"date":86400}' AS unix"#)!
        }
        XCTAssertEqual(item.iso, Payload(date: Date(timeIntervalSince1970: 86400)))
        XCTAssertEqual(item.unix, Payload(date: Date(timeIntervalSince1970: 86400)))
    }

    func testJSONColumnsDecodeFromBlobs() throws {
        struct Item: Decodable, FetchableRecord { var tags: [String] }
        let dbQueue = try makeDatabaseQueue()
        let item = try dbQueue.inDatabase { db in
            try Item.fetchOne(db, sql: #"SELECT CAST('["a","b"]' AS BLOB) AS tags"#)!
        }
        XCTAssertEqual(item.tags, ["a", "b"])
    }

    // MARK: - userInfo

    func testDecoderHasTheDatabaseDecodingUserInfo() throws {
        struct Payload: Decodable {
            var decoderName: String?
            init(from decoder: any Decoder) throws {
                decoderName = decoder.userInfo[decoderNameKey] as? String
            }
        }
        struct Item: Decodable, FetchableRecord {
            var decoderName: String?
            var payload: Payload
            enum CodingKeys: String, CodingKey { case payload }
            init(from decoder: any Decoder) throws {
                decoderName = decoder.userInfo[decoderNameKey] as? String
                payload = try decoder.container(keyedBy: CodingKeys.self).decode(Payload.self, forKey: .payload)
            }
            static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] {
                [decoderNameKey: "database row"]
            }
        }
        let dbQueue = try makeDatabaseQueue()
        let item = try dbQueue.inDatabase { db in try Item.fetchOne(db, sql: "SELECT '{}' AS payload")! }
        XCTAssertEqual(item.decoderName, "database row")
        // The default JSON decoder has the same userInfo.
        XCTAssertEqual(item.payload.decoderName, "database row")
    }

    func testDecoderUserInfoIsEmptyByDefault() throws {
        struct Item: Decodable, FetchableRecord {
            var isEmpty: Bool
            init(from decoder: any Decoder) throws { isEmpty = decoder.userInfo.isEmpty }
        }
        let dbQueue = try makeDatabaseQueue()
        XCTAssertEqual(try dbQueue.inDatabase { db in try Item.fetchOne(db, sql: "SELECT 1")?.isEmpty }, true)
    }
}
