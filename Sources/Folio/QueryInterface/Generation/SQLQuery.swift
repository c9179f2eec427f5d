/// A SELECT query: a relation, plus the clauses that apply to the whole
/// query (DISTINCT, GROUP BY, HAVING, LIMIT, WITH).
struct SQLQuery: Sendable {
    var relation: SQLRelation
    var isDistinct = false
    var groupExpressions: [SQLExpression] = []
    var havingExpressions: [SQLExpression] = []
    var limit: SQLLimit?
    /// The derivations of GROUP BY and HAVING that wait for a database
    /// connection, in the order of the calls: see
    /// `SQLQuery+Connected.swift`.
    var connectedDerivations: [@Sendable (SQLQuery, Database) throws -> SQLQuery] = []

    init(relation: SQLRelation) {
        self.relation = relation
        adoptRelationGrouping()
    }

    /// The common table expressions of the WITH clause: those of the
    /// relation, then those of its joined associations (see
    /// ``SQLRelation/allCommonTableExpressions``).
    var commonTableExpressions: [SQLCommonTableExpression] {
        relation.allCommonTableExpressions
    }
}

/// LIMIT and OFFSET.
struct SQLLimit: Sendable {
    var limit: Int
    var offset: Int?

    var sql: String {
        if let offset { return "LIMIT \(limit) OFFSET \(offset)" }
        return "LIMIT \(limit)"
    }
}

/// A common table expression of a WITH clause: its name and definition.
typealias SQLCommonTableExpression = (name: String, definition: SQLCommonTableExpressionDefinition)

/// The definition of a common table expression, rendered in a WITH clause.
struct SQLCommonTableExpressionDefinition: Sendable {
    var columns: [String]?
    var isRecursive: Bool
    var request: SQLSubquery
}

extension SQLQuery: SQLSubquery.Query {
    /// Renders the query as a subquery, which may refer to the aliases of
    /// the enclosing query.
    func sql(_ context: inout SQLGenerationContext) throws -> String {
        if hasConnectedDerivations { return try resolved(context.db).sql(&context) }
        return try SQLQueryGenerator(query: self).sql(&context)
    }
}
