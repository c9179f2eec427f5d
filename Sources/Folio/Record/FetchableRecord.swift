import Foundation

/// A type that can be built from a database row.
///
/// Write `init(row:)` yourself:
///
/// ```swift
/// struct Place: FetchableRecord {
///     var id: Int64?
///     var title: String
///
///     enum Columns {
///         static let id = Column("id")
///         static let title = Column("title")
///     }
///
///     init(row: Row) throws {
///         id = row[Columns.id]
///         title = try row.decode(forKey: Columns.title)
///     }
/// }
///
/// let places = try Place.fetchAll(db, sql: "SELECT * FROM place")
/// ```
///
/// or let `Decodable` provide it:
///
/// ```swift
/// struct Player: Decodable, FetchableRecord, TableRecord {
///     var id: Int64
///     var name: String
///     var score: Int
/// }
///
/// let players = try Player.order(\.score.desc).fetchAll(db)
/// ```
///
/// The static properties and methods of the protocol customize the
/// `Decodable` implementation of `init(row:)`: JSON columns, dates, data,
/// column names and the `userInfo` of the decoder. They have default
/// implementations.
///
/// ## Topics
/// - ``init(row:)``
/// - ``databaseDecodingUserInfo``
/// - ``databaseJSONDecoder(for:)``
/// - ``databaseDataDecodingStrategy(for:)``
/// - ``databaseDateDecodingStrategy(for:)``
/// - ``databaseColumnDecodingStrategy``
/// - ``DatabaseDataDecodingStrategy``
/// - ``DatabaseDateDecodingStrategy``
/// - ``DatabaseColumnDecodingStrategy``
/// - ``RecordCursor``
public protocol FetchableRecord {
    /// Creates a record from a row.
    ///
    /// The row may be reused by the next step of a cursor: copy it
    /// (``Row/copy()``) to keep it.
    ///
    /// ```swift
    /// init(row: Row) throws {
    ///     id = try row.decode(forColumn: "id")
    ///     name = try row.decode(forColumn: "name")
    /// }
    /// ```
    ///
    /// - Parameter row: A database row.
    /// - Throws: An error when the row can not be decoded, such as a
    ///   ``RowDecodingError``.
    init(row: Row) throws

    /// The `userInfo` of the decoder that builds `Decodable` records from
    /// rows. Default: empty.
    ///
    /// ```swift
    /// let decoderName = CodingUserInfoKey(rawValue: "decoderName")!
    ///
    /// extension Player: FetchableRecord {
    ///     static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] {
    ///         [decoderName: "database row"]
    ///     }
    /// }
    /// ```
    ///
    /// Declare the property with the explicit `[CodingUserInfoKey: Any]`
    /// type, or the compiler may not see it as the protocol requirement.
    static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] { get }

    /// Returns the decoder of the JSON values stored in a column, for the
    /// properties of `Decodable` records that are not database values
    /// (nested structs, arrays, dictionaries).
    ///
    /// The default decoder decodes `Data` as base64, `Date` as milliseconds
    /// since 1970, refuses non-conforming floats, and has the
    /// ``databaseDecodingUserInfo``:
    ///
    /// ```swift
    /// static func databaseJSONDecoder(for column: String) -> JSONDecoder {
    ///     let decoder = JSONDecoder()
    ///     decoder.dateDecodingStrategy = .iso8601
    ///     return decoder
    /// }
    /// ```
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A JSON decoder.
    static func databaseJSONDecoder(for column: String) -> JSONDecoder

    /// Returns how `Data` properties of `Decodable` records are decoded.
    /// Default: ``DatabaseDataDecodingStrategy/deferredToData``.
    ///
    /// ```swift
    /// static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy {
    ///     .custom { dbValue in String.fromDatabaseValue(dbValue).map { Data($0.utf8) } }
    /// }
    /// ```
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A strategy.
    static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy

    /// Returns how `Date` properties of `Decodable` records are decoded.
    /// Default: ``DatabaseDateDecodingStrategy/deferredToDate``.
    ///
    /// ```swift
    /// static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
    ///     .timeIntervalSince1970
    /// }
    /// ```
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A strategy.
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy

    /// How the columns of a row match the coding keys of a `Decodable`
    /// record. Default: ``DatabaseColumnDecodingStrategy/useDefaultKeys``.
    ///
    /// ```swift
    /// // The `team_id` column feeds the `teamId` property.
    /// static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    /// ```
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { get }
}

extension FetchableRecord {
    /// An empty dictionary.
    public static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] {
        [:]
    }

    /// A decoder with the `.base64` data strategy, the
    /// `.millisecondsSince1970` date strategy, the `.throw` non-conforming
    /// float strategy, and ``databaseDecodingUserInfo``.
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A JSON decoder.
    public static func databaseJSONDecoder(for column: String) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.nonConformingFloatDecodingStrategy = .throw
        // JSONDecoder wants Sendable values. `Sendable` is a marker protocol
        // with no runtime representation: both dictionary types are the
        // same at runtime, and the values are the application's own.
        decoder.userInfo = unsafeBitCast(databaseDecodingUserInfo, to: [CodingUserInfoKey: any Sendable].self)
        return decoder
    }

    /// ``DatabaseDataDecodingStrategy/deferredToData``.
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A strategy.
    public static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy {
        .deferredToData
    }

    /// ``DatabaseDateDecodingStrategy/deferredToDate``.
    ///
    /// - Parameter column: The name of the column.
    /// - Returns: A strategy.
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .deferredToDate
    }

    /// ``DatabaseColumnDecodingStrategy/useDefaultKeys``.
    public static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy {
        .useDefaultKeys
    }
}
