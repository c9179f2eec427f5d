/// A type that can sort the results of a request: columns, expressions,
/// and their `asc`/`desc` variants.
///
/// ```swift
/// Player.order(Column("score").desc, Column("name"))
/// ```
public protocol SQLOrderingTerm: Sendable {
    /// The ordering term.
    var sqlOrdering: SQLOrdering { get }
}
