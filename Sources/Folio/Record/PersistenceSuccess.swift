
/// Information about a successful update or save, given to the
/// ``MutablePersistableRecord/didUpdate(_:)`` and
/// ``MutablePersistableRecord/didSave(_:)`` callbacks.
///
/// ```swift
/// struct Player: Encodable, PersistableRecord {
///     func didSave(_ saved: PersistenceSuccess) {
///         print("saved \(saved.persistenceContainer.columns)")
///     }
/// }
/// ```
public struct PersistenceSuccess: Sendable {
    /// The saved values: all encoded columns for an insert, and the
    /// updated columns plus the primary key for an update.
    ///
    /// ```swift
    /// func didSave(_ saved: PersistenceSuccess) {
    ///     print(saved.persistenceContainer.columns)
    /// }
    /// ```
    public var persistenceContainer: PersistenceContainer

    /// Creates a persistence success.
    ///
    /// ```swift
    /// let success = PersistenceSuccess(persistenceContainer: container)
    /// ```
    ///
    /// - Parameter persistenceContainer: The saved values.
    public init(persistenceContainer: PersistenceContainer) {
        self.persistenceContainer = persistenceContainer
    }

    /// Creates the persistence success of an insertion.
    ///
    /// ```swift
    /// let saved = PersistenceSuccess(inserted)
    /// ```
    ///
    /// - Parameter inserted: An insertion success.
    public init(_ inserted: InsertionSuccess) {
        self.persistenceContainer = inserted.persistenceContainer
    }
}
