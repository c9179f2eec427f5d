/// A subquery, used in expressions: `IN (SELECT ...)`, `EXISTS (SELECT ...)`.
public struct SQLSubquery: Sendable {
    /// A query that renders its own SQL: the query interface's requests
    /// (see `QueryInterfaceRequest.sqlSubquery`), which this layer does
    /// not know.
    protocol Query: Sendable {
        /// Renders the query, which may refer to the aliases of the
        /// enclosing query.
        func sql(_ context: inout SQLGenerationContext) throws -> String
    }

    enum Impl: Sendable {
        case literal(SQL)
        case query(any Query)
    }

    let impl: Impl

    /// Renders the subquery, which may refer to the aliases of the
    /// enclosing query.
    func sql(_ context: inout SQLGenerationContext) throws -> String {
        switch impl {
        case .literal(let literal):
            let (sql, arguments) = try literal.build(context.db)
            context.arguments += arguments
            return sql
        case .query(let query):
            return try query.sql(&context)
        }
    }
}
