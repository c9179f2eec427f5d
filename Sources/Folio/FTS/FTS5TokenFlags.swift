import CSQLite

/// The flags of a token produced by a tokenizer: the `tflags` argument of
/// the `xToken` callback.
///
/// ```swift
/// // "first" and its synonym "1st", at the same position:
/// try tokenCallback("first", flags)
/// try tokenCallback("1st", flags.union(.colocated))
/// ```
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
public struct FTS5TokenFlags: OptionSet, Sendable {
    /// The `FTS5_TOKEN_*` flags.
    ///
    /// ```swift
    /// FTS5TokenFlags.colocated.rawValue // 1 (FTS5_TOKEN_COLOCATED)
    /// ```
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public let rawValue: CInt

    /// Creates flags from `FTS5_TOKEN_*` flags.
    ///
    /// ```swift
    /// let flags = FTS5TokenFlags(rawValue: 1) // .colocated
    /// ```
    ///
    /// - Parameter rawValue: A mask of `FTS5_TOKEN_*` flags.
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public init(rawValue: CInt) {
        self.rawValue = rawValue
    }

    /// `FTS5_TOKEN_COLOCATED`: the token is a synonym of the previous
    /// one, at the same position.
    ///
    /// ```swift
    /// try tokenCallback("1st", flags.union(.colocated))
    /// ```
    ///
    /// See <https://www.sqlite.org/fts5.html#synonym_support>.
    public static let colocated = FTS5TokenFlags(rawValue: FTS5_TOKEN_COLOCATED)
}
