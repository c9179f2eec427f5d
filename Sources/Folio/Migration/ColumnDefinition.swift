import Foundation

/// The definition of a table column, with its constraints.
///
/// You get a `ColumnDefinition` from ``TableDefinition/column(_:_:)`` in
/// ``Database/create(table:options:body:)``, or from
/// ``TableAlteration/add(column:_:)`` in ``Database/alter(table:body:)``.
/// Its methods add constraints, and return the column so that calls chain:
///
/// ```swift
/// // CREATE TABLE "book" (
/// //   "id" INTEGER PRIMARY KEY AUTOINCREMENT,
/// //   "title" TEXT NOT NULL COLLATE NOCASE,
/// //   "pageCount" INTEGER NOT NULL CHECK (pageCount > 0) DEFAULT 1,
/// //   "authorId" INTEGER NOT NULL REFERENCES "author"("id") ON DELETE CASCADE
/// // )
/// // CREATE INDEX "book_on_authorId" ON "book"("authorId")
/// try db.create(table: "book") { t in
///     t.autoIncrementedPrimaryKey("id")
///     t.column("title", .text).notNull().collate(.nocase)
///     t.column("pageCount", .integer).notNull().check(sql: "pageCount > 0").defaults(to: 1)
///     t.column("authorId", .integer)
///         .notNull()
///         .indexed()
///         .references("author", onDelete: .cascade)
/// }
/// ```
///
/// See <https://www.sqlite.org/lang_createtable.html#tablecoldef>.
///
/// ## Topics
/// - ``primaryKey(onConflict:autoincrement:)``
/// - ``notNull(onConflict:)``
/// - ``unique(onConflict:)``
/// - ``check(_:)``
/// - ``check(sql:)``
/// - ``defaults(to:)``
/// - ``defaults(sql:)``
/// - ``collate(_:)-(Database.CollationName)``
/// - ``indexed()``
/// - ``references(_:column:onDelete:onUpdate:deferred:)``
/// - ``generatedAs(_:_:)``
/// - ``generatedAs(sql:_:)``
public final class ColumnDefinition {
    /// A DEFAULT clause.
    enum DefaultValue {
        case value(DatabaseValue)
        case sql(SQL)
    }

    /// A REFERENCES clause.
    struct Reference {
        var table: String
        var column: String?
        var onDelete: Database.ForeignKeyAction?
        var onUpdate: Database.ForeignKeyAction?
        var deferred: Bool
    }

    /// A `GENERATED ALWAYS AS` clause.
    struct Generation {
        var expression: SQL
        var qualification: ColumnDefinition.GeneratedColumnQualification
    }

    /// The column name.
    let name: String
    /// The column type, if any.
    let type: Database.ColumnType?

    /// The PRIMARY KEY clause: its conflict resolution, and AUTOINCREMENT.
    var primaryKey: (conflictResolution: Database.ConflictResolution?, autoincrement: Bool)?
    /// The NOT NULL clause and its conflict resolution.
    var notNull: Database.ConflictResolution??
    /// The UNIQUE clause and its conflict resolution.
    var unique: Database.ConflictResolution??
    /// The CHECK clauses.
    var checkConstraints: [SQL] = []
    /// The DEFAULT clause.
    var defaultValue: DefaultValue?
    /// The collation name.
    var collationName: String?
    /// The REFERENCES clause.
    var reference: Reference?
    /// Whether an index is created on the column.
    var isIndexed = false
    /// The `GENERATED ALWAYS AS` clause.
    var generation: Generation?

    init(name: String, type: Database.ColumnType?) {
        self.name = name
        self.type = type
    }

    /// Makes the column the primary key of the table.
    ///
    /// ```swift
    /// // "id" INTEGER PRIMARY KEY
    /// t.column("id", .integer).primaryKey()
    /// // "id" INTEGER PRIMARY KEY AUTOINCREMENT
    /// t.column("id", .integer).primaryKey(autoincrement: true)
    /// ```
    ///
    /// Prefer ``TableDefinition/autoIncrementedPrimaryKey(_:onConflict:)``
    /// and ``TableDefinition/primaryKey(_:_:onConflict:)``.
    ///
    /// - Parameters:
    ///   - conflictResolution: An optional `ON CONFLICT` clause.
    ///   - autoincrement: Whether the rowid is never reused (only for
    ///     `INTEGER` columns). See <https://www.sqlite.org/autoinc.html>.
    /// - Returns: The column, for chaining.
    @discardableResult
    public func primaryKey(onConflict conflictResolution: Database.ConflictResolution? = nil, autoincrement: Bool = false) -> Self {
        primaryKey = (conflictResolution, autoincrement)
        return self
    }

    /// Adds a NOT NULL constraint.
    ///
    /// ```swift
    /// // "name" TEXT NOT NULL
    /// t.column("name", .text).notNull()
    /// ```
    ///
    /// - Parameter conflictResolution: An optional `ON CONFLICT` clause.
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#not_null_constraints>.
    @discardableResult
    public func notNull(onConflict conflictResolution: Database.ConflictResolution? = nil) -> Self {
        notNull = .some(conflictResolution)
        return self
    }

    /// Adds a UNIQUE constraint.
    ///
    /// ```swift
    /// // "email" TEXT UNIQUE ON CONFLICT REPLACE
    /// t.column("email", .text).unique(onConflict: .replace)
    /// ```
    ///
    /// A unique constraint can not be dropped later. When you may need to,
    /// prefer a unique index (see
    /// ``Database/create(indexOn:columns:options:condition:)``).
    ///
    /// - Parameter conflictResolution: An optional `ON CONFLICT` clause.
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#unique_constraints>.
    @discardableResult
    public func unique(onConflict conflictResolution: Database.ConflictResolution? = nil) -> Self {
        unique = .some(conflictResolution)
        return self
    }

    /// Adds a CHECK constraint built from the column.
    ///
    /// ```swift
    /// // "name" TEXT CHECK (LENGTH("name") > 0)
    /// t.column("name", .text).check { length($0) > 0 }
    /// // "score" INTEGER CHECK ("score" > 0)
    /// t.column("score", .integer).check { $0 > 0 }
    /// ```
    ///
    /// Values are written in the schema as SQL literals: SQLite does not
    /// accept parameters in a CHECK constraint.
    ///
    /// - Parameter condition: A closure that receives the column and
    ///   returns a boolean expression.
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#check_constraints>.
    @discardableResult
    public func check(_ condition: (Column) -> any SQLExpressible) -> Self {
        addCheck(SQL(expression: condition(Column(name)).sqlExpression))
    }

    /// Adds a CHECK constraint written in SQL.
    ///
    /// ```swift
    /// // "score" INTEGER CHECK (score >= 0)
    /// t.column("score", .integer).check(sql: "score >= 0")
    /// ```
    ///
    /// - Parameter sql: An SQL boolean expression.
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#check_constraints>.
    @discardableResult
    public func check(sql: String) -> Self {
        addCheck(SQL(sql: sql))
    }

    /// Sets the default value.
    ///
    /// ```swift
    /// // "favorite" BOOLEAN NOT NULL DEFAULT 0
    /// t.column("favorite", .boolean).notNull().defaults(to: false)
    /// // "name" TEXT DEFAULT 'Anonymous'
    /// t.column("name", .text).defaults(to: "Anonymous")
    /// ```
    ///
    /// - Parameter value: The default value, written in the schema as an
    ///   SQL literal.
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#the_default_clause>.
    @discardableResult
    public func defaults(to value: some DatabaseValueConvertible) -> Self {
        defaultValue = .value(value.databaseValue)
        return self
    }

    /// Sets the default value with SQL.
    ///
    /// ```swift
    /// // "creationDate" DATETIME DEFAULT CURRENT_TIMESTAMP
    /// t.column("creationDate", .datetime).defaults(sql: "CURRENT_TIMESTAMP")
    /// ```
    ///
    /// A single literal or keyword is written as is; any other expression
    /// is wrapped in parentheses, as SQLite requires.
    ///
    /// - Parameter sql: An SQL literal, keyword or constant expression.
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#the_default_clause>.
    @discardableResult
    public func defaults(sql: String) -> Self {
        setDefault(SQL(sql: sql))
    }

    /// Sets the collation of a column, with a collation built into SQLite.
    ///
    /// ```swift
    /// // "email" TEXT COLLATE NOCASE
    /// t.column("email", .text).collate(.nocase)
    /// ```
    ///
    /// - Parameter collation: A built-in collation.
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/datatype3.html#collation>.
    @discardableResult
    public func collate(_ collation: Database.CollationName) -> Self {
        collationName = collation.rawValue
        return self
    }

    /// Sets the collation of a column, with a custom collation.
    ///
    /// ```swift
    /// // "name" TEXT COLLATE swiftLocalizedCaseInsensitiveCompare
    /// t.column("name", .text).collate(.localizedCaseInsensitiveCompare)
    /// ```
    ///
    /// The collation must be added to every connection that uses the
    /// column (the standard Folio collations always are).
    ///
    /// - Parameter collation: A custom collation.
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/datatype3.html#collation>.
    @discardableResult
    public func collate(_ collation: DatabaseCollation) -> Self {
        collationName = collation.name
        return self
    }

    /// Creates an index on the column, named `<table>_on_<column>`.
    ///
    /// ```swift
    /// // CREATE TABLE "player" ("score" INTEGER)
    /// // CREATE INDEX "player_on_score" ON "player"("score")
    /// try db.create(table: "player") { t in
    ///     t.column("score", .integer).indexed()
    /// }
    /// ```
    ///
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/lang_createindex.html>.
    @discardableResult
    public func indexed() -> Self {
        isIndexed = true
        return self
    }

    /// Adds a foreign key constraint.
    ///
    /// ```swift
    /// // "authorId" INTEGER REFERENCES "author"("id") ON DELETE CASCADE
    /// t.column("authorId", .integer).references("author", onDelete: .cascade)
    /// ```
    ///
    /// Prefer ``TableDefinition/belongsTo(_:inTable:onDelete:onUpdate:deferred:indexed:)``,
    /// which also picks the column name and type, and indexes the column.
    ///
    /// - Parameters:
    ///   - table: The referenced table.
    ///   - column: The referenced column, or nil for the primary key of
    ///     the referenced table.
    ///   - deleteAction: An optional `ON DELETE` action.
    ///   - updateAction: An optional `ON UPDATE` action.
    ///   - deferred: Whether the constraint is only checked when the
    ///     transaction commits (`DEFERRABLE INITIALLY DEFERRED`).
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/foreignkeys.html>.
    @discardableResult
    public func references(
        _ table: String,
        column: String? = nil,
        onDelete deleteAction: Database.ForeignKeyAction? = nil,
        onUpdate updateAction: Database.ForeignKeyAction? = nil,
        deferred: Bool = false) -> Self
    {
        reference = Reference(table: table, column: column, onDelete: deleteAction, onUpdate: updateAction, deferred: deferred)
        return self
    }

    /// Makes the column a generated column, computed from other columns
    /// with SQL.
    ///
    /// ```swift
    /// // "totalScore" INTEGER GENERATED ALWAYS AS (score + bonus) VIRTUAL
    /// t.column("totalScore", .integer).generatedAs(sql: "score + bonus")
    /// // "totalScore" INTEGER GENERATED ALWAYS AS (score + bonus) STORED
    /// t.column("totalScore", .integer).generatedAs(sql: "score + bonus", .stored)
    /// ```
    ///
    /// - Parameters:
    ///   - sql: An SQL expression.
    ///   - qualification: Whether the value is computed when read
    ///     (`.virtual`, the default) or stored (`.stored`).
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/gencol.html>.
    @discardableResult
    public func generatedAs(
        sql: String,
        _ qualification: ColumnDefinition.GeneratedColumnQualification = .virtual) -> Self
    {
        setGenerated(SQL(sql: sql), qualification)
    }

    /// Makes the column a generated column, computed from other columns
    /// with an SQL expression.
    ///
    /// ```swift
    /// // "totalScore" INTEGER GENERATED ALWAYS AS ("score" + "bonus") VIRTUAL
    /// t.column("totalScore", .integer).generatedAs(Column("score") + Column("bonus"))
    /// // "totalScore" INTEGER GENERATED ALWAYS AS ("score" + "bonus") STORED
    /// t.column("totalScore", .integer).generatedAs(Column("score") + Column("bonus"), .stored)
    /// ```
    ///
    /// Values are written in the schema as SQL literals.
    ///
    /// - Parameters:
    ///   - expression: An SQL expression, that may refer to the other
    ///     columns of the table.
    ///   - qualification: Whether the value is computed when read
    ///     (`.virtual`, the default) or stored (`.stored`).
    /// - Returns: The column, for chaining.
    ///
    /// See <https://www.sqlite.org/gencol.html>.
    @discardableResult
    public func generatedAs(
        _ expression: some SQLExpressible,
        _ qualification: ColumnDefinition.GeneratedColumnQualification = .virtual) -> Self
    {
        setGenerated(SQL(expression: expression.sqlExpression), qualification)
    }

    // MARK: - Storage of SQL literals
    //
    // Interpolated values and expression values are written into the
    // schema as SQL literals (see SQL+Inlining.swift).

    /// Adds a CHECK constraint from an SQL literal.
    @discardableResult
    func addCheck(_ condition: SQL) -> Self {
        checkConstraints.append(condition)
        return self
    }

    /// Sets the default value from an SQL literal.
    @discardableResult
    func setDefault(_ expression: SQL) -> Self {
        defaultValue = .sql(expression)
        return self
    }

    /// Makes the column generated, from an SQL literal.
    @discardableResult
    func setGenerated(_ expression: SQL, _ qualification: ColumnDefinition.GeneratedColumnQualification) -> Self {
        generation = Generation(expression: expression, qualification: qualification)
        return self
    }

    // MARK: - SQL generation

    /// Returns the column definition SQL.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - resolver: Finds the primary key of referenced tables.
    func sql(_ db: Database, resolver: ForeignKeyResolver) throws -> String {
        var sql = name.quotedDatabaseIdentifier
        if let type {
            sql += " " + type.rawValue
        }
        if let primaryKey {
            sql += " PRIMARY KEY" + conflictClause(primaryKey.conflictResolution)
            if primaryKey.autoincrement {
                sql += " AUTOINCREMENT"
            }
        }
        if let notNull {
            sql += " NOT NULL" + conflictClause(notNull)
        }
        if let unique {
            sql += " UNIQUE" + conflictClause(unique)
        }
        for check in checkConstraints {
            sql += " CHECK (\(try check.inlinedSQL(db)))"
        }
        switch defaultValue {
        case .value(let value)?:
            sql += " DEFAULT " + (try value.sqlLiteral())
        case .sql(let expression)?:
            sql += " DEFAULT " + ColumnDefinition.defaultClauseSQL(try expression.inlinedSQL(db))
        case nil:
            break
        }
        if let collationName {
            sql += " COLLATE " + collationName.databaseIdentifierToken
        }
        if let reference {
            let destinationColumns: [String]?
            if let column = reference.column {
                destinationColumns = [column]
            } else if let primaryKey = try resolver.primaryKey(of: reference.table), primaryKey.count == 1 {
                destinationColumns = [primaryKey[0].name]
            } else {
                destinationColumns = nil
            }
            sql += " " + ForeignKeyClause(
                destinationTable: reference.table,
                destinationColumns: destinationColumns,
                onDelete: reference.onDelete,
                onUpdate: reference.onUpdate,
                deferred: reference.deferred).sql
        }
        if let generation {
            sql += " GENERATED ALWAYS AS (\(try generation.expression.inlinedSQL(db)))"
            switch generation.qualification {
            case .virtual: sql += " VIRTUAL"
            case .stored: sql += " STORED"
            }
        }
        return sql
    }

    /// Returns the SQL after `DEFAULT`: simple literals and keywords as
    /// they are, other expressions in parentheses.
    ///
    /// Reads UTF-8 bytes, as SQLite's tokenizer does (a quote followed by
    /// a combining mark is one Swift `Character`, and would hide the
    /// quote from a comparison of characters).
    static func defaultClauseSQL(_ sql: String) -> String {
        let trimmed = sql.trimmingCharacters(in: .whitespacesAndNewlines)
        let bytes = Array(trimmed.utf8)
        guard let first = bytes.first else { return "()" }
        if first == UInt8(ascii: "("), closingParenthesis(in: bytes) == bytes.count - 1 {
            return trimmed
        }
        // A string or blob literal, if it has one quoted part only.
        let quoteIndex = (first == UInt8(ascii: "X") || first == UInt8(ascii: "x")) ? 1 : 0
        if quoteIndex < bytes.count, bytes[quoteIndex] == UInt8(ascii: "'"),
           closingQuote(in: bytes, from: quoteIndex) == bytes.count - 1
        {
            return trimmed
        }
        var isSimple = true
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."):
                continue
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                // A sign, or an exponent sign.
                if index > 0 && bytes[index - 1] != UInt8(ascii: "e") && bytes[index - 1] != UInt8(ascii: "E") {
                    isSimple = false
                }
            default:
                isSimple = false
            }
        }
        return isSimple ? trimmed : "(\(trimmed))"
    }

    /// The index of the quote that closes the quoted token that starts at
    /// `start` (doubled quotes do not close it), or nil.
    private static func closingQuote(in bytes: [UInt8], from start: Int) -> Int? {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == quote {
                if index + 1 < bytes.count, bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                return index
            }
            index += 1
        }
        return nil
    }

    /// The index of the parenthesis that closes the one at index 0,
    /// skipping quoted tokens, or nil.
    private static func closingParenthesis(in bytes: [UInt8]) -> Int? {
        var depth = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                guard let end = closingQuote(in: bytes, from: index) else { return nil }
                index = end
            case UInt8(ascii: "["):
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
                index = end
            case UInt8(ascii: "("):
                depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}

/// Returns ` ON CONFLICT <resolution>`, or an empty string.
func conflictClause(_ resolution: Database.ConflictResolution?) -> String {
    resolution.map { " ON CONFLICT \($0.rawValue)" } ?? ""
}
