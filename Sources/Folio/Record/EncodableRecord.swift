import Foundation

/// A type that can encode itself into database columns.
///
/// Write ``encode(to:)`` by hand:
///
/// ```swift
/// struct Player: EncodableRecord {
///     var id: Int64?
///     var name: String
///
///     func encode(to container: inout PersistenceContainer) {
///         container["id"] = id
///         container["name"] = name
///     }
/// }
/// ```
///
/// Or let `Encodable` types get it for free: each property is stored in the
/// column named after its coding key. Properties whose type is a database
/// value (`Int`, `String`, `Date`, enums with raw values...) are stored as
/// such, and other values (arrays, nested structs...) as JSON text:
///
/// ```swift
/// struct Player: Encodable, EncodableRecord {
///     var id: Int64?
///     var name: String
///     var achievements: [String] // JSON text
/// }
/// ```
///
/// The static properties and methods below customize the `Encodable`
/// encoding; they have no effect on a hand-written ``encode(to:)``.
///
/// ## Topics
/// - ``encode(to:)``
/// - ``databaseEncodingUserInfo``
/// - ``databaseJSONEncoder(for:)``
/// - ``databaseDataEncodingStrategy(for:)``
/// - ``databaseDateEncodingStrategy(for:)``
/// - ``databaseUUIDEncodingStrategy(for:)``
/// - ``databaseColumnEncodingStrategy``
/// - ``databaseDictionary``
/// - ``databaseEquals(_:)``
/// - ``databaseChanges(from:)``
/// - ``databaseChanges(modify:)``
public protocol EncodableRecord {
    /// Stores the values of the record in the container.
    ///
    /// ```swift
    /// func encode(to container: inout PersistenceContainer) {
    ///     container["id"] = id
    ///     container[Columns.name] = name
    /// }
    /// ```
    ///
    /// - Parameter container: The container of the database values.
    /// - Throws: An error when a value can not be encoded.
    func encode(to container: inout PersistenceContainer) throws

    /// The `userInfo` of the encoder of `Encodable` records.
    ///
    /// Declare it with its exact type, `[CodingUserInfoKey: Any]`, or the
    /// default empty dictionary is used:
    ///
    /// ```swift
    /// static var databaseEncodingUserInfo: [CodingUserInfoKey: Any] {
    ///     [CodingUserInfoKey(rawValue: "target")!: "database"]
    /// }
    /// ```
    static var databaseEncodingUserInfo: [CodingUserInfoKey: Any] { get }

    /// The JSON encoder of the properties of `Encodable` records that are
    /// stored as JSON text.
    ///
    /// The default encoder sorts keys, encodes `Data` in base64, dates as
    /// milliseconds since 1970, and throws on non-conforming floats.
    ///
    /// ```swift
    /// static func databaseJSONEncoder(for column: String) -> JSONEncoder {
    ///     let encoder = JSONEncoder()
    ///     encoder.outputFormatting = .sortedKeys
    ///     encoder.dateEncodingStrategy = .iso8601
    ///     return encoder
    /// }
    /// ```
    ///
    /// - Parameter column: The name of the JSON column.
    /// - Returns: A JSON encoder.
    static func databaseJSONEncoder(for column: String) -> JSONEncoder

    /// How `Encodable` records store their `Data` properties. The default
    /// is ``DatabaseDataEncodingStrategy/deferredToData`` (a blob).
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A strategy.
    static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy

    /// How `Encodable` records store their `Date` properties. The default
    /// is ``DatabaseDateEncodingStrategy/deferredToDate``
    /// ("YYYY-MM-DD HH:MM:SS.SSS" text, UTC).
    ///
    /// ```swift
    /// static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
    ///     column == "creationDate" ? .timeIntervalSince1970 : .deferredToDate
    /// }
    /// ```
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A strategy.
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy

    /// How `Encodable` records store their `UUID` properties. The default
    /// is ``DatabaseUUIDEncodingStrategy/deferredToUUID`` (a 16-byte blob).
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A strategy.
    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy

    /// How `Encodable` records turn their coding keys into column names.
    /// The default is ``DatabaseColumnEncodingStrategy/useDefaultKeys``.
    static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { get }
}

extension EncodableRecord {
    /// An empty dictionary.
    ///
    /// ```swift
    /// Player.databaseEncodingUserInfo // [:]
    /// ```
    public static var databaseEncodingUserInfo: [CodingUserInfoKey: Any] { [:] }

    /// A JSON encoder with sorted keys, base64 data, dates as milliseconds
    /// since 1970, and that throws on non-conforming floats.
    ///
    /// ```swift
    /// // '[{"color":"gold","name":"Use Codable Records"}]'
    /// let encoder = Player.databaseJSONEncoder(for: "achievements")
    /// ```
    ///
    /// - Parameter column: The name of the JSON column.
    /// - Returns: A JSON encoder.
    public static func databaseJSONEncoder(for column: String) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dataEncodingStrategy = .base64
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.nonConformingFloatEncodingStrategy = .throw
        // The values of JSON columns see the record's userInfo, as GRDB's
        // do. JSONEncoder wants Sendable values. `Sendable` is a marker
        // protocol with no runtime representation: both dictionary types
        // are the same at runtime, and the values are the application's own.
        encoder.userInfo = unsafeBitCast(databaseEncodingUserInfo, to: [CodingUserInfoKey: any Sendable].self)
        return encoder
    }

    /// ``DatabaseDataEncodingStrategy/deferredToData``.
    ///
    /// ```swift
    /// Player.databaseDataEncodingStrategy(for: "avatar") // .deferredToData
    /// ```
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A strategy.
    public static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy {
        .deferredToData
    }

    /// ``DatabaseDateEncodingStrategy/deferredToDate``.
    ///
    /// ```swift
    /// Player.databaseDateEncodingStrategy(for: "birthDate") // .deferredToDate
    /// ```
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A strategy.
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .deferredToDate
    }

    /// ``DatabaseUUIDEncodingStrategy/deferredToUUID``.
    ///
    /// ```swift
    /// Player.databaseUUIDEncodingStrategy(for: "uuid") // .deferredToUUID
    /// ```
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A strategy.
    public static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
        .deferredToUUID
    }

    /// ``DatabaseColumnEncodingStrategy/useDefaultKeys``.
    ///
    /// ```swift
    /// Player.databaseColumnEncodingStrategy // .useDefaultKeys
    /// ```
    public static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy {
        .useDefaultKeys
    }
}

extension EncodableRecord {
    /// The database values of the record, keyed by column name.
    ///
    /// ```swift
    /// let player = Player(id: 1, name: "Arthur", score: 1000)
    /// try player.databaseDictionary // ["id": 1, "name": "Arthur", "score": 1000]
    /// ```
    ///
    /// - Throws: The error of ``encode(to:)``.
    public var databaseDictionary: [String: DatabaseValue] {
        get throws {
            try makePersistenceContainer().dictionary
        }
    }

    /// Returns whether two records have the same database representation.
    ///
    /// ```swift
    /// if !newPlayer.databaseEquals(oldPlayer) {
    ///     try newPlayer.save(db)
    /// }
    /// ```
    ///
    /// A record that fails to encode is not equal to any record.
    ///
    /// - Parameter record: Another record.
    /// - Returns: Whether both records store the same values in the same
    ///   columns.
    public func databaseEquals(_ record: Self) -> Bool {
        // Documented: a record that fails to encode is not equal to any
        // record (the signature, GRDB's, does not throw).
        guard let lhs = try? makePersistenceContainer(),
              let rhs = try? record.makePersistenceContainer()
        else { return false }
        return lhs.columns.count == rhs.columns.count && PersistenceContainer.changes(from: rhs, to: lhs).isEmpty
    }

    /// Returns the values that differ from another record, keyed by
    /// column, with the values of the other record.
    ///
    /// ```swift
    /// let oldPlayer = Player(id: 1, name: "Arthur", score: 100)
    /// let newPlayer = Player(id: 1, name: "Arthur", score: 1000)
    /// try newPlayer.databaseChanges(from: oldPlayer) // ["score": 100]
    /// ```
    ///
    /// A column that the other record does not store is reported with the
    /// NULL value.
    ///
    /// - Parameter record: Another record.
    /// - Returns: The old values of the changed columns.
    /// - Throws: The error of ``encode(to:)``.
    public func databaseChanges(from record: some EncodableRecord) throws -> [String: DatabaseValue] {
        try databaseChanges(from: record.makePersistenceContainer())
    }

    /// Modifies the record with a function, and returns the values that
    /// the modification changed, keyed by column, with their values before
    /// the modification.
    ///
    /// ```swift
    /// var player = Player(id: 1, name: "Arthur", score: 100)
    /// let changes = try player.databaseChanges {
    ///     $0.score = 1000
    ///     $0.name = "Arthur" // the same value: not a change
    /// }
    /// // changes == ["score": 100]
    /// ```
    ///
    /// The values are compared as they are stored in the database: the
    /// record does not need to be `Equatable`. This works for classes as
    /// well: the values are captured before `modify` runs.
    ///
    /// - Parameter modify: A function that modifies the record.
    /// - Returns: The old values of the changed columns.
    /// - Throws: The error of `modify`, or of ``encode(to:)``.
    public mutating func databaseChanges(modify: (inout Self) throws -> Void) throws -> [String: DatabaseValue] {
        let old = try makePersistenceContainer()
        try modify(&self)
        return try databaseChanges(from: old)
    }

    /// The values that differ from a container, keyed by column, with the
    /// values of the container (NULL for a column it does not store).
    func databaseChanges(from old: PersistenceContainer) throws -> [String: DatabaseValue] {
        let new = try makePersistenceContainer()
        var changes: [String: DatabaseValue] = [:]
        for (column, oldValue) in PersistenceContainer.changes(from: old, to: new) {
            changes[column] = oldValue ?? .null
        }
        return changes
    }
}

extension PersistenceContainer {
    /// The columns of `new` whose value differs from `old`, in the order of
    /// `new`, with their old value (nil when `old` does not have the
    /// column). Values compare as in SQLite: the integer 1 equals the
    /// double 1.0.
    static func changes(from old: PersistenceContainer, to new: PersistenceContainer) -> [(column: String, oldValue: DatabaseValue?)] {
        var changes: [(column: String, oldValue: DatabaseValue?)] = []
        for (column, value) in zip(new._columns, new._values) {
            let oldValue = old.databaseValue(forColumn: column)
            if oldValue != value {
                changes.append((column, oldValue))
            }
        }
        return changes
    }
}
