/// An object that decodes `Decodable` fetchable records from database
/// rows, with the decoding strategies of the record type
/// (``FetchableRecord/databaseColumnDecodingStrategy``,
/// `FetchableRecord/databaseDateDecodingStrategy`, ...).
///
/// Use it when a record implements `init(row:)` and still wants the
/// `Decodable` initializer, for example to adjust the decoded values:
///
/// ```swift
/// struct Player: Decodable, FetchableRecord {
///     var name: String
///     var score: Int
///
///     init(row: Row) throws {
///         self = try FetchableRecordDecoder().decode(Player.self, from: row)
///         score = max(score, 0)
///     }
/// }
/// ```
///
/// See the [SQLite documentation](https://www.sqlite.org/c3ref/column_blob.html).
public final class FetchableRecordDecoder {
    /// Creates a decoder.
    ///
    /// ```swift
    /// let decoder = FetchableRecordDecoder()
    /// ```
    public init() { }

    /// Decodes a record from a row, with the `Decodable` initializer of
    /// its type.
    ///
    /// ```swift
    /// let row = try Row.fetchOne(db, sql: "SELECT * FROM player")!
    /// let player = try FetchableRecordDecoder().decode(Player.self, from: row)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/c3ref/column_blob.html).
    ///
    /// - Parameters:
    ///   - type: The type of the record.
    ///   - row: A database row.
    /// - Returns: The decoded record.
    /// - Throws: A ``RowDecodingError`` when a non-optional property has no
    ///   column or is NULL, or when a value does not convert, and the
    ///   errors thrown by the `init(from:)` of the record.
    public func decode<T>(_ type: T.Type, from row: Row) throws -> T where T: FetchableRecord, T: Decodable {
        try T(from: RecordDecoder(row: row, record: T.self))
    }
}
