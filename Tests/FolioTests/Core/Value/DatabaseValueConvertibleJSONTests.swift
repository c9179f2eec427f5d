import Foundation
import Folio
import XCTest

private struct Address: Codable, Equatable, DatabaseValueConvertible {
    var street: String
    var city: String
}

private struct Event: Codable, Equatable, DatabaseValueConvertible {
    var name: String
    var date: Date
    var payload: Data
}

private struct Measure: Codable, Equatable, DatabaseValueConvertible {
    var value: Double
}

private struct ISODate: Codable, Equatable, DatabaseValueConvertible {
    var date: Date
    static func databaseJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
    static func databaseJSONDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

private enum Grape: String, Codable, DatabaseValueConvertible {
    case merlot, chardonnay
}

private struct Place: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var address: Address
}

/// Codable values stored as JSON, with the `databaseJSONEncoder()` and
/// `databaseJSONDecoder()` customization points.
final class DatabaseValueConvertibleJSONTests: FolioTestCase {
    func testCodableValueIsStoredAsSortedJSON() throws {
        let address = Address(street: "Rue de Rivoli", city: "Paris")
        XCTAssertEqual(address.databaseValue, #"{"city":"Paris","street":"Rue de Rivoli"}"#.databaseValue)
        XCTAssertEqual(Address.fromDatabaseValue(address.databaseValue), address)
        XCTAssertEqual(Address.fromDatabaseValue(Data(#"{"city":"Lyon","street":"A"}"#.utf8).databaseValue), Address(street: "A", city: "Lyon"))
        XCTAssertNil(Address.fromDatabaseValue("not json".databaseValue))
        XCTAssertNil(Address.fromDatabaseValue(1.databaseValue))
        XCTAssertNil(Address.fromDatabaseValue(.null))

        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE place (id INTEGER PRIMARY KEY, address TEXT)")
            try db.execute(sql: "INSERT INTO place (id, address) VALUES (1, ?)", arguments: [address])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT JSON_EXTRACT(address, '$.city') FROM place"), "Paris")
            XCTAssertEqual(try Address.fetchOne(db, sql: "SELECT address FROM place"), address)

            // In records
            try Place(id: 2, address: Address(street: "B", city: "Nice")).insert(db)
            XCTAssertEqual(try Place.fetchOne(db, key: 2)?.address.city, "Nice")
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT address FROM place WHERE id = 2"), #"{"city":"Nice","street":"B"}"#)
        }
    }

    func testDefaultStrategies() throws {
        let event = Event(name: "launch", date: Date(timeIntervalSince1970: 1.5), payload: Data([1, 2]))
        XCTAssertEqual(event.databaseValue, #"{"date":1500,"name":"launch","payload":"AQI="}"#.databaseValue)
        XCTAssertEqual(Event.fromDatabaseValue(event.databaseValue), event)
        XCTAssertEqual(Address.databaseJSONEncoder().outputFormatting, .sortedKeys)
    }

    func testCustomEncoderAndDecoder() throws {
        let value = ISODate(date: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(value.databaseValue, #"{"date":"1970-01-01T00:00:00Z"}"#.databaseValue)
        XCTAssertEqual(ISODate.fromDatabaseValue(value.databaseValue), value)
    }

    func testRawRepresentableCodableIsStoredAsRawValue() throws {
        XCTAssertEqual(Grape.merlot.databaseValue, "merlot".databaseValue)
        XCTAssertEqual(Grape.fromDatabaseValue("chardonnay".databaseValue), .chardonnay)
        XCTAssertNil(Grape.fromDatabaseValue("pinot".databaseValue))
    }

    func testUnencodableValueThrowsWhenStored() throws {
        let measure = Measure(value: .infinity)
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE t (m TEXT)")
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t (m) VALUES (?)", arguments: [measure])) { error in
                guard let error = error as? DatabaseError else {
                    return XCTFail("unexpected error \(error)")
                }
                XCTAssertTrue(error.message?.contains("can not be encoded as JSON") == true, error.message ?? "")
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 0)
        }
    }
}
