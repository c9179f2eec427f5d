// Connected derivations of queries: `groupWhenConnected` and
// `havingWhenConnected`, whose closures need a database connection. They
// run when the query is prepared (`resolved(_:)`), after the derivations
// of GROUP BY and HAVING that precede them, and before those that follow
// them (which wait as well). The relation of the query resolves its own
// connected derivations (`SQLRelation+Connected.swift`).

extension SQLQuery {
    /// Whether the query or its relations have connected derivations.
    var hasConnectedDerivations: Bool {
        !connectedDerivations.isEmpty || relation.hasConnectedDerivations
    }

    /// Returns the query with a derivation that runs when it is resolved.
    func deriving(_ apply: @escaping @Sendable (SQLQuery, Database) throws -> SQLQuery) -> SQLQuery {
        var query = self
        query.connectedDerivations.append(apply)
        return query
    }

    /// Returns the query grouped by the expressions, qualified with the
    /// alias of its relation. The previous grouping is replaced.
    func grouped(by expressions: [SQLExpression]) -> SQLQuery {
        if !connectedDerivations.isEmpty { return deriving { query, _ in query.grouped(by: expressions) } }
        var query = self
        query.groupExpressions = expressions.map { $0.qualified(with: relation.alias) }
        return query
    }

    /// Returns the query with a HAVING condition, qualified with the alias
    /// of its relation, after the current ones.
    func having(_ predicate: SQLExpression) -> SQLQuery {
        if !connectedDerivations.isEmpty { return deriving { query, _ in query.having(predicate) } }
        var query = self
        query.havingExpressions.append(predicate.qualified(with: relation.alias))
        return query
    }

    /// Returns the query grouped by the expressions that the closure
    /// returns when the query is resolved.
    func groupWhenConnected(_ expressions: @escaping @Sendable (Database) throws -> [SQLExpression]) -> SQLQuery {
        deriving { query, db in query.grouped(by: try expressions(db)) }
    }

    /// Returns the query with the HAVING condition that the closure
    /// returns when the query is resolved.
    func havingWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> SQLExpression) -> SQLQuery {
        deriving { query, db in query.having(try predicate(db)) }
    }

    /// Returns the query with all connected derivations applied, those of
    /// its relations included.
    ///
    /// - Throws: The error of a closure given to a `…WhenConnected`
    ///   method.
    func resolved(_ db: Database) throws -> SQLQuery {
        var query = self
        if !connectedDerivations.isEmpty {
            query.connectedDerivations = []
            for derivation in connectedDerivations {
                query = try derivation(query, db)
            }
        }
        query.relation = try query.relation.resolved(db)
        // A connected grouping of an association's destination is known
        // now: see `SQLRelation+Grouping.swift`.
        query.adoptRelationGrouping()
        return query
    }
}
