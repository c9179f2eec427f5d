/// What the record layer keeps in the ``LayerSlot`` of a connection: the
/// INSERT statements of the persistence methods, and the persistence
/// steps handed over to the customizable `insert(_:)` and
/// `update(_:columns:)` of records (see ``PersistenceHandOff``).
final class PersistenceConnectionState: LayerSlotValue {
    /// The INSERT statements of the persistence methods.
    let statementCache = PersistenceStatementCache()

    /// The step of a persistence method handed over to the record's
    /// `insert(_:)` or `update(_:columns:)`, while it runs (see
    /// ``PersistenceHandOff``); nil otherwise. A method that runs inside
    /// another one keeps the outer hand-off aside until it returns.
    var handOff: PersistenceHandOff?
}

extension Database {
    /// The record layer's state of the connection.
    var persistenceConnectionState: PersistenceConnectionState {
        layerSlot.value(orInsert: PersistenceConnectionState.init)
    }

    /// The persistence statement cache of the connection.
    var persistenceStatementCache: PersistenceStatementCache {
        persistenceConnectionState.statementCache
    }
}
