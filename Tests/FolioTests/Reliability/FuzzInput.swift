import Foundation

/// A random number generator that a seed replays: SplitMix64.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The generator of input `index` of a run: each input can be replayed
    /// alone.
    init(seed: UInt64, index: Int) {
        self.init(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random integer in `0..<bound`.
    mutating func int(below bound: Int) -> Int {
        Int(next(upperBound: UInt64(bound)))
    }
}

/// Strings made to break SQL: quotes and brackets (alone, doubled, with a
/// combining mark after them), NUL, comment and statement separators,
/// parameter markers, bidirectional marks, emoji sequences, text whose
/// normalization differs, and random scalars of every Unicode plane.
enum FuzzInput {
    /// Pieces that SQL text, quoting, or Unicode handling may trip on.
    static let tokens: [String] = [
        "\"", "'", "`", "[", "]", "\"\"", "''", "\"\"\"",
        // A combining mark after a quote makes one Character of the two.
        "\"\u{301}", "'\u{301}", "`\u{301}", "[\u{301}", "]\u{301}", "\"\u{20DD}", "'\u{0327}\u{0301}",
        "\0", "\0\0", "a\0b",
        "--", "-- comment\n", ";", "/*", "*/", "/* x */", "?", "?1", ":name", "@name", "$name", "\\", "%", "_",
        " ", "\t", "\n", "\r\n", "\r", "\u{B}", "\u{C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{A0}", "\u{3000}",
        "\"; DROP TABLE sentinel; --", "'); DROP TABLE sentinel; --", "] ; DELETE FROM sentinel; [",
        "` OR 1=1 --", "\" AS x, (SELECT label FROM sentinel) AS \"",
        // Bidirectional controls and invisible characters.
        "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2069}",
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{AD}",
        // Emoji: sequences, modifiers, flags, keycaps.
        "😀", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷", "1️⃣", "❤️", "🧑🏿‍🚀",
        // The same text, composed and decomposed; case folding traps.
        "é", "e\u{301}", "Å", "A\u{30A}", "\u{212B}", "ﬀ", "ß", "ẞ", "İ", "ı", "ǅ", "Σ", "ς",
        // Right-to-left scripts, CJK, astral planes, specials.
        "שלום", "مرحبا", "漢字", "𝕏", "𠀋", "\u{10FFFF}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{E0001}", "\u{E007F}", "\u{F0000}",
        // Words SQL knows.
        "SELECT", "rowid", "NULL", "sqlite_master", "main", "temp", "AS", "FROM",
    ]

    /// A random Unicode scalar of a random plane (0 to 16). Surrogates are
    /// not scalars: a Swift string can not hold them.
    static func randomScalar(_ random: inout FuzzRandom) -> Unicode.Scalar {
        while true {
            let plane = UInt32(random.int(below: 17))
            let value = plane << 16 | UInt32(random.int(below: 0x1_0000))
            if let scalar = Unicode.Scalar(value) {
                return scalar
            }
        }
    }

    /// A random piece: a token, a scalar of any plane, ASCII, a control
    /// character, or a combining mark.
    static func randomPiece(_ random: inout FuzzRandom) -> String {
        switch random.int(below: 10) {
        case 0...3: return tokens[random.int(below: tokens.count)]
        case 4, 5: return String(Character(randomScalar(&random)))
        case 6, 7: return String(Character(Unicode.Scalar(UInt8(0x20 + random.int(below: 0x5F)))))
        case 8: return String(Character(Unicode.Scalar(UInt8(random.int(below: 0x20)))))
        default: return String(Character(Unicode.Scalar(0x300 + UInt32(random.int(below: 0x70)))!))
        }
    }

    /// A random string. One in 200 is long: 10,000 pieces.
    static func string(_ random: inout FuzzRandom, allowsEmpty: Bool) -> String {
        let count: Int
        if random.int(below: 200) == 0 {
            count = 10_000
        } else {
            count = (allowsEmpty ? 0 : 1) + random.int(below: 24)
        }
        var result = ""
        for _ in 0..<count {
            result += randomPiece(&random)
        }
        return result
    }

    /// Random bytes, with the UTF-8 of `text` in the middle.
    static func data(_ random: inout FuzzRandom, around text: String) -> Data {
        var bytes = (0..<random.int(below: 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        bytes += Array(text.utf8.prefix(1_000))
        bytes += (0..<random.int(below: 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        return Data(bytes)
    }

    /// The string as a quoted ASCII literal, every other scalar escaped,
    /// cut to `limit` scalars: failure messages show exactly what the input
    /// was.
    static func escaped(_ string: String, limit: Int = 80) -> String {
        let count = string.unicodeScalars.count
        let text = ascii(String(string.unicodeScalars.prefix(limit)), escapingQuotes: true)
        return "\"" + text + "\"" + (count > limit ? "...(\(count) scalars)" : "")
    }

    /// The text in printable ASCII, every other scalar escaped as `\u{X}`.
    /// Failure messages are ASCII: `swift test` mangles its output when it
    /// holds NUL bytes and other unusual scalars.
    static func ascii(_ text: String, escapingQuotes: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F && !(escapingQuotes && (scalar == "\\" || scalar == "\"")) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }
}
