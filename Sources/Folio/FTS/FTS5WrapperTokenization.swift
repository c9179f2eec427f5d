import CSQLite

/// One tokenization by an ``FTS5WrapperTokenizer``: the context of the
/// wrapped tokenizer, which gives each of its tokens to the wrapper, and
/// the tokens of the wrapper to FTS5.
///
/// See <https://www.sqlite.org/fts5.html#custom_tokenizers>.
final class FTS5WrapperTokenization {
    private let wrapper: any FTS5WrapperTokenizer
    private let tokenization: FTS5Tokenization
    private let context: UnsafeMutableRawPointer?
    private let tokenCallback: FTS5TokenCallback

    init(
        wrapper: any FTS5WrapperTokenizer,
        tokenization: FTS5Tokenization,
        context: UnsafeMutableRawPointer?,
        tokenCallback: FTS5TokenCallback)
    {
        self.wrapper = wrapper
        self.tokenization = tokenization
        self.context = context
        self.tokenCallback = tokenCallback
    }

    /// Gives a token of the wrapped tokenizer to the wrapper, and returns
    /// `SQLITE_OK` or the error code that stops the tokenization.
    func accept(
        flags: CInt,
        pToken: UnsafePointer<CChar>?,
        nToken: CInt,
        iStart: CInt,
        iEnd: CInt) -> CInt
    {
        let token = FTS5TokenCollector.string(pToken, nToken)
        do {
            try wrapper.accept(token: token, flags: FTS5TokenFlags(rawValue: flags), for: tokenization) { token, flags in
                var token = token
                let code = token.withUTF8 { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { bytes in
                        tokenCallback(context, flags.rawValue, bytes.baseAddress, CInt(bytes.count), iStart, iEnd)
                    }
                }
                guard code == SQLITE_OK else {
                    throw FTS5TokenCallbackError(code: code)
                }
            }
            return SQLITE_OK
        } catch let error as FTS5TokenCallbackError {
            return error.code
        } catch let error as DatabaseError {
            return error.extendedResultCode.rawValue
        } catch {
            return SQLITE_ERROR
        }
    }
}
