/// Options for ``Database/create(index:on:columns:options:condition:)``
/// and ``Database/create(indexOn:columns:options:condition:)``.
///
/// ```swift
/// // CREATE UNIQUE INDEX IF NOT EXISTS "index_player_on_email" ON "player"("email")
/// try db.create(indexOn: "player", columns: ["email"], options: [.unique, .ifNotExists])
/// ```
///
/// See <https://www.sqlite.org/lang_createindex.html>.
public struct IndexOptions: OptionSet, Sendable {
    /// The raw bits of the options.
    public let rawValue: Int

    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `IF NOT EXISTS`: no error when the index already exists.
    public static let ifNotExists = IndexOptions(rawValue: 1 << 0)

    /// `UNIQUE`: the index forbids duplicate entries.
    public static let unique = IndexOptions(rawValue: 1 << 1)
}
