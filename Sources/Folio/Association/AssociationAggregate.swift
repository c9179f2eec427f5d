/// A value computed from the associated records of a to-many association:
/// their count, whether there is none, the sum, average, minimum or maximum
/// of a column.
///
/// ```swift
/// struct AuthorInfo: Decodable, FetchableRecord {
///     var author: Author
///     var bookCount: Int
/// }
/// let request = Author.annotated(with: Author.books.count)
/// let infos = try AuthorInfo.fetchAll(db, request)
///
/// // Authors with at least one book
/// let authors = try Author.having(Author.books.isEmpty == false).fetchAll(db)
/// ```
///
/// Each aggregate is computed by a correlated subquery, so that several
/// aggregates of the same request never interfere:
/// `(SELECT COUNT(*) FROM book WHERE book.authorId = author.id)`.
///
/// Aggregates have a default key, the name of the column they are selected
/// as: `bookCount`, `hasNoBook`, `averageBookPrice`, `minBookYear`,
/// `maxBookYear`, `bookPriceSum` (for `sum` and `total`). Change it with
/// ``forKey(_:)-(String)``.
public struct AssociationAggregate<RowDecoder>: Sendable {
    /// Builds the expression, given the alias of the origin table.
    let makeExpression: @Sendable (TableAliasBase) -> SQLExpression

    /// The name of the selected column, if any.
    var key: String?

    init(key: String?, makeExpression: @escaping @Sendable (TableAliasBase) -> SQLExpression) {
        self.key = key
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
        return AssociationAggregate(key: key) { transform(makeExpression($0)) }
    }
}

extension _SQLAssociation {
    /// An aggregate of the destination rows that belong to an origin row.
    func aggregate<Origin>(
        key: String?,
        _ function: @escaping @Sendable (SQLExpression?) -> SQLExpression,
        of expression: SQLExpression? = nil) -> AssociationAggregate<Origin>
    {
        let association = self
        return AssociationAggregate(key: key) { originAlias in
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
        _sqlAssociation.aggregate(key: singularKey + "Count") { _ in SQLExpression(.countAll) }
    }

    /// Whether there is no associated record: `hasNoBook`.
    public var isEmpty: AssociationAggregate<OriginRowDecoder> {
        _sqlAssociation.aggregate(key: "hasNo" + Self.capitalized(singularKey)) { _ in SQLExpression(.countAll) }
            .map(key: "hasNo" + Self.capitalized(singularKey)) { SQLExpression(.binary("=", $0, .value(0.databaseValue))) }
    }

    /// The average of an expression over the associated records:
    /// `averageBookPrice`.
    ///
    /// - Parameter expression: An expression of the associated table.
    /// - Returns: An aggregate.
    public func average(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        let e = expression.sqlExpression
        return _sqlAssociation.aggregate(key: columnKey(e) { "average\(Self.capitalized($0))\($1)" }, {
            SQLExpression(.function("AVG", [$0!], distinct: false))
        }, of: e)
    }

    /// The maximum of an expression over the associated records:
    /// `maxBookYear`.
    ///
    /// - Parameter expression: An expression of the associated table.
    /// - Returns: An aggregate.
    public func max(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        let e = expression.sqlExpression
        return _sqlAssociation.aggregate(key: columnKey(e) { "max\(Self.capitalized($0))\($1)" }, {
            SQLExpression(.function("MAX", [$0!], distinct: false))
        }, of: e)
    }

    /// The minimum of an expression over the associated records:
    /// `minBookYear`.
    ///
    /// - Parameter expression: An expression of the associated table.
    /// - Returns: An aggregate.
    public func min(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        let e = expression.sqlExpression
        return _sqlAssociation.aggregate(key: columnKey(e) { "min\(Self.capitalized($0))\($1)" }, {
            SQLExpression(.function("MIN", [$0!], distinct: false))
        }, of: e)
    }

    /// The sum of an expression over the associated records, NULL when
    /// there is none: `bookPriceSum`.
    ///
    /// - Parameter expression: An expression of the associated table.
    /// - Returns: An aggregate.
    public func sum(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        let e = expression.sqlExpression
        return _sqlAssociation.aggregate(key: columnKey(e) { "\($0)\($1)Sum" }, {
            SQLExpression(.function("SUM", [$0!], distinct: false))
        }, of: e)
    }

    /// The total of an expression over the associated records, 0.0 when
    /// there is none: `bookPriceSum`, as the key of ``sum(_:)``.
    ///
    /// - Parameter expression: An expression of the associated table.
    /// - Returns: An aggregate.
    public func total(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        let e = expression.sqlExpression
        // GRDB's default key of `total` ends in `Sum`, as that of `sum`.
        return _sqlAssociation.aggregate(key: columnKey(e) { "\($0)\($1)Sum" }, {
            SQLExpression(.function("TOTAL", [$0!], distinct: false))
        }, of: e)
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
