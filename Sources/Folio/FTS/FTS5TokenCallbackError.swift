/// The error thrown by the token callback of an
/// ``FTS5WrapperTokenizer`` when FTS5 wants the tokenization to stop:
/// it carries the code that FTS5 returned.
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
struct FTS5TokenCallbackError: Error {
    let code: CInt
}
