// The seed-era customization of persistence: records that implement
// `insert(_:)` or `update(_:columns:)`, and call `performInsert(_:)` and
// `performUpdate(_:columns:)` from there. GRDB 7 has no such
// customization points: its persistence methods go straight to the
// statement, and so do Folio's for every record type that does not
// customize them (see `PersistenceConnectionState`, in
// `Record/PersistenceStatementCache.swift`, and the default
// implementations of the requirements, in
// `Record/MutablePersistableRecord+Insert.swift` and `+Update.swift`).
// This file is the detour that only the other record types take: the
// persistence methods reach it for a record type that is not known to use
// the default implementations, and the default implementations reach it
// only when a hand-off may be pending on the connection.

/// The INSERT or UPDATE step of a persistence method, handed over to the
/// record's `insert(_:)` or `update(_:columns:)`, that a seed-era record
/// may customize.
///
/// In the seed era, records customized their persistence by implementing
/// `insert(_:)` and `update(_:columns:)`, and calling `performInsert(_:)`
/// and `performUpdate(_:columns:)` from there:
///
/// ```swift
/// struct Link: PersistableRecord {
///     func insert(_ db: Database) throws {
///         try validate()
///         try performInsert(db)
///     }
///     func update(_ db: Database, columns: Set<String>) throws {
///         try validate()
///         try performUpdate(db, columns: columns)
///     }
/// }
/// ```
///
/// Those two methods are requirements of ``MutablePersistableRecord``, so
/// that `save(_:)`, `update(_:)` and the methods with a conflict
/// resolution reach the customization: generic code calls a requirement
/// through the witness table, while it calls an extension method
/// statically, and would miss the record's own method.
///
/// A persistence method that does not know yet whether the record type
/// customizes the requirement does not perform its step itself: it
/// pushes a hand-off on the connection, and calls the requirement.
/// Whatever performs the step then (the default implementation of the
/// requirement, or `performInsert`/`performUpdate` called by a
/// customization) takes the hand-off, and performs the step with its
/// context: the conflict resolution, and, for a step of `save`, without
/// the save callbacks, which `save` runs itself around both steps. The
/// hand-off reports what was saved, whether the row was missing, and
/// whether the default implementation took it: then the record type does
/// not customize the requirement, and the connection remembers it (the
/// requirement's implementation is a property of the type), so that its
/// next persistence methods skip the hand-off.
///
/// Only the innermost hand-off can be taken, by a record of the same type,
/// once: a customization that persists other records first does not take
/// the step of its own record, unless it persists a record of its own
/// type before calling `performInsert`/`performUpdate`.
struct PersistenceHandOff {
    enum Step {
        case insert
        case update
    }

    /// The handed-over step.
    let step: Step

    /// The dynamic type of the record whose step it is (a subclass of
    /// ``Record`` is not `Record`).
    let recordType: ObjectIdentifier

    /// The conflict resolution of the persistence method, or nil for the
    /// ``MutablePersistableRecord/persistenceConflictPolicy`` of the record.
    let conflictResolution: Database.ConflictResolution?

    /// Whether the step belongs to `save`, that runs the save callbacks
    /// around the update and the insert: the step runs without them.
    let isSaveStep: Bool

    /// Whether the step was taken.
    var isTaken = false

    /// Whether the default implementation of the requirement took the
    /// step: the record type does not customize it.
    var isTakenByDefaultImplementation = false

    /// What the step saved, when it was taken (nil when `IGNORE` skipped
    /// an insertion).
    var saved: PersistenceSuccess?

    /// Whether the update step failed because the row does not exist.
    var notFound = false

    init(_ step: Step, recordType: Any.Type, conflictResolution: Database.ConflictResolution?, isSaveStep: Bool) {
        self.step = step
        self.recordType = ObjectIdentifier(recordType)
        self.conflictResolution = conflictResolution
        self.isSaveStep = isSaveStep
    }

    /// Whether this is a step of the record: the static type is compared
    /// first, which needs no run-time look-up and is enough for structs;
    /// the dynamic type (a subclass of ``Record``) only when it differs.
    @inline(__always)
    func isStep<Record>(of record: Record) -> Bool {
        recordType == ObjectIdentifier(Record.self) || recordType == ObjectIdentifier(type(of: record))
    }
}

/// The hand-offs of a connection, kept in its
/// ``PersistenceConnectionState`` (`seedEraState`) once a record type that
/// is not known to use the default requirements persists.
final class SeedEraPersistenceState {
    /// The step of a persistence method handed over to the record's
    /// `insert(_:)` or `update(_:columns:)`, while it runs; nil otherwise.
    /// A method that runs inside another one keeps the outer hand-off
    /// aside until it returns.
    var handOff: PersistenceHandOff?
}

extension Database {
    /// The hand-off state of the connection, if one was made.
    private var seedEraPersistenceState: SeedEraPersistenceState? {
        layerSlot.value(as: PersistenceConnectionState.self)?.seedEraState as? SeedEraPersistenceState
    }

    /// Runs `body` (which calls the requirement of the record) with a
    /// hand-off pending on the connection. When `body` returns or throws,
    /// `handOff` holds what the step left in it (taken, saved, not found).
    /// When the default implementation took it, the connection remembers
    /// that the record type does not customize the requirement.
    ///
    /// - Parameters:
    ///   - handOff: The handed-over step.
    ///   - body: A function that calls `insert(_:)` or `update(_:columns:)`.
    func withPersistenceHandOff(_ handOff: inout PersistenceHandOff, _ body: () throws -> Void) throws {
        let connectionState = persistenceConnectionState
        let state: SeedEraPersistenceState
        if let existing = connectionState.seedEraState as? SeedEraPersistenceState {
            state = existing
        } else {
            state = SeedEraPersistenceState()
            connectionState.seedEraState = state
        }
        let outer = state.handOff
        state.handOff = handOff
        defer {
            if let final = state.handOff { handOff = final }
            state.handOff = outer
            if handOff.isTakenByDefaultImplementation {
                switch handOff.step {
                case .insert: connectionState.recordTypesWithDefaultInsert.insert(handOff.recordType)
                case .update: connectionState.recordTypesWithDefaultUpdate.insert(handOff.recordType)
                }
            }
        }
        try body()
    }

    /// Whether the innermost hand-off is a step of this record's type
    /// that is not taken yet: the record's requirement runs for that step.
    ///
    /// - Parameters:
    ///   - step: The kind of step.
    ///   - record: The record.
    func hasPendingPersistenceHandOff<Record>(_ step: PersistenceHandOff.Step, for record: Record) -> Bool {
        guard let handOff = seedEraPersistenceState?.handOff else { return false }
        return !handOff.isTaken && handOff.step == step && handOff.isStep(of: record)
    }

    /// Takes the pending hand-off (see
    /// ``hasPendingPersistenceHandOff(_:for:)``), to perform its step.
    ///
    /// - Parameters:
    ///   - step: The kind of step.
    ///   - record: The record.
    ///   - byDefaultImplementation: Whether the default implementation of
    ///     the requirement takes it.
    /// - Returns: The hand-off, or nil when there is none to take.
    func takePersistenceHandOff<Record>(
        _ step: PersistenceHandOff.Step,
        for record: Record,
        byDefaultImplementation: Bool) -> PersistenceHandOff?
    {
        guard hasPendingPersistenceHandOff(step, for: record),
              let state = seedEraPersistenceState
        else { return nil }
        state.handOff?.isTaken = true
        state.handOff?.isTakenByDefaultImplementation = byDefaultImplementation
        return state.handOff
    }

    /// Reports what the taken step saved, for ``withPersistenceHandOff(_:_:)``.
    ///
    /// - Parameter saved: What the step saved, or nil when `IGNORE`
    ///   skipped an insertion.
    func persistenceHandOffDidSave(_ saved: PersistenceSuccess?) {
        seedEraPersistenceState?.handOff?.saved = saved
    }

    /// Reports that the taken update step found no row, for
    /// ``withPersistenceHandOff(_:_:)``.
    func persistenceHandOffDidNotFindRow() {
        seedEraPersistenceState?.handOff?.notFound = true
    }
}

// MARK: - The hand-off of each persistence method

extension MutablePersistableRecord {
    /// Inserts through ``insert(_:)``, that seed-era records may
    /// customize: the insertion of a record type that is not known to use
    /// the default implementation (see
    /// ``MutablePersistableRecord/_insertAsRequested(_:onConflict:)``).
    mutating func _insertHandingOver(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?) throws
    {
        if db.hasPendingPersistenceHandOff(.insert, for: self) {
            // Called by the customization that the insertion was handed
            // to (a GRDB 7 record may implement `insert(_:)` with
            // `insert(_:onConflict:)`): insert, instead of handing over
            // again, forever.
            try _performInsert(db, onConflict: conflictResolution, byDefaultImplementation: false)
            return
        }
        var handOff = PersistenceHandOff(
            .insert, recordType: _dynamicRecordType, conflictResolution: conflictResolution, isSaveStep: false)
        try db.withPersistenceHandOff(&handOff) {
            try insert(db)
        }
    }

    /// Inserts the record: the default ``insert(_:)``, and
    /// `performInsert(_:)`. Performs the step handed over to `insert(_:)`
    /// if there is one, with its conflict resolution, and without the
    /// save callbacks for a step of `save`.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for the one
    ///     of the hand-off, or the policy of the record.
    ///   - byDefaultImplementation: Whether the default ``insert(_:)``
    ///     calls.
    mutating func _performInsert(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        byDefaultImplementation: Bool) throws
    {
        guard let handOff = db.takePersistenceHandOff(.insert, for: self, byDefaultImplementation: byDefaultImplementation) else {
            try _insert(db, onConflict: conflictResolution)
            return
        }
        let resolution = conflictResolution ?? handOff.conflictResolution
        if handOff.isSaveStep {
            let (success, isInserted) = try _insertWithInsertCallbacks(db, onConflict: resolution)
            db.persistenceHandOffDidSave(isInserted ? PersistenceSuccess(success) : nil)
        } else {
            try _insert(db, onConflict: resolution)
        }
    }

    /// Updates through ``update(_:columns:)``, that seed-era records may
    /// customize: the update of a record type that is not known to use
    /// the default implementation (see
    /// ``MutablePersistableRecord/_updateAsRequested(_:onConflict:columns:)``).
    func _updateHandingOver(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        columns: Set<String>) throws
    {
        if db.hasPendingPersistenceHandOff(.update, for: self) {
            // Called by the customization that the update was handed to
            // (a GRDB 7 record may implement `update(_:columns:)` with
            // `update(_:onConflict:columns:)`): update, instead of handing
            // over again, forever.
            try _performUpdate(db, onConflict: conflictResolution, columns: columns, byDefaultImplementation: false)
            return
        }
        var handOff = PersistenceHandOff(
            .update, recordType: _dynamicRecordType, conflictResolution: conflictResolution, isSaveStep: false)
        try db.withPersistenceHandOff(&handOff) {
            try update(db, columns: columns)
        }
    }

    /// Updates the row of the record: the default ``update(_:columns:)``,
    /// and `performUpdate(_:columns:)`. Performs the step handed over to
    /// `update(_:columns:)` if there is one, with its conflict resolution,
    /// and without the save callbacks for a step of `save`.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for the one
    ///     of the hand-off, or the policy of the record.
    ///   - columns: The updated columns.
    ///   - byDefaultImplementation: Whether the default
    ///     ``update(_:columns:)`` calls.
    func _performUpdate(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        columns: Set<String>,
        byDefaultImplementation: Bool) throws
    {
        guard let handOff = db.takePersistenceHandOff(.update, for: self, byDefaultImplementation: byDefaultImplementation) else {
            try _update(db, onConflict: conflictResolution, columns: columns)
            return
        }
        let resolution = conflictResolution ?? handOff.conflictResolution
        if handOff.isSaveStep {
            var notFound = false
            do {
                let saved = try _updateWithUpdateCallbacks(db, onConflict: resolution, columns: columns, notFound: &notFound)
                db.persistenceHandOffDidSave(saved)
            } catch {
                if notFound { db.persistenceHandOffDidNotFindRow() }
                throw error
            }
        } else {
            try _update(db, onConflict: resolution, columns: columns)
        }
    }

    /// The update step of `save`, handed over to ``update(_:columns:)``
    /// (all columns), without the save callbacks, that `save` runs
    /// around both steps.
    ///
    /// - Parameters:
    ///   - notFound: Set to true when the step throws because there is
    ///     no row to update.
    /// - Returns: What was saved, or nil when nothing was.
    func _updateHandingOverSaveStep(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        columns: Set<String>,
        notFound: inout Bool) throws -> PersistenceSuccess?
    {
        var handOff = PersistenceHandOff(
            .update, recordType: _dynamicRecordType, conflictResolution: conflictResolution, isSaveStep: true)
        do {
            try db.withPersistenceHandOff(&handOff) {
                try update(db, columns: columns)
            }
        } catch {
            notFound = handOff.notFound
            throw error
        }
        return handOff.saved
    }

    /// The insert step of `save`, handed over to ``insert(_:)``, without
    /// the save callbacks, that `save` runs around both steps.
    ///
    /// - Returns: What was saved, or nil when nothing was.
    mutating func _insertHandingOverSaveStep(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?) throws -> PersistenceSuccess?
    {
        var handOff = PersistenceHandOff(
            .insert, recordType: _dynamicRecordType, conflictResolution: conflictResolution, isSaveStep: true)
        try db.withPersistenceHandOff(&handOff) {
            try insert(db)
        }
        return handOff.saved
    }
}
