/// A value computed from the associated records of a to-many association:
/// their count, whether there is none, the sum, average, minimum or maximum
/// of a column.
///
/// ```swift
/// struct AuthorInfo: Decodable, FetchableRecord {
///     var author: Author
///     var bookCount: Int
/// }
/// // SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount"
/// // FROM "author"
/// // LEFT JOIN "book" ON "book"."authorId" = "author"."id"
/// // GROUP BY "author"."id"
/// let request = Author.annotated(with: Author.books.count)
/// let infos = try AuthorInfo.fetchAll(db, request)
///
/// // Authors with at least one book
/// // ... HAVING COUNT(DISTINCT "book"."id") > 0
/// let authors = try Author.having(Author.books.isEmpty == false).fetchAll(db)
/// ```
///
/// As in GRDB, a request annotated or filtered with aggregates left-joins
/// their associations (under their association keys: two aggregates of the
/// same key share one join, and so do a `joining` or `including` of the
/// same key), and groups its rows by primary key, unless it is grouped
/// already. A few aggregates are computed by a correlated subquery
/// instead, with the same result:
/// `(SELECT COUNT(*) FROM "book" WHERE "book"."authorId" = "author"."id")`:
/// the aggregates of associations (`Book.including(required:
/// Book.author.annotated(with: Author.books.count))`), whose rows are not
/// grouped, the aggregates of requests of common table expressions, the
/// count of associated rows that have no single-column primary key nor
/// rowid, and the sums and averages of rows that the joins of other
/// to-many associations repeat.
///
/// Aggregates have a default key, the name of the column they are selected
/// as: `bookCount`, `hasNoBook`, `averageBookPrice`, `minBookYear`,
/// `maxBookYear`, `bookPriceSum` (for `sum` and `total`). Change it with
/// ``forKey(_:)-(String)``.
public struct AssociationAggregate<RowDecoder>: Sendable {
    /// Builds the correlated subquery form of the expression, given the
    /// alias of the origin table.
    let makeExpression: @Sendable (TableAliasBase) -> SQLExpression

    /// The joined form, nil when the aggregate is a subquery only.
    let joined: JoinedAssociationAggregate?

    /// The name of the selected column, if any.
    var key: String?

    init(
        key: String?,
        joined: JoinedAssociationAggregate? = nil,
        makeExpression: @escaping @Sendable (TableAliasBase) -> SQLExpression)
    {
        self.key = key
        self.joined = joined
        self.makeExpression = makeExpression
    }

    /// Returns the aggregate with another key.
    ///
    /// ```swift
    /// Author.annotated(with: Author.books.count.forKey("numberOfBooks"))
    /// ```
    ///
    /// - Parameter key: The name of the selected column.
    /// - Returns: An aggregate.
    public func forKey(_ key: String) -> Self {
        var aggregate = self
        aggregate.key = key
        return aggregate
    }

    /// Returns the aggregate with a coding key's name as key.
    ///
    /// - Parameter key: A coding key.
    /// - Returns: An aggregate.
    public func forKey(_ key: some CodingKey) -> Self {
        forKey(key.stringValue)
    }

    /// Returns an aggregate that combines this one with a function.
    func map(key: String? = nil, _ transform: @escaping @Sendable (SQLExpression) -> SQLExpression) -> Self {
        let makeExpression = self.makeExpression
        return AssociationAggregate(key: key, joined: joined?.map(transform)) { transform(makeExpression($0)) }
    }
}

/// The joined form of an association aggregate: the associations that the
/// origin request left-joins, and the expression over their tables.
struct JoinedAssociationAggregate: Sendable {
    /// The associations to join with `joining(optional:)`.
    var associations: [_SQLAssociation]

    /// Builds the expression, given the alias of the origin table (for
    /// the parts that fall back to a correlated subquery).
    var makeExpression: @Sendable (TableAliasBase) -> SQLExpression

    /// The negation of the expression, when it is not `NOT (...)`:
    /// `COUNT(DISTINCT "book"."id") > 0` for `!Author.books.isEmpty`.
    var makeNegatedExpression: (@Sendable (TableAliasBase) -> SQLExpression)?

    func map(_ transform: @escaping @Sendable (SQLExpression) -> SQLExpression) -> Self {
        let makeExpression = self.makeExpression
        return JoinedAssociationAggregate(associations: associations, makeExpression: { transform(makeExpression($0)) })
    }

    /// The aggregate negated, as GRDB writes it.
    var negated: Self {
        let makeExpression = self.makeExpression
        if let makeNegatedExpression {
            return JoinedAssociationAggregate(
                associations: associations, makeExpression: makeNegatedExpression, makeNegatedExpression: makeExpression)
        }
        return JoinedAssociationAggregate(associations: associations, makeExpression: { makeExpression($0).negated })
    }

    /// Combines two joined aggregates.
    static func combine(_ lhs: Self, _ rhs: Self, _ op: @escaping @Sendable (SQLExpression, SQLExpression) -> SQLExpression) -> Self {
        let l = lhs.makeExpression, r = rhs.makeExpression
        return JoinedAssociationAggregate(associations: lhs.associations + rhs.associations) { op(l($0), r($0)) }
    }
}

/// The SQL function of an association aggregate.
enum AssociationAggregateFunction: Sendable {
    case count, isEmpty, average, max, min, sum, total

    /// The function of the correlated subquery.
    func subqueryExpression(_ argument: SQLExpression?) -> SQLExpression {
        switch self {
        case .count, .isEmpty: return SQLExpression(.countAll)
        case .average: return SQLExpression(.function("AVG", [argument!], distinct: false))
        case .max: return SQLExpression(.function("MAX", [argument!], distinct: false))
        case .min: return SQLExpression(.function("MIN", [argument!], distinct: false))
        case .sum: return SQLExpression(.function("SUM", [argument!], distinct: false))
        case .total: return SQLExpression(.function("TOTAL", [argument!], distinct: false))
        }
    }

    /// Whether the function adds up the rows, and gives another result
    /// when the joins of other to-many associations repeat them.
    var addsRowsUp: Bool {
        switch self {
        case .average, .sum, .total: return true
        case .count, .isEmpty, .max, .min: return false
        }
    }
}

extension _SQLAssociation {
    /// An aggregate of the destination rows that belong to an origin row.
    func aggregate<Origin>(
        key: String?,
        _ function: AssociationAggregateFunction,
        of expression: SQLExpression? = nil) -> AssociationAggregate<Origin>
    {
        let subquery = subqueryAggregate({ function.subqueryExpression($0) }, of: expression)
        var makeSubquery = subquery
        if function == .isEmpty {
            makeSubquery = { SQLExpression(.binary("=", subquery($0), .value(0.databaseValue))) }
        }
        let joined = joinedAggregate(function, of: expression, subquery: subquery)
        return AssociationAggregate(key: key, joined: joined, makeExpression: makeSubquery)
    }

    /// The joined form of an aggregate: nil when the destination is not a
    /// table (a common table expression has no primary key to count).
    private func joinedAggregate(
        _ function: AssociationAggregateFunction,
        of expression: SQLExpression?,
        subquery: @escaping @Sendable (TableAliasBase) -> SQLExpression) -> JoinedAssociationAggregate?
    {
        guard case .table = destination.relation.source,
              steps.allSatisfy({ !$0.relation.needsOwnQuery }) else { return nil }
        // Each aggregate joins its own alias (unless the user named it):
        // two aggregates of one association under two keys (`forKey`) are
        // two joins, whose columns the expressions must tell apart. Two
        // aggregates of one key share the join, whose merged aliases all
        // name its table.
        let alias = destination.relation.alias.userName == nil ? TableAliasBase(name: nil) : destination.relation.alias
        let association = mapDestinationRelation { $0.realiased(alias) }
        switch function {
        case .count, .isEmpty:
            // COUNT(DISTINCT "book"."id")
            let count: @Sendable (TableAliasBase) -> SQLExpression = { origin in
                SQLExpression(.associationAggregate(origin) { context, origin in
                    guard let column = try Self.distinctCountColumn(of: alias.checkedTableName(), context.db) else {
                        return try subquery(Self.checked(origin))
                    }
                    return SQLExpression(.function("COUNT", [.column(column, alias)], distinct: true))
                })
            }
            guard function == .isEmpty else {
                return JoinedAssociationAggregate(associations: [association], makeExpression: count)
            }
            // `COUNT(DISTINCT "book"."id") = 0`, with GRDB's literal 0.
            func comparison(_ op: String) -> @Sendable (TableAliasBase) -> SQLExpression {
                return { origin in
                    SQLExpression(.associationAggregate(origin) { _, origin in
                        let count = try count(Self.checked(origin))
                        return SQLExpression(.deferred { context in try count.sql(&context, wrapped: true) + " \(op) 0" })
                    })
                }
            }
            return JoinedAssociationAggregate(
                associations: [association],
                makeExpression: comparison("="),
                makeNegatedExpression: comparison(">"))
        case .average, .max, .min, .sum, .total:
            let argument = expression!.qualified(with: alias)
            let aggregate = function.subqueryExpression(argument)
            guard function.addsRowsUp else {
                return JoinedAssociationAggregate(associations: [association], makeExpression: { _ in aggregate })
            }
            return JoinedAssociationAggregate(associations: [association], makeExpression: { origin in
                SQLExpression(.associationAggregate(origin) { context, origin in
                    try context.joinsRepeatRows(of: alias) ? subquery(Self.checked(origin)) : aggregate
                })
            })
        }
    }

    /// The alias of the origin table of an aggregate, which the
    /// transformations of its expression never remove.
    private static func checked(_ origin: TableAliasBase?) throws -> TableAliasBase {
        guard let origin else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "an association aggregate is used outside of a request")
        }
        return origin
    }

    /// The column that identifies the rows of a table in
    /// `COUNT(DISTINCT ...)`: its single-column primary key, or its rowid;
    /// nil for a table without either (a WITHOUT ROWID table with a
    /// primary key on several columns).
    private static func distinctCountColumn(of tableName: String, _ db: Database) throws -> String? {
        let primaryKey = try db.primaryKey(tableName)
        if primaryKey.columns.count == 1 {
            return primaryKey.columns[0]
        }
        return primaryKey.tableHasRowID ? Column.rowID.name : nil
    }

    /// The correlated subquery of an aggregate, given the alias of the
    /// origin table.
    private func subqueryAggregate(
        _ function: @escaping @Sendable (SQLExpression?) -> SQLExpression,
        of expression: SQLExpression?) -> @Sendable (TableAliasBase) -> SQLExpression
    {
        let association = self
        return { originAlias in
            SQLExpression(.deferred { context in
                // Fresh aliases: the same association may also be joined in
                // the enclosing query.
                var steps = association.steps
                var aliasMap: [(old: TableAliasBase, new: TableAliasBase)] = []
                for index in steps.indices {
                    let newAlias = TableAliasBase(name: nil)
                    aliasMap.append((steps[index].relation.alias, newAlias))
                    steps[index].relation = steps[index].relation.realiased(newAlias)
                }
                let firstAlias = steps[0].relation.alias
                let mapping = try steps[0].condition.columnMapping(context.db)
                let correlation = SQLExpression(.associative("AND", mapping.map { pair in
                    SQLExpression(.binary("=", .column(pair.child, firstAlias), .column(pair.parent, originAlias)))
                }))
                var relation = try SQLAssociationStep.reversedChain(steps, firstStepFilter: correlation).resolved(context.db)
                if relation.needsOwnQuery {
                    throw SQLRelation.ownQueryAssociationError(relation.tableName)
                }
                var aggregated = expression
                if let e = expression {
                    let destination = aliasMap[aliasMap.count - 1]
                    aggregated = e.qualified(with: destination.old).requalified(from: destination.old, to: destination.new)
                }
                relation.selection = [.expression(function(aggregated))]
                relation.ordering = []
                return "(" + (try SQLQueryGenerator(query: SQLQuery(relation: relation)).sql(&context)) + ")"
            })
        }
    }
}

extension AssociationToMany {
    private var singularKey: String { _sqlAssociation.destination.key.singularName }

    private static func capitalized(_ string: String) -> String {
        string.prefix(1).uppercased() + string.dropFirst()
    }

    private func columnKey(_ expression: SQLExpression, _ format: (String, String) -> String) -> String? {
        guard let column = expression.columnName else { return nil }
        return format(singularKey, Self.capitalized(column))
    }

    /// The number of associated records: `bookCount`.
    public var count: AssociationAggregate<OriginRowDecoder> {
        _sqlAssociation.aggregate(key: singularKey + "Count", .count)
    }

    /// Whether there is no associated record: `hasNoBook`.
    public var isEmpty: AssociationAggregate<OriginRowDecoder> {
        _sqlAssociation.aggregate(key: "hasNo" + Self.capitalized(singularKey), .isEmpty)
    }

    /// The average of an expression over the associated records:
    /// `averageBookPrice`.
    ///
    /// - Parameter expression: An expression of the associated table.
    /// - Returns: An aggregate.
    public func average(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        let e = expression.sqlExpression
        return _sqlAssociation.aggregate(key: columnKey(e) { "average\(Self.capitalized($0))\($1)" }, .average, of: e)
    }

    /// The maximum of an expression over the associated records:
    /// `maxBookYear`.
    ///
    /// - Parameter expression: An expression of the associated table.
    /// - Returns: An aggregate.
    public func max(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        let e = expression.sqlExpression
        return _sqlAssociation.aggregate(key: columnKey(e) { "max\(Self.capitalized($0))\($1)" }, .max, of: e)
    }

    /// The minimum of an expression over the associated records:
    /// `minBookYear`.
    ///
    /// - Parameter expression: An expression of the associated table.
    /// - Returns: An aggregate.
    public func min(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        let e = expression.sqlExpression
        return _sqlAssociation.aggregate(key: columnKey(e) { "min\(Self.capitalized($0))\($1)" }, .min, of: e)
    }

    /// The sum of an expression over the associated records, NULL when
    /// there is none: `bookPriceSum`.
    ///
    /// - Parameter expression: An expression of the associated table.
    /// - Returns: An aggregate.
    public func sum(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        let e = expression.sqlExpression
        return _sqlAssociation.aggregate(key: columnKey(e) { "\($0)\($1)Sum" }, .sum, of: e)
    }

    /// The total of an expression over the associated records, 0.0 when
    /// there is none: `bookPriceSum`, as the key of ``sum(_:)``.
    ///
    /// - Parameter expression: An expression of the associated table.
    /// - Returns: An aggregate.
    public func total(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        let e = expression.sqlExpression
        // GRDB's default key of `total` ends in `Sum`, as that of `sum`.
        return _sqlAssociation.aggregate(key: columnKey(e) { "\($0)\($1)Sum" }, .total, of: e)
    }
}

extension AssociationToMany where RowDecoder: TableRecord {
    /// The database components of the associated record type: `$0` in the
    /// closures of the association.
    ///
    /// ```swift
    /// // Book.Columns.Type, or DynamicColumns.Type
    /// HasManyAssociation<Author, Book>.DatabaseComponents.self
    /// ```
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents
}

extension AssociationToMany {
    /// The average of the expression returned by the closure, which
    /// receives the columns of the associated record, over the associated
    /// records: `averageBookPrice`.
    ///
    /// ```swift
    /// // SELECT author.*, AVG(book.price) AS averageBookPrice ...
    /// Author.annotated(with: Author.books.average { $0.price })
    /// ```
    ///
    /// - Parameter expression: A closure that receives the columns of the
    ///   associated record.
    /// - Returns: An aggregate.
    /// - Throws: The error of the closure.
    public func average(_ expression: (DatabaseComponents) throws -> some SQLSpecificExpressible) rethrows -> AssociationAggregate<OriginRowDecoder>
    where RowDecoder: TableRecord
    {
        average(try expression(RowDecoder.databaseComponents))
    }

    /// The maximum of the expression returned by the closure, which
    /// receives the columns of the associated record, over the associated
    /// records: `maxBookYear`.
    ///
    /// ```swift
    /// // SELECT author.*, MAX(book.year) AS maxBookYear ...
    /// Author.annotated(with: Author.books.max { $0.year })
    /// ```
    ///
    /// - Parameter expression: A closure that receives the columns of the
    ///   associated record.
    /// - Returns: An aggregate.
    /// - Throws: The error of the closure.
    public func max(_ expression: (DatabaseComponents) throws -> some SQLSpecificExpressible) rethrows -> AssociationAggregate<OriginRowDecoder>
    where RowDecoder: TableRecord
    {
        max(try expression(RowDecoder.databaseComponents))
    }

    /// The minimum of the expression returned by the closure, which
    /// receives the columns of the associated record, over the associated
    /// records: `minBookYear`.
    ///
    /// ```swift
    /// // SELECT author.*, MIN(book.year) AS minBookYear ...
    /// Author.annotated(with: Author.books.min { $0.year })
    /// ```
    ///
    /// - Parameter expression: A closure that receives the columns of the
    ///   associated record.
    /// - Returns: An aggregate.
    /// - Throws: The error of the closure.
    public func min(_ expression: (DatabaseComponents) throws -> some SQLSpecificExpressible) rethrows -> AssociationAggregate<OriginRowDecoder>
    where RowDecoder: TableRecord
    {
        min(try expression(RowDecoder.databaseComponents))
    }

    /// The sum of the expression returned by the closure, which receives
    /// the columns of the associated record, over the associated records,
    /// NULL when there is none: `bookPriceSum`.
    ///
    /// ```swift
    /// // SELECT author.*, SUM(book.price) AS bookPriceSum ...
    /// Author.annotated(with: Author.books.sum { $0.price })
    /// ```
    ///
    /// - Parameter expression: A closure that receives the columns of the
    ///   associated record.
    /// - Returns: An aggregate.
    /// - Throws: The error of the closure.
    public func sum(_ expression: (DatabaseComponents) throws -> some SQLSpecificExpressible) rethrows -> AssociationAggregate<OriginRowDecoder>
    where RowDecoder: TableRecord
    {
        sum(try expression(RowDecoder.databaseComponents))
    }

    /// The total of the expression returned by the closure, which receives
    /// the columns of the associated record, over the associated records,
    /// 0.0 when there is none: `bookPriceSum`, as the key of ``sum(_:)``.
    ///
    /// ```swift
    /// // SELECT author.*, TOTAL(book.price) AS bookPriceSum ...
    /// Author.annotated(with: Author.books.total { $0.price })
    /// ```
    ///
    /// - Parameter expression: A closure that receives the columns of the
    ///   associated record.
    /// - Returns: An aggregate.
    /// - Throws: The error of the closure.
    public func total(_ expression: (DatabaseComponents) throws -> some SQLSpecificExpressible) rethrows -> AssociationAggregate<OriginRowDecoder>
    where RowDecoder: TableRecord
    {
        total(try expression(RowDecoder.databaseComponents))
    }
}
