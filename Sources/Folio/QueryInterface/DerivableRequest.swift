

/// The protocol of requests that can be refined: query interface requests
/// and associations. Extend it to define reusable requests:
///
/// ```swift
/// extension DerivableRequest<Author> {
///     func orderByName() -> Self {
///         order(Author.Columns.name.collating(.localizedCaseInsensitiveCompare))
///     }
///
///     func filter(country: String) -> Self {
///         filter(Author.Columns.country == country)
///     }
/// }
///
/// let authors = try Author.all().filter(country: "France").orderByName().fetchAll(db)
/// ```
public protocol DerivableRequest<RowDecoder>: AggregatingRequest, FilteredRequest, JoinableRequest,
    OrderedRequest, SelectionRequest, TableRequest
{
    /// Returns a request that returns distinct rows.
    ///
    /// - Returns: A request.
    func distinct() -> Self
}
