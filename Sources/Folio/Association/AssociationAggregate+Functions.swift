// SQL functions applied to association aggregates: `abs` and `length`
// (`cast` is in AssociationAggregate+Operators.swift).
// See <https://www.sqlite.org/lang_corefunc.html>.
//
// ```swift
// // SELECT team.*, ABS(MAX(player.score)) FROM team LEFT JOIN player ... GROUP BY team.id
// Team.annotated(with: abs(Team.players.max(Column("score"))))
// ```

/// The `ABS` SQL function, for an association aggregate. Like other
/// operations on aggregates, the result has no key: give it one with
/// ``AssociationAggregate/forKey(_:)-(String)``.
///
/// ```swift
/// // SELECT team.*, ABS(MAX(player.score)) AS maxAbsoluteScore FROM team ...
/// Team.annotated(with: abs(Team.players.max(Column("score"))).forKey("maxAbsoluteScore"))
/// ```
///
/// - Parameter aggregate: An association aggregate.
/// - Returns: An aggregate. See
///   <https://www.sqlite.org/lang_corefunc.html#abs>.
public func abs<RowDecoder>(_ aggregate: AssociationAggregate<RowDecoder>) -> AssociationAggregate<RowDecoder> {
    aggregate.map { abs($0) }
}

/// The `LENGTH` SQL function, for an association aggregate. Like other
/// operations on aggregates, the result has no key: give it one with
/// ``AssociationAggregate/forKey(_:)-(String)``.
///
/// ```swift
/// // SELECT author.*, LENGTH(MAX(book.title)) AS titleLength FROM author ...
/// Author.annotated(with: length(Author.books.max(Column("title"))).forKey("titleLength"))
/// ```
///
/// - Parameter aggregate: An association aggregate.
/// - Returns: An aggregate. See
///   <https://www.sqlite.org/lang_corefunc.html#length>.
public func length<RowDecoder>(_ aggregate: AssociationAggregate<RowDecoder>) -> AssociationAggregate<RowDecoder> {
    aggregate.map { length($0) }
}
