/// A type that can insert, update and delete its row in a database table,
/// and that may change when it is inserted (an auto-incremented id).
///
/// ```swift
/// struct Player: Encodable, MutablePersistableRecord {
///     var id: Int64?
///     var name: String
///     var score: Int
///
///     mutating func didInsert(_ inserted: InsertionSuccess) {
///         id = inserted.rowID
///     }
/// }
///
/// try dbQueue.write { db in
///     var player = Player(id: nil, name: "Arthur", score: 100)
///     try player.insert(db)  // INSERT INTO player ...
///     print(player.id!)      // the auto-incremented id
///     player.score = 1000
///     try player.update(db)  // UPDATE player SET ... WHERE id = ...
///     try player.delete(db)  // DELETE FROM player WHERE id = ...
/// }
/// ```
///
/// The table is ``TableRecord/databaseTableName``, the values are given by
/// ``EncodableRecord/encode(to:)``, and the primary key of the row is read
/// from the database schema: single-column, composite, and the hidden
/// `rowid` (see <https://www.sqlite.org/rowidtable.html>) are supported.
///
/// ## Persistence callbacks
///
/// The persistence methods call callbacks, in this order:
///
/// - insert (and upsert): `willSave`, `aroundSave`, `willInsert`,
///   `aroundInsert`, `didInsert`, `didSave`
/// - update: `willSave`, `aroundSave`, `willUpdate`, `aroundUpdate`,
///   `didUpdate`, `didSave`
/// - delete: `willDelete`, `aroundDelete`, `didDelete`
///
/// A `will` callback that throws stops the persistence method. An
/// `around` callback must call the function it is given exactly once.
///
/// ## Topics
/// - ``persistenceConflictPolicy``
/// - ``didInsert(_:)``
/// - ``didInsert(with:for:)``
public protocol MutablePersistableRecord: EncodableRecord, TableRecord {
    /// The conflict resolutions of the `INSERT` and `UPDATE` statements of
    /// the persistence methods. The default uses the ABORT policy, and
    /// generates plain `INSERT` and `UPDATE` statements.
    ///
    /// ```swift
    /// static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .replace, update: .replace)
    /// ```
    static var persistenceConflictPolicy: PersistenceConflictPolicy { get }

    /// Called before the record is inserted. Throw to prevent the
    /// insertion, or change the record (set a UUID, for example): the
    /// record is encoded after this callback.
    ///
    /// ```swift
    /// mutating func willInsert(_ db: Database) throws {
    ///     if uuid == nil { uuid = UUID() }
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: An error that prevents the insertion.
    mutating func willInsert(_ db: Database) throws

    /// Called around the insertion of the record: call `insert` exactly
    /// once.
    ///
    /// ```swift
    /// func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
    ///     print("will insert")
    ///     _ = try insert()
    ///     print("did insert")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - insert: The function that inserts the record.
    /// - Throws: The error of `insert`, or another error.
    func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws

    /// Called after the record was inserted. Set the id of an
    /// auto-incremented primary key here.
    ///
    /// Not called when nothing was inserted because of the `IGNORE`
    /// conflict resolution.
    ///
    /// ```swift
    /// mutating func didInsert(_ inserted: InsertionSuccess) {
    ///     id = inserted.rowID
    /// }
    /// ```
    ///
    /// The default implementation calls ``didInsert(with:for:)``.
    ///
    /// - Parameter inserted: The inserted rowid and values.
    mutating func didInsert(_ inserted: InsertionSuccess)

    /// The earlier spelling of ``didInsert(_:)``, still called when a type
    /// implements it instead of ``didInsert(_:)``.
    ///
    /// ```swift
    /// mutating func didInsert(with rowID: Int64, for column: String?) {
    ///     id = rowID
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - rowID: The rowid of the inserted row.
    ///   - column: The name of the `INTEGER PRIMARY KEY` column, if any.
    mutating func didInsert(with rowID: Int64, for column: String?)

    /// Called before the record is updated. Throw to prevent the update.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - columns: The updated columns.
    /// - Throws: An error that prevents the update.
    func willUpdate(_ db: Database, columns: Set<String>) throws

    /// Called around the update of the record: call `update` exactly once.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - columns: The updated columns.
    ///   - update: The function that updates the record.
    /// - Throws: The error of `update` (``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when there is no row to update), or another error.
    func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws

    /// Called after the record was updated.
    ///
    /// - Parameter updated: The updated values.
    func didUpdate(_ updated: PersistenceSuccess)

    /// Called before the record is inserted or updated. Throw to prevent
    /// it.
    ///
    /// ```swift
    /// func willSave(_ db: Database) throws {
    ///     if url.host == nil { throw ValidationError("url must be absolute.") }
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: An error that prevents the insertion or the update.
    func willSave(_ db: Database) throws

    /// Called around the insertion or the update of the record: call
    /// `save` exactly once.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - save: The function that inserts or updates the record.
    /// - Throws: The error of `save`, or another error.
    func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws

    /// Called after the record was inserted or updated.
    ///
    /// - Parameter saved: The saved values.
    func didSave(_ saved: PersistenceSuccess)

    /// Called before the record is deleted. Throw to prevent the deletion.
    ///
    /// - Parameter db: A database connection.
    /// - Throws: An error that prevents the deletion.
    func willDelete(_ db: Database) throws

    /// Called around the deletion of the record: call `delete` exactly
    /// once.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - delete: The function that deletes the record, and returns
    ///     whether a row was deleted.
    /// - Throws: The error of `delete`, or another error.
    func aroundDelete(_ db: Database, delete: () throws -> Bool) throws

    /// Called after the deletion of the record was attempted.
    ///
    /// - Parameter deleted: Whether a row was deleted.
    func didDelete(deleted: Bool)

    /// Inserts the record. ``insert(_:onConflict:)`` and ``save(_:onConflict:)``
    /// insert through this method.
    ///
    /// GRDB 7 has no such requirement: Folio keeps it so that seed-era
    /// records that customize it are obeyed. Prefer persistence callbacks
    /// such as ``willInsert(_:)``. A customization calls
    /// `performInsert(_:)` to insert:
    ///
    /// ```swift
    /// struct Link: PersistableRecord {
    ///     func insert(_ db: Database) throws {
    ///         try validate()
    ///         try performInsert(db)
    ///     }
    /// }
    /// ```
    ///
    /// The default implementation inserts the record, as
    /// `performInsert(_:)` does.
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    mutating func insert(_ db: Database) throws

    /// Updates the given columns of the row of the record.
    /// ``update(_:onConflict:)``, `update(_:onConflict:columns:)-(_,_,Set<String>)`
    /// and ``save(_:onConflict:)`` update through this method.
    ///
    /// GRDB 7 has no such requirement: Folio keeps it so that seed-era
    /// records that customize it are obeyed. Prefer persistence callbacks
    /// such as ``willUpdate(_:columns:)``. A customization calls
    /// `performUpdate(_:columns:)` to update:
    ///
    /// ```swift
    /// struct Link: PersistableRecord {
    ///     func update(_ db: Database, columns: Set<String>) throws {
    ///         try validate()
    ///         try performUpdate(db, columns: columns)
    ///     }
    /// }
    /// ```
    ///
    /// The default implementation updates the row, as
    /// `performUpdate(_:columns:)` does.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - columns: The updated columns.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the row does not exist, a ``DatabaseError``, or the error of
    ///   a callback.
    func update(_ db: Database, columns: Set<String>) throws
}

extension MutablePersistableRecord {
    /// The ABORT policy for inserts and updates.
    ///
    /// ```swift
    /// Player.persistenceConflictPolicy.conflictResolutionForInsert // .abort
    /// ```
    public static var persistenceConflictPolicy: PersistenceConflictPolicy {
        PersistenceConflictPolicy()
    }

    /// Does nothing.
    ///
    /// ```swift
    /// mutating func willInsert(_ db: Database) throws { } // the default
    /// ```
    public mutating func willInsert(_ db: Database) throws { }

    /// Calls `insert`.
    ///
    /// ```swift
    /// func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
    ///     _ = try insert() // the default
    /// }
    /// ```
    public func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
        _ = try insert()
    }

    /// Calls ``didInsert(with:for:)``.
    ///
    /// ```swift
    /// // A type that implements the earlier spelling:
    /// mutating func didInsert(with rowID: Int64, for column: String?) {
    ///     id = rowID
    /// }
    /// ```
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        didInsert(with: inserted.rowID, for: inserted.rowIDColumn)
    }

    /// Does nothing.
    ///
    /// ```swift
    /// mutating func didInsert(with rowID: Int64, for column: String?) { } // the default
    /// ```
    public mutating func didInsert(with rowID: Int64, for column: String?) { }

    /// Does nothing.
    ///
    /// ```swift
    /// func willUpdate(_ db: Database, columns: Set<String>) throws { } // the default
    /// ```
    public func willUpdate(_ db: Database, columns: Set<String>) throws { }

    /// Calls `update`.
    ///
    /// ```swift
    /// func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws {
    ///     _ = try update() // the default
    /// }
    /// ```
    public func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws {
        _ = try update()
    }

    /// Does nothing.
    ///
    /// ```swift
    /// func didUpdate(_ updated: PersistenceSuccess) { } // the default
    /// ```
    public func didUpdate(_ updated: PersistenceSuccess) { }

    /// Does nothing.
    ///
    /// ```swift
    /// func willSave(_ db: Database) throws { } // the default
    /// ```
    public func willSave(_ db: Database) throws { }

    /// Calls `save`.
    ///
    /// ```swift
    /// func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws {
    ///     _ = try save() // the default
    /// }
    /// ```
    public func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws {
        _ = try save()
    }

    /// Does nothing.
    ///
    /// ```swift
    /// func didSave(_ saved: PersistenceSuccess) { } // the default
    /// ```
    public func didSave(_ saved: PersistenceSuccess) { }

    /// Does nothing.
    ///
    /// ```swift
    /// func willDelete(_ db: Database) throws { } // the default
    /// ```
    public func willDelete(_ db: Database) throws { }

    /// Calls `delete`.
    ///
    /// ```swift
    /// func aroundDelete(_ db: Database, delete: () throws -> Bool) throws {
    ///     _ = try delete() // the default
    /// }
    /// ```
    public func aroundDelete(_ db: Database, delete: () throws -> Bool) throws {
        _ = try delete()
    }

    /// Does nothing.
    ///
    /// ```swift
    /// func didDelete(deleted: Bool) { } // the default
    /// ```
    public func didDelete(deleted: Bool) { }
}
