/// A name for a table in a request, so that expressions can refer to its
/// columns from other parts of the request: joined tables, subqueries.
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
/// The alias of a record type gives the columns of the record
/// (``TableRecord/databaseComponents``) as members: `authorAlias.deathDate`
/// is `Author.Columns.deathDate`, qualified with the alias. Any alias
/// qualifies columns and expressions with its subscripts:
/// `alias[Column("score")]`, `alias["score"]`.
///
/// A named alias is used as is in the generated SQL:
/// `TableAlias<Player>(name: "coach")` gives `... FROM player coach`.
/// An anonymous alias, for any table, is a `TableAlias<Void>`:
/// `TableAlias(name: "p")`.
///
/// Two aliases are equal when they are the same alias, or the aliases that
/// an association condition receives for its tables.
///
/// - Precondition: an alias refers to one table only. Using the same alias
///   for two different tables is a programmer error.
///
/// ## Topics
/// - ``init(name:)``
/// - ``init(name:for:)``
/// - ``exists``
/// - ``DatabaseComponents``
/// - ``TableAliasBase``
@dynamicMemberLookup
public final class TableAlias<RowDecoder>: TableAliasBase, @unchecked Sendable {
    /// Creates an alias for the specified record type.
    ///
    /// ```swift
    /// // SELECT p.* FROM player p
    /// let alias = TableAlias<Player>(name: "p")
    /// let request = Player.all().aliased(alias)
    /// ```
    ///
    /// - Parameters:
    ///   - name: A name used as is in the SQL, or nil to let Folio choose a
    ///     unique one.
    ///   - record: The record type.
    public init(name: String? = nil, for record: RowDecoder.Type = RowDecoder.self) {
        super.init(state: TableAliasState(name: name))
    }

    /// Creates an anonymous alias, for any table.
    ///
    /// ```swift
    /// // SELECT p.* FROM player p
    /// let alias = TableAlias(name: "p")
    /// let request = Player.all().aliased(alias)
    /// ```
    ///
    /// An anonymous alias gives no columns as members, unlike the alias of
    /// a record type: use its subscripts (`alias["score"]`).
    ///
    /// - Parameter name: A name used as is in the SQL, or nil to let Folio
    ///   choose a unique one.
    public init(name: String? = nil) where RowDecoder == Void {
        super.init(state: TableAliasState(name: name))
    }

    /// An alias that shares the identity of another one: the conditions of
    /// associations receive the aliases of the joined tables this way.
    init(sharing alias: TableAliasBase) {
        super.init(state: alias.state)
    }

    /// A boolean expression that tells whether the aliased table has a
    /// matching row, in an outer join: its primary key is not NULL.
    ///
    /// ```swift
    /// // SELECT book.* FROM book
    /// // LEFT JOIN author ON author.id = book.authorId
    /// // WHERE author.id IS NULL
    /// let authorAlias = TableAlias<Author>()
    /// let request = Book
    ///     .joining(optional: Book.author.aliased(authorAlias))
    ///     .filter(!authorAlias.exists)
    /// ```
    public var exists: SQLExpression {
        SQLExpression(.deferred { [self] context in
            let tableName = try checkedTableName()
            let primaryKey = try context.db.primaryKey(tableName)
            let column = primaryKey.columns.first ?? Column.rowID.name
            return try SQLExpression.column(column, self).sql(&context, wrapped: true) + " IS NOT NULL"
        })
    }

    /// All columns of the aliased table, for use in `select`.
    ///
    /// ```swift
    /// // SELECT p.* FROM player p
    /// let alias = TableAlias<Player>(name: "p")
    /// Player.aliased(alias).select(alias.allColumns)
    /// ```
    ///
    /// GRDB has no such property: write `alias[AllColumns()]`.
    public var allColumns: SQLSelection {
        SQLSelection(.allColumns(self))
    }
}

extension TableAlias where RowDecoder == Row {
    /// A column of the aliased table, for aliases of rows: `alias.score`
    /// is `alias["score"]`.
    ///
    /// ```swift
    /// // SELECT chat.* FROM chat JOIN message ON chat.id = message.chatId
    /// let association = Table("chat").association(to: messageCTE) { chat, message in
    ///     chat.id == message.chatId
    /// }
    /// ```
    ///
    /// GRDB has no such member: write `alias["score"]` or
    /// `alias[Column("score")]`.
    ///
    /// - Parameter columnName: A column name.
    /// - Returns: The column, qualified with the alias.
    public subscript(dynamicMember columnName: String) -> SQLExpression {
        self[columnName]
    }
}
