/// An encoder that accepts everything and keeps nothing, returned where an
/// `Encoder` method can not throw and the encoding continues elsewhere.
struct DiscardingEncoder: Encoder {
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        Unkeyed(codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(codingPath: codingPath)
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var codingPath: [any CodingKey]
        mutating func encodeNil(forKey key: Key) throws { }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Unkeyed(codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> any Encoder { DiscardingEncoder(codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { DiscardingEncoder(codingPath: codingPath + [key]) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey]
        var count = 0
        mutating func encodeNil() throws { count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws { count += 1 }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            return KeyedEncodingContainer(Keyed<NestedKey>(codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return Unkeyed(codingPath: codingPath)
        }
        mutating func superEncoder() -> any Encoder { DiscardingEncoder(codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        var codingPath: [any CodingKey]
        mutating func encodeNil() throws { }
        mutating func encode<T: Encodable>(_ value: T) throws { }
    }
}
