

/// An SQL expression.
///
/// Build expressions from columns, values and operators:
///
/// ```swift
/// let isAdult: SQLExpression = Column("age") >= 18
/// let fullName = [Column("firstName"), " ".databaseValue, Column("lastName")].joined(operator: .concat)
/// ```
///
/// Raw SQL is an expression too: `SQL("score + ?", arguments: [1]).sqlExpression`.
public struct SQLExpression: SQLSpecificExpressible, Sendable {
    enum Impl: Sendable {
        /// A column, optionally bound to a table alias.
        case column(String, TableAliasBase?)
        /// A column that belongs to no table, never qualified: the name of
        /// a selected expression (`Column("total").detached`).
        case detachedColumn(String)
        /// The single-column primary key of the table of an alias (the
        /// rowid for tables without explicit primary key), resolved at
        /// generation time.
        case singlePrimaryKey(TableAliasBase?)
        /// A value, rendered as `?`.
        case value(DatabaseValue)
        /// Raw SQL.
        case literal(SQL)
        /// A prefix operator: `NOT x`, `-x`.
        case unary(String, SQLExpression)
        /// A postfix operator: `x IS NULL`.
        case postfix(SQLExpression, String)
        /// A binary operator: `a = b`, `a LIKE b`.
        case binary(String, SQLExpression, SQLExpression)
        /// An associative operator applied to several operands: `a AND b AND c`.
        case associative(String, [SQLExpression])
        /// `x IN (a, b, c)`, or `x NOT IN (...)`.
        case inList(SQLExpression, [SQLExpression], negated: Bool)
        /// `x IN (SELECT ...)`, or `x NOT IN (...)`.
        case inSubquery(SQLExpression, SQLSubquery, negated: Bool)
        /// `x IN table`, or `x NOT IN table` (a common table expression).
        case inTable(SQLExpression, String, negated: Bool)
        /// `x LIKE pattern ESCAPE escape`.
        case likeEscape(SQLExpression, SQLExpression, SQLExpression)
        /// `x BETWEEN a AND b`, or `x NOT BETWEEN ...`.
        case between(SQLExpression, SQLExpression, SQLExpression, negated: Bool)
        /// A function call: `f(a, b)`, `COUNT(DISTINCT a)`.
        case function(String, [SQLExpression], distinct: Bool)
        /// A call to a custom aggregate function (``DatabaseAggregate``).
        case customAggregate(String, [SQLExpression])
        /// An aggregate function call restricted to the rows that match a
        /// condition: `SUM(a) FILTER (WHERE b)`.
        case aggregateFilter(SQLExpression, SQLExpression)
        /// `COUNT(*)`.
        case countAll
        /// `x COLLATE name`.
        case collated(SQLExpression, String)
        /// `CAST(x AS type)`.
        case cast(SQLExpression, String)
        /// `EXISTS (SELECT ...)`.
        case exists(SQLSubquery, negated: Bool)
        /// A subquery used as a value: `(SELECT ...)`.
        case subquery(SQLSubquery)
        /// `CASE WHEN ... THEN ... ELSE ... END`.
        case caseWhen([(SQLExpression, SQLExpression)], SQLExpression?)
        /// An expression rendered with access to the generation context.
        case deferred(@Sendable (inout SQLGenerationContext) throws -> String)
        /// An expression resolved at generation time from the connection
        /// (the schema) and the alias of the filtered table: conditions on
        /// primary and unique keys.
        case schemaDependent(TableAliasBase?, @Sendable (Database, TableAliasBase?) throws -> SQLExpression)
        /// An association aggregate of a joined association, resolved at
        /// generation time from the context (the schema, and the joins of
        /// the query): `COUNT(DISTINCT "book"."id")`, or a correlated
        /// subquery where the join can not compute it. The alias is the
        /// one of the origin table, which the subquery refers to.
        case associationAggregate(TableAliasBase?, @Sendable (inout SQLGenerationContext, TableAliasBase?) throws -> SQLExpression)
    }

    /// The box of an expression: a tree of 200,000 nested expressions is
    /// freed without recursing as deep (see ``DeepTreeRelease``).
    ///
    /// `@unchecked Sendable`: `impl` is written only by `deinit`, when no
    /// other reference to the node exists.
    final class Node: @unchecked Sendable {
        /// Unchecked exclusivity: read after `init`, written only by
        /// `deinit` (the dynamic checks cost about 1 % of workload 8,
        /// filter + order requests).
        @exclusivity(unchecked) var impl: Impl

        init(_ impl: Impl) {
            self.impl = impl
        }

        deinit {
            switch impl {
            case .column, .detachedColumn, .singlePrimaryKey, .value, .countAll:
                return
            default:
                DeepTreeRelease.release(&impl, replacingWith: .countAll)
            }
        }
    }

    let node: Node

    /// What the expression is.
    var impl: Impl { node.impl }

    init(_ impl: Impl) {
        node = Node(impl)
    }

    /// Returns self.
    public var sqlExpression: SQLExpression { self }

    /// Creates an expression from raw SQL.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    init(literal sqlLiteral: SQL) {
        node = Node(.literal(sqlLiteral))
    }

    /// An expression for a column of a table alias.
    static func column(_ name: String, _ alias: TableAliasBase? = nil) -> SQLExpression {
        SQLExpression(.column(name, alias))
    }

    /// An expression for a value.
    static func value(_ value: DatabaseValue) -> SQLExpression {
        SQLExpression(.value(value))
    }

    /// Whether the expression is a column, or a column in a COLLATE clause.
    var columnName: String? {
        switch impl {
        case .column(let name, _): return name
        case .collated(let base, _): return base.columnName
        default: return nil
        }
    }

    /// Returns the expression with unqualified columns bound to an alias.
    func qualified(with alias: TableAliasBase) -> SQLExpression {
        mapAliases { $0 ?? alias }
    }

    /// Returns the expression with the columns of an alias moved to
    /// another alias.
    func requalified(from old: TableAliasBase, to new: TableAliasBase) -> SQLExpression {
        mapAliases { $0 == old ? new : $0 }
    }

    /// Returns the expression with the aliases of its columns transformed.
    func mapAliases(_ transform: (TableAliasBase?) -> TableAliasBase?) -> SQLExpression {
        mapAliases(transform, depth: 1)
    }

    /// `mapAliases(_:)` of an expression found at `depth` in its tree.
    /// Deeper than ``maximumDepth``, the expression is left as is: its
    /// rendering throws SQLite's depth error before it reaches this level,
    /// and walking 200,000 levels would exhaust the stack.
    private func mapAliases(_ transform: (TableAliasBase?) -> TableAliasBase?, depth: Int) -> SQLExpression {
        if depth > SQLExpression.maximumDepth { return self }
        func map(_ e: SQLExpression) -> SQLExpression { e.mapAliases(transform, depth: depth + 1) }
        switch impl {
        case let .column(name, alias):
            return .column(name, transform(alias))
        case let .singlePrimaryKey(alias):
            return SQLExpression(.singlePrimaryKey(transform(alias)))
        case .value, .literal, .countAll, .deferred, .exists, .subquery, .detachedColumn:
            return self
        case let .associationAggregate(alias, resolve):
            return SQLExpression(.associationAggregate(transform(alias), resolve))
        case let .unary(op, e):
            return SQLExpression(.unary(op, map(e)))
        case let .postfix(e, op):
            return SQLExpression(.postfix(map(e), op))
        case let .binary(op, l, r):
            return SQLExpression(.binary(op, map(l), map(r)))
        case let .associative(op, es):
            return SQLExpression(.associative(op, SQLExpression.flattenedOperands(op, es).map(map)))
        case let .inList(e, es, negated):
            return SQLExpression(.inList(map(e), es.map(map), negated: negated))
        case let .inSubquery(e, q, negated):
            return SQLExpression(.inSubquery(map(e), q, negated: negated))
        case let .inTable(e, table, negated):
            return SQLExpression(.inTable(map(e), table, negated: negated))
        case let .between(e, l, h, negated):
            return SQLExpression(.between(map(e), map(l), map(h), negated: negated))
        case let .likeEscape(e, p, x):
            return SQLExpression(.likeEscape(map(e), map(p), map(x)))
        case let .function(name, es, distinct):
            return SQLExpression(.function(name, es.map(map), distinct: distinct))
        case let .customAggregate(name, es):
            return SQLExpression(.customAggregate(name, es.map(map)))
        case let .aggregateFilter(e, filter):
            return SQLExpression(.aggregateFilter(map(e), map(filter)))
        case let .collated(e, c):
            return SQLExpression(.collated(map(e), c))
        case let .cast(e, t):
            return SQLExpression(.cast(map(e), t))
        case let .caseWhen(cases, otherwise):
            return SQLExpression(.caseWhen(cases.map { (map($0.0), map($0.1)) }, otherwise.map(map)))
        case let .schemaDependent(alias, resolve):
            return SQLExpression(.schemaDependent(transform(alias), resolve))
        }
    }

    /// Whether the expression contains an aggregate function, or raw SQL
    /// that may contain one. Such selections make a request return one row
    /// per group, and `fetchCount` then counts the rows of a subquery.
    var mayBeAggregate: Bool {
        mayBeAggregate(depth: 1)
    }

    /// `mayBeAggregate` of an expression found at `depth` in its tree:
    /// false past ``maximumDepth``, where rendering throws anyway.
    private func mayBeAggregate(depth: Int) -> Bool {
        if depth > SQLExpression.maximumDepth { return false }
        let depth = depth + 1
        switch impl {
        case .countAll, .customAggregate, .aggregateFilter, .literal, .associationAggregate: return true
        case let .function(name, es, _):
            let name = name.uppercased()
            // MIN and MAX with several arguments are scalar functions.
            if es.count > 1, name == "MIN" || name == "MAX" {
                return es.contains { $0.mayBeAggregate(depth: depth) }
            }
            return SQLExpression.aggregateFunctions.contains(name) || es.contains { $0.mayBeAggregate(depth: depth) }
        case let .unary(_, e), let .postfix(e, _), let .collated(e, _), let .cast(e, _):
            return e.mayBeAggregate(depth: depth)
        case let .binary(_, l, r): return l.mayBeAggregate(depth: depth) || r.mayBeAggregate(depth: depth)
        case let .associative(op, es):
            return SQLExpression.flattenedOperands(op, es).contains { $0.mayBeAggregate(depth: depth) }
        case let .between(e, l, h, _), let .likeEscape(e, l, h):
            return e.mayBeAggregate(depth: depth) || l.mayBeAggregate(depth: depth) || h.mayBeAggregate(depth: depth)
        case let .inList(e, es, _): return e.mayBeAggregate(depth: depth) || es.contains { $0.mayBeAggregate(depth: depth) }
        case let .inSubquery(e, _, _), let .inTable(e, _, _): return e.mayBeAggregate(depth: depth)
        case let .caseWhen(cases, otherwise):
            return cases.contains { $0.0.mayBeAggregate(depth: depth) || $0.1.mayBeAggregate(depth: depth) } || otherwise?.mayBeAggregate(depth: depth) == true
        case .column, .detachedColumn, .singlePrimaryKey, .value, .exists, .subquery, .deferred, .schemaDependent: return false
        }
    }

    static let aggregateFunctions: Set<String> = ["COUNT", "SUM", "TOTAL", "AVG", "MIN", "MAX", "GROUP_CONCAT", "JSON_GROUP_ARRAY", "JSON_GROUP_OBJECT"]
}

extension SQLExpression {
    /// The deepest expression that renders: SQLite refuses deeper ones
    /// (`SQLITE_MAX_EXPR_DEPTH`, 1000 by default), and rendering a deeper
    /// tree recursively could exhaust the stack of the thread (a debug
    /// build uses several kilobytes per level).
    static let maximumDepth = 1000

    /// The extra levels an SQL literal counts for (see `otherSQL`).
    static let literalNestingWeight = 4

    /// Renders the expression as SQL, appending its values to the context
    /// arguments.
    ///
    /// - Throws: A ``DatabaseError`` for an expression nested deeper than
    ///   ``maximumDepth``, with SQLite's own message, before the stack
    ///   runs out.
    func sql(_ context: inout SQLGenerationContext, wrapped: Bool = false) throws -> String {
        try context.deepen()
        defer { context.expressionDepth -= 1 }
        switch impl {
        case let .unary(op, e):
            return try SQLExpression.unarySQL(op, e, &context, wrapped: wrapped)
        case let .binary(op, l, r):
            return try SQLExpression.binarySQL(op, l, r, &context, wrapped: wrapped)
        case let .associative(op, es):
            return try SQLExpression.associativeSQL(op, SQLExpression.flattenedOperands(op, es), &context, wrapped: wrapped)
        default:
            return try otherSQL(&context, wrapped: wrapped)
        }
    }

    /// `op e`, the operand wrapped. Out of line, as the other renderings,
    /// so that each level of a deep tree takes only the stack of its own
    /// case.
    @inline(never)
    private static func unarySQL(_ op: String, _ e: SQLExpression, _ context: inout SQLGenerationContext, wrapped: Bool) throws -> String {
        let sql = op + (op.last?.isLetter == true ? " " : "") + (try e.sql(&context, wrapped: true))
        return wrapped ? "(\(sql))" : sql
    }

    /// `l op r`, both operands wrapped.
    @inline(never)
    private static func binarySQL(_ op: String, _ l: SQLExpression, _ r: SQLExpression, _ context: inout SQLGenerationContext, wrapped: Bool) throws -> String {
        if op.utf8.first == UInt8(ascii: "-") && op.utf8.dropFirst().first == UInt8(ascii: ">") {
            // `->` and `->>` came with SQLite 3.38; Folio runs on 3.37.
            try SQLiteVersionRequirement.check(feature: "the JSON operator \(op)", since: 3_038_000)
        }
        let sql = try l.sql(&context, wrapped: true) + " \(op) " + r.sql(&context, wrapped: true)
        return wrapped ? "(\(sql))" : sql
    }

    /// `e1 op e2 op ...`, each operand wrapped.
    @inline(never)
    private static func associativeSQL(_ op: String, _ es: [SQLExpression], _ context: inout SQLGenerationContext, wrapped: Bool) throws -> String {
        if es.count == 1 { return try es[0].sql(&context, wrapped: wrapped) }
        let sql = try es.map { try $0.sql(&context, wrapped: true) }.joined(separator: " \(op) ")
        return wrapped ? "(\(sql))" : sql
    }

    /// The SQL of the other cases (out of line, see `unarySQL`).
    @inline(never)
    private func otherSQL(_ context: inout SQLGenerationContext, wrapped: Bool) throws -> String {
        switch impl {
        case let .column(name, alias):
            if let alias, context.mustQualify(alias) {
                return try context.name(of: alias).quotedDatabaseIdentifier + "." + name.quotedDatabaseIdentifier
            }
            return name.quotedDatabaseIdentifier
        case let .detachedColumn(name):
            return name.quotedDatabaseIdentifier
        case let .singlePrimaryKey(alias):
            guard let alias else {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the primary key is used outside of a request")
            }
            let tableName = try alias.checkedTableName()
            let primaryKey = try context.db.primaryKey(tableName)
            guard primaryKey.columns.count == 1 else {
                if context.isLenient {
                    return primaryKey.columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                }
                let columns = primaryKey.columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "table \(tableName) has a primary key on several columns (\(columns)): a single-column primary key is required")
            }
            return try SQLExpression.column(primaryKey.columns[0], alias).sql(&context, wrapped: wrapped)
        case let .value(value):
            if context.inlinesValues, let literal = value.inlinedSQLLiteral {
                return literal
            }
            context.arguments.values.append(value)
            return "?"
        case let .literal(literal):
            // A literal renders its interpolated expressions through
            // closures and contexts of their own: more stack per level than
            // an operator, so it counts as several levels.
            try context.deepen(by: SQLExpression.literalNestingWeight)
            defer { context.expressionDepth -= SQLExpression.literalNestingWeight }
            let (sql, arguments) = try literal.build(context.db)
            context.arguments += arguments
            return wrapped ? "(\(sql))" : sql
        case let .postfix(e, op):
            let sql = try e.sql(&context, wrapped: true) + " " + op
            return wrapped ? "(\(sql))" : sql
        case let .inList(e, es, negated):
            let sql = try e.sql(&context, wrapped: true)
                + (negated ? " NOT IN (" : " IN (")
                + es.map { try $0.sql(&context) }.joined(separator: ", ") + ")"
            return wrapped ? "(\(sql))" : sql
        case let .inSubquery(e, q, negated):
            let sql = try e.sql(&context, wrapped: true)
                + (negated ? " NOT IN (" : " IN (") + q.sql(&context) + ")"
            return wrapped ? "(\(sql))" : sql
        case let .inTable(e, table, negated):
            let sql = try e.sql(&context, wrapped: true)
                + (negated ? " NOT IN " : " IN ") + table.quotedDatabaseIdentifier
            return wrapped ? "(\(sql))" : sql
        case let .likeEscape(e, p, x):
            let sql = try e.sql(&context, wrapped: true) + " LIKE " + p.sql(&context, wrapped: true)
                + " ESCAPE " + x.sql(&context, wrapped: true)
            return wrapped ? "(\(sql))" : sql
        case let .between(e, l, h, negated):
            let sql = try e.sql(&context, wrapped: true)
                + (negated ? " NOT BETWEEN " : " BETWEEN ")
                + l.sql(&context, wrapped: true) + " AND " + h.sql(&context, wrapped: true)
            return wrapped ? "(\(sql))" : sql
        case let .function(name, es, distinct):
            return name + "(" + (distinct ? "DISTINCT " : "") + (try es.map { try $0.sql(&context) }.joined(separator: ", ")) + ")"
        case let .customAggregate(name, es):
            return name + "(" + (try es.map { try $0.sql(&context) }.joined(separator: ", ")) + ")"
        case let .aggregateFilter(e, filter):
            return try e.sql(&context) + " FILTER (WHERE " + filter.sql(&context) + ")"
        case .countAll:
            return "COUNT(*)"
        case let .collated(e, collation):
            // COLLATE binds tighter than any binary operator: the collated
            // operand needs no parentheses, and must not get any in
            // comparisons. `("name" = ?) COLLATE NOCASE` would compare
            // with the default collation, and collate the boolean result.
            return try e.sql(&context, wrapped: true) + " COLLATE " + collation.databaseIdentifierToken
        case let .cast(e, type):
            return "CAST(" + (try e.sql(&context)) + " AS \(type))"
        case let .exists(q, negated):
            let sql = (negated ? "NOT EXISTS (" : "EXISTS (") + (try q.sql(&context)) + ")"
            return wrapped && negated ? "(\(sql))" : sql
        case let .subquery(q):
            return "(" + (try q.sql(&context)) + ")"
        case let .caseWhen(cases, otherwise):
            var sql = "CASE"
            for (condition, value) in cases {
                sql += " WHEN " + (try condition.sql(&context)) + " THEN " + (try value.sql(&context))
            }
            if let otherwise {
                sql += " ELSE " + (try otherwise.sql(&context))
            }
            return sql + " END"
        case .unary, .binary, .associative:
            // Rendered by `sql(_:wrapped:)` itself.
            return try sql(&context, wrapped: wrapped)
        case let .deferred(render):
            let sql = try render(&context)
            return wrapped ? "(\(sql))" : sql
        case let .schemaDependent(alias, resolve):
            return try resolve(context.db, alias).sql(&context, wrapped: wrapped)
        case let .associationAggregate(alias, resolve):
            return try resolve(&context, alias).sql(&context, wrapped: wrapped)
        }
    }
}

// MARK: - Conformances

extension DatabaseValue: SQLSpecificExpressible {
    /// The value as an expression.
    public var sqlExpression: SQLExpression { .value(self) }
}

extension DatabaseValueConvertible {
    /// The value as an expression.
    public var sqlExpression: SQLExpression { .value(databaseValue) }
}

extension Optional: SQLExpressible where Wrapped: DatabaseValueConvertible { }

extension ColumnExpression {
    /// The column as an expression.
    public var sqlExpression: SQLExpression { .column(name) }
}

extension SQL {
    /// The SQL literal as an expression.
    public var sqlExpression: SQLExpression { SQLExpression(literal: self) }
}
