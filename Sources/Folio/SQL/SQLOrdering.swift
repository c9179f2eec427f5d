
/// An element of the ORDER BY clause of a request.
public struct SQLOrdering: SQLOrderingTerm, Sendable {
    enum Direction: Sendable {
        /// An expression used as an ordering, without `asc`: no keyword,
        /// as in GRDB (`ORDER BY "name"`).
        case unspecified
        /// `asc`, or the reversed `desc`: `ORDER BY "name" ASC`.
        case ascending
        case descending, ascendingNullsLast, descendingNullsFirst
    }

    enum Impl: Sendable {
        case expression(SQLExpression, Direction)
        case literal(SQL)
        /// Raw SQL that was asked to be reversed: it fails to render,
        /// because Folio can not reverse raw SQL.
        case reversedLiteral(SQL)
        /// The columns that sort the rows of a table or view in a stable
        /// order (see `Database.stableOrderColumns`), resolved at
        /// generation time; nothing for a common table expression (nil
        /// table).
        case stable(table: String?, alias: TableAliasBase?, isDescending: Bool)
        /// The primary key columns of the table of an alias (`rowid` when
        /// it has no explicit primary key), resolved at generation time:
        /// `orderByPrimaryKey()`.
        case primaryKey(alias: TableAliasBase?, isDescending: Bool)
    }

    let impl: Impl

    init(expression: SQLExpression, direction: Direction) {
        impl = .expression(expression, direction)
    }

    init(literal: SQL) {
        impl = .literal(literal)
    }

    init(impl: Impl) {
        self.impl = impl
    }

    /// Returns self.
    public var sqlOrdering: SQLOrdering { self }

    /// The reversed ordering (ASC becomes DESC). Raw SQL can not be
    /// reversed: the request then fails with a ``DatabaseError``.
    var reversed: SQLOrdering {
        switch impl {
        case let .expression(e, direction):
            switch direction {
            case .unspecified, .ascending: return SQLOrdering(expression: e, direction: .descending)
            case .descending: return SQLOrdering(expression: e, direction: .ascending)
            case .ascendingNullsLast: return SQLOrdering(expression: e, direction: .descendingNullsFirst)
            case .descendingNullsFirst: return SQLOrdering(expression: e, direction: .ascendingNullsLast)
            }
        case .literal(let literal):
            return SQLOrdering(impl: .reversedLiteral(literal))
        case .reversedLiteral(let literal):
            return SQLOrdering(impl: .literal(literal))
        case let .stable(table, alias, isDescending):
            return SQLOrdering(impl: .stable(table: table, alias: alias, isDescending: !isDescending))
        case let .primaryKey(alias, isDescending):
            return SQLOrdering(impl: .primaryKey(alias: alias, isDescending: !isDescending))
        }
    }

    /// Whether the ordering is the stable order of a table, added by
    /// `withStableOrder()`.
    var isStableOrder: Bool {
        if case .stable = impl { return true }
        return false
    }

    func qualified(with alias: TableAliasBase) -> SQLOrdering {
        switch impl {
        case let .expression(e, direction): return SQLOrdering(expression: e.qualified(with: alias), direction: direction)
        case .literal, .reversedLiteral: return self
        case let .stable(table, oldAlias, isDescending):
            return SQLOrdering(impl: .stable(table: table, alias: oldAlias ?? alias, isDescending: isDescending))
        case let .primaryKey(oldAlias, isDescending):
            return SQLOrdering(impl: .primaryKey(alias: oldAlias ?? alias, isDescending: isDescending))
        }
    }

    func requalified(from old: TableAliasBase, to new: TableAliasBase) -> SQLOrdering {
        switch impl {
        case let .expression(e, direction): return SQLOrdering(expression: e.requalified(from: old, to: new), direction: direction)
        case .literal, .reversedLiteral: return self
        case let .stable(table, alias, isDescending):
            return SQLOrdering(impl: .stable(table: table, alias: alias == old ? new : alias, isDescending: isDescending))
        case let .primaryKey(alias, isDescending):
            return SQLOrdering(impl: .primaryKey(alias: alias == old ? new : alias, isDescending: isDescending))
        }
    }

    /// Renders the ordering as SQL. A stable order renders several
    /// comma-separated terms, or the empty string when it has no column.
    func sql(_ context: inout SQLGenerationContext) throws -> String {
        switch impl {
        case let .expression(e, direction):
            let sql = try e.sql(&context)
            switch direction {
            case .unspecified: return sql
            case .ascending: return sql + " ASC"
            case .descending: return sql + " DESC"
            case .ascendingNullsLast: return sql + " ASC NULLS LAST"
            case .descendingNullsFirst: return sql + " DESC NULLS FIRST"
            }
        case .literal(let literal):
            let (sql, arguments) = try literal.build(context.db)
            context.arguments += arguments
            return sql
        case .reversedLiteral(let literal):
            let (sql, arguments) = try literal.build(context.db)
            guard context.isLenient else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "can not reverse the raw SQL ordering `\(sql)`: "
                        + "order with an SQL expression instead, such as SQL(\"\(sql)\").sqlExpression")
            }
            context.arguments += arguments
            return sql
        case let .stable(table, alias, isDescending):
            guard let table else { return "" }
            return try context.db.stableOrderColumns(table).map { name in
                let sql = try SQLExpression.column(name, alias).sql(&context)
                return isDescending ? sql + " DESC" : sql
            }.joined(separator: ", ")
        case let .primaryKey(alias, isDescending):
            return try TableAliasBase.primaryKeyColumns(of: alias, context.db).map { name in
                let sql = try SQLExpression.column(name, alias).sql(&context)
                return isDescending ? sql + " DESC" : sql
            }.joined(separator: ", ")
        }
    }
}

extension SQLSpecificExpressible {
    /// Ascending order: `score ASC`.
    public var asc: SQLOrdering { SQLOrdering(expression: sqlExpression, direction: .ascending) }

    /// Descending order: `score DESC`.
    public var desc: SQLOrdering { SQLOrdering(expression: sqlExpression, direction: .descending) }

    /// Ascending order, NULL last: `score ASC NULLS LAST`.
    public var ascNullsLast: SQLOrdering { SQLOrdering(expression: sqlExpression, direction: .ascendingNullsLast) }

    /// Descending order, NULL first: `score DESC NULLS FIRST`.
    public var descNullsFirst: SQLOrdering { SQLOrdering(expression: sqlExpression, direction: .descendingNullsFirst) }
}
