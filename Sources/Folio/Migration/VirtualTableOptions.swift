/// Options for ``Database/create(virtualTable:options:using:_:)``.
///
/// ```swift
/// try db.create(virtualTable: "document", options: .ifNotExists, using: FTS5()) { t in
///     t.column("content")
/// }
/// ```
public struct VirtualTableOptions: OptionSet, Sendable {
    /// The raw bits of the options.
    public let rawValue: Int

    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `IF NOT EXISTS`: no error when the table already exists.
    public static let ifNotExists = VirtualTableOptions(rawValue: 1 << 0)

    /// Creates a temporary table, in the `temp` schema, that disappears
    /// when the connection closes. The objects a module creates with it,
    /// such as the triggers of a synchronized full-text table, are
    /// temporary too, and a synchronized content table must be temporary.
    ///
    /// ```swift
    /// // CREATE VIRTUAL TABLE "temp"."document" USING fts5("content")
    /// try db.create(virtualTable: "document", options: .temporary, using: FTS5()) { t in
    ///     t.column("content")
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_createvtab.html>.
    public static let temporary = VirtualTableOptions(rawValue: 1 << 1)
}
