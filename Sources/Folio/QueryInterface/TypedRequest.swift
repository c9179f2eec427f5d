/// A request that knows the type of the values it fetches: its
/// `RowDecoder`.
///
/// Query interface requests and associations are typed requests. Extend
/// this protocol to write code that applies to all of them:
///
/// ```swift
/// func describe<R: TypedRequest>(_ request: R) -> String {
///     "a request of \(R.RowDecoder.self)"
/// }
///
/// describe(Player.all())   // "a request of Player"
/// describe(Author.books)   // "a request of Book"
/// ```
///
/// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
public protocol TypedRequest<RowDecoder> {
    /// The type of fetched values.
    associatedtype RowDecoder
}
