/// A custom tokenizer created by SQLite (`xCreate`), retained until
/// SQLite deletes it (`xDelete`).
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
final class FTS5CustomTokenizerInstance {
    let tokenizer: any FTS5Tokenizer

    init(tokenizer: any FTS5Tokenizer) {
        self.tokenizer = tokenizer
    }
}
