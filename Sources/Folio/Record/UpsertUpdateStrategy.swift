/// A strategy for updating database rows in case of upsert conflict: which
/// columns an upsert overwrites when the inserted row conflicts with an
/// existing one.
///
/// ```swift
/// // INSERT INTO "vocabulary" ("word", "count") VALUES (?, ?)
/// // ON CONFLICT DO UPDATE SET "count" = "count" + ?
/// // RETURNING *
/// let word = try vocabulary.upsertAndFetch(db, updating: .noColumnUnlessSpecified) { _ in
///     [Column("count") += 1]
/// }
/// ```
///
/// With ``allColumns`` (the default), all inserted columns but the
/// conflict target are overwritten, unless an assignment says otherwise.
/// When the strategy contains ``noColumnUnlessSpecified``, only the
/// columns of the assignments are updated.
///
/// See <https://www.sqlite.org/lang_upsert.html>.
public struct UpsertUpdateStrategy: OptionSet, Sendable {
    /// The raw value of the strategy.
    ///
    /// ```swift
    /// let strategy = UpsertUpdateStrategy(rawValue: UpsertUpdateStrategy.allColumns.rawValue)
    /// ```
    public let rawValue: Int

    /// Creates a strategy from a raw value.
    ///
    /// ```swift
    /// let strategy = UpsertUpdateStrategy(rawValue: 2) // .noColumnUnlessSpecified
    /// ```
    ///
    /// - Parameter rawValue: The raw value: 1 for ``allColumns``, 2 for
    ///   ``noColumnUnlessSpecified``.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// All columns are updated in the existing row, unless specified
    /// otherwise.
    ///
    /// ```swift
    /// // ... ON CONFLICT DO UPDATE SET "name" = "excluded"."name", "score" = "excluded"."score"
    /// try player.upsertAndFetch(db, updating: .allColumns)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_upsert.html>.
    public static let allColumns = UpsertUpdateStrategy(rawValue: 1 << 0)

    /// Only the specified columns are updated in the existing row. It takes
    /// precedence over ``allColumns`` when a strategy contains both.
    ///
    /// ```swift
    /// // ... ON CONFLICT DO UPDATE SET "score" = "score" + ?
    /// try player.upsertAndFetch(db, updating: .noColumnUnlessSpecified) { _ in
    ///     [Column("score") += 1]
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_upsert.html>.
    public static let noColumnUnlessSpecified = UpsertUpdateStrategy(rawValue: 1 << 1)
}
