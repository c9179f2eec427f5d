import CSQLite

/// The context of a custom tokenizer registered with
/// ``Database/add(tokenizer:)``: it creates the tokenizers (`xCreate`).
/// SQLite retains it, and releases it with `xDestroy` when the
/// connection closes.
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
final class FTS5CustomTokenizerConstructor {
    let tokenizerType: any FTS5CustomTokenizer.Type
    /// Weak: the connection owns the registration, not the reverse.
    weak var db: Database?

    init(tokenizerType: any FTS5CustomTokenizer.Type, db: Database) {
        self.tokenizerType = tokenizerType
        self.db = db
    }

    /// The `fts5_tokenizer` functions of every custom tokenizer.
    static let functions = fts5_tokenizer(
        xCreate: { context, argv, argc, out in
            guard let context, let out else { return SQLITE_ERROR }
            let constructor = Unmanaged<FTS5CustomTokenizerConstructor>.fromOpaque(context).takeUnretainedValue()
            guard let db = constructor.db else { return SQLITE_MISUSE }
            var arguments: [String] = []
            if let argv {
                for index in 0..<Int(max(argc, 0)) {
                    arguments.append(argv[index].map { String(cString: $0) } ?? "")
                }
            }
            do {
                let tokenizer = try constructor.tokenizerType.init(db: db, arguments: arguments)
                let instance = FTS5CustomTokenizerInstance(tokenizer: tokenizer)
                out.pointee = OpaquePointer(Unmanaged.passRetained(instance).toOpaque())
                return SQLITE_OK
            } catch let error as DatabaseError {
                return error.extendedResultCode.rawValue
            } catch {
                return SQLITE_ERROR
            }
        },
        xDelete: { handle in
            guard let handle else { return }
            Unmanaged<FTS5CustomTokenizerInstance>.fromOpaque(UnsafeRawPointer(handle)).release()
        },
        xTokenize: { handle, context, flags, pText, nText, tokenCallback in
            guard let handle, let tokenCallback else { return SQLITE_ERROR }
            let instance = Unmanaged<FTS5CustomTokenizerInstance>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
            return instance.tokenizer.tokenize(
                context: context,
                tokenization: FTS5Tokenization(rawValue: flags),
                pText: pText,
                nText: nText,
                tokenCallback: tokenCallback)
        })
}
