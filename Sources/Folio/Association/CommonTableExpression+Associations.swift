// Associations to common table expressions: `association(to:on:)`.

extension TableRecord {
    /// Returns an association to a common table expression, joined with
    /// a condition.
    ///
    /// ```swift
    /// // ... JOIN latestMessage ON chat.id = latestMessage.chatId
    /// let latestMessage = Chat.association(to: latestMessageCTE) { chat, latestMessage in
    ///     chat.id == latestMessage.chatId
    /// }
    /// let request = Chat.with(latestMessageCTE).including(optional: latestMessage)
    /// ```
    ///
    /// The association key is the name of the common table expression.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameters:
    ///   - cte: A common table expression, given to the request with
    ///     `with(_:)`.
    ///   - condition: The join condition, built from the aliases of the
    ///     two tables.
    /// - Returns: An association.
    public static func association<Destination>(
        to cte: CommonTableExpression<Destination>,
        on condition: @escaping @Sendable (TableAlias<Self>, TableAlias<Destination>) -> any SQLExpressible)
    -> JoinAssociation<Self, Destination>
    {
        JoinAssociation(to: cte, condition: condition)
    }

    /// Returns an association to a common table expression, joined
    /// without any condition: each row is joined to all the rows of the
    /// common table expression.
    ///
    /// ```swift
    /// // ... JOIN maxScore
    /// let maxScore = Player.association(to: maxScoreCTE)
    /// let request = Player.with(maxScoreCTE).including(required: maxScore)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameter cte: A common table expression, given to the request
    ///   with `with(_:)`.
    /// - Returns: An association.
    public static func association<Destination>(
        to cte: CommonTableExpression<Destination>)
    -> JoinAssociation<Self, Destination>
    {
        JoinAssociation(to: cte, condition: nil)
    }
}

extension Table {
    /// Returns an association to a common table expression, joined with
    /// a condition.
    ///
    /// ```swift
    /// // ... JOIN latestMessage ON chat.id = latestMessage.chatId
    /// let latestMessage = Table("chat").association(to: latestMessageCTE) { chat, latestMessage in
    ///     chat.id == latestMessage.chatId
    /// }
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameters:
    ///   - cte: A common table expression, given to the request with
    ///     `with(_:)`.
    ///   - condition: The join condition, built from the aliases of the
    ///     two tables.
    /// - Returns: An association.
    public func association<Destination>(
        to cte: CommonTableExpression<Destination>,
        on condition: @escaping @Sendable (TableAlias<RowDecoder>, TableAlias<Destination>) -> any SQLExpressible)
    -> JoinAssociation<RowDecoder, Destination>
    {
        JoinAssociation(to: cte, condition: condition)
    }

    /// Returns an association to a common table expression, joined
    /// without any condition.
    ///
    /// ```swift
    /// let maxScore = Table("player").association(to: maxScoreCTE)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameter cte: A common table expression, given to the request
    ///   with `with(_:)`.
    /// - Returns: An association.
    public func association<Destination>(
        to cte: CommonTableExpression<Destination>)
    -> JoinAssociation<RowDecoder, Destination>
    {
        JoinAssociation(to: cte, condition: nil)
    }
}

extension CommonTableExpression {
    /// Returns an association from this common table expression to
    /// another one, joined with a condition.
    ///
    /// ```swift
    /// let assoc = cte1.association(to: cte2) { left, right in
    ///     left[Column("x")] == right[Column("y")]
    /// }
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameters:
    ///   - cte: A common table expression, given to the request with
    ///     `with(_:)`.
    ///   - condition: The join condition, built from the aliases of the
    ///     two tables.
    /// - Returns: An association.
    public func association<Destination>(
        to cte: CommonTableExpression<Destination>,
        on condition: @escaping @Sendable (TableAlias<RowDecoder>, TableAlias<Destination>) -> any SQLExpressible)
    -> JoinAssociation<RowDecoder, Destination>
    {
        JoinAssociation(to: cte, condition: condition)
    }

    /// Returns an association from this common table expression to
    /// another one, joined without any condition.
    ///
    /// ```swift
    /// let assoc = cte1.association(to: cte2)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameter cte: A common table expression, given to the request
    ///   with `with(_:)`.
    /// - Returns: An association.
    public func association<Destination>(
        to cte: CommonTableExpression<Destination>)
    -> JoinAssociation<RowDecoder, Destination>
    {
        JoinAssociation(to: cte, condition: nil)
    }

    /// Returns an association from this common table expression to a
    /// record table, joined with a condition. The association key is the
    /// singular table name.
    ///
    /// ```swift
    /// // ... JOIN player ON player.id = bestPlayer.playerId
    /// let player = bestPlayerCTE.association(to: Player.self) { best, player in
    ///     player.id == best.playerId
    /// }
    /// let request = bestPlayerCTE.all().with(bestPlayerCTE).including(required: player)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameters:
    ///   - destination: A record type.
    ///   - condition: The join condition, built from the aliases of the
    ///     two tables.
    /// - Returns: An association.
    public func association<Destination>(
        to destination: Destination.Type,
        on condition: @escaping @Sendable (TableAlias<RowDecoder>, TableAlias<Destination>) -> any SQLExpressible)
    -> JoinAssociation<RowDecoder, Destination>
    where Destination: TableRecord
    {
        JoinAssociation(
            key: .inflected(Destination.databaseTableName),
            relation: SQLRelation(
                table: Destination.databaseTableName,
                selection: Destination.databaseSelection.map(\.sqlSelection)),
            condition: condition)
    }

    /// Returns an association from this common table expression to a
    /// record table, joined without any condition: each row of the
    /// common table expression is joined to all the rows of the table.
    /// The association key is the singular table name.
    ///
    /// ```swift
    /// // ... JOIN player
    /// let player = bestScoreCTE.association(to: Player.self)
    /// let request = bestScoreCTE.all().with(bestScoreCTE).including(required: player)
    /// ```
    ///
    /// Filter the association to restrict the joined rows:
    /// `bestScoreCTE.association(to: Player.self).filter(...)`.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameter destination: The record type at the other side of the
    ///   association.
    /// - Returns: An association.
    public func association<Destination>(
        to destination: Destination.Type)
    -> JoinAssociation<RowDecoder, Destination>
    where Destination: TableRecord
    {
        JoinAssociation(
            key: .inflected(Destination.databaseTableName),
            relation: SQLRelation(
                table: Destination.databaseTableName,
                selection: Destination.databaseSelection.map(\.sqlSelection)),
            condition: nil)
    }

    /// Returns an association from this common table expression to a
    /// table, joined with a condition. The association key is the
    /// singular table name.
    ///
    /// ```swift
    /// // ... JOIN player ON player.id = bestPlayer.playerId
    /// let player = bestPlayerCTE.association(to: Table("player")) { best, player in
    ///     player[Column("id")] == best[Column("playerId")]
    /// }
    /// let rows = try bestPlayerCTE.all().with(bestPlayerCTE).including(required: player).fetchAll(db)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameters:
    ///   - destination: The table at the other side of the association.
    ///   - condition: The join condition, built from the aliases of the
    ///     two tables.
    /// - Returns: An association.
    public func association<Destination>(
        to destination: Table<Destination>,
        on condition: @escaping @Sendable (TableAlias<RowDecoder>, TableAlias<Destination>) -> any SQLExpressible)
    -> JoinAssociation<RowDecoder, Destination>
    {
        JoinAssociation(
            key: .inflected(destination.tableName),
            relation: SQLRelation(table: destination.tableName, selection: [.allColumns]),
            condition: condition)
    }

    /// Returns an association from this common table expression to a
    /// table, joined without any condition: each row of the common table
    /// expression is joined to all the rows of the table. The association
    /// key is the singular table name.
    ///
    /// ```swift
    /// // ... JOIN player
    /// let player = bestScoreCTE.association(to: Table("player"))
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameter destination: The table at the other side of the
    ///   association.
    /// - Returns: An association.
    public func association<Destination>(
        to destination: Table<Destination>)
    -> JoinAssociation<RowDecoder, Destination>
    {
        JoinAssociation(
            key: .inflected(destination.tableName),
            relation: SQLRelation(table: destination.tableName, selection: [.allColumns]),
            condition: nil)
    }
}
