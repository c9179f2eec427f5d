import CSQLite

extension Database {
    /// Registers a custom FTS5 tokenizer in the connection, so that
    /// full-text tables can use it.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.prepareDatabase { db in
    ///     db.add(tokenizer: MyTokenizer.self)
    /// }
    /// let dbQueue = try DatabaseQueue(path: dbPath, configuration: config)
    ///
    /// try dbQueue.write { db in
    ///     try db.create(virtualTable: "document", using: FTS5()) { t in
    ///         t.tokenizer = MyTokenizer.tokenizerDescriptor()
    ///         t.column("content")
    ///     }
    /// }
    /// ```
    ///
    /// Register it in every connection that uses the tables (with
    /// `prepareDatabase`). SQLite creates tokenizers with
    /// ``FTS5CustomTokenizer/init(db:arguments:)`` when it needs them,
    /// and releases them when it is done.
    ///
    /// - Parameter tokenizer: The custom tokenizer type.
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    public func add(tokenizer: (some FTS5CustomTokenizer).Type) {
        let api = UnsafeMutablePointer(mutating: FTS5.api(self))
        // Set by every version of FTS5.
        guard let createTokenizer = api.pointee.xCreateTokenizer else { return }
        let constructor = Unmanaged.passRetained(FTS5CustomTokenizerConstructor(tokenizerType: tokenizer, db: self))
        var functions = FTS5CustomTokenizerConstructor.functions
        let code = createTokenizer(api, tokenizer.name, constructor.toOpaque(), &functions, { context in
            guard let context else { return }
            Unmanaged<FTS5CustomTokenizerConstructor>.fromOpaque(context).release()
        })
        if code != SQLITE_OK {
            // SQLite did not keep the context (it is out of memory). The
            // tables that use the tokenizer will fail with a DatabaseError
            // (no such tokenizer).
            constructor.release()
        }
    }
}
