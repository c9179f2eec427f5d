/// A custom FTS5 tokenizer, registered in a connection with
/// ``Database/add(tokenizer:)``, that tokenizes with the raw FTS5 C API
/// (see ``FTS5WrapperTokenizer`` for a higher-level protocol).
///
/// ```swift
/// final class MyTokenizer: FTS5CustomTokenizer {
///     static let name = "custom"
///     init(db: Database, arguments: [String]) throws { ... }
///     func tokenize(context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization,
///                   pText: UnsafePointer<CChar>?, nText: CInt,
///                   tokenCallback: FTS5TokenCallback) -> CInt { ... }
/// }
///
/// var config = Configuration()
/// config.prepareDatabase { db in
///     db.add(tokenizer: MyTokenizer.self)
/// }
///
/// // CREATE VIRTUAL TABLE "document" USING fts5("content", tokenize='custom arg1 arg2')
/// try db.create(virtualTable: "document", using: FTS5()) { t in
///     t.tokenizer = MyTokenizer.tokenizerDescriptor(arguments: ["arg1", "arg2"])
///     t.column("content")
/// }
/// ```
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
public protocol FTS5CustomTokenizer: FTS5Tokenizer {
    /// The name of the tokenizer, other than the built-in ones (`ascii`,
    /// `porter`, `unicode61`, `trigram`).
    ///
    /// ```swift
    /// static let name = "custom"
    /// ```
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    static var name: String { get }

    /// Creates a tokenizer: SQLite calls it (`xCreate`) when a full-text
    /// table needs one.
    ///
    /// ```swift
    /// init(db: Database, arguments: [String]) throws {
    ///     wrappedTokenizer = try db.makeTokenizer(.unicode61())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: The database connection.
    ///   - arguments: The arguments of the `tokenize` option that follow
    ///     the name of the tokenizer.
    /// - Throws: Any error, which makes SQLite fail with "error in
    ///   tokenizer constructor".
    ///
    /// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
    init(db: Database, arguments: [String]) throws
}

extension FTS5CustomTokenizer {
    /// Returns the descriptor of the tokenizer, for the `tokenizer` of
    /// an FTS5 table.
    ///
    /// ```swift
    /// // tokenize='custom arg1 arg2'
    /// t.tokenizer = MyTokenizer.tokenizerDescriptor(arguments: ["arg1", "arg2"])
    /// ```
    ///
    /// - Parameter arguments: The arguments given to
    ///   ``init(db:arguments:)``.
    /// - Returns: A tokenizer descriptor.
    ///
    /// See <https://www.sqlite.org/fts5.html#tokenizers>.
    public static func tokenizerDescriptor(arguments: [String] = []) -> FTS5TokenizerDescriptor {
        FTS5TokenizerDescriptor(components: [name] + arguments)
    }
}
