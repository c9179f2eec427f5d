
/// An element of the selection of a request.
public struct SQLSelection: SQLSelectable, Sendable {
    enum Impl: Sendable {
        /// `*`, or `alias.*`.
        case allColumns(TableAliasBase?)
        /// All columns but some (lowercased names), listed from the schema
        /// when SQL is generated.
        case allColumnsExcluding(TableAliasBase?, Set<String>)
        /// An expression.
        case expression(SQLExpression)
        /// `expression AS name`.
        case aliased(SQLExpression, String)
        /// Raw SQL.
        case literal(SQL)
        /// The primary key columns of the table of an alias (`rowid` when
        /// it has no explicit primary key), resolved at generation time:
        /// `selectPrimaryKey(as:)`.
        case primaryKey(TableAliasBase?)
    }

    let impl: Impl

    init(_ impl: Impl) {
        self.impl = impl
    }

    /// Returns self.
    public var sqlSelection: SQLSelection { self }

    static func expression(_ expression: SQLExpression) -> SQLSelection {
        SQLSelection(.expression(expression))
    }

    /// `*`: all columns.
    public static let allColumns = SQLSelection(.allColumns(nil))

    /// The hidden `rowid` column.
    public static let rowID = SQLSelection(.expression(Column.rowID.sqlExpression))

    /// Returns the selection with unqualified columns bound to an alias.
    func qualified(with alias: TableAliasBase) -> SQLSelection {
        switch impl {
        case .allColumns(nil): return SQLSelection(.allColumns(alias))
        case .allColumns: return self
        case .allColumnsExcluding(nil, let excluded): return SQLSelection(.allColumnsExcluding(alias, excluded))
        case .allColumnsExcluding: return self
        case .expression(let e): return SQLSelection(.expression(e.qualified(with: alias)))
        case let .aliased(e, name): return SQLSelection(.aliased(e.qualified(with: alias), name))
        case .literal: return self
        case .primaryKey(nil): return SQLSelection(.primaryKey(alias))
        case .primaryKey: return self
        }
    }

    func requalified(from old: TableAliasBase, to new: TableAliasBase) -> SQLSelection {
        switch impl {
        case .allColumns(let alias) where alias == old: return SQLSelection(.allColumns(new))
        case .allColumns: return self
        case let .allColumnsExcluding(alias, excluded) where alias == old:
            return SQLSelection(.allColumnsExcluding(new, excluded))
        case .allColumnsExcluding: return self
        case .expression(let e): return SQLSelection(.expression(e.requalified(from: old, to: new)))
        case let .aliased(e, name): return SQLSelection(.aliased(e.requalified(from: old, to: new), name))
        case .literal: return self
        case .primaryKey(let alias) where alias == old: return SQLSelection(.primaryKey(new))
        case .primaryKey: return self
        }
    }

    /// The name of the selected column, when the selection has one.
    var columnName: String? {
        switch impl {
        case .aliased(_, let name): return name
        case .expression(let e): return e.columnName
        default: return nil
        }
    }

    /// Whether the selection contains an aggregate function, or raw SQL
    /// that may contain one.
    var mayBeAggregate: Bool {
        switch impl {
        case .expression(let e), .aliased(let e, _): return e.mayBeAggregate
        case .literal: return true
        case .allColumns, .allColumnsExcluding, .primaryKey: return false
        }
    }

    /// Whether the selection is an aliased expression (`forKey`).
    var isAliased: Bool {
        if case .aliased = impl { return true }
        return false
    }

    /// The number of columns of `*` or `allColumns(excluding:)` in a
    /// table, and 1 for other selections.
    func columnCount(in tableName: String, _ db: Database) throws -> Int {
        switch impl {
        case .allColumns: return try db.columns(in: tableName).count
        case .allColumnsExcluding: return try selectedColumnNames(in: tableName, db).count
        case .primaryKey: return try TableAliasBase.primaryKeyColumns(ofTable: tableName, db).count
        default: return 1
        }
    }

    /// The columns of a table selected by `allColumns(excluding:)`.
    private func selectedColumnNames(in tableName: String, _ db: Database) throws -> [String] {
        guard case let .allColumnsExcluding(_, excluded) = impl else { return [] }
        return try db.columns(in: tableName).map(\.name).filter { !excluded.contains($0.lowercased()) }
    }

    /// Renders the selection as SQL.
    func sql(_ context: inout SQLGenerationContext) throws -> String {
        switch impl {
        case .allColumns(let alias):
            if let alias, context.mustQualify(alias) {
                return try context.name(of: alias).quotedDatabaseIdentifier + ".*"
            }
            return "*"
        case let .allColumnsExcluding(alias, _):
            let tableName = try alias?.tableName ?? context.selectionTableName ?? {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "allColumns(excluding:) is used where the selected table is unknown")
            }()
            let columns = try selectedColumnNames(in: tableName, context.db)
            guard !columns.isEmpty else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "allColumns(excluding:) excludes all the columns of table \(tableName)")
            }
            let prefix = if let alias, context.mustQualify(alias) {
                try context.name(of: alias).quotedDatabaseIdentifier + "."
            } else {
                ""
            }
            return columns.map { prefix + $0.quotedDatabaseIdentifier }.joined(separator: ", ")
        case .expression(let expression):
            return try expression.sql(&context)
        case let .aliased(expression, name):
            return try expression.sql(&context) + " AS " + name.quotedDatabaseIdentifier
        case .literal(let literal):
            let (sql, arguments) = try literal.build(context.db)
            context.arguments += arguments
            return sql
        case .primaryKey(let alias):
            return try TableAliasBase.primaryKeyColumns(of: alias, context.db)
                .map { try SQLExpression.column($0, alias).sql(&context) }
                .joined(separator: ", ")
        }
    }
}

extension SQLSpecificExpressible {
    /// Returns the expression selected with a name: `score * 2 AS double`.
    ///
    /// ```swift
    /// Player.select(Column("score").forKey("points"))
    /// ```
    ///
    /// - Parameter key: The name of the selected column.
    /// - Returns: An aliased selection.
    public func forKey(_ key: String) -> SQLSelection {
        SQLSelection(.aliased(sqlExpression, key))
    }

    /// Returns the expression selected with a coding key's name.
    ///
    /// - Parameter key: A coding key.
    /// - Returns: An aliased selection.
    public func forKey(_ key: some CodingKey) -> SQLSelection {
        forKey(key.stringValue)
    }
}

extension SQL: SQLSpecificExpressible {
    /// The SQL literal, selected.
    public var sqlSelection: SQLSelection { SQLSelection(.literal(self)) }

    /// The SQL literal, as an ordering term.
    public var sqlOrdering: SQLOrdering { SQLOrdering(literal: self) }
}
