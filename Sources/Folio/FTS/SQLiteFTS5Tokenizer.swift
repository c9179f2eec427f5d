import CSQLite

/// An FTS5 tokenizer found in a connection by its name (a built-in
/// tokenizer, or one registered with ``Database/add(tokenizer:)``),
/// instantiated with `xCreate`, and deleted with `xDelete` when the
/// object is deinitialized.
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
final class SQLiteFTS5Tokenizer: FTS5Tokenizer {
    private let tokenizer: fts5_tokenizer
    private let handle: OpaquePointer

    /// Instantiates the tokenizer described by its name and arguments.
    ///
    /// - Throws: A ``DatabaseError`` when there is no tokenizer with this
    ///   name, or when its constructor fails.
    init(db: Database, descriptor: FTS5TokenizerDescriptor) throws {
        guard let name = descriptor.components.first else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "FTS5 tokenizer descriptor has no name")
        }
        let api = UnsafeMutablePointer(mutating: try FTS5.apiPointer(db))
        var tokenizer = fts5_tokenizer()
        var context: UnsafeMutableRawPointer?
        guard let findTokenizer = api.pointee.xFindTokenizer,
              findTokenizer(api, name, &context, &tokenizer) == SQLITE_OK,
              let create = tokenizer.xCreate,
              tokenizer.xDelete != nil,
              tokenizer.xTokenize != nil
        else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such tokenizer: \(name)")
        }
        let arguments = Array(descriptor.components.dropFirst())
        var handle: OpaquePointer?
        let code = Self.withCStrings(arguments) { argv in
            create(context, UnsafeMutablePointer(mutating: argv.baseAddress), CInt(argv.count), &handle)
        }
        guard code == SQLITE_OK, let handle else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code == SQLITE_OK ? SQLITE_ERROR : code),
                message: "error in tokenizer constructor: \(descriptor.components.joined(separator: " "))")
        }
        self.tokenizer = tokenizer
        self.handle = handle
    }

    deinit {
        tokenizer.xDelete?(handle)
    }

    func tokenize(
        context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization,
        pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: FTS5TokenCallback) -> CInt
    {
        guard let xTokenize = tokenizer.xTokenize else { return SQLITE_ERROR }
        return xTokenize(handle, context, tokenization.rawValue, pText, nText, tokenCallback)
    }

    /// Calls `body` with C strings that live as long as the call.
    private static func withCStrings<T>(
        _ strings: [String],
        _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> T) -> T
    {
        let buffers = strings.map { $0.utf8CString }
        var pointers: [UnsafePointer<CChar>?] = []
        func recurse(_ index: Int) -> T {
            if index == buffers.count {
                return pointers.withUnsafeBufferPointer(body)
            }
            return buffers[index].withUnsafeBufferPointer { buffer in
                pointers.append(buffer.baseAddress)
                return recurse(index + 1)
            }
        }
        return recurse(0)
    }
}
