import Foundation

// Codable values stored as JSON text: a type that adopts
// DatabaseValueConvertible and Codable, without its own `databaseValue`
// and `fromDatabaseValue(_:)`, and that encodes a keyed or an unkeyed
// container, is stored as the JSON its `databaseJSONEncoder()` writes, and
// read with its `databaseJSONDecoder()`. A type that encodes a single value
// is stored as that value (DatabaseValueConvertible+SingleValueCoding.swift).
// See <https://www.sqlite.org/json1.html>.
//
// ```swift
// struct Address: Codable, DatabaseValueConvertible {
//     var street: String
//     var city: String
// }
// // INSERT INTO place (address) VALUES ('{"city":"Paris","street":"..."}')
// try db.execute(sql: "INSERT INTO place (address) VALUES (?)", arguments: [address])
// ```

extension DatabaseValueConvertible {
    /// Returns the `JSONEncoder` that encodes the value.
    ///
    /// The default encoder encodes data as base64 strings, dates as
    /// milliseconds since 1970, refuses non-conforming floats (infinity and
    /// NaN), and sorts keys:
    ///
    /// ```swift
    /// let encoder = Address.databaseJSONEncoder()
    /// let json = try encoder.encode(address) // {"city":"Paris","street":"..."}
    /// ```
    ///
    /// See <https://www.sqlite.org/json1.html>.
    ///
    /// - Returns: A JSON encoder.
    public static func databaseJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .base64
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.nonConformingFloatEncodingStrategy = .throw
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    /// Returns the `JSONDecoder` that decodes the value.
    ///
    /// The default decoder decodes data from base64 strings, dates from
    /// milliseconds since 1970, and refuses non-conforming floats:
    ///
    /// ```swift
    /// let decoder = Address.databaseJSONDecoder()
    /// let address = try decoder.decode(Address.self, from: json)
    /// ```
    ///
    /// See <https://www.sqlite.org/json1.html>.
    ///
    /// - Returns: A JSON decoder.
    public static func databaseJSONDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.nonConformingFloatDecodingStrategy = .throw
        return decoder
    }
}

extension DatabaseValueConvertible where Self: Encodable {
    /// The value encoded as JSON text, with ``databaseJSONEncoder()``.
    ///
    /// ```swift
    /// struct Address: Codable, DatabaseValueConvertible { var city: String }
    /// Address(city: "Paris").databaseValue // '{"city":"Paris"}'
    /// ```
    ///
    /// A value that the encoder refuses (such as an infinite double) does
    /// not trap here: it is carried by the database value, and binding it
    /// throws a ``DatabaseError`` that names the encoding error.
    ///
    /// See <https://www.sqlite.org/json1.html>.
    // Disfavored: a default for the types that do not define their own,
    // which must not slow down the type checking of expressions such as
    // `1.databaseValue`.
    @_disfavoredOverload
    public var databaseValue: DatabaseValue {
        databaseJSONValue()
    }

    /// The value encoded as JSON text, or an unrepresentable value that
    /// reports the encoding error when it is stored.
    func databaseJSONValue() -> DatabaseValue {
        do {
            // A single value is stored as its own database value; keyed
            // and unkeyed containers as JSON
            // (DatabaseValueConvertible+SingleValueCoding.swift).
            if let dbValue = try DatabaseValueSingleValueEncoder.databaseValue(of: self) {
                return dbValue
            }
            let data = try Self.databaseJSONEncoder().encode(self)
            // JSONEncoder writes UTF-8.
            return String(decoding: data, as: UTF8.self).databaseValue
        } catch {
            return DatabaseValue(
                unrepresentable: "a \(typeNameForMessages(Self.self)) value",
                reason: "it can not be encoded as JSON: \(error)",
                approximation: .null)
        }
    }
}

extension DatabaseValueConvertible where Self: Decodable {
    /// Returns a value decoded from JSON text or a JSON blob, with
    /// ``databaseJSONDecoder()``, or nil when the database value is not
    /// the JSON of a value.
    ///
    /// ```swift
    /// struct Address: Codable, DatabaseValueConvertible { var city: String }
    /// Address.fromDatabaseValue(#"{"city":"Paris"}"#.databaseValue) // Address(city: "Paris")
    /// ```
    ///
    /// See <https://www.sqlite.org/json1.html>.
    ///
    /// - Parameter databaseValue: A database value.
    /// - Returns: A decoded value, or nil.
    @_disfavoredOverload
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Self? {
        fromDatabaseJSONValue(databaseValue)
    }

    /// Decodes JSON text or a JSON blob; nil for other values.
    static func fromDatabaseJSONValue(_ databaseValue: DatabaseValue) -> Self? {
        // A type that decodes a single value reads it from the database
        // value; a type that asks for a keyed or unkeyed container, or
        // whose single value does not convert, reads JSON
        // (DatabaseValueConvertible+SingleValueCoding.swift).
        do {
            return try Self(from: DatabaseValueSingleValueDecoder(databaseValue: databaseValue))
        } catch {
            // Not a single value: JSON.
        }
        let data: Data
        switch databaseValue.storage {
        case .string(let string): data = Data(string.utf8)
        case .blob(let blob): data = blob
        default: return nil
        }
        // A failed conversion is nil, as for any conversion: the row
        // decoder then reports the column, the value and the type.
        return try? databaseJSONDecoder().decode(Self.self, from: data)
    }
}

extension DatabaseValueConvertible where Self: Encodable & RawRepresentable, Self.RawValue: DatabaseValueConvertible {
    /// The raw value: an enum with a raw value is stored as its raw
    /// value, not as JSON.
    ///
    /// ```swift
    /// enum Grape: String, Codable, DatabaseValueConvertible { case merlot }
    /// Grape.merlot.databaseValue // 'merlot'
    /// ```
    ///
    /// See <https://www.sqlite.org/datatype3.html>.
    @_disfavoredOverload
    public var databaseValue: DatabaseValue {
        rawValue.databaseValue
    }
}

extension DatabaseValueConvertible where Self: Decodable & RawRepresentable, Self.RawValue: DatabaseValueConvertible {
    /// Returns the value of a raw value, or nil when it matches no case:
    /// an enum with a raw value is stored as its raw value, not as JSON.
    ///
    /// ```swift
    /// enum Grape: String, Codable, DatabaseValueConvertible { case merlot }
    /// Grape.fromDatabaseValue("merlot".databaseValue) // .merlot
    /// ```
    ///
    /// See <https://www.sqlite.org/datatype3.html>.
    ///
    /// - Parameter databaseValue: A database value.
    /// - Returns: A value, or nil.
    @_disfavoredOverload
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Self? {
        RawValue.fromDatabaseValue(databaseValue).flatMap { Self(rawValue: $0) }
    }
}
