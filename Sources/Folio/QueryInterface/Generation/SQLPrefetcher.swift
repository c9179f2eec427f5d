/// Fetches the to-many associated rows of `including(all:)` requests: one
/// query per association, whatever the number of parent rows (never N+1
/// queries), after the parent rows are fetched.
///
/// The parent keys are read in the parent rows, by column name, when the
/// parent query selects the key columns (`SELECT * FROM "author"`);
/// otherwise the parent query selects them as hidden columns at the end of
/// its selection. The prefetch query selects the associated rows whose keys
/// are among the parent keys, plus the key, as GRDB writes it:
/// `SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (1, 2, 3)`,
/// and `WITH "grdb_keys"("a", "b") AS (VALUES (1, 2), (3, 4)) ... WHERE ("a", "b") IN "grdb_keys"`
/// for compound keys.
struct SQLPrefetcher {
    struct Prefetch {
        /// The association key.
        var key: String
        /// The keys of the to-one associations from the fetched row to the
        /// scope that holds the prefetched rows (empty for the row itself).
        var scopePath: [String]
        /// The steps from the parent to the prefetched relation.
        var steps: [SQLAssociationStep]
        /// The offsets of the hidden parent key columns in parent rows, or
        /// nil when the parent query selects the key columns, which are
        /// then read by name.
        var parentKeyOffsets: [Int]?
        /// The parent key columns.
        var parentColumns: [String]
        /// The matching columns in the first step.
        var childColumns: [String]
    }

    /// The maximum number of values bound in one prefetch query.
    static let maximumArgumentCount = 10_000

    let prefetches: [Prefetch]
    let hiddenSelection: [SQLSelection]

    /// Returns nil when the relation has no `.all` child, neither directly
    /// nor below its to-one children.
    init?(relation: SQLRelation, db: Database, firstHiddenColumn: () throws -> Int) throws {
        guard relation.hasPrefetchedDescendant else { return nil }
        var offset = try firstHiddenColumn()
        var prefetches: [Prefetch] = []
        var hiddenSelection: [SQLSelection] = []
        // The `.all` children of the relation, and those of its to-one
        // children (`including(optional: A.b.including(all: B.cs))`), whose
        // parent keys are read in the joined table.
        func collect(_ relation: SQLRelation, isSelected: Bool, scopePath: [String]) throws {
            for (key, child) in relation.children {
                guard child.kind == .all else {
                    if child.relation.hasPrefetchedDescendant {
                        try collect(child.relation, isSelected: child.isSelected, scopePath: scopePath + [key])
                    }
                    continue
                }
                guard let firstStep = child.prefetchSteps.first else { continue }
                let mapping = try firstStep.condition.columnMapping(db)
                var offsets: [Int]?
                if !isSelected || !mapping.allSatisfy({ SQLPrefetcher.selects(column: $0.parent, relation) }) {
                    let hiddenPrefix = (scopePath + [key]).joined(separator: "_")
                    offsets = []
                    for (index, pair) in mapping.enumerated() {
                        hiddenSelection.append(SQLSelection(.aliased(.column(pair.parent, relation.alias), "grdb_\(hiddenPrefix)_\(index)")))
                        offsets?.append(offset)
                        offset += 1
                    }
                }
                prefetches.append(Prefetch(
                    key: key,
                    scopePath: scopePath,
                    steps: child.prefetchSteps,
                    parentKeyOffsets: offsets,
                    parentColumns: mapping.map(\.parent),
                    childColumns: mapping.map(\.child)))
            }
        }
        try collect(relation, isSelected: true, scopePath: [])
        guard !prefetches.isEmpty else { return nil }
        self.prefetches = prefetches
        self.hiddenSelection = hiddenSelection
    }

    /// Whether the rows of a relation have a column of the table under its
    /// own name: `*` selects every column but the rowid aliases, or the
    /// column is selected on its own.
    private static func selects(column: String, _ relation: SQLRelation) -> Bool {
        let isRowID = ["rowid", "oid", "_rowid_"].contains { column.lowercased() == $0 }
        return relation.selection.contains { selection in
            switch selection.impl {
            case .allColumns(let alias):
                return !isRowID && (alias == nil || alias == relation.alias)
            case let .allColumnsExcluding(alias, excluded):
                return !isRowID && (alias == nil || alias == relation.alias)
                    && !excluded.contains { $0.lowercased() == column.lowercased() }
            case .expression(let expression):
                guard case let .column(name, alias) = expression.impl else { return false }
                return name.lowercased() == column.lowercased() && (alias == nil || alias == relation.alias)
            default:
                return false
            }
        }
    }

    /// Fetches the associated rows of all parent rows, and stores them in
    /// the parent rows.
    func fetch(_ db: Database, into rows: [Row]) throws {
        guard !rows.isEmpty else { return }
        for prefetch in prefetches {
            try fetch(prefetch, db, into: rows)
        }
    }

    private func fetch(_ prefetch: Prefetch, _ db: Database, into rows: [Row]) throws {
        let parentRows = scopeRows(prefetch, rows)
        let (parentKeys, uniqueKeys) = try keys(prefetch, rows, parentRows)

        // Keys of one column (the common case) group by value, without an
        // array per row. A group holds the indexes of its rows among the
        // rows of their prefetch query: no `Row` is built for the rows of
        // a buffer (see PrefetchedRowSet).
        let isSingleColumnKey = prefetch.childColumns.count == 1
        var singleColumnGroups: [DatabaseValue: PrefetchedRowSet] = [:]
        var groups: [[DatabaseValue]: PrefetchedRowSet] = [:]
        let keyCount = prefetch.childColumns.count
        if isSingleColumnKey {
            // One group per parent key at most.
            singleColumnGroups.reserveCapacity(uniqueKeys.count)
        }
        // Each chunk of keys is fetched before the next one is prepared:
        // the chunks of one size share their SQL, hence one cached
        // statement, whose arguments the next chunk replaces. The chunks
        // have distinct keys: each group comes from one chunk.
        try forEachChunk(prefetch, keys: uniqueKeys) { chunk in
            let prepared = try preparedRequest(prefetch, prefetchQuery(prefetch, keys: chunk), db)
            let childRows = try prepared.fetchAllRowsSharingBuffer(db)
            let keyStart = prepared.statement.columnCount - keyCount
            if isSingleColumnKey {
                var indexGroups: [DatabaseValue: [Int]] = [:]
                indexGroups.reserveCapacity(chunk.count)
                SQLPrefetcher.group(childRows, keyIndex: keyStart, into: &indexGroups)
                for (key, indexes) in indexGroups {
                    singleColumnGroups[key] = SQLPrefetcher.merged(singleColumnGroups[key], childRows.subset(indexes))
                }
            } else {
                var indexGroups: [[DatabaseValue]: [Int]] = [:]
                for index in 0..<childRows.count {
                    let key = (0..<keyCount).map { childRows.databaseValue(atAbsoluteColumn: keyStart + $0, ofRow: index) }
                    indexGroups[key, default: []].append(index)
                }
                for (key, indexes) in indexGroups {
                    groups[key] = SQLPrefetcher.merged(groups[key], childRows.subset(indexes))
                }
            }
        }
        let noRows = PrefetchedRowSet(rows: [])
        for (parentRow, key) in zip(parentRows, parentKeys) {
            let childRows = isSingleColumnKey ? singleColumnGroups[key[0]] : groups[key]
            parentRow?.setPrefetchedRows(childRows ?? noRows, forKey: prefetch.key)
        }
    }

    /// The rows of a group found in one more chunk (never, as chunks have
    /// distinct keys: for safety, the rows of both).
    private static func merged(_ group: PrefetchedRowSet?, _ rows: PrefetchedRowSet) -> PrefetchedRowSet {
        guard let group else { return rows }
        return PrefetchedRowSet(rows: group.allRows + rows.allRows)
    }

    /// Adds the indexes of rows to their groups, by the value of a key
    /// column.
    ///
    /// The rows of one key usually come in a run (SQLite reads them
    /// through the index of the key column, or in the order of the
    /// parents): each run joins its group with one dictionary access,
    /// instead of one hash and one look-up per row. The groups are the
    /// same as with one access per row, in the same order: runs are made
    /// of keys equal by `==`, the equality of the dictionary.
    ///
    /// - Parameters:
    ///   - rows: Rows, in the order of the prefetch query.
    ///   - keyIndex: The absolute index of the key column.
    ///   - groups: The indexes of the rows in `rows`, by key.
    static func group(_ rows: PrefetchQueryRows, keyIndex: Int, into groups: inout [DatabaseValue: [Int]]) {
        var runStart = 0
        var runKey = DatabaseValue.null
        let count = rows.count
        for index in 0..<count {
            let key = rows.databaseValue(atAbsoluteColumn: keyIndex, ofRow: index)
            if index > runStart && key != runKey {
                groups[runKey, default: []].append(contentsOf: runStart..<index)
                runStart = index
            }
            if index == runStart {
                runKey = key
            }
        }
        if count > runStart {
            groups[runKey, default: []].append(contentsOf: runStart..<count)
        }
    }

    /// The requests of the prefetched rows of all parent rows, by
    /// association key, for dumps. Each association has at least one
    /// request (that fetches no row when no parent row has a key).
    func dumpRequests(_ db: Database, rows: [Row]) throws -> [(key: String, requests: [PreparedRequest])] {
        try prefetches.map { prefetch in
            let (_, uniqueKeys) = try keys(prefetch, rows, scopeRows(prefetch, rows))
            // Dumps prepare all chunks before they run them: the statements
            // of the chunks are not shared (not cached), so that each one
            // keeps its own arguments.
            var requests: [PreparedRequest] = []
            try forEachChunk(prefetch, keys: uniqueKeys) { chunk in
                requests.append(try preparedRequest(prefetch, prefetchQuery(prefetch, keys: chunk), db, cached: false))
            }
            if requests.isEmpty {
                let query = prefetchQuery(prefetch, keyFilter: SQLExpression(literal: SQL(sql: "0")))
                requests = try [preparedRequest(prefetch, query, db)]
            }
            return (prefetch.key, requests)
        }
    }

    /// The rows that hold the prefetched rows: the fetched rows, or their
    /// scopes of the to-one associations above the prefetched one.
    private func scopeRows(_ prefetch: Prefetch, _ rows: [Row]) -> [Row?] {
        if prefetch.scopePath.isEmpty { return rows }
        return rows.map { row in
            var scopeRow: Row? = row
            for scopeKey in prefetch.scopePath {
                scopeRow = scopeRow?.scopeRow(named: scopeKey)
            }
            return scopeRow
        }
    }

    /// The keys of the parent rows, and the distinct ones; NULL keys match
    /// nothing.
    ///
    /// - Parameters:
    ///   - rows: The fetched rows.
    ///   - parentRows: The rows that hold the parent keys (the fetched
    ///     rows, or their scopes), nil where a scope is missing.
    private func keys(_ prefetch: Prefetch, _ rows: [Row], _ parentRows: [Row?]) throws -> (parentKeys: [[DatabaseValue]], uniqueKeys: [[DatabaseValue]]) {
        func indexes(in row: Row) throws -> [Int] {
            try prefetch.parentColumns.map { column in
                guard let index = row.index(forColumn: column) else {
                    throw DatabaseError(
                        resultCode: .SQLITE_ERROR,
                        message: "the prefetched association \"\(prefetch.key)\" needs the column \"\(column)\", "
                            + "not found in the rows of the request (columns: \(Array(row.columnNames)))",
                        sql: row.sql)
                }
                return index
            }
        }
        // The key columns of the fetched rows are read in the columns of
        // the statement (the adapter of an adapted request may hide or
        // rename them), where the columns of the root come first. The rows
        // of one request share their columns: the indexes are looked up
        // once.
        var offsets = prefetch.parentKeyOffsets
        if offsets == nil, prefetch.scopePath.isEmpty, let row = rows.first {
            offsets = try indexes(in: row.unadapted)
        }
        let parentKeys: [[DatabaseValue]]
        if let offsets {
            parentKeys = rows.map { row in
                offsets.map { row.databaseValue(atAbsoluteIndex: $0) }
            }
        } else {
            var scopeIndexes: [Int]?
            parentKeys = try parentRows.map { parentRow in
                guard let parentRow else {
                    return prefetch.parentColumns.map { _ in .null }
                }
                if scopeIndexes == nil {
                    scopeIndexes = try indexes(in: parentRow)
                }
                return scopeIndexes!.map { parentRow.databaseValue(atUncheckedIndex: $0) }
            }
        }
        var uniqueKeys: [[DatabaseValue]] = []
        var seen = Set<[DatabaseValue]>()
        for key in parentKeys where !key.contains(where: \.isNull) && seen.insert(key).inserted {
            uniqueKeys.append(key)
        }
        return (parentKeys, uniqueKeys)
    }

    /// Calls `body` with each chunk of keys that fits in one prefetch
    /// query (never when there is no key).
    private func forEachChunk(_ prefetch: Prefetch, keys uniqueKeys: [[DatabaseValue]], _ body: ([[DatabaseValue]]) throws -> Void) throws {
        let chunkSize = max(1, SQLPrefetcher.maximumArgumentCount / max(1, prefetch.childColumns.count))
        var start = 0
        while start < uniqueKeys.count {
            let end = min(start + chunkSize, uniqueKeys.count)
            try body(Array(uniqueKeys[start..<end]))
            start = end
        }
    }

    /// The request of the rows whose keys are among the given keys. The
    /// keys are selected after the other columns.
    ///
    /// - Parameter cached: Whether the statement comes from the statement
    ///   cache, shared with every request of the same SQL.
    private func preparedRequest(_ prefetch: Prefetch, _ query: SQLQuery, _ db: Database, cached: Bool = true) throws -> PreparedRequest {
        // The key columns, `"authorId" AS "grdb_authorId"`, visible in the
        // prefetched rows as in GRDB's.
        let keyColumns = prefetch.childColumns.map { column in
            SQLSelection(.aliased(.column(column, prefetch.steps[0].relation.alias), "grdb_\(column)"))
        }
        return try query.makePreparedRequest(
            db, forSingleResult: false, extraSelection: keyColumns, hidesExtraSelection: false, cachedStatement: cached)
    }

    /// The region read by the prefetch queries, nested prefetches
    /// included: the columns that each prefetch query selects and filters
    /// on, as the statement of a query for one parent key reads them
    /// (`book(authorId,id,title)`), and those of the pivot tables it joins.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The region.
    func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        var region = DatabaseRegion()
        for prefetch in prefetches {
            let keys = [Array(repeating: DatabaseValue.null, count: prefetch.childColumns.count)]
            let query = try prefetchQuery(prefetch, keys: keys).resolved(db)
            region.formUnion(try preparedRequest(prefetch, query, db, cached: false).statement.databaseRegion)
            if let nested = try SQLPrefetcher(relation: query.relation, db: db, firstHiddenColumn: { 0 }) {
                region.formUnion(try nested.databaseRegion(db))
            }
        }
        return region
    }

    /// The name of the common table expression of the parent keys, for
    /// compound keys.
    static let keysTableName = "grdb_keys"

    /// The query of the prefetched rows: the last step, joined back to the
    /// first one through pivots, filtered on the parent keys.
    private func prefetchQuery(_ prefetch: Prefetch, keys: [[DatabaseValue]]) -> SQLQuery {
        let firstAlias = prefetch.steps[0].relation.alias
        let columns = prefetch.childColumns.map { SQLExpression.column($0, firstAlias) }
        if columns.count == 1 {
            return prefetchQuery(prefetch, keyFilter: SQLExpression(.inList(columns[0], keys.map { .value($0[0]) }, negated: false)))
        }
        // A row value, and a common table expression of the keys:
        // `WITH "grdb_keys"("a", "b") AS (VALUES (?, ?), (?, ?)) ...
        // WHERE ("a", "b") IN "grdb_keys"`. A tree of `OR` and `AND` would
        // be too deep for SQLite ("Expression tree is too large") above
        // 1,000 keys, and SQLite searches no index for a row value
        // `IN (VALUES ...)`, but does for a table.
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let values = SQL(
            sql: "VALUES " + Array(repeating: row, count: keys.count).joined(separator: ", "),
            arguments: StatementArguments(Array(keys.joined())))
        let keyFilter = SQLExpression(.inTable(
            SQLExpression(.function("", columns, distinct: false)),
            SQLPrefetcher.keysTableName,
            negated: false))
        var query = prefetchQuery(prefetch, keyFilter: keyFilter)
        query.relation.commonTableExpressions.append((
            name: SQLPrefetcher.keysTableName,
            definition: SQLCommonTableExpressionDefinition(
                columns: prefetch.childColumns,
                isRecursive: false,
                request: SQLSubquery(impl: .literal(values)))))
        return query
    }

    private func prefetchQuery(_ prefetch: Prefetch, keyFilter: SQLExpression) -> SQLQuery {
        var query = SQLQuery(relation: SQLAssociationStep.reversedChain(prefetch.steps, firstStepFilter: keyFilter))
        if !query.groupExpressions.isEmpty || !query.havingExpressions.isEmpty {
            // A grouped association groups the rows of each parent apart.
            let firstAlias = prefetch.steps[0].relation.alias
            query.groupExpressions += prefetch.childColumns.map { SQLExpression.column($0, firstAlias) }
        }
        return query
    }
}

extension SQLAssociationStep {
    /// Returns the relation of the last step, joined back to the first one
    /// through pivots, with a filter on the first step (which belongs to a
    /// join condition when there are pivots).
    static func reversedChain(_ steps: [SQLAssociationStep], firstStepFilter: SQLExpression) -> SQLRelation {
        var relation = steps[0].relation.filter(firstStepFilter)
        for index in steps.indices.dropFirst() {
            relation = steps[index].relation.adding(
                SQLRelationChild(
                    kind: .required,
                    isSelected: false,
                    condition: steps[index].condition.reversed,
                    relation: relation,
                    isToOne: true),
                forKey: "grdb_pivot_\(index)")
        }
        return relation
    }
}
