extension Sequence {
    /// Returns a cursor over the concatenated results of mapping
    /// `transform` over this sequence, when `transform` returns cursors.
    ///
    /// ```swift
    /// let teamIds: [Int64] = [1, 2]
    /// let players = teamIds.flatMap { teamId in
    ///     try Player.filter { $0.teamId == teamId }.fetchCursor(db)
    /// }
    /// while let player = try players.next() {
    ///     print(player.name)
    /// }
    /// ```
    ///
    /// - Parameter transform: A closure applied lazily to each element of
    ///   the sequence, that returns a cursor.
    /// - Returns: A cursor of the elements of the cursors.
    public func flatMap<SegmentOfResult: Cursor>(
        _ transform: @escaping (Iterator.Element) throws -> SegmentOfResult)
    -> FlattenCursor<MapCursor<AnyCursor<Iterator.Element>, SegmentOfResult>>
    {
        FlattenCursor(AnyCursor(self).map(transform))
    }
}
