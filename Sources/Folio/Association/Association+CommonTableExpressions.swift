// Common table expressions embedded in associations.

extension Association {
    /// Embeds a common table expression in the association: the requests
    /// that join, include or prefetch the association define it in their
    /// WITH clause.
    ///
    /// If a common table expression with the same table name had already
    /// been embedded, it is replaced by the new one. A common table
    /// expression that the request itself embeds wins over the one of
    /// the same name that an association embeds.
    ///
    /// ```swift
    /// let latestMessageCTE = CommonTableExpression<Message>(
    ///     named: "latestMessage",
    ///     request: Message.annotated { max($0.date) }.group(\.chatId))
    ///
    /// // The association carries the definition of the CTE:
    /// let latestMessage = Chat
    ///     .association(to: latestMessageCTE) { chat, latestMessage in
    ///         chat.id == latestMessage.chatId
    ///     }
    ///     .with(latestMessageCTE)
    ///
    /// // WITH latestMessage AS (SELECT *, MAX(date) FROM message GROUP BY chatId)
    /// // SELECT chat.*, latestMessage.*
    /// // FROM chat
    /// // LEFT JOIN latestMessage ON chat.id = latestMessage.chatId
    /// let request = Chat.including(optional: latestMessage)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameter cte: A common table expression.
    /// - Returns: An association.
    public func with<RowDecoder>(_ cte: CommonTableExpression<RowDecoder>) -> Self {
        _withRelation(_relation.with(cte))
    }
}
