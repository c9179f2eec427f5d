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

    /// The SQL names of the tables of a relation tree, one per joined
    /// relation, in the shape of the tree.
    ///
    /// Names belong to positions in the tree, not to alias objects: one
    /// association value may be joined at several places of a request
    /// (`Person.country` under an author and under a translator, or a
    /// pivot joined both on its own and through another association), and
    /// each place needs its own name.
    private struct AliasNameTree {
        var name: String
        var children: [AliasNameTree]

        /// Makes the SQL names of `relation` refer to this position while
        /// rendering its expressions.
        func activate(_ relation: SQLRelation, in context: inout SQLGenerationContext) {
            context.aliasNames[relation.alias.identity] = name
            for alias in relation.mergedAliases {
                context.aliasNames[alias.identity] = name
            }
        }
    }

    /// Gives a unique SQL name to each joined table of the relation tree.
    ///
    /// As GRDB names them, a table joined at several places is numbered
    /// at every place, from 1, the root of a self-join too
    /// (`FROM "person" "person1" JOIN "person" "person2"`), and so is a
    /// table whose name is taken by a user's alias or an enclosing query.
    /// A user's alias keeps its name.
    private func nameAliases(of relation: SQLRelation, in context: inout SQLGenerationContext) -> AliasNameTree {
        var usedNames = Set(context.aliasNames.values.map { $0.lowercased() })
        usedNames.formUnion(context.reservedAliasNames)
        // The places of each table name, and the names of user aliases.
        var tableNameCounts: [String: Int] = [:]
        func count(_ relation: SQLRelation) {
            if let userName = relation.alias.userName {
                usedNames.insert(userName.lowercased())
            } else if context.aliasNames[relation.alias.identity] == nil {
                tableNameCounts[relation.tableName.lowercased(), default: 0] += 1
            }
            for (_, child) in relation.children where child.kind != .all {
                count(child.relation)
            }
        }
        if relation.children.contains(where: { $0.child.kind != .all }) {
            count(relation)
        } else if let userName = relation.alias.userName {
            // One table (the common case): nothing to count.
            usedNames.insert(userName.lowercased())
        }
        var namedObjects: Set<ObjectIdentifier> = []
        func visit(_ relation: SQLRelation) -> AliasNameTree {
            let id = relation.alias.identity
            var name = relation.alias.userName ?? relation.tableName
            if !namedObjects.contains(id), let existing = context.aliasNames[id] {
                // Named by an enclosing query: keep that name.
                name = existing
            } else if relation.alias.userName == nil,
                      usedNames.contains(name.lowercased()) || tableNameCounts[name.lowercased(), default: 0] > 1
            {
                var index = 1
                while usedNames.contains("\(name)\(index)".lowercased()) { index += 1 }
                name = "\(name)\(index)"
            }
            if namedObjects.insert(id).inserted {
                // Expressions that refer to the alias from elsewhere in the
                // query (a user's `TableAlias`) see its first position.
                context.aliasNames[id] = name
            }
            for alias in relation.mergedAliases where namedObjects.insert(alias.identity).inserted {
                context.aliasNames[alias.identity] = name
            }
            usedNames.insert(name.lowercased())
            var tree = AliasNameTree(name: name, children: [])
            for (_, child) in relation.children where child.kind != .all {
                tree.children.append(visit(child.relation))
            }
            return tree
        }
        let tree = visit(relation)
        context.reservedAliasNames.formUnion(usedNames)
        return tree
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
        // A user's named alias qualifies the columns of its table even
        // without joins, as GRDB writes them:
        // `SELECT "custom".* FROM "player" "custom" WHERE "custom"."id" = 1`.
        context2.qualifiesColumns = query.relation.hasJoins || query.relation.alias.userName != nil
        context2.unqualifiedAlias = query.relation.alias.identity
        context2.toManyJoinCount = query.relation.toManyJoinCount
        if context2.toManyJoinCount > 1 {
            context2.toManyJoinsOnPath = query.relation.toManyJoinsOnPath()
        }
        let names = nameAliases(of: query.relation, in: &context2)

        sql += "SELECT "
        if query.isDistinct { sql += "DISTINCT " }
        var selectionSQL: [String] = []
        try forEachRelation(names, &context2) { relation, selected, context in
            if selected {
                selectionSQL += try relation.selection.map { try $0.sql(&context) }
            }
        }
        selectionSQL += try extraSelection.map { try $0.sql(&context2) }
        sql += selectionSQL.joined(separator: ", ")
        sql += " FROM " + (try source(of: query.relation, context2))
        sql += try joins(of: query.relation, names, &context2)

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
        var orderingSQL: [String] = []
        try forEachRelation(names, &context2) { relation, _, context in
            // A stable order of a common table expression renders nothing.
            orderingSQL += try relation.effectiveOrdering.map { try $0.sql(&context) }.filter { !$0.isEmpty }
        }
        if !orderingSQL.isEmpty {
            sql += " ORDER BY " + orderingSQL.joined(separator: ", ")
        }
        if let limit = query.limit {
            sql += " " + limit.sql
        } else if singleResult, try !query.selectsOneRowAtMost(context2.db) {
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
            // `columns: []` writes no parentheses, as `columns: nil`.
            if let columns = definition.columns, !columns.isEmpty {
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

    private func source(of relation: SQLRelation, _ context: SQLGenerationContext) throws -> String {
        let name = try context.name(of: relation.alias)
        let tableName = relation.tableName
        if name == tableName {
            return tableName.quotedDatabaseIdentifier
        }
        return tableName.quotedDatabaseIdentifier + " " + name.quotedDatabaseIdentifier
    }

    /// The joins of the relation's children, and of their own children.
    ///
    /// - Parameter isBehindOptionalJoin: Whether the relation is joined
    ///   with a LEFT JOIN, or is below one.
    private func joins(
        of relation: SQLRelation,
        _ names: AliasNameTree,
        _ context: inout SQLGenerationContext,
        isBehindOptionalJoin: Bool = false) throws -> String
    {
        let firstPositionNames = context.aliasNames
        defer { context.aliasNames = firstPositionNames }
        var sql = ""
        for ((_, child), childNames) in zip(relation.children.filter { $0.child.kind != .all }, names.children) {
            if child.relation.needsOwnQuery {
                throw SQLRelation.ownQueryAssociationError(child.relation.tableName)
            }
            if isBehindOptionalJoin && child.kind == .required {
                // An inner join after a LEFT JOIN would drop the rows that
                // the LEFT JOIN keeps without a match: the optional
                // association would silently become required. GRDB stops
                // with this documented fatal error (AssociationsBasics.md,
                // Known Issues); Folio throws it.
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "Not implemented: chaining a required association behind an optional association")
            }
            names.activate(relation, in: &context)
            childNames.activate(child.relation, in: &context)
            let joinOperator = child.kind == .required ? " JOIN " : " LEFT JOIN "
            sql += joinOperator + (try source(of: child.relation, context))
            var conditions: [SQLExpression]
            if let expression = child.condition.expression {
                conditions = expression(relation.alias, child.relation.alias).map { [$0] } ?? []
            } else {
                let mapping = try child.condition.columnMapping(context.db)
                conditions = mapping.map { pair in
                    SQLExpression(.binary("=", .column(pair.child, child.relation.alias), .column(pair.parent, relation.alias)))
                }
            }
            conditions += child.relation.filters
            if !conditions.isEmpty {
                sql += " ON " + (try SQLExpression(.associative("AND", conditions)).sql(&context))
            }
            sql += try joins(
                of: child.relation, childNames, &context,
                isBehindOptionalJoin: isBehindOptionalJoin || child.kind == .optional)
        }
        return sql
    }

    /// Calls `body` for each joined relation of the tree, in the order of
    /// the selection, with the names of the tables at its position.
    private func forEachRelation(
        _ names: AliasNameTree,
        _ context: inout SQLGenerationContext,
        _ body: (SQLRelation, _ selected: Bool, inout SQLGenerationContext) throws -> Void) throws
    {
        let firstPositionNames = context.aliasNames
        defer { context.aliasNames = firstPositionNames }
        func visit(_ relation: SQLRelation, _ names: AliasNameTree, selected: Bool) throws {
            names.activate(relation, in: &context)
            try body(relation, selected, &context)
            for ((_, child), childNames) in zip(relation.children.filter { $0.child.kind != .all }, names.children) {
                try visit(child.relation, childNames, selected: child.isSelected)
            }
        }
        try visit(query.relation, names, selected: true)
    }

    /// The number of columns of an element of the selection of a
    /// relation. The columns of `*` in a common table expression of the
    /// query are counted by preparing a statement that selects them.
    private func columnCount(_ selection: SQLSelection, of relation: SQLRelation, _ db: Database) throws -> Int {
        guard case .commonTableExpression(let name) = relation.source, case .allColumns = selection.impl,
              let cte = query.commonTableExpressions.first(where: { $0.name.isEqualIgnoringASCIICase(to: name) })
        else {
            // The columns of another table selected by this relation: the
            // far table of `annotated(withOptional: Book.country)` through
            // a pivot.
            var tableName = relation.tableName
            switch selection.impl {
            case .allColumns(let alias?), .allColumnsExcluding(let alias?, _):
                if alias.identity != relation.alias.identity, let aliasTable = alias.tableName {
                    tableName = aliasTable
                }
            default:
                break
            }
            return try selection.columnCount(in: tableName, db)
        }
        if let columns = cte.definition.columns {
            return columns.count
        }
        var cteQuery = SQLQuery(relation: SQLRelation(commonTableExpression: cte.name, selection: [.allColumns]))
        cteQuery.relation.commonTableExpressions = query.commonTableExpressions
        var context = SQLGenerationContext(db: db)
        let sql = try SQLQueryGenerator(query: cteQuery).sql(&context)
        return try db.makeStatement(sql: sql).columnCount
    }

    /// The number of columns selected by the query, hidden prefetch
    /// columns excluded.
    func selectedColumnCount(_ db: Database) throws -> Int {
        try selectionItems().reduce(0) { count, item in
            count + (try columnCount(item.selection, of: item.relation, db))
        }
    }

    /// The layout of the rows of the query: the base columns, and the
    /// scopes of included associations.
    ///
    /// A joined association that is not selected has a scope without
    /// columns when associations below it are included, so that the scopes
    /// follow the shape of the request: the rows of
    /// `A.joining(required: A.b.including(required: B.c))` have a scope
    /// "b", empty, that holds the scope "c". A joined association with
    /// nothing included below it has no scope.
    ///
    /// - Returns: The layout, and the number of columns it splits; nil
    ///   when the rows need no layout.
    func layout(_ db: Database) throws -> (layout: RowLayout, columnCount: Int)? {
        let relation = query.relation
        guard relation.children.contains(where: { $0.child.isSelected || $0.child.kind == .all || !$0.child.relation.children.isEmpty }) else {
            return nil
        }
        var offset = 0
        func columnCount(_ selection: SQLSelection, _ relation: SQLRelation) throws -> Int {
            try self.columnCount(selection, of: relation, db)
        }
        func baseCount(_ relation: SQLRelation) throws -> Int {
            try relation.selection.reduce(0) { try $0 + columnCount($1, relation) }
        }
        func appendScopes(of relation: SQLRelation, to scopes: inout [RowScope]) throws {
            for (key, child) in relation.children where child.kind != .all {
                if child.isSelected {
                    scopes.append(RowScope(key: key, layout: try makeLayout(child.relation)))
                } else if child.relation.hasSelectedJoinedDescendant || child.relation.hasPrefetchedDescendant {
                    var layout = RowLayout(offset: offset, baseCount: 0)
                    try appendScopes(of: child.relation, to: &layout.scopes)
                    scopes.append(RowScope(key: key, layout: layout))
                }
            }
        }
        func makeLayout(_ relation: SQLRelation) throws -> RowLayout {
            var layout = RowLayout(offset: offset, baseCount: try baseCount(relation))
            offset += layout.baseCount
            try appendScopes(of: relation, to: &layout.scopes)
            return layout
        }
        var layout = try makeLayout(relation)
        layout.hasPrefetches = relation.hasPrefetchedDescendant
        return (layout, offset)
    }

    /// Throws when a statement selects fewer columns than a layout splits.
    func check(layoutOf columnCount: Int, fits statement: Statement) throws {
        guard columnCount <= statement.columnCount else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "could not split the columns of a joined request into its associations: \(columnCount) columns expected, \(statement.columnCount) selected",
                sql: statement.sql)
        }
    }
}

extension SQLQuery {
    /// Returns the prepared request of the query. Hidden columns are
    /// selected after the visible ones: first the parent keys of
    /// prefetched associations that the query does not select, then
    /// `extraSelection` (hidden from unjoined rows unless
    /// `hidesExtraSelection` is false).
    func makePreparedRequest(
        _ db: Database,
        forSingleResult singleResult: Bool,
        extraSelection: [SQLSelection] = [],
        hidesExtraSelection: Bool = true,
        cachedStatement: Bool = true) throws -> PreparedRequest
    {
        if hasConnectedDerivations {
            return try resolved(db).makePreparedRequest(
                db, forSingleResult: singleResult, extraSelection: extraSelection,
                hidesExtraSelection: hidesExtraSelection, cachedStatement: cachedStatement)
        }
        let generator = SQLQueryGenerator(query: self)
        let prefetch = try SQLPrefetcher(relation: relation, db: db, firstHiddenColumn: { try generator.selectedColumnCount(db) })
        let (sql, arguments) = try SQLGenerationContext.generate(db) { context in
            try generator.sql(&context, forSingleResult: singleResult, extraSelection: (prefetch?.hiddenSelection ?? []) + extraSelection)
        }
        // The layout before the statement: it reads the columns of the
        // joined tables from the schema cache, whose validation empties
        // the statement cache when another connection changed the schema
        // (cached statements keep their former columns until they step).
        let joinedLayout = try generator.layout(db)
        let statement = try cachedStatement ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        if db.recordedSelection != nil, let region = try narrowedRegion(of: statement, db) {
            // A value observation records the rows that the request reads.
            statement.narrowedRegion = (region, arguments)
        }
        var layout = joinedLayout?.layout
        if let joinedLayout {
            try generator.check(layoutOf: joinedLayout.columnCount, fits: statement)
        }
        if layout == nil, !(prefetch?.hiddenSelection.isEmpty ?? true) || (hidesExtraSelection && !extraSelection.isEmpty) {
            // Hide the hidden columns from the base row.
            layout = RowLayout(baseCount: try generator.selectedColumnCount(db))
        }
        var prepared = PreparedRequest(statement: statement, layout: layout, supplementaryFetch: prefetch.map { prefetch in
            { db, rows in try prefetch.fetch(db, into: rows) }
        })
        prepared.hiddenColumnCount = (prefetch?.hiddenSelection.count ?? 0) + extraSelection.count
        prepared.supplementaryDumpRequests = prefetch.map { prefetch in
            { db, rows in try prefetch.dumpRequests(db, rows: rows) }
        }
        return prepared
    }

    /// Returns the number of rows of the query.
    func fetchCount(_ db: Database) throws -> Int {
        if hasConnectedDerivations { return try resolved(db).fetchCount(db) }
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
        if hasConnectedDerivations { return try resolved(db).exists(db) }
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

    /// Whether `SELECT COUNT(*) FROM ... WHERE ...` counts the rows. A
    /// filtered request that selects aliased expressions is counted
    /// through a subquery, because its filters may refer to the aliases
    /// (`select(score.forKey("s")).filter(sql: "s > 10")`), which COUNT(*)
    /// does not define.
    private var canCountDirectly: Bool {
        !isDistinct && groupExpressions.isEmpty && havingExpressions.isEmpty && limit == nil
            && commonTableExpressions.isEmpty
            && !relation.selection.contains(where: \.mayBeAggregate)
            && (relation.filters.isEmpty || !relation.selection.contains(where: \.isAliased))
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
        if name.isSameDatabaseName(as: Column.rowID.name) {
            return expression
        }
        guard let column = try db.columns(in: tableName).first(where: { $0.name.isSameDatabaseName(as: name) }) else {
            return nil
        }
        let primaryKey = try db.primaryKey(tableName)
        let isRowIDAlias = primaryKey.rowIDColumn.map { $0.isSameDatabaseName(as: name) } ?? false
        return column.isNotNull || isRowIDAlias ? expression : nil
    }
}

extension SQLRelation {
    /// The number of to-many associations joined below the relation
    /// (not prefetched), nested ones included.
    var toManyJoinCount: Int {
        children.reduce(0) { count, element in
            let child = element.child
            guard child.kind != .all else { return count }
            return count + (child.isToOne ? 0 : 1) + child.relation.toManyJoinCount
        }
    }

    /// For the alias of each relation joined below this one (merged
    /// aliases included), the number of to-many associations on its path
    /// from this relation, itself included.
    func toManyJoinsOnPath(_ count: Int = 0) -> [ObjectIdentifier: Int] {
        var result: [ObjectIdentifier: Int] = [:]
        for (_, child) in children where child.kind != .all {
            let childCount = count + (child.isToOne ? 0 : 1)
            result[child.relation.alias.identity] = childCount
            for alias in child.relation.mergedAliases {
                result[alias.identity] = childCount
            }
            result.merge(child.relation.toManyJoinsOnPath(childCount)) { $1 }
        }
        return result
    }

    /// Whether a joined child of the relation, or of its joined children,
    /// is selected (`including(required:)` or `including(optional:)`).
    var hasSelectedJoinedDescendant: Bool {
        children.contains { _, child in
            child.kind != .all && (child.isSelected || child.relation.hasSelectedJoinedDescendant)
        }
    }

    /// Whether the relation has `.all` children, directly or below its
    /// to-one children: its rows need prefetched rows.
    var hasPrefetchedDescendant: Bool {
        children.contains { _, child in
            child.kind == .all || child.relation.hasPrefetchedDescendant
        }
    }

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
