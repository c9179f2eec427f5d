/// The base class of ``TableAlias``: the identity of a table in a request,
/// and the subscripts that qualify columns and expressions with it.
///
/// ```swift
/// // SELECT book.* FROM book
/// // JOIN author ON author.id = book.authorId
/// // ORDER BY author.name, book.title
/// let authorAlias = TableAlias()
/// let request = Book
///     .joining(required: Book.author.aliased(authorAlias))
///     .order(authorAlias["name"], Column("title"))
/// ```
///
/// Two aliases are equal when they are the same alias, or the aliases that
/// an association condition receives for its tables.
///
/// Sendable: the only stored property is an immutable reference to a
/// `TableAliasState`, which is Sendable (its table name is bound under a
/// mutex). The class is not open, and its only subclass, `TableAlias`, adds
/// no stored property.
public class TableAliasBase: Hashable, @unchecked Sendable {
    /// The identity of the alias, shared by the aliases that refer to the
    /// same table.
    let state: TableAliasState

    init(state: TableAliasState) {
        self.state = state
    }

    /// A new alias, for the tables of requests that were not aliased by
    /// the user.
    convenience init(name: String?) {
        self.init(state: TableAliasState(name: name))
    }

    /// The identity of the alias, for comparisons and dictionaries.
    var identity: ObjectIdentifier {
        ObjectIdentifier(state)
    }

    /// The name given by the user, if any.
    var userName: String? {
        state.userName
    }

    /// The name of the aliased table, once bound.
    var tableName: String? {
        state.tableName
    }

    /// Binds the alias to a table.
    ///
    /// - Precondition: the alias is not already bound to another table.
    func bind(to tableName: String) {
        state.bind(to: tableName)
    }

    /// The name of the aliased table.
    ///
    /// - Throws: A `DatabaseError` when the alias is bound to no table of
    ///   the request.
    func checkedTableName() throws -> String {
        guard let tableName else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "a TableAlias\(userName.map { " named \($0)" } ?? "") is used in a request, but no table of the request is aliased with it")
        }
        return tableName
    }

    /// Whether two aliases are the same alias.
    ///
    /// ```swift
    /// let alias = TableAlias<Player>()
    /// alias == alias               // true
    /// alias == TableAlias<Player>() // false
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: An alias.
    ///   - rhs: Another alias.
    /// - Returns: Whether they are the same alias.
    public static func == (lhs: TableAliasBase, rhs: TableAliasBase) -> Bool {
        lhs.state === rhs.state
    }

    /// Hashes the identity of the alias.
    ///
    /// ```swift
    /// let aliases: Set<TableAliasBase> = [authorAlias, bookAlias]
    /// ```
    ///
    /// - Parameter hasher: The hasher to use.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
    }

    /// A result column qualified with the alias.
    ///
    /// ```swift
    /// // SELECT p.* FROM player p
    /// let alias = TableAlias(name: "p")
    /// Player.aliased(alias).select(alias[AllColumns()])
    /// ```
    ///
    /// - Parameter selectable: A result column.
    /// - Returns: The result column, qualified with the alias.
    public subscript(_ selectable: some SQLSelectable) -> SQLSelection {
        selectable.sqlSelection.qualified(with: self)
    }

    /// An expression qualified with the alias: its columns refer to the
    /// aliased table.
    ///
    /// ```swift
    /// // SELECT book.* FROM book
    /// // JOIN author ON author.id = book.authorId
    /// // ORDER BY author.name, book.title
    /// let authorAlias = TableAlias()
    /// let request = Book
    ///     .joining(required: Book.author.aliased(authorAlias))
    ///     .order(authorAlias[Column("name")], Column("title"))
    /// ```
    ///
    /// - Parameter expression: An expression.
    /// - Returns: The expression, qualified with the alias.
    public subscript(_ expression: some SQLSpecificExpressible) -> SQLExpression {
        expression.sqlExpression.qualified(with: self)
    }

    /// A JSON expression qualified with the alias.
    ///
    /// ```swift
    /// // SELECT p.info ->> 'country' FROM player p
    /// let alias = TableAlias(name: "p")
    /// Player.aliased(alias).select(alias[JSONColumn("info")]["country"])
    /// ```
    ///
    /// - Parameter expression: A JSON expression.
    /// - Returns: The JSON expression, qualified with the alias.
    public subscript(_ expression: some SQLJSONExpressible) -> AnySQLJSONExpressible {
        AnySQLJSONExpressible(expression: expression.sqlExpression.qualified(with: self))
    }

    /// An ordering term qualified with the alias.
    ///
    /// ```swift
    /// // ... ORDER BY p.score DESC
    /// let alias = TableAlias(name: "p")
    /// Player.aliased(alias).order(alias[Column("score").desc])
    /// ```
    ///
    /// - Parameter ordering: An ordering term.
    /// - Returns: The ordering term, qualified with the alias.
    public subscript(_ ordering: some SQLOrderingTerm) -> SQLOrdering {
        ordering.sqlOrdering.qualified(with: self)
    }

    /// A column of the aliased table.
    ///
    /// ```swift
    /// // SELECT * FROM player p WHERE p.score > 1000
    /// let alias = TableAlias(name: "p")
    /// Player.aliased(alias).filter(alias["score"] > 1000)
    /// ```
    ///
    /// - Parameter column: A column name.
    /// - Returns: The column, qualified with the alias.
    public subscript(_ column: String) -> SQLExpression {
        .column(column, self)
    }
}
