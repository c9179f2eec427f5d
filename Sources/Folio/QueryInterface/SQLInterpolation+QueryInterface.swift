// SQL interpolation of the values of the query interface: record types,
// tables, the columns of a record type, and common table expressions.
// See <https://www.sqlite.org/lang_select.html>.
//
// ```swift
// let request: SQLRequest<Player> = """
//     SELECT \(columnsOf: Player.self) FROM \(Player.self)
//     WHERE \(Column("score")) > \(1000)
//     """
// ```

extension SQLInterpolation {
    /// Appends the quoted table name of a record type: `\(Player.self)`.
    ///
    /// ```swift
    /// // SELECT * FROM "player"
    /// let request: SQLRequest<Player> = "SELECT * FROM \(Player.self)"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#fromclause>.
    ///
    /// - Parameter table: A record type.
    public mutating func appendInterpolation(_ table: (some TableRecord).Type) {
        elements.append(.sql(table.databaseTableName.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the quoted table name of a record type.
    ///
    /// ```swift
    /// // SELECT * FROM "player"
    /// let recordType: any TableRecord.Type = Player.self
    /// let request: SQLRequest<Row> = "SELECT * FROM \(recordType)"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#fromclause>.
    ///
    /// - Parameter table: A record type.
    public mutating func appendInterpolation(_ table: any TableRecord.Type) {
        elements.append(.sql(table.databaseTableName.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the quoted table name of a record: `\(tableOf: player)`.
    ///
    /// ```swift
    /// // INSERT INTO "player" DEFAULT VALUES
    /// let literal: SQL = "INSERT INTO \(tableOf: player) DEFAULT VALUES"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_insert.html>.
    ///
    /// - Parameter record: A record.
    public mutating func appendInterpolation(tableOf record: some TableRecord) {
        elements.append(.sql(type(of: record).databaseTableName.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the quoted table name of a record.
    ///
    /// ```swift
    /// // INSERT INTO "player" DEFAULT VALUES
    /// let record: any TableRecord = player
    /// let literal: SQL = "INSERT INTO \(tableOf: record) DEFAULT VALUES"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_insert.html>.
    ///
    /// - Parameter record: A record.
    public mutating func appendInterpolation(tableOf record: any TableRecord) {
        elements.append(.sql(type(of: record).databaseTableName.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the quoted name of a table: `\(Table("player"))`.
    ///
    /// ```swift
    /// // SELECT * FROM "player"
    /// let playerTable = Table("player")
    /// let request: SQLRequest<Row> = "SELECT * FROM \(playerTable)"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#fromclause>.
    ///
    /// - Parameter table: A table.
    public mutating func appendInterpolation<T>(_ table: Table<T>) {
        elements.append(.sql(table.tableName.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the columns selected by a record type, qualified with its
    /// table name, or the given alias: `\(columnsOf: Player.self)` gives
    /// `"player".*`.
    ///
    /// ```swift
    /// // SELECT "p".* FROM player p
    /// let request: SQLRequest<Player> = "SELECT \(columnsOf: Player.self, tableAlias: "p") FROM player p"
    /// ```
    ///
    /// - Parameters:
    ///   - recordType: A record type.
    ///   - tableAlias: The name of the table in the query, or nil for the
    ///     table name.
    public mutating func appendInterpolation(columnsOf recordType: (some TableRecord).Type, tableAlias: String? = nil) {
        let selection = recordType.databaseSelection.map(\.sqlSelection)
        let tableName = recordType.databaseTableName
        elements.append(.deferred { db, arguments in
            let alias = TableAliasBase(name: tableAlias ?? tableName)
            alias.bind(to: tableName)
            var context = SQLGenerationContext(db: db)
            let sql = try selection.map { try $0.qualified(with: alias).sql(&context) }.joined(separator: ", ")
            arguments += context.arguments
            return sql
        })
    }

    /// Appends the quoted name of a common table expression:
    /// `SELECT * FROM \(cte)`.
    ///
    /// ```swift
    /// // WITH "cte" AS (...) SELECT * FROM "cte"
    /// let request: SQLRequest<Row> = "WITH \(definitionFor: cte) SELECT * FROM \(cte)"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_with.html>.
    ///
    /// - Parameter cte: A common table expression.
    public mutating func appendInterpolation(_ cte: CommonTableExpression<some Any>) {
        elements.append(.sql(cte.tableName.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the definition of a common table expression, for a WITH
    /// clause: `WITH \(definitionFor: cte) SELECT ...`.
    ///
    /// ```swift
    /// // WITH "name" AS (SELECT ?) SELECT * FROM "name"
    /// let cte = CommonTableExpression(named: "name", literal: "SELECT \("O'Brien")")
    /// let request: SQLRequest<Row> = "WITH \(definitionFor: cte) SELECT * FROM \(cte)"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_with.html>.
    ///
    /// - Parameter cte: A common table expression.
    public mutating func appendInterpolation(definitionFor cte: CommonTableExpression<some Any>) {
        let name = cte.tableName
        let definition = cte.definition
        elements.append(.deferred { db, arguments in
            var sql = name.quotedDatabaseIdentifier
            if let columns = definition.columns, !columns.isEmpty {
                sql += "(" + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ")"
            }
            var context = SQLGenerationContext(db: db)
            sql += " AS (" + (try definition.request.sql(&context)) + ")"
            arguments += context.arguments
            return sql
        })
    }
}
