extension Database {
    /// Returns an FTS5 tokenizer: a built-in tokenizer (`ascii`,
    /// `unicode61`, `porter`, `trigram`), or a tokenizer registered with
    /// ``add(tokenizer:)``.
    ///
    /// ```swift
    /// let unicode61 = try db.makeTokenizer(.unicode61())
    /// try unicode61.tokenize(document: "Hello World") // [("hello", []), ("world", [])]
    /// ```
    ///
    /// Use the tokenizer while the connection is open.
    ///
    /// - Parameter descriptor: The tokenizer name and arguments.
    /// - Returns: A tokenizer.
    /// - Throws: A ``DatabaseError`` when there is no tokenizer with this
    ///   name, or when its arguments are not valid.
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public func makeTokenizer(_ descriptor: FTS5TokenizerDescriptor) throws -> any FTS5Tokenizer {
        try SQLiteFTS5Tokenizer(db: self, descriptor: descriptor)
    }
}
