extension Optional: SQLSelectable where Wrapped: SQLSelectable {
    /// The selection of the wrapped value, or NULL when the value is nil.
    ///
    /// ```swift
    /// // SELECT NULL FROM player
    /// let selection: Column? = nil
    /// Player.select(selection)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    public var sqlSelection: SQLSelection {
        switch self {
        case let .some(wrapped): return wrapped.sqlSelection
        case .none: return .expression(.value(.null))
        }
    }
}

extension Optional: SQLOrderingTerm where Wrapped: SQLOrderingTerm {
    /// The ordering of the wrapped value, or an ordering by NULL (which
    /// leaves the rows in an undefined order) when the value is nil.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY "score" DESC
    /// let ordering: SQLOrdering? = Column("score").desc
    /// Player.order(ordering)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#orderby>.
    public var sqlOrdering: SQLOrdering {
        switch self {
        case let .some(wrapped): return wrapped.sqlOrdering
        case .none: return SQLOrdering(expression: .value(.null), direction: .unspecified)
        }
    }
}
