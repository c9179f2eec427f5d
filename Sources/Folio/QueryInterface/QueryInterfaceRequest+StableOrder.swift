extension QueryInterfaceRequest {
    /// Returns a request whose rows come in a well-defined order, for
    /// tests that compare fetched values or dumps.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY id
    /// Player.all().withStableOrder()
    ///
    /// // SELECT * FROM player ORDER BY score DESC, id
    /// Player.order(\.score.desc).withStableOrder()
    ///
    /// // SELECT player.*, team.* FROM player
    /// // JOIN team ON team.id = player.teamId
    /// // ORDER BY player.id, team.id
    /// Player.including(required: Player.team).withStableOrder()
    /// ```
    ///
    /// The request is sorted by its current ordering, then by the primary
    /// key of its table (the rowid when the table has no explicit primary
    /// key), or by all the columns of a view, from left to right. Joined
    /// associations add their own stable order, and the rows of
    /// prefetched associations (`including(all:)`) are sorted the same
    /// way. Requests on common table expressions are not sorted further.
    /// Calling this method twice does not repeat the ordering.
    ///
    /// This ordering is meant for tests: it is not guaranteed to be a
    /// meaningful, nor an efficient ordering.
    ///
    /// - Returns: A request.
    public func withStableOrder() -> QueryInterfaceRequest<RowDecoder> {
        _withRelation(query.relation.withStableOrder())
    }
}
