import Foundation

// A `Codable` type that adopts DatabaseValueConvertible, and encodes
// itself through `singleValueContainer()` (a wrapper of a `String`, a
// `Date`, a `URL`, a `UUID`...), is stored as the database value of what
// it wraps (`'foo'`, not the JSON `'"foo"'`), and decodes from it: JSON is
// for the types that encode keyed and unkeyed containers (GRDB's
// DatabaseValueConvertible article, "Built-in Codable support").
//
// ```swift
// struct Name: Codable, DatabaseValueConvertible {
//     var rawValue: String
//     init(from decoder: any Decoder) throws {
//         rawValue = try decoder.singleValueContainer().decode(String.self)
//     }
//     func encode(to encoder: any Encoder) throws {
//         var container = encoder.singleValueContainer()
//         try container.encode(rawValue)
//     }
// }
// Name(rawValue: "foo").databaseValue // 'foo'
// ```
//
// The encoder and the decoder below run the type's own `encode(to:)` and
// `init(from:)`: they stop with `SingleValueCodingRefusal` as soon as the
// type asks for a keyed or unkeyed container, and the value is then coded
// as JSON (`DatabaseValueConvertible+JSON.swift`).

/// Thrown by ``DatabaseValueSingleValueEncoder`` and
/// ``DatabaseValueSingleValueDecoder`` when a type asks for a keyed or an
/// unkeyed container: the value is coded as JSON instead.
struct SingleValueCodingRefusal: Error { }

/// An encoder that gives the database value of a type that encodes a
/// single value, or refuses other types.
///
/// It is also the base of the record encoder's `ColumnValueEncoder`
/// (`Record/EncodableRecord+Encodable.swift`), which captures the single
/// value of a record property the same way, with the record's `userInfo`
/// and the record's strategies for the values it wraps: only `userInfo`
/// and `encode<T>(_:)` are overridden, everything else is final.
class DatabaseValueSingleValueEncoder: Encoder, SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The encoded value, once a value is encoded.
    final var value: DatabaseValue?

    /// Whether the type asked for a keyed or an unkeyed container.
    private(set) final var asksForContainer = false

    init(codingPath: [any CodingKey] = []) {
        self.codingPath = codingPath
    }

    /// Returns the database value of a value that encodes a single value,
    /// or nil when it encodes a keyed or unkeyed container.
    static func databaseValue(of value: some Encodable) throws -> DatabaseValue? {
        let encoder = DatabaseValueSingleValueEncoder()
        do {
            try value.encode(to: encoder)
        } catch is SingleValueCodingRefusal {
            return nil
        }
        if encoder.asksForContainer { return nil }
        return encoder.value ?? .null
    }

    final func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        asksForContainer = true
        return DiscardingEncoder(codingPath: codingPath).container(keyedBy: type)
    }

    final func unkeyedContainer() -> any UnkeyedEncodingContainer {
        asksForContainer = true
        return DiscardingEncoder(codingPath: codingPath).unkeyedContainer()
    }

    final func singleValueContainer() -> any SingleValueEncodingContainer { self }

    final func encodeNil() throws { value = .null }
    final func encode(_ value: Bool) throws { self.value = value.databaseValue }
    final func encode(_ value: String) throws { self.value = value.databaseValue }
    final func encode(_ value: Double) throws { self.value = value.databaseValue }
    final func encode(_ value: Float) throws { self.value = value.databaseValue }
    final func encode(_ value: Int) throws { self.value = value.databaseValue }
    final func encode(_ value: Int8) throws { self.value = value.databaseValue }
    final func encode(_ value: Int16) throws { self.value = value.databaseValue }
    final func encode(_ value: Int32) throws { self.value = value.databaseValue }
    final func encode(_ value: Int64) throws { self.value = value.databaseValue }
    final func encode(_ value: UInt) throws { self.value = value.databaseValue }
    final func encode(_ value: UInt8) throws { self.value = value.databaseValue }
    final func encode(_ value: UInt16) throws { self.value = value.databaseValue }
    final func encode(_ value: UInt32) throws { self.value = value.databaseValue }
    final func encode(_ value: UInt64) throws { self.value = value.databaseValue }

    func encode<T: Encodable>(_ value: T) throws {
        // A database value (Date, URL, UUID, another wrapper...) is stored
        // as its own database value.
        if let convertible = value as? any DatabaseValueConvertible {
            self.value = convertible.databaseValue
            return
        }
        // Another single value, or a refusal.
        try value.encode(to: self)
    }
}

/// A decoder that reads a type that decodes a single value from a database
/// value, or refuses other types.
struct DatabaseValueSingleValueDecoder: Decoder, SingleValueDecodingContainer {
    let databaseValue: DatabaseValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw SingleValueCodingRefusal()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SingleValueCodingRefusal()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { databaseValue.isNull }

    func decode(_ type: Bool.Type) throws -> Bool { try convert(Bool.self) }
    func decode(_ type: String.Type) throws -> String { try convert(String.self) }
    func decode(_ type: Double.Type) throws -> Double { try convert(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try convert(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try convert(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try convert(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try convert(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try convert(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try convert(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try convert(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try convert(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try convert(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try convert(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try convert(UInt64.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let convertible = T.self as? any DatabaseValueConvertible.Type {
            guard let value = convertible.fromDatabaseValue(databaseValue) as? T else {
                throw mismatch(T.self)
            }
            return value
        }
        return try T(from: self)
    }

    private func convert<T: DatabaseValueConvertible>(_ type: T.Type) throws -> T {
        guard let value = T.fromDatabaseValue(databaseValue) else {
            throw mismatch(T.self)
        }
        return value
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: [],
            debugDescription: "could not decode \(typeNameForMessages(type)) from \(databaseValue)"))
    }
}
