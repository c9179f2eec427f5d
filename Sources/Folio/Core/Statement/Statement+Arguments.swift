/// How statement arguments map to the parameters of a statement: named
/// values by name, positional values in order, and the errors of missing,
/// extra, unknown or unstorable arguments. The binder (`Statement.swift`)
/// binds what these resolve.
extension Statement {
    /// Checks that arguments fit the statement parameters.
    ///
    /// - Parameter arguments: Statement arguments.
    /// - Throws: A ``DatabaseError`` when a value is missing, a value is
    ///   too many, or a name is unknown.
    public func validateArguments(_ arguments: StatementArguments) throws {
        var values = arguments.values[...]
        _ = try resolvedValues(consuming: &values, named: arguments.namedValues)
        try checkNoRemainingValues(values, namedValues: arguments.namedValues, allArguments: arguments)
    }

    /// The values of the parameters, in index order: named values by
    /// name, the others taken from the front of `values`.
    func resolvedValues(
        consuming values: inout ArraySlice<DatabaseValue>,
        named: [String: DatabaseValue]) throws -> [DatabaseValue]
    {
        var resolved: [DatabaseValue] = []
        resolved.reserveCapacity(parameterNames.count)
        for name in parameterNames {
            if let name, let value = named[name] {
                resolved.append(value)
            } else if let value = values.popFirst() {
                resolved.append(value)
            } else if let name {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "missing statement argument: \(name)",
                    sql: sql)
            } else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "wrong number of statement arguments: \(values.startIndex)",
                    sql: sql)
            }
        }
        return resolved
    }

    /// Throws when values are left over, or names match no parameter.
    func checkNoRemainingValues(
        _ values: ArraySlice<DatabaseValue>,
        namedValues: [String: DatabaseValue],
        allArguments: StatementArguments) throws
    {
        if !values.isEmpty {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "wrong number of statement arguments: \(allArguments.values.count)",
                sql: sql)
        }
        let known = Set(parameterNames.compactMap { $0 })
        let unknown = namedValues.keys.filter { !known.contains($0) }.sorted()
        if !unknown.isEmpty {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "unknown statement argument\(unknown.count > 1 ? "s" : ""): \(unknown.joined(separator: ", "))",
                sql: sql)
        }
    }

    /// The code ``bind(_:at:)`` returns for a value that SQLite can not
    /// store: not an SQLite result code (they are all positive).
    static let unrepresentableValueCode: CInt = -1

    /// The error of the first value of `values` that SQLite can not store.
    func unrepresentableValueError(in values: [DatabaseValue], arguments: StatementArguments) -> DatabaseError {
        for value in values {
            if let error = value.unrepresentableValueError(
                sql: sql, arguments: arguments,
                publicArguments: database.configuration.publicStatementArguments)
            {
                return error
            }
        }
        return DatabaseError(resultCode: .SQLITE_MISMATCH, message: "a value can not be stored", sql: sql)
    }
}
