/// Generates the SQL of a query interface request.
struct SQLQueryGenerator {
    let query: SQLQuery

    /// The selection of the query, in order, and the relation each item
    /// comes from.
    private func selectionItems() -> [(selection: SQLSelection, relation: SQLRelation)] {
        var items: [(SQLSelection, SQLRelation)] = []
        func visit(_ relation: SQLRelation, selected: Bool) {
            if selected {
                items += relation.selection.map { ($0, relation) }
            }
            for (_, child) in relation.children where child.kind != .all {
                visit(child.relation, selected: child.isSelected)
            }
        }
        visit(query.relation, selected: true)
        return items
    }

    /// Renders the SELECT statement. Table aliases get names that do not
    /// clash with the names used by enclosing queries.
    func sql(
        _ context: inout SQLGenerationContext,
        forSingleResult singleResult: Bool = false,
        extraSelection: [SQLSelection] = []) throws -> String
    {
        // Common table expressions do not see the tables of the query:
        // they are rendered before its aliases are named.
        var sql = try withClause(&context)
        var context2 = context
        context2.qualifiesColumns = query.relation.hasJoins
        context2.unqualifiedAlias = ObjectIdentifier(query.relation.alias)
        nameAliases(of: query.relation, in: &context2)

        sql += "SELECT "
        if query.isDistinct { sql += "DISTINCT " }
        let selection = selectionItems().map(\.selection) + extraSelection
        sql += try selection.map { try $0.sql(&context2) }.joined(separator: ", ")
        sql += " FROM " + (try source(of: query.relation, context2))
        sql += try joins(of: query.relation, &context2)

        let filters = query.relation.filters
        if !filters.isEmpty {
            sql += " WHERE " + (try SQLExpression(.associative("AND", filters)).sql(&context2))
        }
        if !query.groupExpressions.isEmpty {
            sql += " GROUP BY " + (try query.groupExpressions.map { try $0.sql(&context2) }.joined(separator: ", "))
        }
        if !query.havingExpressions.isEmpty {
            sql += " HAVING " + (try SQLExpression(.associative("AND", query.havingExpressions)).sql(&context2))
        }
        let ordering = try orderings(of: query.relation, context2.db)
        if !ordering.isEmpty {
            sql += " ORDER BY " + (try ordering.map { try $0.sql(&context2) }.joined(separator: ", "))
        }
        if let limit = query.limit {
            sql += " " + limit.sql
        } else if singleResult {
            sql += " LIMIT 1"
        }
        context.arguments = context2.arguments
        return sql
    }

    /// The WITH clause of the query, followed by a space, or the empty
    /// string.
    func withClause(_ context: inout SQLGenerationContext) throws -> String {
        guard !query.commonTableExpressions.isEmpty else { return "" }
        let isRecursive = query.commonTableExpressions.contains { $0.definition.isRecursive }
        let definitions = try query.commonTableExpressions.map { name, definition in
            var cteSQL = name.quotedDatabaseIdentifier
            if let columns = definition.columns {
                cteSQL += "(" + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ")"
            }
            var cteContext = SQLGenerationContext(db: context.db)
            cteContext.isLenient = context.isLenient
            cteContext.aliasNames = context.aliasNames
            cteContext.arguments = context.arguments
            cteSQL += " AS (" + (try definition.request.sql(&cteContext)) + ")"
            context.arguments = cteContext.arguments
            return cteSQL
        }
        return (isRecursive ? "WITH RECURSIVE " : "WITH ") + definitions.joined(separator: ", ") + " "
    }

    /// Gives a unique SQL name to each table alias of the relation tree.
    private func nameAliases(of relation: SQLRelation, in context: inout SQLGenerationContext) {
        let id = ObjectIdentifier(relation.alias)
        if context.aliasNames[id] == nil {
            let usedNames = Set(context.aliasNames.values.map { $0.lowercased() })
            var name = relation.alias.userName ?? relation.tableName
            if relation.alias.userName == nil, usedNames.contains(name.lowercased()) {
                var index = 1
                while usedNames.contains("\(name)\(index)".lowercased()) { index += 1 }
                name = "\(name)\(index)"
            }
            context.aliasNames[id] = name
        }
        for (_, child) in relation.children where child.kind != .all {
            nameAliases(of: child.relation, in: &context)
        }
    }

    private func source(of relation: SQLRelation, _ context: SQLGenerationContext) throws -> String {
        let name = try context.name(of: relation.alias)
        let tableName = relation.tableName
        if name == tableName {
            return tableName.quotedDatabaseIdentifier
        }
        return tableName.quotedDatabaseIdentifier + " " + name.quotedDatabaseIdentifier
    }

    private func joins(of relation: SQLRelation, _ context: inout SQLGenerationContext) throws -> String {
        var sql = ""
        for (_, child) in relation.children where child.kind != .all {
            let joinOperator = child.kind == .required ? " JOIN " : " LEFT JOIN "
            sql += joinOperator + (try source(of: child.relation, context))
            let mapping = try child.condition.columnMapping(context.db)
            var conditions = mapping.map { pair in
                SQLExpression(.binary("=", .column(pair.child, child.relation.alias), .column(pair.parent, relation.alias)))
            }
            conditions += child.relation.filters
            if !conditions.isEmpty {
                sql += " ON " + (try SQLExpression(.associative("AND", conditions)).sql(&context))
            }
            sql += try joins(of: child.relation, &context)
        }
        return sql
    }

    /// The ordering of a relation followed by the orderings of its joined
    /// children.
    private func orderings(of relation: SQLRelation, _ db: Database) throws -> [SQLOrdering] {
        var result = relation.effectiveOrdering
        for (_, child) in relation.children where child.kind != .all {
            result += try orderings(of: child.relation, db)
        }
        return result
    }

    /// The number of columns selected by the query, hidden prefetch
    /// columns excluded.
    func selectedColumnCount(_ db: Database) throws -> Int {
        try selectionItems().reduce(0) { count, item in
            if case .allColumns = item.selection.impl {
                return count + (try db.columns(in: item.relation.tableName).count)
            }
            return count + 1
        }
    }

    /// The layout of the rows of the query: the base columns, and the
    /// scopes of included associations. Joined associations that are not
    /// selected pass their included children up to their parent.
    func layout(_ db: Database, statement: Statement) throws -> RowLayout? {
        let relation = query.relation
        guard relation.children.contains(where: { $0.child.isSelected || $0.child.kind == .all || !$0.child.relation.children.isEmpty }) else {
            return nil
        }
        var offset = 0
        func columnCount(_ selection: SQLSelection, _ relation: SQLRelation) throws -> Int {
            switch selection.impl {
            case .allColumns:
                return try db.columns(in: relation.tableName).count
            default:
                return 1
            }
        }
        func baseCount(_ relation: SQLRelation) throws -> Int {
            try relation.selection.reduce(0) { try $0 + columnCount($1, relation) }
        }
        func appendScopes(of relation: SQLRelation, to scopes: inout [RowScope]) throws {
            for (key, child) in relation.children where child.kind != .all {
                if child.isSelected {
                    let start = offset
                    scopes.append(RowScope(key: key, offset: start, layout: try makeLayout(child.relation)))
                } else {
                    try appendScopes(of: child.relation, to: &scopes)
                }
            }
        }
        func makeLayout(_ relation: SQLRelation) throws -> RowLayout {
            var layout = RowLayout(baseCount: try baseCount(relation))
            offset += layout.baseCount
            try appendScopes(of: relation, to: &layout.scopes)
            return layout
        }
        var layout = try makeLayout(relation)
        layout.hasPrefetches = relation.children.contains { $0.child.kind == .all }
        guard offset <= statement.columnCount else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "could not split the columns of a joined request into its associations: \(offset) columns expected, \(statement.columnCount) selected",
                sql: statement.sql)
        }
        return layout
    }
}

extension SQLQuery {
    /// Returns the prepared request of the query. Hidden columns are
    /// selected after the visible ones: first the parent keys of
    /// prefetched associations, then `extraSelection`.
    func makePreparedRequest(
        _ db: Database,
        forSingleResult singleResult: Bool,
        extraSelection: [SQLSelection] = []) throws -> PreparedRequest
    {
        let generator = SQLQueryGenerator(query: self)
        let prefetch = try SQLPrefetcher(relation: relation, db: db, firstHiddenColumn: { try generator.selectedColumnCount(db) })
        let (sql, arguments) = try SQLGenerationContext.generate(db) { context in
            try generator.sql(&context, forSingleResult: singleResult, extraSelection: (prefetch?.hiddenSelection ?? []) + extraSelection)
        }
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        var layout = try generator.layout(db, statement: statement)
        if layout == nil, prefetch != nil || !extraSelection.isEmpty {
            // Hide the hidden columns from the base row.
            layout = RowLayout(baseCount: try generator.selectedColumnCount(db))
        }
        return PreparedRequest(statement: statement, layout: layout, supplementaryFetch: prefetch.map { prefetch in
            { db, rows in try prefetch.fetch(db, into: rows) }
        })
    }

    /// Returns the number of rows of the query.
    func fetchCount(_ db: Database) throws -> Int {
        var countQuery = self
        countQuery.relation.children = relation.children.filter { $0.child.kind != .all }
        let (sql, arguments): (String, StatementArguments)
        if countQuery.canCountDirectly {
            // SELECT COUNT(*) FROM player WHERE ...
            countQuery.relation = countQuery.relation.deselectingChildren()
            countQuery.relation.selection = [.expression(SQLExpression(.countAll))]
            countQuery.relation.ordering = []
            countQuery.relation.isOrderingReversed = false
            (sql, arguments) = try SQLGenerationContext.generate(db) { [countQuery] context in
                try SQLQueryGenerator(query: countQuery).sql(&context)
            }
        } else if let distinctColumn = try countQuery.distinctNotNullColumnForCount(db) {
            // SELECT COUNT(DISTINCT name) FROM player WHERE ...
            countQuery.isDistinct = false
            countQuery.relation.selection = [.expression(SQLExpression(.function("COUNT", [distinctColumn], distinct: true)))]
            countQuery.relation.ordering = []
            countQuery.relation.isOrderingReversed = false
            (sql, arguments) = try SQLGenerationContext.generate(db) { [countQuery] context in
                try SQLQueryGenerator(query: countQuery).sql(&context)
            }
        } else {
            // SELECT COUNT(*) FROM (SELECT ...)
            if limit == nil {
                countQuery.relation = countQuery.relation.unordered()
            }
            (sql, arguments) = try SQLGenerationContext.generate(db) { [countQuery] context in
                "SELECT COUNT(*) FROM (" + (try SQLQueryGenerator(query: countQuery).sql(&context)) + ")"
            }
        }
        return try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0
    }

    /// Returns whether the query returns at least one row.
    func exists(_ db: Database) throws -> Bool {
        var existsQuery = self
        existsQuery.relation.children = relation.children.filter { $0.child.kind != .all }
        existsQuery.relation = existsQuery.relation.deselectingChildren()
        if limit == nil {
            existsQuery.relation = existsQuery.relation.unordered()
        }
        let (sql, arguments) = try SQLGenerationContext.generate(db) { [existsQuery] context in
            "SELECT EXISTS (" + (try SQLQueryGenerator(query: existsQuery).sql(&context)) + ")"
        }
        return try Bool.fetchOne(db, sql: sql, arguments: arguments) ?? false
    }

    private var canCountDirectly: Bool {
        !isDistinct && groupExpressions.isEmpty && havingExpressions.isEmpty && limit == nil
            && commonTableExpressions.isEmpty
            && !relation.selection.contains(where: \.mayBeAggregate)
    }

    /// The column of a `SELECT DISTINCT column` query that can be counted
    /// with `COUNT(DISTINCT column)`. The column must not be NULL:
    /// `COUNT(DISTINCT)` ignores NULL, when `SELECT DISTINCT` returns one
    /// NULL row.
    private func distinctNotNullColumnForCount(_ db: Database) throws -> SQLExpression? {
        guard isDistinct, groupExpressions.isEmpty, havingExpressions.isEmpty, limit == nil,
              commonTableExpressions.isEmpty, !relation.hasJoins,
              relation.selection.count == 1,
              case .expression(let expression) = relation.selection[0].impl,
              case .column(let name, _) = expression.impl,
              case .table(let tableName) = relation.source
        else { return nil }
        if name.lowercased() == Column.rowID.name {
            return expression
        }
        guard let column = try db.columns(in: tableName).first(where: { $0.name.lowercased() == name.lowercased() }) else {
            return nil
        }
        let primaryKey = try db.primaryKey(tableName)
        let isRowIDAlias = primaryKey.rowIDColumn.map { $0.lowercased() == name.lowercased() } ?? false
        return column.isNotNull || isRowIDAlias ? expression : nil
    }
}

extension SQLRelation {
    /// The relation with joined children kept for filtering, but not
    /// selected.
    func deselectingChildren() -> SQLRelation {
        var relation = self
        for index in relation.children.indices {
            relation.children[index].child.isSelected = false
            relation.children[index].child.relation = relation.children[index].child.relation.deselectingChildren()
        }
        return relation
    }
}
