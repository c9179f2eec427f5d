/// The state of SQL generation: the connection, the arguments collected so
/// far, and the names of table aliases.
struct SQLGenerationContext {
    let db: Database

    /// The arguments of the `?` placeholders generated so far.
    var arguments = StatementArguments()

    /// Whether columns are qualified with their table name or alias
    /// (queries with several tables).
    var qualifiesColumns = false

    /// The alias of the table whose columns are written unqualified when
    /// `qualifiesColumns` is false (the only table of a simple query).
    var unqualifiedAlias: ObjectIdentifier?

    /// Whether values are written as SQL literals instead of `?` (schema
    /// definitions, where SQLite forbids parameters).
    var inlinesValues = false

    /// The names given to the table aliases of the query and of its
    /// enclosing queries.
    var aliasNames: [ObjectIdentifier: String] = [:]

    init(db: Database) {
        self.db = db
    }

    /// Whether a column of the alias must be qualified.
    func mustQualify(_ alias: TableAliasBase) -> Bool {
        qualifiesColumns || ObjectIdentifier(alias) != unqualifiedAlias
    }

    /// The SQL name of a table alias.
    func name(of alias: TableAliasBase) throws -> String {
        if let name = aliasNames[ObjectIdentifier(alias)] {
            return name
        }
        if let userName = alias.userName {
            return userName
        }
        return try alias.checkedTableName()
    }
}
