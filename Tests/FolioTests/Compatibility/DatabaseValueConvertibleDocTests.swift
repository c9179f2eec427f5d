import CSQLite
import Folio
import Foundation
import XCTest

// The samples of GRDB's DatabaseValueConvertible article, written as a
// GRDB user writes them.

private struct EvenInteger: Equatable {
    let value: Int // Guaranteed even
    init?(_ value: Int) {
        guard value.isMultiple(of: 2) else {
            return nil // Not an even number
        }
        self.value = value
    }
}

extension EvenInteger: DatabaseValueConvertible {
    var databaseValue: DatabaseValue {
        value.databaseValue
    }

    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        guard let value = Int.fromDatabaseValue(dbValue) else {
            return nil // Not an integer
        }
        return EvenInteger(value) // Nil if not even
    }
}

/// The same value, with the optimized StatementColumnConvertible decoding.
private struct FastEvenInteger: Equatable, DatabaseValueConvertible, StatementColumnConvertible {
    let value: Int
    init?(_ value: Int) {
        guard value.isMultiple(of: 2) else { return nil }
        self.value = value
    }

    var databaseValue: DatabaseValue { value.databaseValue }

    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        Int.fromDatabaseValue(dbValue).flatMap(Self.init)
    }

    init?(sqliteStatement: SQLiteStatement, index: CInt) {
        let int64 = sqlite3_column_int64(sqliteStatement, index)
        guard let value = Int(exactly: int64) else {
            return nil // Does not fit Int (probably a 32-bit architecture)
        }
        self.init(value) // Nil if not even
    }
}

private struct Color: Codable, Equatable {
    var red: Double
    var green: Double
    var blue: Double
}

// Encodes and decodes `Color` as a JSON object in the database:
extension Color: DatabaseValueConvertible { }

/// A stand-in for the Tagged library's wrapper.
private struct Tagged<Tag, RawValue> {
    var rawValue: RawValue
    init(_ rawValue: RawValue) { self.rawValue = rawValue }
}

extension Tagged: Equatable where RawValue: Equatable { }
extension Tagged: Hashable where RawValue: Hashable { }
extension Tagged: Sendable where RawValue: Sendable { }
extension Tagged: Codable where RawValue: Codable {
    init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(RawValue.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension Tagged: RawRepresentable {
    init?(rawValue: RawValue) { self.init(rawValue) }
}

// Add database support to Tagged values
extension Tagged: SQLExpressible where RawValue: SQLExpressible { }
extension Tagged: StatementBinding where RawValue: StatementBinding { }
extension Tagged: StatementColumnConvertible where RawValue: StatementColumnConvertible { }
extension Tagged: DatabaseValueConvertible where RawValue: DatabaseValueConvertible { }

/// An enum with the RawRepresentable defaults of all four protocols.
private enum Level: Int, DatabaseValueConvertible, StatementColumnConvertible {
    case low = 1, high = 2
}

private struct TaggedPlayer: Codable, Identifiable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "player"
    typealias ID = Tagged<TaggedPlayer, String>
    var id: ID
    var name: String
}

final class DatabaseValueConvertibleDocTests: FolioTestCase {
    // "The implementation of `fromDatabaseValue` must return nil if the type
    // can not be decoded from the raw database value. This nil value will
    // have GRDB throw a decoding error accordingly."
    func testFailedConversionThrowsDecodingError() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try EvenInteger.fetchOne(db, sql: "SELECT 2"), EvenInteger(2))
            XCTAssertEqual(try EvenInteger.fetchAll(db, sql: "SELECT 2 UNION ALL SELECT 4"), [EvenInteger(2), EvenInteger(4)])
            XCTAssertNil(try EvenInteger.fetchOne(db, sql: "SELECT NULL"))
            XCTAssertThrowsError(try EvenInteger.fetchOne(db, sql: "SELECT 3")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
                XCTAssertTrue(String(describing: error).contains("EvenInteger"), "\(error)")
            }
            XCTAssertThrowsError(try EvenInteger.fetchAll(db, sql: "SELECT 'foo'"))
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 3 AS value"))
            XCTAssertThrowsError(try row.decode(EvenInteger.self, forColumn: "value")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
            XCTAssertNil(EvenInteger.fromDatabaseValue(3.databaseValue))
        }
    }

    func testStatementColumnConvertibleConversion() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try FastEvenInteger.fetchOne(db, sql: "SELECT 2"), FastEvenInteger(2))
            XCTAssertNil(try FastEvenInteger.fetchOne(db, sql: "SELECT NULL"))
            XCTAssertThrowsError(try FastEvenInteger.fetchOne(db, sql: "SELECT 3")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
            XCTAssertThrowsError(try FastEvenInteger.fetchAll(db, sql: "SELECT 2 UNION ALL SELECT 5"))
        }
    }

    func testCodableValueIsAJSONObject() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let color = Color(red: 1, green: 0.5, blue: 0)
            try db.execute(sql: "CREATE TABLE t(color)")
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [color])
            let json = try XCTUnwrap(String.fetchOne(db, sql: "SELECT color FROM t"))
            XCTAssertEqual(try JSONDecoder().decode(Color.self, from: Data(json.utf8)), color)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT json_valid(color) AND json_type(color) = 'object' FROM t"), 1)
            XCTAssertEqual(try Color.fetchOne(db, sql: "SELECT color FROM t"), color)
        }
    }

    func testTaggedValuesWorkInTheExpectedPlaces() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.primaryKey("id", .text)
                t.column("name", .text)
            }
            let id = TaggedPlayer.ID("arthur")
            try TaggedPlayer(id: id, name: "Arthur").insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT id FROM player"), "arthur")
            let player = try TaggedPlayer.find(db, id: id)
            XCTAssertEqual(player.id, id)
            XCTAssertEqual(try TaggedPlayer.ID.fetchOne(db, sql: "SELECT id FROM player"), id)
            XCTAssertEqual(try TaggedPlayer.filter { $0.id == id }.fetchCount(db), 1)
            XCTAssertEqual(try TaggedPlayer.deleteAll(db, ids: [id]), 1)
        }
    }

    func testRawRepresentableEnumWithEmptyConformances() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t(level)")
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [Level.high])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT level FROM t"), 2)
            XCTAssertEqual(try Level.fetchOne(db, sql: "SELECT level FROM t"), .high)
            XCTAssertEqual(try Level.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT 2"), [.low, .high])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t WHERE level = ?", arguments: [Level.high]), 1)
            XCTAssertEqual(try Table("t").filter(Column("level") == Level.high).fetchCount(db), 1)
            XCTAssertThrowsError(try Level.fetchAll(db, sql: "SELECT 3")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
        }
    }
}
