/// Options for ``Database/create(view:options:columns:asLiteral:)``.
///
/// ```swift
/// // CREATE TEMPORARY VIEW IF NOT EXISTS "hero" AS SELECT ...
/// try db.create(view: "hero", options: [.temporary, .ifNotExists], asLiteral: "SELECT ...")
/// ```
///
/// See <https://www.sqlite.org/lang_createview.html>.
public struct ViewOptions: OptionSet, Sendable {
    /// The raw bits of the options.
    public let rawValue: Int

    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `IF NOT EXISTS`: no error when the view already exists.
    public static let ifNotExists = ViewOptions(rawValue: 1 << 0)

    /// `TEMPORARY`: the view lives in the `temp` schema, and disappears
    /// when the connection closes.
    public static let temporary = ViewOptions(rawValue: 1 << 1)
}
