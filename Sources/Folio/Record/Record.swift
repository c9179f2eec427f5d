/// A base class for records: fetching, persistence, and change tracking in
/// one go.
///
/// ```swift
/// class Place: Record {
///     var id: Int64?
///     var title: String
///
///     override class var databaseTableName: String { "place" }
///
///     init(id: Int64?, title: String) {
///         self.id = id
///         self.title = title
///         super.init()
///     }
///
///     required init(row: Row) throws {
///         id = try row.decode(forColumn: "id")
///         title = try row.decode(forColumn: "title")
///         try super.init(row: row)
///     }
///
///     override func encode(to container: inout PersistenceContainer) throws {
///         container["id"] = id
///         container["title"] = title
///     }
///
///     override func didInsert(_ inserted: InsertionSuccess) {
///         id = inserted.rowID
///     }
/// }
///
/// let place = Place(id: nil, title: "Paris")
/// try place.insert(db)
/// place.title = "Paris"
/// place.hasDatabaseChanges // false: same value
/// place.title = "Paris, France"
/// try place.databaseChanges // ["title": "Paris"]
/// try place.updateChanges(db) // UPDATE "place" SET "title" = ? WHERE "id" = ?
/// ```
///
/// A record remembers the values it was fetched with, or last inserted,
/// updated or saved with: ``hasDatabaseChanges`` and ``databaseChanges``
/// compare them with the current values.
///
/// Subclasses override the class properties (``databaseTableName``...),
/// ``encode(to:)``, the persistence callbacks, and the persistence methods
/// ``insert(_:)``, ``update(_:)``, ``update(_:columns:)``, ``save(_:)``
/// and ``delete(_:)`` (call `super`). ``save(_:)`` calls ``update(_:)`` and
/// ``insert(_:)``, so that their overrides apply to saved records too.
///
/// Records are mutable and shared: `Record` is not `Sendable`.
///
/// ## Topics
/// - ``init()``
/// - ``init(row:)``
/// - ``hasDatabaseChanges``
/// - ``databaseChanges``
/// - ``updateChanges(_:)``
open class Record {
    /// The values the record was last fetched or saved with, or nil for a
    /// record that does not come from the database.
    private var referenceContainer: PersistenceContainer?

    /// Set while ``save(_:)`` calls ``update(_:)`` and ``insert(_:)``, which
    /// then leave the save callbacks to `save`.
    private var isSaving = false

    /// What ``update(_:columns:)`` and ``insert(_:)`` report to ``save(_:)``.
    private var saveOutcome: (saved: PersistenceSuccess?, notFound: Bool) = (nil, false)

    /// Creates a record that does not come from the database: it has
    /// changes.
    ///
    /// ```swift
    /// class Player: Record {
    ///     var name: String
    ///     init(name: String) {
    ///         self.name = name
    ///         super.init()
    ///     }
    /// }
    /// ```
    public init() { }

    /// Creates a record from a row. A record built from a fetched row has
    /// no changes until modified, except for the columns that the row
    /// does not contain; a record built from a row that was not fetched
    /// has all its columns changed.
    ///
    /// Subclasses set their properties, then call `super`:
    ///
    /// ```swift
    /// required init(row: Row) throws {
    ///     id = try row.decode(forColumn: "id")
    ///     try super.init(row: row)
    /// }
    /// ```
    ///
    /// - Parameter row: A database row.
    /// - Throws: An error when the row can not be decoded.
    public required init(row: Row) throws {
        // As in GRDB: the values of a fetched row are the reference of the
        // changes (the columns it lacks are changes); a record built from
        // a row that was not fetched (`Row(["id": 1])`) has no reference:
        // all its columns are changes.
        referenceContainer = row.sql != nil ? PersistenceContainer(row: row) : nil
    }

    /// The name of the database table. The default is the class name with
    /// a lowercased first word (`PostalAddress` → `postalAddress`).
    ///
    /// ```swift
    /// override class var databaseTableName: String { "player" }
    /// ```
    open class var databaseTableName: String {
        defaultDatabaseTableName(for: self)
    }

    /// The columns selected by default: all columns.
    ///
    /// ```swift
    /// override class var databaseSelection: [any SQLSelectable] {
    ///     [AllColumns(), Column.rowID]
    /// }
    /// ```
    open class var databaseSelection: [any SQLSelectable] {
        [AllColumns()]
    }

    /// The conflict resolutions of the persistence methods: ABORT by
    /// default.
    ///
    /// ```swift
    /// override class var persistenceConflictPolicy: PersistenceConflictPolicy {
    ///     PersistenceConflictPolicy(insert: .replace, update: .replace)
    /// }
    /// ```
    open class var persistenceConflictPolicy: PersistenceConflictPolicy {
        PersistenceConflictPolicy()
    }

    /// Stores the values of the record in the container. The default
    /// stores nothing: subclasses override it.
    ///
    /// ```swift
    /// override func encode(to container: inout PersistenceContainer) throws {
    ///     container["id"] = id
    ///     container["name"] = name
    /// }
    /// ```
    ///
    /// - Parameter container: The container of the database values.
    /// - Throws: An error when a value can not be encoded.
    open func encode(to container: inout PersistenceContainer) throws { }

    // MARK: - Callbacks

    /// Called before the record is inserted.
    ///
    /// ```swift
    /// override func willInsert(_ db: Database) throws {
    ///     if uuid == nil { uuid = UUID() }
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: An error that prevents the insertion.
    open func willInsert(_ db: Database) throws { }

    /// Called around the insertion: call `insert` exactly once.
    ///
    /// ```swift
    /// override func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
    ///     _ = try insert()
    ///     print("inserted")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - insert: The function that inserts.
    /// - Throws: The error of `insert`, or another error.
    open func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
        _ = try insert()
    }

    /// Called after the record was inserted. The default calls
    /// ``didInsert(with:for:)``.
    ///
    /// ```swift
    /// override func didInsert(_ inserted: InsertionSuccess) {
    ///     id = inserted.rowID
    /// }
    /// ```
    ///
    /// - Parameter inserted: The inserted rowid and values.
    open func didInsert(_ inserted: InsertionSuccess) {
        didInsert(with: inserted.rowID, for: inserted.rowIDColumn)
    }

    /// The earlier spelling of ``didInsert(_:)``.
    ///
    /// ```swift
    /// override func didInsert(with rowID: Int64, for column: String?) {
    ///     id = rowID
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - rowID: The rowid of the inserted row.
    ///   - column: The name of the `INTEGER PRIMARY KEY` column, if any.
    open func didInsert(with rowID: Int64, for column: String?) { }

    /// Called before the record is updated.
    ///
    /// ```swift
    /// override func willUpdate(_ db: Database, columns: Set<String>) throws {
    ///     try validate()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - columns: The updated columns.
    /// - Throws: An error that prevents the update.
    open func willUpdate(_ db: Database, columns: Set<String>) throws { }

    /// Called around the update: call `update` exactly once.
    ///
    /// ```swift
    /// override func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws {
    ///     _ = try update()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - columns: The updated columns.
    ///   - update: The function that updates.
    /// - Throws: The error of `update`, or another error.
    open func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws {
        _ = try update()
    }

    /// Called after the record was updated.
    ///
    /// ```swift
    /// override func didUpdate(_ updated: PersistenceSuccess) {
    ///     print("updated \(updated.persistenceContainer.columns)")
    /// }
    /// ```
    ///
    /// - Parameter updated: The updated values.
    open func didUpdate(_ updated: PersistenceSuccess) { }

    /// Called before the record is inserted or updated.
    ///
    /// ```swift
    /// override func willSave(_ db: Database) throws {
    ///     if name.isEmpty { throw ValidationError("name is empty") }
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: An error that prevents the insertion or update.
    open func willSave(_ db: Database) throws { }

    /// Called around the insertion or update: call `save` exactly once.
    ///
    /// ```swift
    /// override func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws {
    ///     _ = try save()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - save: The function that inserts or updates.
    /// - Throws: The error of `save`, or another error.
    open func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws {
        _ = try save()
    }

    /// Called after the record was inserted or updated.
    ///
    /// ```swift
    /// override func didSave(_ saved: PersistenceSuccess) {
    ///     print("saved")
    /// }
    /// ```
    ///
    /// - Parameter saved: The saved values.
    open func didSave(_ saved: PersistenceSuccess) { }

    /// Called before the record is deleted.
    ///
    /// ```swift
    /// override func willDelete(_ db: Database) throws {
    ///     if isProtected { throw ValidationError("protected") }
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: An error that prevents the deletion.
    open func willDelete(_ db: Database) throws { }

    /// Called around the deletion: call `delete` exactly once.
    ///
    /// ```swift
    /// override func aroundDelete(_ db: Database, delete: () throws -> Bool) throws {
    ///     _ = try delete()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - delete: The function that deletes.
    /// - Throws: The error of `delete`, or another error.
    open func aroundDelete(_ db: Database, delete: () throws -> Bool) throws {
        _ = try delete()
    }

    /// Called after the deletion was attempted.
    ///
    /// ```swift
    /// override func didDelete(deleted: Bool) {
    ///     print(deleted ? "deleted" : "not found")
    /// }
    /// ```
    ///
    /// - Parameter deleted: Whether a row was deleted.
    open func didDelete(deleted: Bool) { }

    // MARK: - Persistence methods

    /// Inserts the record. Override it to prepare the record, and call
    /// `super`:
    ///
    /// ```swift
    /// override func insert(_ db: Database) throws {
    ///     if uuid == nil { uuid = UUID() }
    ///     try super.insert(db)
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    open func insert(_ db: Database) throws {
        var record = self
        if isSaving {
            let (success, isInserted) = try record._insertWithInsertCallbacks(db, onConflict: nil)
            saveOutcome = (isInserted ? PersistenceSuccess(success) : nil, false)
        } else {
            // The step that a persistence method handed over, if any.
            try record._performInsert(db, onConflict: nil, byDefaultImplementation: false)
        }
    }

    /// Updates all columns of the row of the record, with
    /// ``update(_:columns:)``.
    ///
    /// ```swift
    /// player.score = 1000
    /// try player.update(db) // UPDATE "player" SET "name" = ?, "score" = ? WHERE "id" = ?
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the row does not exist, a ``DatabaseError``, or the error of
    ///   a callback.
    open func update(_ db: Database) throws {
        try update(db, columns: Set(makePersistenceContainer().columns))
    }

    /// Updates the given columns of the row of the record.
    ///
    /// ```swift
    /// try player.update(db, columns: ["score"]) // UPDATE "player" SET "score" = ? WHERE "id" = ?
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - columns: The updated columns.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the row does not exist, a ``DatabaseError``, or the error of
    ///   a callback.
    open func update(_ db: Database, columns: Set<String>) throws {
        if isSaving {
            var notFound = false
            defer { saveOutcome.notFound = notFound }
            let success = try _updateWithUpdateCallbacks(db, onConflict: nil, columns: columns, notFound: &notFound)
            saveOutcome.saved = success
        } else {
            // The step that a persistence method handed over, if any.
            try _performUpdate(db, onConflict: nil, columns: columns, byDefaultImplementation: false)
        }
    }

    /// Updates the row of the record when it exists, and inserts the
    /// record otherwise, with ``update(_:)`` and ``insert(_:)``. See
    /// ``MutablePersistableRecord/save(_:onConflict:)``.
    ///
    /// ```swift
    /// let player = Player(name: "Arthur")
    /// try player.save(db) // INSERT
    /// player.name = "Barbara"
    /// try player.save(db) // UPDATE
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    open func save(_ db: Database) throws {
        var record = self
        try record._save(db) { record in
            try record._updateOrInsert(
                db,
                update: { record, _, notFound in
                    do {
                        return try record.runSaveStep { try record.update(db) }
                            ?? PersistenceSuccess(persistenceContainer: PersistenceContainer())
                    } catch {
                        notFound = record.saveOutcome.notFound
                        throw error
                    }
                },
                insert: { record in
                    try record.runSaveStep { try record.insert(db) }
                })
        }
    }

    /// Runs ``update(_:)`` or ``insert(_:)`` for ``save(_:)``, and returns
    /// what it saved.
    private func runSaveStep(_ step: () throws -> Void) throws -> PersistenceSuccess? {
        let wasSaving = isSaving
        isSaving = true
        saveOutcome = (nil, false)
        defer { isSaving = wasSaving }
        try step()
        return saveOutcome.saved
    }

    /// Deletes the row of the record, and returns whether a row was
    /// deleted. After a deletion, the record has changes.
    ///
    /// ```swift
    /// if try player.delete(db) {
    ///     print("deleted")
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    @discardableResult
    open func delete(_ db: Database) throws -> Bool {
        try _delete(db)
    }

    // MARK: - Change tracking

    /// Whether the record has values that differ from the values it was
    /// fetched or last saved with. A record that does not come from the
    /// database has changes.
    ///
    /// ```swift
    /// let player = try Player.fetchOne(db, key: 1)!
    /// player.hasDatabaseChanges // false
    /// player.score = player.score // the same value
    /// player.hasDatabaseChanges // false
    /// player.score += 1
    /// player.hasDatabaseChanges // true
    /// ```
    ///
    /// The flag is informative: it does not prevent insertions and
    /// updates from running their SQL. A record that fails to encode has
    /// changes.
    public var hasDatabaseChanges: Bool {
        // Documented: a record that fails to encode has changes (the error
        // surfaces when the record is saved).
        guard let referenceContainer, let container = try? makePersistenceContainer() else {
            return true
        }
        return !PersistenceContainer.changes(from: referenceContainer, to: container).isEmpty
    }

    /// Forgets the changes (false), or considers all values changed
    /// (true): the setter of the seed-era `hasPersistentChangedValues`.
    func setHasDatabaseChanges(_ newValue: Bool) {
        // No reference when the record fails to encode: it then has
        // changes, as documented in ``hasDatabaseChanges``.
        referenceContainer = newValue ? nil : try? makePersistenceContainer()
    }

    /// The changed columns, with the values the record was fetched or last
    /// saved with (nil for a column with no known value).
    ///
    /// ```swift
    /// player.score = 1000
    /// try player.databaseChanges // ["score": 750]
    /// ```
    ///
    /// - Throws: The error of ``encode(to:)``.
    public var databaseChanges: [String: DatabaseValue?] {
        get throws {
            try changedValues()
        }
    }

    /// The changed columns, with their reference values.
    private func changedValues() throws -> [String: DatabaseValue?] {
        let container = try makePersistenceContainer()
        var changes: [String: DatabaseValue?] = [:]
        for (column, oldValue) in PersistenceContainer.changes(from: referenceContainer ?? PersistenceContainer(), to: container) {
            changes.updateValue(oldValue, forKey: column)
        }
        return changes
    }

    /// Updates the changed columns, with ``update(_:columns:)``, and
    /// returns whether the database was updated. When nothing changed, no
    /// SQL runs.
    ///
    /// ```swift
    /// player.score = 1000
    /// // UPDATE "player" SET "score" = ? WHERE "id" = ?
    /// try player.updateChanges(db) // true
    /// try player.updateChanges(db) // false
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether the database was updated.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the row does not exist, a ``DatabaseError``, or the error of
    ///   a callback.
    @discardableResult
    public final func updateChanges(_ db: Database) throws -> Bool {
        let changedColumns = try changedValues().keys
        if changedColumns.isEmpty {
            return false
        }
        try update(db, columns: Set(changedColumns))
        return true
    }

    /// Updates the reference values after a persistence method.
    func persistenceDidChange(_ event: RecordPersistenceEvent) {
        switch event {
        case .inserted:
            // The insert has just encoded the record: should encoding fail
            // now, no reference means "has changes", which is safe (the
            // next save writes every column).
            referenceContainer = try? makePersistenceContainer()
        case .updated(let updated):
            var reference = referenceContainer ?? PersistenceContainer()
            for (column, value) in updated.columnsAndValues {
                reference.setDatabaseValue(value, forColumn: column)
            }
            referenceContainer = reference
        case .deleted:
            referenceContainer = nil
        }
    }
}

extension Record: FetchableRecord, TableRecord, PersistableRecord { }

/// What a persistence method did, for the change tracking of ``Record``.
enum RecordPersistenceEvent {
    case inserted
    case updated(PersistenceContainer)
    case deleted
}

extension MutablePersistableRecord {
    /// Lets a ``Record`` update its change tracking.
    func _notifyRecordClass(_ event: RecordPersistenceEvent) {
        // The metatype check is cheaper than a cast for structs.
        if Self.self is AnyClass, let record = self as? Record {
            record.persistenceDidChange(event)
        }
    }
}
