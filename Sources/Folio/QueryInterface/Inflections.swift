import Foundation

/// English singular and plural forms of identifiers, used for the default
/// keys of associations (`book` → `books`) and of aggregates (`bookCount`).
///
/// Inflections are made of rules: regular expressions with their
/// replacement templates, checked from the most recently added to the
/// oldest, the first that matches wins. Rules usually match the end of the
/// string, so that only the last word of a camelCased identifier is
/// inflected: `postalAddress` → `postalAddresses`.
///
/// ```swift
/// Inflections.default.pluralize("person")        // "people"
/// Inflections.default.singularize("lineItems")   // "lineItem"
///
/// // Teach a new irregular word to the default inflections:
/// Inflections.default.irregularSuffix("cactus", "cacti")
/// ```
///
/// See the [association keys](https://github.com/groue/GRDB.swift/blob/master/Documentation/AssociationsBasics.md#associations-and-the-database-schema)
/// documentation.
public struct Inflections: Sendable {
    /// A compiled rule. `NSRegularExpression` is immutable, hence safe to
    /// share between threads.
    struct Rule: @unchecked Sendable {
        let regex: NSRegularExpression
        let template: String

        /// The inflected string, or nil when the rule does not match.
        func apply(to string: String) -> String? {
            let range = NSRange(string.startIndex..., in: string)
            guard regex.firstMatch(in: string, range: range) != nil else { return nil }
            return regex.stringByReplacingMatches(in: string, range: range, withTemplate: template)
        }
    }

    var pluralRules: [Rule] = [] { didSet { memo = Memo() } }
    var singularRules: [Rule] = [] { didSet { memo = Memo() } }
    var uncountables: Set<String> = [] { didSet { memo = Memo() } }

    /// The forms found already with these rules: a request that includes
    /// an association derives its key at each call
    /// (`Book.including(required: Book.author)`), and running the
    /// regular expressions of the rules costs ~200k instructions, a
    /// look-up here a few hundred. Changing the rules gives these
    /// inflections a new, empty memo (copies that keep their rules keep
    /// theirs).
    private var memo = Memo()

    /// The memo of ``pluralize(_:)`` and ``singularize(_:)``, shared by
    /// the copies of inflections that have the same rules. Keys compare
    /// by bytes (two canonically equivalent strings may inflect to
    /// different bytes).
    final class Memo: Sendable {
        private let forms = Synchronized<[Bool: [ByteExactString: String]]>([:])

        /// Beyond this number of strings per form, the memo starts again:
        /// identifiers are few, but nothing bounds what an application
        /// inflects.
        private static let capacity = 1_000

        func form(of string: String, plural: Bool, _ inflect: () -> String) -> String {
            let key = ByteExactString(string)
            if let form = forms.withLock({ $0[plural]?[key] }) {
                return form
            }
            let form = inflect()
            forms.withLock { forms in
                if forms[plural, default: [:]].count >= Self.capacity {
                    forms[plural] = [:]
                }
                forms[plural, default: [:]][key] = form
            }
            return form
        }
    }

    /// Creates empty inflections, without any rule.
    ///
    /// ```swift
    /// var inflections = Inflections()
    /// inflections.plural("$", "s")
    /// inflections.pluralize("book") // "books"
    /// ```
    public init() { }

    /// The inflections used by associations to derive their default keys.
    ///
    /// ```swift
    /// Inflections.default.irregularSuffix("cactus", "cacti")
    /// Inflections.default.pluralize("cactus") // "cacti"
    /// ```
    ///
    /// Modify it before any association is used, from a single thread.
    nonisolated(unsafe) public static var `default`: Inflections = .english

    // MARK: - Inflecting

    /// Returns the plural form of a string.
    ///
    /// ```swift
    /// Inflections.default.pluralize("book")          // "books"
    /// Inflections.default.pluralize("postalAddress") // "postalAddresses"
    /// ```
    ///
    /// - Parameter string: A singular word or identifier.
    /// - Returns: The plural form, or the string itself when it is empty,
    ///   uncountable, or when no rule matches.
    public func pluralize(_ string: String) -> String {
        memo.form(of: string, plural: true) { inflect(string, with: pluralRules) }
    }

    /// Returns the singular form of a string.
    ///
    /// ```swift
    /// Inflections.default.singularize("books")  // "book"
    /// Inflections.default.singularize("people") // "person"
    /// ```
    ///
    /// - Parameter string: A plural word or identifier.
    /// - Returns: The singular form, or the string itself when it is empty,
    ///   uncountable, or when no rule matches.
    public func singularize(_ string: String) -> String {
        memo.form(of: string, plural: false) { inflect(string, with: singularRules) }
    }

    private func inflect(_ string: String, with rules: [Rule]) -> String {
        // Trailing digits are kept, and the letters before them inflect:
        // `ds2` is the plural of `d2`.
        let digitCount = string.utf8.reversed().prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }).count
        if digitCount > 0 && digitCount < string.utf8.count {
            let stem = String(string.dropLast(digitCount))
            return inflect(stem, with: rules) + String(string.suffix(digitCount))
        }
        if string.isEmpty || isUncountable(string) { return string }
        for rule in rules.reversed() {
            if let result = rule.apply(to: string) { return result }
        }
        return string
    }

    /// Whether the last word of the string is uncountable.
    private func isUncountable(_ string: String) -> Bool {
        let lowercased = string.lowercased()
        for word in uncountables where !word.isEmpty && lowercased.hasSuffix(word) {
            if lowercased.count == word.count { return true }
            // Lowercasing may change the number of characters: the
            // boundary is looked for in the original string only when
            // it is long enough.
            guard string.count > word.count else { continue }
            // A word boundary: `userSoftware`, `user_software`.
            let start = string.index(string.endIndex, offsetBy: -word.count)
            let before = string[string.index(before: start)]
            if string[start].isUppercase || !before.isLetter { return true }
        }
        return false
    }

    // MARK: - Configuring

    /// Adds a pluralization rule, which has priority over the rules
    /// added before it.
    ///
    /// ```swift
    /// inflections.plural("(quiz)$", "$1zes")
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: An [NSRegularExpression](https://developer.apple.com/documentation/foundation/nsregularexpression)
    ///     pattern. An invalid pattern adds no rule.
    ///   - options: The regular expression options.
    ///   - template: The replacement template (`$1` refers to the first
    ///     capture group).
    public mutating func plural(
        _ pattern: String,
        options: NSRegularExpression.Options = [.caseInsensitive],
        _ template: String)
    {
        if let rule = Self.rule(pattern, options: options, template) {
            pluralRules.append(rule)
        }
    }

    /// Adds a singularization rule, which has priority over the rules
    /// added before it.
    ///
    /// ```swift
    /// inflections.singular("(quiz)zes$", "$1")
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: An [NSRegularExpression](https://developer.apple.com/documentation/foundation/nsregularexpression)
    ///     pattern. An invalid pattern adds no rule.
    ///   - options: The regular expression options.
    ///   - template: The replacement template (`$1` refers to the first
    ///     capture group).
    public mutating func singular(
        _ pattern: String,
        options: NSRegularExpression.Options = [.caseInsensitive],
        _ template: String)
    {
        if let rule = Self.rule(pattern, options: options, template) {
            singularRules.append(rule)
        }
    }

    /// Adds words that have no plural form, such as `information`.
    ///
    /// ```swift
    /// inflections.uncountableWords(["equipment", "rice"])
    /// inflections.pluralize("rice") // "rice"
    /// ```
    ///
    /// - Parameter words: Words whose singular and plural are the same.
    public mutating func uncountableWords(_ words: [String]) {
        // An empty word is the suffix of every string, and has no word
        // boundary before it: it is no word, and is not added.
        for word in words where !word.isEmpty { uncountables.insert(word.lowercased()) }
    }

    /// Adds an irregular word, inflected when it ends a string:
    /// `person` → `people`, `salesPerson` → `salesPeople`.
    ///
    /// ```swift
    /// inflections.irregularSuffix("person", "people")
    /// inflections.pluralize("salesPerson") // "salesPeople"
    /// ```
    ///
    /// - Parameters:
    ///   - singular: The singular form.
    ///   - plural: The plural form.
    public mutating func irregularSuffix(_ singular: String, _ plural: String) {
        guard let singularFirst = singular.first, let pluralFirst = plural.first else { return }
        uncountables.remove(singular.lowercased())
        uncountables.remove(plural.lowercased())
        let singularRest = String(singular.dropFirst())
        let pluralRest = String(plural.dropFirst())
        if singularFirst.lowercased() == pluralFirst.lowercased() {
            // Keep the case of the first letter: `Person` → `People`.
            let first = NSRegularExpression.escapedPattern(for: String(singularFirst))
            let singularPattern = "(\(first))" + NSRegularExpression.escapedPattern(for: singularRest) + "$"
            let pluralPattern = "(\(first))" + NSRegularExpression.escapedPattern(for: pluralRest) + "$"
            let singularTemplate = "$1" + NSRegularExpression.escapedTemplate(for: singularRest)
            let pluralTemplate = "$1" + NSRegularExpression.escapedTemplate(for: pluralRest)
            self.plural(singularPattern, pluralTemplate)
            self.plural(pluralPattern, pluralTemplate)
            self.singular(singularPattern, singularTemplate)
            self.singular(pluralPattern, singularTemplate)
        } else {
            let singularPattern = NSRegularExpression.escapedPattern(for: singular) + "$"
            let pluralPattern = NSRegularExpression.escapedPattern(for: plural) + "$"
            self.plural(singularPattern, NSRegularExpression.escapedTemplate(for: plural))
            self.plural(pluralPattern, NSRegularExpression.escapedTemplate(for: plural))
            self.singular(singularPattern, NSRegularExpression.escapedTemplate(for: singular))
            self.singular(pluralPattern, NSRegularExpression.escapedTemplate(for: singular))
        }
    }

    private static func rule(_ pattern: String, options: NSRegularExpression.Options, _ template: String) -> Rule? {
        // An invalid pattern can not be reported by this non-throwing API:
        // it adds no rule.
        guard let regex = try? NSRegularExpression(pattern: pattern, options: options) else { return nil }
        return Rule(regex: regex, template: template)
    }

    // MARK: - English

    /// The English rules of ``default``.
    static let english: Inflections = {
        var inflections = Inflections()
        inflections.plural("$", "s")
        inflections.plural("s$", "s")
        inflections.plural("(ax|test)is$", "$1es")
        inflections.plural("(octop|vir)(us|i)$", "$1i")
        inflections.plural("(alias|status|bias|focus|gas|lens|bus|campus|virus)$", "$1es")
        inflections.plural("(buffal|tomat|potat|her|ech)o$", "$1oes")
        inflections.plural("([ti])um$", "$1a")
        inflections.plural("([ti])a$", "$1a")
        inflections.plural("sis$", "ses")
        inflections.plural("(?:([^f])fe|([lr])f)$", "$1$2ves")
        inflections.plural("(hive)$", "$1s")
        inflections.plural("([^aeiouy]|qu)y$", "$1ies")
        inflections.plural("(x|ch|ss|sh|z)$", "$1es")
        inflections.plural("(matr|vert|ind)(?:ix|ex)$", "$1ices")
        inflections.plural("(m|l)ouse$", "$1ice")
        inflections.plural("(m|l)ice$", "$1ice")
        inflections.plural("^(ox)$", "$1en")
        inflections.plural("^(oxen)$", "$1")
        inflections.plural("(quiz)$", "$1zes")

        inflections.singular("s$", "")
        inflections.singular("(ss)$", "$1")
        inflections.singular("([ti])a$", "$1um")
        inflections.singular("(analy|ba|diagno|parenthe|progno|synop|the|cri)(sis|ses)$", "$1sis")
        inflections.singular("([^f])ves$", "$1fe")
        inflections.singular("([lr])ves$", "$1f")
        inflections.singular("(hive)s$", "$1")
        inflections.singular("([^aeiouy]|qu)ies$", "$1y")
        inflections.singular("(x|ch|ss|sh|z)es$", "$1")
        inflections.singular("(m|l)ice$", "$1ouse")
        inflections.singular("(bus|campus)(es)?$", "$1")
        inflections.singular("(o)es$", "$1")
        inflections.singular("(shoe)s$", "$1")
        inflections.singular("(test)(is|es)$", "$1is")
        inflections.singular("^(a)x[ie]s$", "$1xis")
        inflections.singular("(octop|vir)(us|i)$", "$1us")
        inflections.singular("(alias|status|bias|focus|gas|lens)(es)?$", "$1")
        inflections.singular("^(ox)en", "$1")
        inflections.singular("(vert|ind)ices$", "$1ex")
        inflections.singular("(matr)ices$", "$1ix")
        inflections.singular("(quiz)zes$", "$1")
        inflections.singular("(database)s$", "$1")

        inflections.irregularSuffix("person", "people")
        inflections.irregularSuffix("man", "men")
        inflections.irregularSuffix("child", "children")
        inflections.irregularSuffix("goose", "geese")
        inflections.irregularSuffix("foot", "feet")
        inflections.irregularSuffix("tooth", "teeth")
        inflections.irregularSuffix("leaf", "leaves")
        inflections.irregularSuffix("criterion", "criteria")
        inflections.irregularSuffix("zombie", "zombies")
        inflections.irregularSuffix("move", "moves")

        inflections.uncountableWords([
            "equipment", "information", "rice", "money", "species", "series", "fish", "sheep",
            "deer", "news", "metadata", "software", "hardware", "feedback", "jeans", "police",
        ])
        return inflections
    }()
}
