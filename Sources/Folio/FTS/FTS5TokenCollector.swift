/// The tokens collected by ``FTS5Tokenizer/tokenize(query:)`` and
/// ``FTS5Tokenizer/tokenize(document:)``.
final class FTS5TokenCollector {
    var tokens: [(token: String, flags: FTS5TokenFlags)] = []

    /// The string of a token, from its UTF-8 bytes (invalid bytes are
    /// replaced, not trusted).
    static func string(_ pToken: UnsafePointer<CChar>?, _ nToken: CInt) -> String {
        guard let pToken, nToken > 0 else { return "" }
        return pToken.withMemoryRebound(to: UInt8.self, capacity: Int(nToken)) {
            String(decoding: UnsafeBufferPointer(start: $0, count: Int(nToken)), as: UTF8.self)
        }
    }
}
