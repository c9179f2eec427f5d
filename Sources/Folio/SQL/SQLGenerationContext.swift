/// The state of SQL generation: the connection, the arguments collected so
/// far, and the names of table aliases.
struct SQLGenerationContext {
    let db: Database

    /// The arguments of the `?` placeholders generated so far.
    var arguments = StatementArguments()

    /// Whether columns are qualified with their table name or alias
    /// (queries with several tables).
    var qualifiesColumns = false

    /// The alias of the table whose columns are written unqualified when
    /// `qualifiesColumns` is false (the only table of a simple query).
    var unqualifiedAlias: ObjectIdentifier?

    /// The names given to the table aliases of the query and of its
    /// enclosing queries.
    var aliasNames: [ObjectIdentifier: String] = [:]

    /// The lowercased names of all the tables of the enclosing queries,
    /// which nested queries must not reuse. A name may be missing from
    /// `aliasNames` when one alias is joined at several places.
    var reservedAliasNames: Set<String> = []

    /// Whether generation goes on despite programmer errors (an unbound
    /// table alias, a raw SQL ordering that can not be reversed), so that
    /// the error can show the SQL of the request. See ``generate(_:_:)``.
    var isLenient = false

    /// How deep the expression being rendered is nested, counted on the
    /// connection so that the contexts of nested SQL literals and
    /// subqueries add up: rendering throws past
    /// ``SQLExpression/maximumDepth`` instead of running out of stack (see
    /// ``deepen()``).
    var expressionDepth: Int {
        get { db.sqlGenerationDepth }
        nonmutating set { db.sqlGenerationDepth = newValue }
    }

    /// Enters `levels` levels of nesting (one for an expression, more for
    /// a subquery), to be left with `expressionDepth -= levels` once
    /// rendered.
    ///
    /// - Throws: A ``DatabaseError`` past ``SQLExpression/maximumDepth``,
    ///   with SQLite's own message, before the stack runs out.
    func deepen(by levels: Int = 1) throws {
        if expressionDepth + levels > SQLExpression.maximumDepth {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "Expression tree is too large (maximum depth \(SQLExpression.maximumDepth))")
        }
        expressionDepth += levels
    }

    /// The table of unqualified selections such as
    /// `allColumns(excluding:)`, in `RETURNING` clauses and record
    /// selections.
    var selectionTableName: String?

    /// Whether values are written as SQL literals instead of `?`
    /// placeholders (integers, text, blobs and NULL: doubles stay
    /// parameters). Set when a request has more values than the
    /// connection accepts parameters (see ``generate(_:_:)``).
    var inlinesValues = false

    /// The number of to-many associations joined by the query being
    /// rendered (`LEFT JOIN "book"`, `LEFT JOIN "painting"`).
    var toManyJoinCount = 0

    /// When the query joins several to-many associations: for the alias
    /// of each joined table, the number of to-many associations on its
    /// path from the root table, itself included. A table whose path holds
    /// fewer than ``toManyJoinCount`` has its rows repeated by the joins of
    /// other branches, and the association aggregates of its rows that add
    /// them up (`SUM`, `TOTAL`, `AVG`) are computed by a correlated
    /// subquery instead.
    var toManyJoinsOnPath: [ObjectIdentifier: Int] = [:]

    /// Whether the rows of the table of the alias are repeated by the
    /// joins of to-many associations that are not on its path.
    func joinsRepeatRows(of alias: TableAliasBase) -> Bool {
        toManyJoinCount > 1 && toManyJoinsOnPath[alias.identity, default: 0] < toManyJoinCount
    }

    init(db: Database) {
        self.db = db
    }

    /// Whether a column of the alias must be qualified.
    func mustQualify(_ alias: TableAliasBase) -> Bool {
        qualifiesColumns || alias.identity != unqualifiedAlias
    }

    /// The SQL name of a table alias.
    func name(of alias: TableAliasBase) throws -> String {
        if let name = aliasNames[alias.identity] {
            return name
        }
        if let userName = alias.userName {
            return userName
        }
        if isLenient, alias.tableName == nil {
            return "<unbound TableAlias>"
        }
        return try alias.checkedTableName()
    }

    /// Returns the SQL and the arguments built by `body`.
    ///
    /// When `body` throws a ``DatabaseError`` that has no SQL (the
    /// request could not be rendered), generation runs again in lenient
    /// mode, and the error is rethrown with the SQL of the request, so
    /// that the developer sees which request is at fault.
    static func generate(
        _ db: Database,
        _ body: (inout SQLGenerationContext) throws -> String) throws -> (sql: String, arguments: StatementArguments)
    {
        var context = SQLGenerationContext(db: db)
        do {
            let sql = try body(&context)
            let argumentCount = context.arguments.values.count + context.arguments.namedValues.count
            if argumentCount > db.maximumStatementArgumentCount {
                // More values than the connection accepts parameters (such
                // as `filter(ids:)` with many ids on a remote database that
                // accepts 255): the values become literals, so that the
                // request runs instead of failing with "too many SQL
                // variables".
                var inliningContext = SQLGenerationContext(db: db)
                inliningContext.inlinesValues = true
                let inlinedSQL = try body(&inliningContext)
                let inlinedCount = inliningContext.arguments.values.count + inliningContext.arguments.namedValues.count
                if inlinedCount <= db.maximumStatementArgumentCount {
                    return (inlinedSQL, inliningContext.arguments)
                }
            }
            return (sql, context.arguments)
        } catch let error as DatabaseError where error.sql == nil {
            var lenientContext = SQLGenerationContext(db: db)
            lenientContext.isLenient = true
            // The SQL, for the error message only: when even the lenient
            // rendering fails, the error has no SQL, and the original
            // error is what the caller needs.
            let sql = try? body(&lenientContext)
            throw DatabaseError(resultCode: error.extendedResultCode, message: error.message, sql: sql)
        }
    }
}
