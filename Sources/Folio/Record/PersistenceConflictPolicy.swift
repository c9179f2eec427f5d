/// The conflict resolutions of the `INSERT` and `UPDATE` statements of
/// the persistence methods of a record type.
///
/// ```swift
/// struct Player: MutablePersistableRecord {
///     static let persistenceConflictPolicy = PersistenceConflictPolicy(
///         insert: .replace,
///         update: .replace)
/// }
///
/// // INSERT OR REPLACE INTO player (...) VALUES (...)
/// try player.insert(db)
/// ```
///
/// The default policy, `.abort` for both, generates plain `INSERT` and
/// `UPDATE` statements.
///
/// - Note: with the `.ignore` insert policy, an insertion that is ignored
///   does not call `didInsert`, since there is no inserted row.
///
/// See <https://www.sqlite.org/lang_conflict.html>.
public struct PersistenceConflictPolicy: Sendable {
    /// The conflict resolution of `INSERT` statements.
    ///
    /// ```swift
    /// Player.persistenceConflictPolicy.conflictResolutionForInsert // .abort
    /// ```
    public let conflictResolutionForInsert: Database.ConflictResolution

    /// The conflict resolution of `UPDATE` statements.
    ///
    /// ```swift
    /// Player.persistenceConflictPolicy.conflictResolutionForUpdate // .abort
    /// ```
    public let conflictResolutionForUpdate: Database.ConflictResolution

    /// Creates a policy.
    ///
    /// ```swift
    /// static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .ignore)
    /// ```
    ///
    /// - Parameters:
    ///   - insert: The conflict resolution of `INSERT` statements.
    ///   - update: The conflict resolution of `UPDATE` statements.
    public init(
        insert: Database.ConflictResolution = .abort,
        update: Database.ConflictResolution = .abort)
    {
        self.conflictResolutionForInsert = insert
        self.conflictResolutionForUpdate = update
    }
}

extension Database.ConflictResolution {
    /// The `OR ...` clause of an `INSERT` or `UPDATE` statement: empty for
    /// `.abort`, the default of SQLite.
    var statementClause: String {
        self == .abort ? "" : "OR \(rawValue) "
    }
}
