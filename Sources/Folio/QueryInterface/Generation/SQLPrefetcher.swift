/// Fetches the to-many associated rows of `including(all:)` requests: one
/// query per association, whatever the number of parent rows (never N+1
/// queries), after the parent rows are fetched.
///
/// The parent query selects the key columns of each prefetched association
/// as hidden columns at the end of its selection. The prefetch query
/// selects the associated rows whose keys are among the parent keys (`IN`),
/// plus the key as hidden columns, so that rows can be grouped by parent.
struct SQLPrefetcher {
    struct Prefetch {
        /// The association key.
        var key: String
        /// The keys of the to-one associations from the fetched row to the
        /// scope that holds the prefetched rows (empty for the row itself).
        var scopePath: [String]
        /// The steps from the parent to the prefetched relation.
        var steps: [SQLAssociationStep]
        /// The offsets of the hidden parent key columns in parent rows.
        var parentKeyOffsets: [Int]
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
        func collect(_ relation: SQLRelation, scopePath: [String]) throws {
            for (key, child) in relation.children {
                guard child.kind == .all else {
                    if child.relation.hasPrefetchedDescendant {
                        try collect(child.relation, scopePath: scopePath + [key])
                    }
                    continue
                }
                guard let firstStep = child.prefetchSteps.first else { continue }
                let mapping = try firstStep.condition.columnMapping(db)
                var offsets: [Int] = []
                let hiddenPrefix = (scopePath + [key]).joined(separator: "_")
                for (index, pair) in mapping.enumerated() {
                    hiddenSelection.append(SQLSelection(.aliased(.column(pair.parent, relation.alias), "grdb_\(hiddenPrefix)_\(index)")))
                    offsets.append(offset)
                    offset += 1
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
        try collect(relation, scopePath: [])
        guard !prefetches.isEmpty else { return nil }
        self.prefetches = prefetches
        self.hiddenSelection = hiddenSelection
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
        let (parentKeys, uniqueKeys) = keys(prefetch, rows)

        // Keys of one column (the common case) group by value, without an
        // array per row.
        let isSingleColumnKey = prefetch.childColumns.count == 1
        var singleColumnGroups: [DatabaseValue: [Row]] = [:]
        var groups: [[DatabaseValue]: [Row]] = [:]
        let keyCount = prefetch.childColumns.count
        if isSingleColumnKey {
            // One group per parent key at most.
            singleColumnGroups.reserveCapacity(uniqueKeys.count)
        }
        // Each chunk of keys is fetched before the next one is prepared:
        // the chunks of one size share their SQL, hence one cached
        // statement, whose arguments the next chunk replaces.
        try forEachChunk(prefetch, keys: uniqueKeys) { chunk in
            let prepared = try preparedRequest(prefetch, prefetchQuery(prefetch, keys: chunk), db)
            let childRows = try prepared.fetchAllRows(db)
            let keyStart = prepared.statement.columnCount - keyCount
            if isSingleColumnKey {
                SQLPrefetcher.group(childRows, keyIndex: keyStart, into: &singleColumnGroups)
            } else {
                for childRow in childRows {
                    let key = (0..<keyCount).map { childRow.databaseValue(atAbsoluteIndex: keyStart + $0) }
                    groups[key, default: []].append(childRow)
                }
            }
        }
        for (row, key) in zip(rows, parentKeys) {
            let childRows = isSingleColumnKey ? singleColumnGroups[key[0]] : groups[key]
            var scopeRow: Row? = row
            for scopeKey in prefetch.scopePath {
                scopeRow = scopeRow?.scopeRow(named: scopeKey)
            }
            scopeRow?.setPrefetchedRows(childRows ?? [], forKey: prefetch.key)
        }
    }

    /// Adds rows to their groups, by the value of a key column.
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
    ///   - groups: The groups, by key.
    static func group(_ rows: [Row], keyIndex: Int, into groups: inout [DatabaseValue: [Row]]) {
        var run: [Row] = []
        var runKey = DatabaseValue.null
        for row in rows {
            let key = row.databaseValue(atAbsoluteIndex: keyIndex)
            if !run.isEmpty && key != runKey {
                groups[runKey, default: []].append(contentsOf: run)
                run.removeAll(keepingCapacity: true)
            }
            if run.isEmpty {
                runKey = key
            }
            run.append(row)
        }
        if !run.isEmpty {
            groups[runKey, default: []].append(contentsOf: run)
        }
    }

    /// The requests of the prefetched rows of all parent rows, by
    /// association key, for dumps. Each association has at least one
    /// request (that fetches no row when no parent row has a key).
    func dumpRequests(_ db: Database, rows: [Row]) throws -> [(key: String, requests: [PreparedRequest])] {
        try prefetches.map { prefetch in
            let (_, uniqueKeys) = keys(prefetch, rows)
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

    /// The keys of the parent rows, and the distinct ones; NULL keys match
    /// nothing.
    private func keys(_ prefetch: Prefetch, _ rows: [Row]) -> (parentKeys: [[DatabaseValue]], uniqueKeys: [[DatabaseValue]]) {
        let parentKeys: [[DatabaseValue]] = rows.map { row in
            prefetch.parentKeyOffsets.map { row.databaseValue(atAbsoluteIndex: $0) }
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
        let hiddenColumns = prefetch.childColumns.enumerated().map { index, column in
            SQLSelection(.aliased(.column(column, prefetch.steps[0].relation.alias), "grdb_prefetch_\(index)"))
        }
        return try query.makePreparedRequest(db, forSingleResult: false, extraSelection: hiddenColumns, cachedStatement: cached)
    }

    /// The query of the prefetched rows: the last step, joined back to the
    /// first one through pivots, filtered on the parent keys.
    private func prefetchQuery(_ prefetch: Prefetch, keys: [[DatabaseValue]]) -> SQLQuery {
        let firstAlias = prefetch.steps[0].relation.alias
        let columns = prefetch.childColumns.map { SQLExpression.column($0, firstAlias) }
        let keyFilter: SQLExpression
        if columns.count == 1 {
            keyFilter = SQLExpression(.inList(columns[0], keys.map { .value($0[0]) }, negated: false))
        } else {
            keyFilter = SQLExpression(.associative("OR", keys.map { key in
                SQLExpression(.associative("AND", zip(columns, key).map { SQLExpression(.binary("=", $0, .value($1))) }))
            }))
        }
        return prefetchQuery(prefetch, keyFilter: keyFilter)
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
