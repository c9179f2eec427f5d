import CSQLite

/// The function a wrapper tokenizer calls for each of its tokens, with
/// the token and its flags. Do not catch its errors: they tell that FTS5
/// wants the tokenization to stop.
///
/// ```swift
/// try tokenCallback(token, flags)
/// ```
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
public typealias FTS5WrapperTokenCallback = (_ token: String, _ flags: FTS5TokenFlags) throws -> Void

/// A custom FTS5 tokenizer that post-processes the tokens of another
/// tokenizer, the wrapped tokenizer: it can ignore, modify, or multiply
/// them into synonyms.
///
/// ```swift
/// final class SynonymsTokenizer: FTS5WrapperTokenizer {
///     static let name = "synonyms"
///     let wrappedTokenizer: any FTS5Tokenizer
///
///     init(db: Database, arguments: [String]) throws {
///         wrappedTokenizer = try db.makeTokenizer(.unicode61())
///     }
///
///     func accept(token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
///                 tokenCallback: FTS5WrapperTokenCallback) throws
///     {
///         try tokenCallback(token, flags)
///         if token == "first" && tokenization.contains(.document) {
///             try tokenCallback("1st", flags.union(.colocated))
///         }
///     }
/// }
/// ```
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
public protocol FTS5WrapperTokenizer: FTS5CustomTokenizer {
    /// The tokenizer whose tokens are given to
    /// ``accept(token:flags:for:tokenCallback:)``.
    ///
    /// ```swift
    /// wrappedTokenizer = try db.makeTokenizer(.unicode61())
    /// ```
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    var wrappedTokenizer: any FTS5Tokenizer { get }

    /// Accepts a token of the wrapped tokenizer, and gives the tokens it
    /// stands for to `tokenCallback`: none, itself, a modified token, or
    /// several synonyms (all but the first with the ``FTS5TokenFlags/colocated``
    /// flag).
    ///
    /// ```swift
    /// func accept(token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
    ///             tokenCallback: FTS5WrapperTokenCallback) throws
    /// {
    ///     try tokenCallback(token.lowercased(), flags)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - token: A token of the wrapped tokenizer.
    ///   - flags: Its flags: give them unchanged to `tokenCallback`,
    ///     unless you add ``FTS5TokenFlags/colocated`` to a synonym.
    ///   - tokenization: Why tokens are asked for.
    ///   - tokenCallback: The function to call for each token. Do not
    ///     catch its errors.
    /// - Throws: The errors of `tokenCallback`, or any error, which stops
    ///   the tokenization with an error.
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    func accept(
        token: String,
        flags: FTS5TokenFlags,
        for tokenization: FTS5Tokenization,
        tokenCallback: FTS5WrapperTokenCallback) throws
}

extension FTS5WrapperTokenizer {
    /// Tokenizes a text with the wrapped tokenizer, and gives its tokens
    /// to ``accept(token:flags:for:tokenCallback:)``.
    ///
    /// ```swift
    /// let code = tokenizer.tokenize(context: context, tokenization: .document,
    ///                               pText: pText, nText: nText, tokenCallback: tokenCallback)
    /// ```
    ///
    /// - Parameters:
    ///   - context: The opaque pointer to give as the first argument of
    ///     `tokenCallback`.
    ///   - tokenization: Why tokens are asked for.
    ///   - pText: The bytes of the UTF-8 text.
    ///   - nText: The number of bytes of the text.
    ///   - tokenCallback: The function to call for each token.
    /// - Returns: `SQLITE_OK`, or an error code.
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public func tokenize(
        context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization,
        pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: FTS5TokenCallback) -> CInt
    {
        let wrapping = FTS5WrapperTokenization(
            wrapper: self, tokenization: tokenization,
            context: context, tokenCallback: tokenCallback)
        return withExtendedLifetime(wrapping) {
            wrappedTokenizer.tokenize(
                context: Unmanaged.passUnretained(wrapping).toOpaque(),
                tokenization: tokenization,
                pText: pText,
                nText: nText,
                tokenCallback: { context, flags, pToken, nToken, iStart, iEnd in
                    guard let context else { return SQLITE_ERROR }
                    return Unmanaged<FTS5WrapperTokenization>.fromOpaque(context).takeUnretainedValue()
                        .accept(flags: flags, pToken: pToken, nToken: nToken, iStart: iStart, iEnd: iEnd)
                })
        }
    }
}
