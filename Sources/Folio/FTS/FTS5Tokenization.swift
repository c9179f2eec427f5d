import CSQLite

/// The reason why FTS5 asks a tokenizer for tokens: the `flags` argument
/// of the `xTokenize` function of a tokenizer.
///
/// ```swift
/// func accept(token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
///             tokenCallback: FTS5WrapperTokenCallback) throws
/// {
///     if tokenization.contains(.query) {
///         // A MATCH query is being tokenized
///     }
///     try tokenCallback(token, flags)
/// }
/// ```
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
public struct FTS5Tokenization: OptionSet, Sendable {
    /// The `FTS5_TOKENIZE_*` flags.
    ///
    /// ```swift
    /// FTS5Tokenization.query.rawValue // 1 (FTS5_TOKENIZE_QUERY)
    /// ```
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public let rawValue: CInt

    /// Creates a tokenization from `FTS5_TOKENIZE_*` flags.
    ///
    /// ```swift
    /// let tokenization = FTS5Tokenization(rawValue: 1) // .query
    /// ```
    ///
    /// - Parameter rawValue: A mask of `FTS5_TOKENIZE_*` flags.
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public init(rawValue: CInt) {
        self.rawValue = rawValue
    }

    /// `FTS5_TOKENIZE_QUERY`: a MATCH query is being tokenized.
    ///
    /// ```swift
    /// if tokenization.contains(.query) { ... }
    /// ```
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public static let query = FTS5Tokenization(rawValue: FTS5_TOKENIZE_QUERY)

    /// `FTS5_TOKENIZE_PREFIX`: with ``query``, the tokenized string is
    /// followed by `*` in the query (a prefix query).
    ///
    /// ```swift
    /// if tokenization.contains([.query, .prefix]) { ... }
    /// ```
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public static let prefix = FTS5Tokenization(rawValue: FTS5_TOKENIZE_PREFIX)

    /// `FTS5_TOKENIZE_DOCUMENT`: a document is being inserted into or
    /// removed from the table.
    ///
    /// ```swift
    /// if tokenization.contains(.document) { ... }
    /// ```
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public static let document = FTS5Tokenization(rawValue: FTS5_TOKENIZE_DOCUMENT)

    /// `FTS5_TOKENIZE_AUX`: an auxiliary function asks for tokens.
    ///
    /// ```swift
    /// if tokenization.contains(.aux) { ... }
    /// ```
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public static let aux = FTS5Tokenization(rawValue: FTS5_TOKENIZE_AUX)
}
