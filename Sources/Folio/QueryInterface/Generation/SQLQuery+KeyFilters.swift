// What the filters of a query tell about the rows it can return: a query
// whose filters compare the primary key, the rowid or the columns of a
// unique index to values returns one row at most, so that `fetchOne` needs
// no `LIMIT 1` (QueryInterfaceOrganization.md: `Player.filter { $0.id == 1 }
// .fetchOne(db)` runs `SELECT * FROM player WHERE id = 1`).
//
// The same filters narrow the region that an observation of the request
// tracks, when they compare the rowid to integers: `Player.filter(id: 1)`
// observes `player(id,name,score)[1]`, as in GRDB.
//
// Only the filters of the root table count, joined with AND at their top
// level, and only comparisons of a column to a value (`"id" = ?`, or
// `"id" IN (?)` with one value). Raw SQL filters (`filter(sql:)`) tell
// nothing: such requests keep `LIMIT 1`, as in GRDB.

extension SQLQuery {
    /// Whether the query returns one row at most because of its filters:
    /// see the top of this file.
    func selectsOneRowAtMost(_ db: Database) throws -> Bool {
        guard limit == nil,
              groupExpressions.isEmpty,
              relation.children.allSatisfy({ $0.child.kind == .all }),
              case .table(let tableName) = relation.source
        else { return false }
        // Columns compared to one value at most (`IN (1, 2)` selects two
        // rows).
        let columns = try relation.rootEqualityValues(db).filter { $0.values.count <= 1 }.map(\.column)
        guard !columns.isEmpty else { return false }
        // A view without a primary key has no unique key: `table(_:
        // hasUniqueKey:)` returns false.
        let primaryKey = try db.primaryKey(tableName)
        if primaryKey.tableHasRowID, columns.contains(where: \.isRowIDName) {
            return true
        }
        return try db.table(tableName, hasUniqueKey: columns)
    }
}

extension SQLQuery {
    /// The row ids that the filters restrict the rows of the root table
    /// to, or nil when they do not compare its rowid (or the INTEGER
    /// PRIMARY KEY column) to integers.
    func filteredRowIDs(_ db: Database) throws -> Set<Int64>? {
        guard relation.children.allSatisfy({ $0.child.kind == .all }),
              case .table(let tableName) = relation.source
        else { return nil }
        let equalities = try relation.rootEqualityValues(db)
        guard !equalities.isEmpty else { return nil }
        let primaryKey = try db.primaryKey(tableName)
        guard primaryKey.tableHasRowID else { return nil }
        var result: Set<Int64>?
        filters: for (column, values) in equalities {
            if let rowIDColumn = primaryKey.rowIDColumn, rowIDColumn.isSameDatabaseName(as: column) {
                // The INTEGER PRIMARY KEY
            } else if !column.isRowIDName {
                continue
            } else if try db.columns(in: tableName).contains(where: { $0.name.isSameDatabaseName(as: column) }) {
                // A column that hides the rowid.
                continue
            }
            var rowIDs = Set<Int64>()
            for value in values {
                // Only integers: `id = '1'` and `id = 1.0` match the row 1
                // too, but are not worth the trouble.
                guard case .int64(let rowID) = value.storage else { continue filters }
                rowIDs.insert(rowID)
            }
            result = result.map { $0.intersection(rowIDs) } ?? rowIDs
        }
        return result
    }

    /// The region of the statement of the query, narrowed to the rows of
    /// ``filteredRowIDs(_:)``.
    func narrowedRegion(of statement: Statement, _ db: Database) throws -> DatabaseRegion? {
        guard let rowIDs = try filteredRowIDs(db) else { return nil }
        return statement.databaseRegion.restricting(table: relation.tableName, toRowIDs: rowIDs)
    }
}

extension SQLRelation {
    /// The values that the top-level filters compare columns of this
    /// relation to, by column (`"id" = 1` gives `[("id", [1])]`, and
    /// `"id" IN (1, 2)` gives `[("id", [1, 2])]`). Empty when no filter is
    /// such a comparison.
    func rootEqualityValues(_ db: Database) throws -> [(column: String, values: [DatabaseValue])] {
        var values: [(column: String, values: [DatabaseValue])] = []
        func visit(_ expression: SQLExpression) throws {
            switch expression.impl {
            case let .associative(op, operands) where op == "AND":
                for operand in SQLExpression.flattenedOperands(op, operands) { try visit(operand) }
            case let .binary(op, lhs, rhs) where op == "=" || op == "==" || op == "IS":
                if let column = ownColumnName(lhs), case let .value(value) = rhs.impl, !value.isNull {
                    values.append((column, [value]))
                } else if let column = ownColumnName(rhs), case let .value(value) = lhs.impl, !value.isNull {
                    values.append((column, [value]))
                }
            case let .inList(lhs, list, negated: false):
                guard let column = ownColumnName(lhs) else { return }
                var listValues: [DatabaseValue] = []
                for element in list {
                    guard case let .value(value) = element.impl else { return }
                    if !value.isNull { listValues.append(value) }
                }
                values.append((column, listValues))
            case let .schemaDependent(alias, resolve):
                try visit(resolve(db, alias ?? self.alias))
            default:
                break
            }
        }
        for filter in filters { try visit(filter) }
        return values
    }

    /// The name of a column of this relation, or nil.
    private func ownColumnName(_ expression: SQLExpression) -> String? {
        switch expression.impl {
        case let .column(name, alias):
            guard alias == nil || alias?.identity == self.alias.identity else { return nil }
            return name
        default:
            return nil
        }
    }
}

extension String {
    /// Whether the name is one of SQLite's names for the rowid.
    var isRowIDName: Bool {
        isSameDatabaseName(as: "rowid")
            || isSameDatabaseName(as: "oid")
            || isSameDatabaseName(as: "_rowid_")
    }
}
