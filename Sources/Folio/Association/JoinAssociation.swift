/// An association to at most one row, joined with a condition of your
/// choice. It is built with `association(to:on:)`, mostly to join common
/// table expressions.
///
/// ```swift
/// let latestMessageCTE = CommonTableExpression<Message>(
///     named: "latestMessage",
///     request: Message.annotated { max($0.date) }.group(\.chatId))
///
/// // ... LEFT JOIN latestMessage ON chat.id = latestMessage.chatId
/// let latestMessage = Chat.association(to: latestMessageCTE) { chat, latestMessage in
///     chat.id == latestMessage.chatId
/// }
/// let request = Chat.with(latestMessageCTE).including(optional: latestMessage)
/// ```
///
/// Its condition is not a foreign key: the association can be joined and
/// included, but it does not feed `request(for:)`, and the associations
/// through it do not feed `including(all:)` or association aggregates
/// (they throw a ``DatabaseError``).
///
/// See the [SQLite documentation](https://www.sqlite.org/lang_with.html).
public struct JoinAssociation<Origin, Destination>: AssociationToOne, Sendable {
    /// The type of the records the association starts from.
    public typealias OriginRowDecoder = Origin

    /// The type of the associated records.
    public typealias RowDecoder = Destination

    /// The description of the association, for the query interface.
    public var _sqlAssociation: _SQLAssociation

    /// Creates an association from its description.
    ///
    /// - Parameter _sqlAssociation: The description of the association.
    public init(_sqlAssociation: _SQLAssociation) {
        self._sqlAssociation = _sqlAssociation
    }

    /// Creates an association to a table or common table expression.
    init(
        key: SQLAssociationKey,
        relation: SQLRelation,
        condition: (@Sendable (TableAlias<Origin>, TableAlias<Destination>) -> any SQLExpressible)?)
    {
        let sqlCondition = SQLAssociationCondition { parent, child in
            condition.map { $0(TableAlias(sharing: parent), TableAlias(sharing: child)).sqlExpression }
        }
        self.init(_sqlAssociation: _SQLAssociation(steps: [SQLAssociationStep(
            key: key,
            condition: sqlCondition,
            relation: relation,
            isToOne: true)]))
    }

    /// Creates an association to a common table expression.
    init(
        to cte: CommonTableExpression<Destination>,
        condition: (@Sendable (TableAlias<Origin>, TableAlias<Destination>) -> any SQLExpressible)?)
    {
        self.init(
            key: .fixed(cte.tableName),
            relation: SQLRelation(commonTableExpression: cte.tableName, selection: [.allColumns]),
            condition: condition)
    }
}
