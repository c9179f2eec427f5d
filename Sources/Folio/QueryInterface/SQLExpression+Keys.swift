// Conditions on primary and unique keys, for `filter(key:)`,
// `fetchOne(_:key:)`, `deleteAll(_:keys:)`... They depend on the schema
// (which column is the primary key, which columns are unique), so they are
// resolved when SQL is generated, with the connection.

extension SQLExpression {
    /// A condition on the single-column primary key of a table (the
    /// hidden rowid when the table has no explicit primary key):
    /// `"id" = ?`, or `"id" IN (?, ?)`. NULL values match nothing, and so
    /// does an empty list.
    ///
    /// Dates, UUIDs and data are encoded with the coding `strategies` of
    /// the record type, for the primary key column.
    ///
    /// Generating SQL throws a ``DatabaseError`` when the table has a
    /// composite primary key, or no primary key.
    static func primaryKey(
        of tableName: String,
        in values: [RecordKeyValue],
        strategies: RecordKeyEncodingStrategies?) -> SQLExpression
    {
        SQLExpression(.schemaDependent(nil) { db, alias in
            let column = try singlePrimaryKeyColumn(of: tableName, db)
            if values.count == 1 {
                let value = values[0].databaseValue(column: column, strategies: strategies)
                return value.isNull ? .matchingNothing : .equal(.column(column, alias), .value(value))
            }
            var databaseValues: [DatabaseValue] = []
            databaseValues.reserveCapacity(values.count)
            for value in values {
                let databaseValue = value.databaseValue(column: column, strategies: strategies)
                if !databaseValue.isNull { databaseValues.append(databaseValue) }
            }
            guard !databaseValues.isEmpty else {
                return .matchingNothing
            }
            let columnExpression = SQLExpression.column(column, alias)
            if databaseValues.count == 1 {
                return .equal(columnExpression, .value(databaseValues[0]))
            }
            return SQLExpression(.inList(columnExpression, databaseValues.map { .value($0) }, negated: false))
        })
    }

    /// A condition on unique keys, given as dictionaries of column values:
    /// `"email" = ?`, or `("a" = ?) AND ("b" = ?)`, joined with OR. A key
    /// that contains a NULL value matches nothing, and so does an empty
    /// list.
    ///
    /// Dates, UUIDs and data are encoded with the coding `strategies` of
    /// the record type, for their columns.
    ///
    /// Generating SQL throws a ``DatabaseError`` when the columns of a key
    /// are not a primary key or a unique index of the table: Folio never
    /// guesses that some columns identify a single row.
    static func uniqueKeys(
        of tableName: String,
        in keys: [[String: RecordKeyValue]],
        strategies: RecordKeyEncodingStrategies?) -> SQLExpression
    {
        SQLExpression(.schemaDependent(nil) { db, alias in
            var conditions: [SQLExpression] = []
            for key in keys {
                let columns = try uniqueKeyColumns(of: tableName, key: key, db)
                var equalities: [SQLExpression] = []
                equalities.reserveCapacity(columns.count)
                for column in columns {
                    let value = key[column]!.databaseValue(column: column, strategies: strategies)
                    if value.isNull { break } // a NULL value identifies no row
                    equalities.append(SQLExpression.equal(.column(column, alias), .value(value)))
                }
                if equalities.count < columns.count {
                    continue
                }
                conditions.append(equalities.count == 1 ? equalities[0] : SQLExpression(.associative("AND", equalities)))
            }
            switch conditions.count {
            case 0: return .matchingNothing
            case 1: return conditions[0]
            default: return SQLExpression(.associative("OR", conditions))
            }
        })
    }

    /// `0`: a condition that no row satisfies.
    static let matchingNothing = SQLExpression(literal: SQL(sql: "0"))

    /// The column of the single-column primary key of a table, or `rowid`.
    static func singlePrimaryKeyColumn(of tableName: String, _ db: Database) throws -> String {
        let primaryKey = try db.primaryKey(tableName)
        switch primaryKey.columns.count {
        case 1:
            return primaryKey.columns[0]
        case 0:
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "table \(tableName) has no primary key: it can not be queried by key")
        default:
            let columns = primaryKey.columns
            let example = columns.map { "\"\($0)\": ..." }.joined(separator: ", ")
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "table \(tableName) has a composite primary key (\(columns.joined(separator: ", "))): "
                    + "use a dictionary key such as [\(example)]")
        }
    }

    /// The columns of a unique key, in the order of the table columns,
    /// after checking that they are a unique key of the table.
    private static func uniqueKeyColumns(of tableName: String, key: [String: RecordKeyValue], _ db: Database) throws -> [String] {
        let keyColumns = Array(key.keys)
        guard try !keyColumns.isEmpty && db.table(tableName, hasUniqueKey: keyColumns) else {
            let description = keyColumns.sorted().joined(separator: ", ")
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "table \(tableName) has no unique key on column(s) \(description.isEmpty ? "(none)" : description): "
                    + "declare a primary key or a unique index on them, or use filter(_:) with a regular condition")
        }
        // Sort columns in the order of the table, for stable SQL.
        let tableColumns = try db.columns(in: tableName).map { DatabaseNameKey($0.name) }
        func position(_ column: String) -> Int {
            tableColumns.firstIndex(of: DatabaseNameKey(column)) ?? tableColumns.count
        }
        return keyColumns.sorted { lhs, rhs in
            let (l, r) = (position(lhs), position(rhs))
            return l != r ? l < r : lhs < rhs
        }
    }
}
