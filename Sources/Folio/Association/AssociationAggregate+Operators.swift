// Operators on association aggregates, so that they build predicates
// and computed values:
//
//     Author.having(Author.books.count > 2)
//     Author.having(Author.books.isEmpty == false)
//     Author.annotated(with: (Author.books.sum(Column("pages")) / Author.books.count).forKey("averagePages"))

extension AssociationAggregate {
    /// Combines two aggregates of the same origin.
    static func combine(_ lhs: Self, _ rhs: Self, _ op: @escaping @Sendable (SQLExpression, SQLExpression) -> SQLExpression) -> Self {
        let l = lhs.makeExpression, r = rhs.makeExpression
        let joined = lhs.joined.flatMap { lhs in rhs.joined.map { JoinedAssociationAggregate.combine(lhs, $0, op) } }
        return AssociationAggregate(key: nil, joined: joined) { alias in op(l(alias), r(alias)) }
    }

    /// Combines an aggregate with a value.
    static func combine(_ lhs: Self, _ rhs: SQLExpression, _ op: @escaping @Sendable (SQLExpression, SQLExpression) -> SQLExpression) -> Self {
        lhs.map { op($0, rhs) }
    }

    /// Combines a value with an aggregate.
    static func combine(_ lhs: SQLExpression, _ rhs: Self, _ op: @escaping @Sendable (SQLExpression, SQLExpression) -> SQLExpression) -> Self {
        rhs.map { op(lhs, $0) }
    }
}

/// `lhs = rhs`, for association aggregates.
public func == <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression.equal($0, $1) }
}

/// `lhs = rhs`, for an association aggregate and a value.
public func == <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression.equal($0, $1) }
}

/// `lhs = rhs`, for a value and an association aggregate.
public func == <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression.equal($0, $1) }
}

/// `lhs <> rhs`, for association aggregates.
public func != <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression.notEqual($0, $1) }
}

/// `lhs <> rhs`, for an association aggregate and a value.
public func != <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression.notEqual($0, $1) }
}

/// `lhs <> rhs`, for a value and an association aggregate.
public func != <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression.notEqual($0, $1) }
}

/// `lhs < rhs`, for association aggregates.
public func < <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression.comparison("<", $0, $1) }
}

/// `lhs < rhs`, for an association aggregate and a value.
public func < <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression.comparison("<", $0, $1) }
}

/// `lhs < rhs`, for a value and an association aggregate.
public func < <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression.comparison("<", $0, $1) }
}

/// `lhs <= rhs`, for association aggregates.
public func <= <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression.comparison("<=", $0, $1) }
}

/// `lhs <= rhs`, for an association aggregate and a value.
public func <= <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression.comparison("<=", $0, $1) }
}

/// `lhs <= rhs`, for a value and an association aggregate.
public func <= <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression.comparison("<=", $0, $1) }
}

/// `lhs > rhs`, for association aggregates.
public func > <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression.comparison(">", $0, $1) }
}

/// `lhs > rhs`, for an association aggregate and a value.
public func > <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression.comparison(">", $0, $1) }
}

/// `lhs > rhs`, for a value and an association aggregate.
public func > <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression.comparison(">", $0, $1) }
}

/// `lhs >= rhs`, for association aggregates.
public func >= <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression.comparison(">=", $0, $1) }
}

/// `lhs >= rhs`, for an association aggregate and a value.
public func >= <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression.comparison(">=", $0, $1) }
}

/// `lhs >= rhs`, for a value and an association aggregate.
public func >= <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression.comparison(">=", $0, $1) }
}

/// `lhs + rhs`, for association aggregates.
public func + <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression.associative("+", $0, $1) }
}

/// `lhs + rhs`, for an association aggregate and a value.
public func + <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression.associative("+", $0, $1) }
}

/// `lhs + rhs`, for a value and an association aggregate.
public func + <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression.associative("+", $0, $1) }
}

/// `lhs - rhs`, for association aggregates.
public func - <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression(.binary("-", $0, $1)) }
}

/// `lhs - rhs`, for an association aggregate and a value.
public func - <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression(.binary("-", $0, $1)) }
}

/// `lhs - rhs`, for a value and an association aggregate.
public func - <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression(.binary("-", $0, $1)) }
}

/// `lhs * rhs`, for association aggregates.
public func * <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression.associative("*", $0, $1) }
}

/// `lhs * rhs`, for an association aggregate and a value.
public func * <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression.associative("*", $0, $1) }
}

/// `lhs * rhs`, for a value and an association aggregate.
public func * <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression.associative("*", $0, $1) }
}

/// `lhs / rhs`, for association aggregates.
public func / <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression(.binary("/", $0, $1)) }
}

/// `lhs / rhs`, for an association aggregate and a value.
public func / <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression(.binary("/", $0, $1)) }
}

/// `lhs / rhs`, for a value and an association aggregate.
public func / <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression(.binary("/", $0, $1)) }
}

/// `lhs AND rhs`, for association aggregates.
public func && <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression.associative("AND", $0, $1) }
}

/// `lhs AND rhs`, for an association aggregate and a value.
public func && <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression.associative("AND", $0, $1) }
}

/// `lhs AND rhs`, for a value and an association aggregate.
public func && <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression.associative("AND", $0, $1) }
}

/// `lhs OR rhs`, for association aggregates.
public func || <T>(lhs: AssociationAggregate<T>, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs, rhs) { SQLExpression.associative("OR", $0, $1) }
}

/// `lhs OR rhs`, for an association aggregate and a value.
public func || <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    .combine(lhs, rhs.sqlExpression) { SQLExpression.associative("OR", $0, $1) }
}

/// `lhs OR rhs`, for a value and an association aggregate.
public func || <T>(lhs: some SQLExpressible, rhs: AssociationAggregate<T>) -> AssociationAggregate<T> {
    .combine(lhs.sqlExpression, rhs) { SQLExpression.associative("OR", $0, $1) }
}

/// `lhs = rhs` with a boolean: `Author.books.isEmpty == false` is
/// `NOT (...)`.
public func == <T>(lhs: AssociationAggregate<T>, rhs: Bool) -> AssociationAggregate<T> {
    rhs ? lhs : !lhs
}

/// `lhs <> rhs` with a boolean.
public func != <T>(lhs: AssociationAggregate<T>, rhs: Bool) -> AssociationAggregate<T> {
    rhs ? !lhs : lhs
}

/// `NOT aggregate`
public prefix func ! <T>(aggregate: AssociationAggregate<T>) -> AssociationAggregate<T> {
    // `!Author.books.isEmpty` is `COUNT(DISTINCT "book"."id") > 0`, as
    // GRDB writes it, when the aggregate is joined.
    let makeExpression = aggregate.makeExpression
    return AssociationAggregate(key: nil, joined: aggregate.joined?.negated) { makeExpression($0).negated }
}

/// `-aggregate`
public prefix func - <T>(aggregate: AssociationAggregate<T>) -> AssociationAggregate<T> {
    aggregate.map { SQLExpression(.unary("-", $0)) }
}

/// `IFNULL(lhs, rhs)`, for an association aggregate and a value.
public func ?? <T>(lhs: AssociationAggregate<T>, rhs: some SQLExpressible) -> AssociationAggregate<T> {
    let fallback = rhs.sqlExpression
    return lhs.map(key: lhs.key) { SQLExpression(.function("IFNULL", [$0, fallback], distinct: false)) }
}

/// The `CAST` SQL function, for an association aggregate. The aggregate
/// keeps its key.
///
/// ```swift
/// // SELECT author.*, CAST(COUNT(DISTINCT book.id) AS REAL) AS bookCount ...
/// Author.annotated(with: cast(Author.books.count, as: .real))
/// ```
///
/// - Parameters:
///   - aggregate: An association aggregate.
///   - storageClass: The storage class of the result.
/// - Returns: An aggregate. See
///   <https://www.sqlite.org/lang_expr.html#castexpr>.
public func cast<RowDecoder>(_ aggregate: AssociationAggregate<RowDecoder>, as storageClass: Database.StorageClass) -> AssociationAggregate<RowDecoder> {
    aggregate.map(key: aggregate.key) { cast($0, as: storageClass) }
}
