import CSQLite

/// The function a tokenizer calls for each token: the `xToken` callback
/// of the `xTokenize` function of an FTS5 tokenizer.
///
/// Its arguments are: the context given to the tokenizer, the
/// `FTS5_TOKEN_*` flags of the token, the bytes of the token and their
/// count, and the byte offsets of the start and the end of the token in
/// the tokenized text. It returns `SQLITE_OK`, or an error code that
/// tells the tokenizer to stop and return this code.
///
/// ```swift
/// let code = tokenCallback(context, 0, pToken, nToken, iStart, iEnd)
/// ```
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
public typealias FTS5TokenCallback = @convention(c) (
    _ context: UnsafeMutableRawPointer?,
    _ flags: CInt,
    _ pToken: UnsafePointer<CChar>?,
    _ nToken: CInt,
    _ iStart: CInt,
    _ iEnd: CInt) -> CInt

/// An FTS5 tokenizer: a built-in tokenizer returned by
/// ``Database/makeTokenizer(_:)``, or a custom tokenizer (see
/// ``FTS5CustomTokenizer`` and ``FTS5WrapperTokenizer``).
///
/// ```swift
/// let unicode61 = try db.makeTokenizer(.unicode61())
/// for (token, flags) in try unicode61.tokenize(document: "Hello World") {
///     print(token) // "hello", then "world"
/// }
/// ```
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
public protocol FTS5Tokenizer: AnyObject {
    /// Tokenizes a text: the `xTokenize` function of an FTS5 tokenizer.
    ///
    /// ```swift
    /// func tokenize(context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization,
    ///               pText: UnsafePointer<CChar>?, nText: CInt,
    ///               tokenCallback: FTS5TokenCallback) -> CInt
    /// {
    ///     // For each token:
    ///     let code = tokenCallback(context, 0, pToken, nToken, iStart, iEnd)
    ///     if code != SQLITE_OK { return code }
    ///     return SQLITE_OK
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - context: The opaque pointer to give as the first argument of
    ///     `tokenCallback`.
    ///   - tokenization: Why tokens are asked for.
    ///   - pText: The bytes of the UTF-8 text, which may not be
    ///     nul-terminated.
    ///   - nText: The number of bytes of the text.
    ///   - tokenCallback: The function to call for each token.
    /// - Returns: `SQLITE_OK`, or an error code (the first one that
    ///   `tokenCallback` returns, if any).
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    func tokenize(
        context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization,
        pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: FTS5TokenCallback) -> CInt
}

extension FTS5Tokenizer {
    /// Returns the tokens of a query string, with their flags.
    ///
    /// ```swift
    /// let ascii = try db.makeTokenizer(.ascii())
    /// for (token, flags) in try ascii.tokenize(query: "SQLite database") {
    ///     print(token) // "sqlite", then "database"
    /// }
    /// ```
    ///
    /// - Parameter string: The string to tokenize.
    /// - Returns: The tokens, in order.
    /// - Throws: A ``DatabaseError`` when the tokenizer fails.
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public func tokenize(query string: String) throws -> [(token: String, flags: FTS5TokenFlags)] {
        try tokenize(string, for: .query)
    }

    /// Returns the tokens of a document, with their flags.
    ///
    /// ```swift
    /// let ascii = try db.makeTokenizer(.ascii())
    /// for (token, flags) in try ascii.tokenize(document: "SQLite database") {
    ///     print(token) // "sqlite", then "database"
    /// }
    /// ```
    ///
    /// - Parameter string: The string to tokenize.
    /// - Returns: The tokens, in order.
    /// - Throws: A ``DatabaseError`` when the tokenizer fails.
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public func tokenize(document string: String) throws -> [(token: String, flags: FTS5TokenFlags)] {
        try tokenize(string, for: .document)
    }

    private func tokenize(_ string: String, for tokenization: FTS5Tokenization) throws -> [(token: String, flags: FTS5TokenFlags)] {
        let collector = FTS5TokenCollector()
        var utf8 = string.utf8CString // nul-terminated
        let code = utf8.withUnsafeMutableBufferPointer { buffer in
            withExtendedLifetime(collector) {
                tokenize(
                    context: Unmanaged.passUnretained(collector).toOpaque(),
                    tokenization: tokenization,
                    pText: UnsafePointer(buffer.baseAddress),
                    nText: CInt(buffer.count - 1),
                    tokenCallback: { context, flags, pToken, nToken, _, _ in
                        guard let context else { return SQLITE_ERROR }
                        let collector = Unmanaged<FTS5TokenCollector>.fromOpaque(context).takeUnretainedValue()
                        collector.tokens.append((
                            token: FTS5TokenCollector.string(pToken, nToken),
                            flags: FTS5TokenFlags(rawValue: flags)))
                        return SQLITE_OK
                    })
            }
        }
        guard code == SQLITE_OK else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: "FTS5 tokenization failed: \(String(cString: sqlite3_errstr(code)))")
        }
        return collector.tokens
    }
}
