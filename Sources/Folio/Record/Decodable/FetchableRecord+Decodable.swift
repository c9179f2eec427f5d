// The `Decodable` row decoder: the default `init(row:)` of `Decodable`
// records. This file is its entry point; the pipeline, in the order a row
// goes through it:
//
// 1. `FetchableRecord.init(row:)` (this file) calls the record's
//    `init(from:)` with a `RecordDecoder` (RecordDecoder.swift): a
//    three-word decoder over the row, that allocates nothing.
// 2. `RecordDecoder.container(keyedBy:)` returns the keyed container:
//    - for a row that a cursor reuses, the container cached in the row's
//      layer slot by `KeyedContainerCache` (KeyedContainerCache.swift),
//      built once per (record type, coding key type) and cursor;
//    - otherwise a `RecordKeyedDecodingContainer`
//      (RowKeyedDecodingContainer.swift).
// 3. Both containers decode through `RowKeyedDecoding`
//    (RowKeyedDecoding.swift), which finds the column of each key
//    in the `RowDecodingPlan` of the statement (RowDecodingPlan.swift),
//    resolved once per statement and kept in the statement's layer slot.
// 4. Standard values (Int, String, Double, Bool...) read straight from
//    the statement (`Row._readValue`). Other values go through
//    `ColumnDecoder` (ColumnDecoder.swift): `DatabaseValueConvertible`
//    types, the date and data decoding strategies, and JSON for nested
//    containers.
// 5. Keys that do not name a column decode associated records from the
//    row's scopes, or prefetched rows of `including(all:)` through
//    `PrefetchedRowsDecoder` (PrefetchedRowsDecoder.swift). The dynamic
//    casts that tell which is which run once per plan key
//    (`DecodedTypeTraits`, DecodedTypeTraits.swift).
//
// Errors are `RowDecodingError`s (Core) that name the column, the type,
// the value and the SQL. Documentation/Architecture.md places this folder
// among the layers.

extension FetchableRecord where Self: Decodable {
    /// Creates a record from a row, with its `Decodable` implementation.
    ///
    /// ```swift
    /// struct Player: Decodable, FetchableRecord {
    ///     var id: Int64
    ///     var name: String
    ///     var score: Int?
    ///     var achievements: [Achievement] // a JSON column
    /// }
    ///
    /// let players = try Player.fetchAll(db, sql: "SELECT * FROM player")
    /// ```
    ///
    /// Each coding key reads the column of the same name (see
    /// ``FetchableRecord/databaseColumnDecodingStrategy`` for other
    /// conventions):
    ///
    /// - Standard values (`Bool`, `String`, `Double`, `Float`, integers)
    ///   read straight from the statement. The column of each key is found
    ///   once per statement, not once per row.
    /// - `Date` and `Data` follow
    ///   ``FetchableRecord/databaseDateDecodingStrategy(for:)`` and
    ///   ``FetchableRecord/databaseDataDecodingStrategy(for:)``.
    /// - Database values (`UUID`, `DatabaseValueConvertible` types) use
    ///   their database conversion rather than their `Decodable` one.
    /// - Optional properties are nil for NULL and for missing columns.
    /// - Other values (nested structs, arrays, dictionaries) are stored as
    ///   JSON text, decoded with
    ///   ``FetchableRecord/databaseJSONDecoder(for:)``.
    ///
    /// Keys that feed no column decode the records of joined requests:
    /// associated records from the scope of the same name, collections of
    /// records from the prefetched rows of the same name
    /// (`including(all:)`), and other records from the row itself (the
    /// base record):
    ///
    /// ```swift
    /// struct BookInfo: Decodable, FetchableRecord {
    ///     var book: Book      // the base record
    ///     var author: Author? // the "author" scope
    /// }
    /// let infos = try BookInfo.fetchAll(db, Book.including(optional: Book.author))
    /// ```
    ///
    /// The decoder has the ``FetchableRecord/databaseDecodingUserInfo``.
    ///
    /// - Parameter row: A database row.
    /// - Throws: A ``RowDecodingError`` when a non-optional property has no
    ///   column or is NULL, or when a value does not convert. It names the
    ///   column, the expected type and the SQL. Errors thrown by your own
    ///   `init(from:)` are rethrown.
    @inlinable
    public init(row: Row) throws {
        // Inlinable, so that the call to init(from:) is direct, and the
        // record is built in place.
        try self.init(from: RecordDecoder(row: row, record: Self.self))
    }
}
