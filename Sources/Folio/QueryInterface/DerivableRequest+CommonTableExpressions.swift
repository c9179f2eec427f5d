// Common table expressions embedded in any derivable request: query
// interface requests, and associations, whose common table expressions
// join the WITH clause of the requests that use them.

extension DerivableRequest {
    /// Embeds a common table expression.
    ///
    /// If a common table expression with the same table name had already
    /// been embedded, it is replaced by the new one.
    ///
    /// For example, you can build a request that fetches all chats with
    /// their latest message:
    ///
    /// ```swift
    /// let latestMessageCTE = CommonTableExpression<Message>(
    ///     named: "latestMessage",
    ///     request: Message.annotated { max($0.date) }.group(\.chatId))
    ///
    /// let latestMessage = Chat.association(to: latestMessageCTE) { chat, latestMessage in
    ///     chat.id == latestMessage.chatId
    /// }
    ///
    /// // WITH latestMessage AS
    /// //   (SELECT *, MAX(date) FROM message GROUP BY chatID)
    /// // SELECT chat.*, latestMessage.*
    /// // FROM chat
    /// // LEFT JOIN latestMessage ON chat.id = latestMessage.chatID
    /// let request = Chat.all()
    ///     .with(latestMessageCTE)
    ///     .including(optional: latestMessage)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
    ///
    /// - Parameter cte: A common table expression.
    /// - Returns: A request.
    public func with<RowDecoder>(_ cte: CommonTableExpression<RowDecoder>) -> Self {
        _withRelation(_relation.with(cte))
    }
}
