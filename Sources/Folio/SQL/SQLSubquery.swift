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

    /// The box of a subquery: a chain of 200,000 subqueries or common
    /// table expressions is freed without recursing as deep (see
    /// ``DeepTreeRelease``).
    ///
    /// `@unchecked Sendable`: `impl` is written only by `deinit`, when no
    /// other reference to the node exists.
    final class Node: @unchecked Sendable {
        /// Unchecked exclusivity: read after `init`, written only by
        /// `deinit`.
        @exclusivity(unchecked) var impl: Impl

        init(_ impl: Impl) {
            self.impl = impl
        }

        deinit {
            DeepTreeRelease.release(&impl, replacingWith: .literal(SQL(elements: [])))
        }
    }

    let node: Node

    /// The levels of expression nesting a subquery counts for.
    static let nestingWeight = 10

    /// What the subquery is.
    var impl: Impl { node.impl }

    init(impl: Impl) {
        node = Node(impl)
    }

    /// Renders the subquery, which may refer to the aliases of the
    /// enclosing query.
    func sql(_ context: inout SQLGenerationContext) throws -> String {
        // A subquery renders through many more functions than an
        // expression: it counts as ten levels, so that about a hundred
        // nest, as many as SQLite's parser accepts.
        try context.deepen(by: SQLSubquery.nestingWeight)
        defer { context.expressionDepth -= SQLSubquery.nestingWeight }
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
