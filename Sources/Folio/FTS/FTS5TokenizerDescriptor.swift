import Foundation

/// An FTS5 tokenizer, with its arguments: the `tokenize` option of
/// ``FTS5TableDefinition``.
///
/// ```swift
/// try db.create(virtualTable: "book", using: FTS5()) { t in
///     t.tokenizer = .porter()                              // tokenize='porter'
///     t.tokenizer = .unicode61(diacritics: .keep)          // tokenize='unicode61 remove_diacritics 0'
///     t.tokenizer = .ascii(tokenCharacters: ["-"])         // tokenize='ascii tokenchars ''-'''
///     t.column("title")
/// }
/// ```
///
/// See <https://www.sqlite.org/fts5.html#tokenizers>.
public struct FTS5TokenizerDescriptor: Sendable {
    /// The tokenizer name, followed by its arguments.
    public let components: [String]

    /// Creates a tokenizer from its name and arguments.
    ///
    /// ```swift
    /// let tokenizer = FTS5TokenizerDescriptor(components: ["unicode61", "remove_diacritics", "0"])
    /// ```
    ///
    /// - Parameter components: The tokenizer name, followed by its
    ///   arguments.
    public init(components: [String]) {
        self.components = components
    }

    /// The value of the `tokenize` option: the components separated by
    /// spaces, those that are not plain words in single quotes.
    var optionValue: String {
        components.map { component in
            let isBareword = !component.isEmpty && component.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "_": return true
                default: return false
                }
            }
            return isBareword ? component : component.quotedDatabaseStringLiteral
        }.joined(separator: " ")
    }

    /// The `ascii` tokenizer, case-insensitive for ASCII letters only.
    ///
    /// - Parameters:
    ///   - separators: Extra characters that separate tokens.
    ///   - tokenCharacters: Extra characters that belong to tokens.
    /// - Returns: A tokenizer.
    ///
    /// See <https://www.sqlite.org/fts5.html#ascii_tokenizer>.
    public static func ascii(
        separators: Set<Character> = [],
        tokenCharacters: Set<Character> = []) -> FTS5TokenizerDescriptor
    {
        FTS5TokenizerDescriptor(components: ["ascii"] + characterArguments(separators: separators, tokenCharacters: tokenCharacters))
    }

    /// The `porter` tokenizer, which matches English words by their stem
    /// ("database" matches "databases"), on top of another tokenizer.
    ///
    /// - Parameter base: The wrapped tokenizer, or nil for the default
    ///   (`unicode61`).
    /// - Returns: A tokenizer.
    ///
    /// See <https://www.sqlite.org/fts5.html#porter_tokenizer>.
    public static func porter(_ base: FTS5TokenizerDescriptor? = nil) -> FTS5TokenizerDescriptor {
        FTS5TokenizerDescriptor(components: ["porter"] + (base?.components ?? []))
    }

    /// The `porter` tokenizer, which matches English words by their stem
    /// ("database" matches "databases"), on top of another tokenizer.
    ///
    /// ```swift
    /// t.tokenizer = .porter(wrapping: .ascii()) // tokenize='porter ascii'
    /// ```
    ///
    /// - Parameter base: The wrapped tokenizer, or nil for the default
    ///   (`unicode61`).
    /// - Returns: A tokenizer.
    ///
    /// See <https://www.sqlite.org/fts5.html#porter_tokenizer>.
    // Disfavored so that `.porter()` picks `porter(_:)`, which has the
    // same default.
    @_disfavoredOverload
    public static func porter(wrapping base: FTS5TokenizerDescriptor? = nil) -> FTS5TokenizerDescriptor {
        porter(base)
    }

    /// The `unicode61` tokenizer (the default), case-insensitive for
    /// unicode letters.
    ///
    /// - Parameters:
    ///   - diacritics: Whether diacritics are removed.
    ///   - categories: The unicode categories of token characters, or the
    ///     empty string for the default.
    ///   - separators: Extra characters that separate tokens.
    ///   - tokenCharacters: Extra characters that belong to tokens.
    /// - Returns: A tokenizer.
    ///
    /// See <https://www.sqlite.org/fts5.html#unicode61_tokenizer>.
    public static func unicode61(
        diacritics: FTS5.Diacritics = .removeLegacy,
        categories: String = "",
        separators: Set<Character> = [],
        tokenCharacters: Set<Character> = []) -> FTS5TokenizerDescriptor
    {
        var components = ["unicode61"]
        switch diacritics {
        case .keep: components += ["remove_diacritics", "0"]
        case .removeLegacy: break
        case .remove: components += ["remove_diacritics", "2"]
        }
        if !categories.isEmpty {
            components += ["categories", categories]
        }
        components += characterArguments(separators: separators, tokenCharacters: tokenCharacters)
        return FTS5TokenizerDescriptor(components: components)
    }

    /// The `trigram` tokenizer, which supports substring matches (SQLite
    /// 3.34+).
    ///
    /// - Parameters:
    ///   - caseSensitive: Whether matches are case-sensitive, or nil for
    ///     the default (case-insensitive).
    ///   - removeDiacritics: Whether diacritics are removed, or nil for the
    ///     default (SQLite 3.45+).
    /// - Returns: A tokenizer.
    ///
    /// See <https://www.sqlite.org/fts5.html#the_trigram_tokenizer>.
    public static func trigram(caseSensitive: Bool? = nil, removeDiacritics: Bool? = nil) -> FTS5TokenizerDescriptor {
        var components = ["trigram"]
        if let caseSensitive {
            components += ["case_sensitive", caseSensitive ? "1" : "0"]
        }
        if let removeDiacritics {
            components += ["remove_diacritics", removeDiacritics ? "1" : "0"]
        }
        return FTS5TokenizerDescriptor(components: components)
    }

    private static func characterArguments(separators: Set<Character>, tokenCharacters: Set<Character>) -> [String] {
        var arguments: [String] = []
        if !separators.isEmpty {
            arguments += ["separators", String(separators.sorted())]
        }
        if !tokenCharacters.isEmpty {
            arguments += ["tokenchars", String(tokenCharacters.sorted())]
        }
        return arguments
    }
}
