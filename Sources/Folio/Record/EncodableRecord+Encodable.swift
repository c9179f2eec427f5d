import Foundation

extension EncodableRecord where Self: Encodable {
    /// Encodes the record through its `Encodable` implementation: each
    /// coding key is a column.
    ///
    /// ```swift
    /// struct Player: Encodable, MutablePersistableRecord {
    ///     var id: Int64?
    ///     var name: String
    ///     var tags: [String]
    /// }
    /// // INSERT INTO player (id, name, tags) VALUES (NULL, 'Arthur', '["rookie"]')
    /// ```
    ///
    /// - Values of a type that conforms to ``DatabaseValueConvertible``
    ///   are stored as such (`Date`, `UUID` and `Data` according to the
    ///   strategies of the record).
    /// - nil is stored as NULL.
    /// - Other values that encode a single value (enums without
    ///   `DatabaseValueConvertible` conformance, for example) store it.
    /// - Other values (arrays, dictionaries, structs) are stored as JSON
    ///   text, with ``databaseJSONEncoder(for:)``.
    ///
    /// - Parameter container: The container of the database values.
    /// - Throws: An `EncodingError` when the record does not encode a keyed
    ///   container, or when a value fails to encode.
    public func encode(to container: inout PersistenceContainer) throws {
        // A loop of insertions reuses the encoder of the previous record,
        // and its keyed container (see RecordEncoderReuse).
        let reuse = RecordEncoderReuse.current
        let state: RecordEncodingState<Self>
        // The non-generic type of the encoder: turning it into `any Encoder`
        // needs no run-time metadata look-up.
        var encoder: ReusableRecordEncoder
        if let reused = reuse.takeEncoder(for: Self.self) {
            state = reused.state
            encoder = reused
        } else {
            let new = RecordEncoder<Self>()
            state = new.state
            encoder = new
        }
        // Hand the storage to the encoder without a copy: `container` is
        // left empty if the encoding throws.
        swap(&state.container, &container)
        try encode(to: encoder)
        swap(&state.container, &container)
        let error = state.error
        state.error = nil
        if isKnownUniquelyReferenced(&encoder) {
            // Not kept by the record's `encode(to:)`: reusable.
            reuse.keepEncoder(encoder, for: Self.self)
        }
        if let error {
            throw error
        }
    }
}

/// The non-generic base class of ``RecordEncoder``: what
/// ``RecordEncoderReuse`` keeps, whatever the record type, and the type
/// of the `Encoder` that a record's `encode(to:)` receives (it is not
/// generic, so that turning it into `any Encoder` needs no run-time
/// metadata look-up). Its own methods, which ``RecordEncoder`` overrides,
/// encode nothing.
class ReusableRecordEncoder: Encoder {
    /// The keyed container of the encoder, built by its first record.
    var keyedContainer: CachedKeyedEncodingContainer?

    var codingPath: [any CodingKey] { [] }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        DiscardingEncoder(codingPath: []).container(keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        DiscardingEncoder(codingPath: []).unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        DiscardingEncoder(codingPath: []).singleValueContainer()
    }
}

/// The encoder that turns an `Encodable` record into a
/// ``PersistenceContainer``.
///
/// It builds its keyed container once (see
/// ``CachedKeyedEncodingContainer``), and a loop of insertions reuses it
/// from one record to the next (see ``RecordEncoderReuse``).
final class RecordEncoder<Record: EncodableRecord>: ReusableRecordEncoder {
    /// What the encoder and its containers write.
    let state = RecordEncodingState<Record>()

    /// The key plan of ``keyedContainer``, if its key type has one.
    private var keyPlan: RecordEncodingKeyPlan?

    override var userInfo: [CodingUserInfoKey: Any] { Record.databaseEncodingUserInfo }

    override func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        if let cached = keyedContainer, cached.keyType == keyType {
            // The keys of the record start again at the first position.
            keyPlan?.position = 0
            // The entry of this key type holds a KeyedEncodingContainer<Key>.
            return unsafeDowncast(cached, to: TypedCachedKeyedEncodingContainer<KeyedEncodingContainer<Key>>.self)
                .copyContainer()
        }
        let plan = state.usesKeyPlans && RecordEncodingKeyPlan.supports(Key.self) ? RecordEncodingKeyPlan() : nil
        let container = KeyedEncodingContainer(RecordKeyedEncodingContainer<Record, Key>(state: state, plan: plan))
        keyedContainer = TypedCachedKeyedEncodingContainer(keyType: keyType, container: container)
        keyPlan = plan
        return container
    }

    override func unkeyedContainer() -> any UnkeyedEncodingContainer {
        state.fail("an unkeyed container (a record encodes its columns in a keyed container)")
        return super.unkeyedContainer()
    }

    override func singleValueContainer() -> any SingleValueEncodingContainer {
        RecordSingleValueEncodingContainer(encoder: self)
    }
}

/// The single value container of a record: a value encoded in it encodes
/// its own columns into the record, as GRDB does, so that a record can
/// encode another record, then keyed columns of its own:
///
/// ```swift
/// func encode(to encoder: any Encoder) throws {
///     var single = encoder.singleValueContainer()
///     try single.encode(player)      // the columns of player
///     var keyed = encoder.container(keyedBy: CodingKeys.self)
///     try keyed.encode(bonus, forKey: .bonus)
/// }
/// ```
///
/// A value that is not made of columns (a number, a string, nil) can not
/// be a record.
struct RecordSingleValueEncodingContainer<Record: EncodableRecord>: SingleValueEncodingContainer {
    let encoder: RecordEncoder<Record>
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { refuse() }
    mutating func encode(_ value: Bool) throws { refuse() }
    mutating func encode(_ value: String) throws { refuse() }
    mutating func encode(_ value: Double) throws { refuse() }
    mutating func encode(_ value: Float) throws { refuse() }
    mutating func encode(_ value: Int) throws { refuse() }
    mutating func encode(_ value: Int8) throws { refuse() }
    mutating func encode(_ value: Int16) throws { refuse() }
    mutating func encode(_ value: Int32) throws { refuse() }
    mutating func encode(_ value: Int64) throws { refuse() }
    mutating func encode(_ value: UInt) throws { refuse() }
    mutating func encode(_ value: UInt8) throws { refuse() }
    mutating func encode(_ value: UInt16) throws { refuse() }
    mutating func encode(_ value: UInt32) throws { refuse() }
    mutating func encode(_ value: UInt64) throws { refuse() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if value is any DatabaseValueConvertible {
            return refuse()
        }
        try value.encode(to: encoder)
    }

    private func refuse() {
        encoder.state.fail("a single value (a record encodes its columns in a keyed container)")
    }
}

/// What ``RecordEncoder`` and its keyed container write: the container of
/// the record, and the first error.
final class RecordEncodingState<Record: EncodableRecord> {
    /// The encoded values. Only the encoder and its keyed container,
    /// which never overlap their accesses, use it: no exclusivity check
    /// per column.
    @exclusivity(unchecked) var container = PersistenceContainer()

    /// The first error met by a container method that can not throw.
    @exclusivity(unchecked) var error: (any Error)?

    /// The column strategy of the record, read once per encoder instead of
    /// once per column.
    let columnEncodingStrategy: DatabaseColumnEncodingStrategy

    /// Whether columns are named after coding keys: the common case, tested
    /// without a switch.
    let usesDefaultKeys: Bool

    /// Whether the column of a key depends on the key only, so that keyed
    /// containers can remember it (see ``RecordEncodingKeyPlan``): not
    /// for a `.custom` strategy.
    let usesKeyPlans: Bool

    init() {
        let strategy = Record.databaseColumnEncodingStrategy
        self.columnEncodingStrategy = strategy
        switch strategy {
        case .useDefaultKeys:
            usesDefaultKeys = true
            usesKeyPlans = true
        case .convertToSnakeCase:
            usesDefaultKeys = false
            usesKeyPlans = true
        case .custom:
            usesDefaultKeys = false
            usesKeyPlans = false
        }
    }

    /// Records an unsupported use of the encoder, to be thrown once
    /// `encode(to:)` returns.
    func fail(_ what: String, codingPath: [any CodingKey] = []) {
        guard error == nil else { return }
        error = EncodingError.invalidValue(
            Record.self,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "\(Record.self) can not encode \(what) into the database"))
    }

    /// The column of a coding key. Inlined in the setters of each column,
    /// which are generic over the coding key: no generic call per column.
    @inline(__always)
    func column(for key: some CodingKey) -> String {
        usesDefaultKeys ? key.stringValue : columnEncodingStrategy.column(for: key)
    }

    /// Sets the value of a column. The value is owned, so that the
    /// container appends it without copying it. Inlined in the methods of
    /// the keyed container: no generic call per column.
    @inline(__always)
    func set(_ value: __owned DatabaseValue, forColumn column: String) {
        container.setDatabaseValue(value, forColumn: column)
    }

    /// Encodes a value of any type into the column of a coding key.
    func encode<T: Encodable>(_ value: T, forColumn column: String, key: some CodingKey) throws {
        let dbValue = try DatabaseValueEncoding<Record>.databaseValue(for: value, column: column, codingPath: [key])
        container.setDatabaseValue(dbValue, forColumn: column)
    }
}

/// The keyed container of ``RecordEncoder``: one key, one column.
struct RecordKeyedEncodingContainer<Record: EncodableRecord, Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// Not the encoder: the encoder keeps the container (see
    /// ``CachedKeyedEncodingContainer``), which must not keep it in turn.
    let state: RecordEncodingState<Record>

    /// The columns of the keys, by position, when the key type allows it
    /// (see ``RecordEncodingKeyPlan``).
    let plan: RecordEncodingKeyPlan?

    var codingPath: [any CodingKey] { [] }

    /// The column of a key: the one the plan expects, or the one the key
    /// names.
    @inline(__always)
    private func column(for key: Key) -> String {
        switch plan?.next(key) {
        case .expected(let position, _)?:
            return plan.unsafelyUnwrapped.entries[position].column
        case .unexpected(let position)?:
            return learnColumn(for: key, at: position)
        case nil:
            return state.column(for: key)
        }
    }

    /// Returns the column of a key that the plan did not expect at
    /// `position`, and teaches it to the plan.
    @inline(never)
    private func learnColumn(for key: Key, at position: Int) -> String {
        let column = state.column(for: key)
        plan?.learn(column, for: key, at: position)
        return column
    }

    /// Sets the value of the column of a key.
    ///
    /// The fast path, for the keys of a record that come in the order of
    /// the previous record's: the plan recognizes the key, and the
    /// container expects its column next. It appends the value with no
    /// string at all: not the key's `stringValue`, not even a copy of the
    /// column (whose reference counting costs as much as the look-up it
    /// replaces). Nor a reference to the plan: ``RecordEncodingKeyPlan/next(_:)``
    /// returns a trivial value, so that the compiler does not keep the
    /// plan alive across the append.
    @inline(__always)
    private func set(_ value: __owned DatabaseValue, forKey key: Key) {
        switch plan?.next(key) {
        case .expected(let position, let columnBits)?:
            if state.container.expectsNextColumn(withBits: columnBits) {
                state.container.appendExpectedValue(value)
            } else {
                state.set(value, forColumn: expectedColumn(at: position))
            }
        case .unexpected(let position)?:
            state.set(value, forColumn: learnColumn(for: key, at: position))
        case nil:
            state.set(value, forColumn: state.column(for: key))
        }
    }

    /// The column of the key that the plan expected at `position`.
    @inline(never)
    private func expectedColumn(at position: Int) -> String {
        plan.unsafelyUnwrapped.entries[position].column
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(DatabaseValue(storage: .string(value)), forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(DatabaseValue(storage: .int64(Int64(value))), forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(DatabaseValue(storage: .int64(value)), forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(value.databaseValue, forKey: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try state.encode(value, forColumn: column(for: key), key: key)
    }

    // nil is stored as NULL: the default implementations skip the column.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try state.encode(value, forColumn: column(for: key), key: key)
        } else {
            set(.null, forKey: key)
        }
    }

    private func encodeOptional<T: DatabaseValueConvertible>(_ value: T?, forKey key: Key) throws {
        set(value?.databaseValue ?? .null, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        state.fail("a nested keyed container for the key \"\(key.stringValue)\" (encode a value instead, it is stored as JSON)", codingPath: [key])
        return DiscardingEncoder(codingPath: [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        state.fail("a nested unkeyed container for the key \"\(key.stringValue)\" (encode an array instead, it is stored as JSON)", codingPath: [key])
        return DiscardingEncoder(codingPath: [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        state.fail("a super encoder", codingPath: [])
        return DiscardingEncoder(codingPath: [])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        state.fail("a super encoder for the key \"\(key.stringValue)\"", codingPath: [key])
        return DiscardingEncoder(codingPath: [key])
    }
}

/// The database value of one property of an `Encodable` record.
enum DatabaseValueEncoding<Record: EncodableRecord> {
    static func databaseValue<T: Encodable>(for value: T, column: String, codingPath: [any CodingKey]) throws -> DatabaseValue {
        // Metatype comparisons are cheaper than dynamic casts.
        if T.self == Date.self {
            return Record.databaseDateEncodingStrategy(for: column).databaseValue(for: value as! Date)
        }
        if T.self == UUID.self {
            return Record.databaseUUIDEncodingStrategy(for: column).databaseValue(for: value as! UUID)
        }
        if T.self == Data.self {
            return Record.databaseDataEncodingStrategy(for: column).databaseValue(for: value as! Data)
        }
        if let optional = value as? any OptionalEncodable {
            guard let wrapped = optional.wrappedEncodable else { return .null }
            return try databaseValue(for: wrapped, column: column, codingPath: codingPath)
        }
        if let convertible = value as? any DatabaseValueConvertible {
            return convertible.databaseValue
        }
        // A value that encodes a single value stores it; other values are
        // stored as JSON.
        let encoder = ColumnValueEncoder<Record>(column: column, codingPath: codingPath)
        try value.encode(to: encoder)
        if !encoder.needsJSON, let dbValue = encoder.value {
            return dbValue
        }
        let data = try Record.databaseJSONEncoder(for: column).encode(value)
        return DatabaseValue(storage: .string(String(decoding: data, as: UTF8.self)))
    }
}

/// An optional, whose wrapped value is stored without the optional.
protocol OptionalEncodable {
    var wrappedEncodable: (any Encodable)? { get }
}

extension Optional: OptionalEncodable where Wrapped: Encodable {
    var wrappedEncodable: (any Encodable)? { self }
}

/// The encoder of a property value that is not a database value: it
/// captures a single value, or notes that the value needs JSON (the value
/// asks for a keyed or an unkeyed container). Core's single value encoder
/// with the record's `userInfo`, and the record's strategies for the
/// values that the property wraps.
final class ColumnValueEncoder<Record: EncodableRecord>: DatabaseValueSingleValueEncoder {
    let column: String

    /// Whether the value is stored as JSON.
    var needsJSON: Bool { asksForContainer }

    init(column: String, codingPath: [any CodingKey]) {
        self.column = column
        super.init(codingPath: codingPath)
    }

    override var userInfo: [CodingUserInfoKey: Any] { Record.databaseEncodingUserInfo }

    override func encode<T: Encodable>(_ value: T) throws {
        self.value = try DatabaseValueEncoding<Record>.databaseValue(for: value, column: column, codingPath: codingPath)
    }
}
