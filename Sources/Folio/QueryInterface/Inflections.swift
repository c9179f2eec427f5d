/// English singular and plural forms of identifiers, for the default keys
/// of associations (`book` → `books`) and of aggregates (`bookCount`).
///
/// Only the last word of a camelCased identifier is inflected:
/// `postalAddress` → `postalAddresses`.
enum Inflections {
    private static let irregular: [(singular: String, plural: String)] = [
        ("person", "people"), ("man", "men"), ("woman", "women"), ("child", "children"),
        ("mouse", "mice"), ("goose", "geese"), ("foot", "feet"), ("tooth", "teeth"),
        ("ox", "oxen"), ("leaf", "leaves"), ("life", "lives"), ("knife", "knives"),
        ("wife", "wives"), ("half", "halves"), ("datum", "data"), ("medium", "media"),
        ("index", "indices"), ("matrix", "matrices"), ("vertex", "vertices"),
        ("criterion", "criteria"), ("analysis", "analyses"), ("crisis", "crises"),
        ("quiz", "quizzes"), ("bus", "buses"), ("status", "statuses"), ("alias", "aliases"),
    ]
    private static let uncountable: Set<String> = [
        "equipment", "information", "rice", "money", "species", "series", "fish", "sheep",
        "deer", "news", "metadata", "software", "hardware", "feedback",
    ]

    /// Splits `postalAddress` into (`postal`, `Address`).
    private static func splitLastWord(_ string: String) -> (head: Substring, last: Substring) {
        if let index = string.lastIndex(where: { $0.isUppercase }), index != string.startIndex {
            return (string[..<index], string[index...])
        }
        if let index = string.lastIndex(where: { $0 == "_" }) {
            let next = string.index(after: index)
            return (string[..<next], string[next...])
        }
        return (string[string.startIndex..<string.startIndex], string[...])
    }

    private static func matchCase(_ word: String, like original: Substring) -> String {
        guard let first = original.first, first.isUppercase else { return word }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    /// The plural form: `book` → `books`, `category` → `categories`.
    static func pluralize(_ string: String) -> String {
        let (head, last) = splitLastWord(string)
        let word = last.lowercased()
        if word.isEmpty || uncountable.contains(word) { return string }
        if let pair = irregular.first(where: { $0.singular == word }) {
            return head + matchCase(pair.plural, like: last)
        }
        if irregular.contains(where: { $0.plural == word }) { return string }
        let plural: String
        if word.hasSuffix("y"), let beforeY = word.dropLast().last, !"aeiou".contains(beforeY) {
            plural = word.dropLast() + "ies"
        } else if word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("z")
                    || word.hasSuffix("ch") || word.hasSuffix("sh") {
            plural = word + "es"
        } else {
            plural = word + "s"
        }
        return head + matchCase(plural, like: last)
    }

    /// The singular form: `books` → `book`, `categories` → `category`.
    static func singularize(_ string: String) -> String {
        let (head, last) = splitLastWord(string)
        let word = last.lowercased()
        if word.isEmpty || uncountable.contains(word) { return string }
        if let pair = irregular.first(where: { $0.plural == word }) {
            return head + matchCase(pair.singular, like: last)
        }
        if irregular.contains(where: { $0.singular == word }) { return string }
        let singular: String
        if word.hasSuffix("ies"), word.count > 3 {
            singular = word.dropLast(3) + "y"
        } else if word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes")
                    || word.hasSuffix("zes") || word.hasSuffix("sses") {
            singular = String(word.dropLast(2))
        } else if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 1 {
            singular = String(word.dropLast())
        } else {
            singular = word
        }
        return head + matchCase(singular, like: last)
    }
}
