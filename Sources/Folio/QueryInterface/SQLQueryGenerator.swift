/// Generates the SQL of a query interface request.
struct SQLQueryGenerator {
    let query: SQLQuery

    /// Renders the SELECT statement. Table aliases get names that do not
    /// clash with the names used by enclosing queries.
    func sql(_ context: inout SQLGenerationContext, forSingleResult singleResult: Bool = false) throws -> String {
        var context2 = context
        context2.qualifiesColumns = query.relation.hasJoins
        context2.unqualifiedAlias = ObjectIdentifier(query.relation.alias)
        nameAliases(of: query.relation, in: &context2)
        var sql = ""

        if !query.commonTableExpressions.isEmpty {
            let isRecursive = query.commonTableExpressions.contains { $0.definition.isRecursive }
            sql += isRecursive ? "WITH RECURSIVE " : "WITH "
            sql += try query.commonTableExpressions.map { name, definition in
                var cteSQL = name.quotedDatabaseIdentifier
                if let columns = definition.columns {
                    cteSQL += "(" + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ")"
                }
                var cteContext = SQLGenerationContext(db: context2.db)
                cteContext.aliasNames = context2.aliasNames
                cteSQL += " AS (" + (try definition.request.sql(&cteContext)) + ")"
                context2.arguments += cteContext.arguments
                return cteSQL
            }.joined(separator: ", ") + " "
        }

        sql += "SELECT "
        if query.isDistinct { sql += "DISTINCT " }
        let selection = selectedColumns(of: query.relation)
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

    /// The selected columns of a relation and of its included children.
    private func selectedColumns(of relation: SQLRelation) -> [SQLSelection] {
        var selection = relation.selection
        for (_, child) in relation.children where child.kind != .all && child.isSelected {
            selection += selectedColumns(of: child.relation)
        }
        return selection
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
        if relation.isOrderingReversed, relation.ordering.isEmpty, case .table(let tableName) = relation.source {
            // A reversed request with no ordering is ordered by primary key,
            // descending.
            let primaryKey = try db.primaryKey(tableName)
            let columns = primaryKey.columns.isEmpty ? [Column.rowID.name] : primaryKey.columns
            result = columns.map { SQLOrdering(expression: .column($0, relation.alias), direction: .descending) }
        }
        for (_, child) in relation.children where child.kind != .all {
            result += try orderings(of: child.relation, db)
        }
        return result
    }
}

extension SQLQuery {
    /// Returns the statement of the query.
    func makeStatement(_ db: Database, forSingleResult singleResult: Bool) throws -> Statement {
        var context = SQLGenerationContext(db: db)
        let sql = try SQLQueryGenerator(query: self).sql(&context, forSingleResult: singleResult)
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(context.arguments)
        return statement
    }

    /// Returns the number of rows of the query.
    func fetchCount(_ db: Database) throws -> Int {
        var context = SQLGenerationContext(db: db)
        let sql: String
        if canCountDirectly {
            // SELECT COUNT(*) FROM player WHERE ...
            var countQuery = self
            countQuery.relation.selection = [.expression(SQLExpression(.countAll))]
            countQuery.relation.ordering = []
            countQuery.relation.isOrderingReversed = false
            sql = try SQLQueryGenerator(query: countQuery).sql(&context)
        } else if let distinctColumn = distinctSingleColumnForCount {
            // SELECT COUNT(DISTINCT name) FROM player WHERE ...
            var countQuery = self
            countQuery.isDistinct = false
            countQuery.relation.selection = [.expression(SQLExpression(.function("COUNT", [distinctColumn], distinct: true)))]
            countQuery.relation.ordering = []
            countQuery.relation.isOrderingReversed = false
            sql = try SQLQueryGenerator(query: countQuery).sql(&context)
        } else {
            // SELECT COUNT(*) FROM (SELECT ...)
            var innerQuery = self
            if limit == nil {
                innerQuery.relation = innerQuery.relation.unordered()
            }
            sql = "SELECT COUNT(*) FROM (" + (try SQLQueryGenerator(query: innerQuery).sql(&context)) + ")"
        }
        return try Int.fetchOne(db, sql: sql, arguments: context.arguments) ?? 0
    }

    private var canCountDirectly: Bool {
        !isDistinct && groupExpressions.isEmpty && havingExpressions.isEmpty && limit == nil
            && commonTableExpressions.isEmpty
            && !relation.selection.contains(where: \.isAggregate)
            && !relation.children.contains { $0.child.kind == .all }
    }

    private var distinctSingleColumnForCount: SQLExpression? {
        guard isDistinct, groupExpressions.isEmpty, havingExpressions.isEmpty, limit == nil,
              commonTableExpressions.isEmpty, !relation.hasJoins,
              relation.selection.count == 1,
              case .expression(let expression) = relation.selection[0].impl,
              !expression.isAggregate
        else { return nil }
        return expression
    }
}
