import Synchronization

/// A name for a table in a query, so that expressions can refer to its
/// columns from other parts of the query: joined tables, subqueries.
///
/// ```swift
/// // SELECT book.* FROM book
/// // JOIN author ON author.id = book.authorId
/// // WHERE book.publishDate >= author.deathDate
/// let authorAlias = TableAlias<Author>()
/// let request = Book
///     .joining(required: Book.author.aliased(authorAlias))
///     .filter { $0.publishDate >= authorAlias.deathDate }
/// ```
///
/// A named alias is used as is in the generated SQL:
/// `TableAlias<Player>(name: "coach")` gives `... FROM player coach`.
///
/// - Precondition: an alias refers to one table only. Using the same alias
///   for two different tables is a programmer error.
@dynamicMemberLookup
public struct TableAlias<RowDecoder>: Sendable {
    let base: TableAliasBase

    /// Creates an alias.
    ///
    /// - Parameter name: A name used as is in the SQL, or nil to let Folio
    ///   choose a unique one.
    public init(name: String? = nil) {
        base = TableAliasBase(name: name)
    }

    init(base: TableAliasBase) {
        self.base = base
    }

    /// A column of the aliased table: `alias.score`.
    public subscript(dynamicMember columnName: String) -> SQLExpression {
        .column(columnName, base)
    }

    /// A column of the aliased table: `alias[Column("score")]`.
    ///
    /// - Parameter column: A column.
    /// - Returns: The column, qualified with the alias.
    public subscript(_ column: some ColumnExpression) -> SQLExpression {
        .column(column.name, base)
    }

    /// A column of the aliased table: `alias["score"]`.
    ///
    /// - Parameter columnName: A column name.
    /// - Returns: The column, qualified with the alias.
    public subscript(_ columnName: String) -> SQLExpression {
        .column(columnName, base)
    }

    /// An expression qualified with this alias: its columns refer to the
    /// aliased table.
    ///
    /// - Parameter expression: An expression.
    /// - Returns: The qualified expression.
    public subscript(_ expression: some SQLSpecificExpressible) -> SQLExpression {
        expression.sqlExpression.qualified(with: base)
    }

    /// All columns of the aliased table, for use in `select`.
    public var allColumns: SQLSelection {
        SQLSelection(.allColumns(base))
    }

    /// Whether the aliased table has a matching row, in an outer join: the
    /// primary key is not NULL.
    public var exists: SQLExpression {
        SQLExpression(.deferred { [base] context in
            let tableName = try base.checkedTableName()
            let primaryKey = try context.db.primaryKey(tableName)
            let column = primaryKey.columns.first ?? Column.rowID.name
            return try SQLExpression.column(column, base).sql(&context, wrapped: true) + " IS NOT NULL"
        })
    }
}

extension TableAlias where RowDecoder == Void {
    /// Creates an alias for any table.
    ///
    /// - Parameter name: A name used as is in the SQL, or nil.
    public init(name: String? = nil) {
        base = TableAliasBase(name: name)
    }
}

/// The identity of a table alias, shared by all the copies of a
/// `TableAlias` and by the requests that use it.
///
/// Sendable: `name` is immutable, and the table name is bound once, under
/// a mutex.
final class TableAliasBase: Sendable {
    let userName: String?
    private let tableNameStorage = Mutex<String?>(nil)

    init(name: String?) {
        userName = name
    }

    /// The name of the aliased table, once bound.
    var tableName: String? {
        tableNameStorage.withLock { $0 }
    }

    /// Binds the alias to a table.
    ///
    /// - Precondition: the alias is not already bound to another table.
    func bind(to tableName: String) {
        tableNameStorage.withLock { current in
            if let current {
                checkProgrammerError(
                    current.isSameDatabaseName(as: tableName),
                    "A TableAlias must not be used to refer to multiple tables (\(current) and \(tableName))")
            } else {
                current = tableName
            }
        }
    }

    func checkedTableName() throws -> String {
        guard let tableName else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "a TableAlias\(userName.map { " named \($0)" } ?? "") is used in a request, but no table of the request is aliased with it")
        }
        return tableName
    }
}
