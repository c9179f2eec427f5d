/// An FTS3 or FTS4 tokenizer, with its arguments: the `tokenize` option
/// of ``FTS3TableDefinition`` and ``FTS4TableDefinition``.
///
/// ```swift
/// try db.create(virtualTable: "book", using: FTS4()) { t in
///     t.tokenizer = .simple                              // the default
///     t.tokenizer = .porter                              // tokenize=porter
///     t.tokenizer = .unicode61(diacritics: .keep)        // tokenize=unicode61 'remove_diacritics=0'
///     t.column("title")
/// }
/// ```
///
/// A tokenizer defines what "matching" means: `simple` is case-insensitive
/// for ASCII letters only, `porter` matches English words by their stem
/// ("databases" matches "database"), and `unicode61` is case-insensitive
/// for all unicode letters and ignores diacritics.
///
/// See <https://www.sqlite.org/fts3.html#tokenizer>.
public struct FTS3TokenizerDescriptor: Sendable {
    /// The tokenizer name.
    public let name: String

    /// The tokenizer arguments.
    public let arguments: [String]

    /// Creates a tokenizer from its name and arguments.
    ///
    /// ```swift
    /// // tokenize=unicode61 'tokenchars=-'
    /// let tokenizer = FTS3TokenizerDescriptor("unicode61", arguments: ["tokenchars=-"])
    /// ```
    ///
    /// - Parameters:
    ///   - name: The tokenizer name.
    ///   - arguments: The tokenizer arguments.
    public init(_ name: String, arguments: [String] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// The `simple` tokenizer (the default): case-insensitive for ASCII
    /// letters, no stemming, diacritics are kept.
    ///
    /// See <https://www.sqlite.org/fts3.html#tokenizer>.
    public static let simple = FTS3TokenizerDescriptor("simple")

    /// The `porter` tokenizer, which matches English words by their stem:
    /// "frustration" matches "frustrated".
    ///
    /// See <https://www.sqlite.org/fts3.html#tokenizer>.
    public static let porter = FTS3TokenizerDescriptor("porter")

    /// The `unicode61` tokenizer, case-insensitive for unicode letters.
    ///
    /// ```swift
    /// // tokenize=unicode61 'remove_diacritics=0' 'tokenchars=-'
    /// t.tokenizer = .unicode61(diacritics: .keep, tokenCharacters: ["-"])
    /// ```
    ///
    /// - Parameters:
    ///   - diacritics: Whether diacritics are removed from latin
    ///     characters (by default, with the legacy algorithm).
    ///   - separators: Extra characters that separate tokens.
    ///   - tokenCharacters: Extra characters that belong to tokens.
    /// - Returns: A tokenizer.
    ///
    /// See <https://www.sqlite.org/fts3.html#unicode61>.
    public static func unicode61(
        diacritics: FTS3.Diacritics = .removeLegacy,
        separators: Set<Character> = [],
        tokenCharacters: Set<Character> = []) -> FTS3TokenizerDescriptor
    {
        var arguments: [String] = []
        switch diacritics {
        case .keep: arguments.append("remove_diacritics=0")
        case .removeLegacy: break
        case .remove: arguments.append("remove_diacritics=2")
        }
        if !separators.isEmpty {
            arguments.append("separators=" + String(separators.sorted()))
        }
        if !tokenCharacters.isEmpty {
            arguments.append("tokenchars=" + String(tokenCharacters.sorted()))
        }
        return FTS3TokenizerDescriptor("unicode61", arguments: arguments)
    }

    /// The tokenizer and its arguments, as module arguments: the name as a
    /// bare word when possible, the arguments in single quotes.
    /// `unicode61 'remove_diacritics=0'`.
    var sql: String {
        ([FTS3TokenizerDescriptor.optionValue(name)] + arguments.map { $0.quotedDatabaseStringLiteral })
            .joined(separator: " ")
    }

    /// A value of a full-text module option: a bare word (`porter`,
    /// `uuid`) when it only contains letters, digits and underscores,
    /// an SQL string literal otherwise.
    static func optionValue(_ value: String) -> String {
        let isBareword = !value.isEmpty && value.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_": return true
            default: return false
            }
        }
        return isBareword ? value : value.quotedDatabaseStringLiteral
    }
}
