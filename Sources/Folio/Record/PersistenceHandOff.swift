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
/// A persistence method does not perform its step itself: it pushes a
/// hand-off on the connection, and calls the requirement. Whatever
/// performs the step then (the default implementation of the
/// requirement, or `performInsert`/`performUpdate` called by a
/// customization) takes the hand-off, and performs the step with its
/// context: the conflict resolution, and, for a step of `save`, without
/// the save callbacks, which `save` runs itself around both steps. The
/// hand-off reports what was saved, and whether the row was missing.
///
/// A record that does not customize the requirements runs the default
/// implementations, which perform exactly the steps the persistence
/// methods performed before: same statements, same callbacks.
///
/// Only the innermost hand-off can be taken, by a record of the same type,
/// once: a customization that persists other records first does not take
/// the step of its own record, unless it persists a record of its own
/// type before calling `performInsert`/`performUpdate`.
///
/// A hand-off is a value, kept in the connection's persistence state
/// while the requirement runs: a plain insertion allocates nothing for it.
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

extension Database {
    /// Runs `body` (which calls the requirement of the record) with a
    /// hand-off pending on the connection. When `body` returns or throws,
    /// `handOff` holds what the step left in it (taken, saved, not found).
    ///
    /// - Parameters:
    ///   - handOff: The handed-over step.
    ///   - body: A function that calls `insert(_:)` or `update(_:columns:)`.
    func withPersistenceHandOff(_ handOff: inout PersistenceHandOff, _ body: () throws -> Void) throws {
        let state = persistenceConnectionState
        let outer = state.handOff
        state.handOff = handOff
        defer {
            if let final = state.handOff { handOff = final }
            state.handOff = outer
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
        // A load and a nil check on the way of every insertion: no state
        // is made when there is none.
        guard let handOff = layerSlot.value(as: PersistenceConnectionState.self)?.handOff else { return false }
        return !handOff.isTaken && handOff.step == step && handOff.isStep(of: record)
    }

    /// Takes the pending hand-off (see
    /// ``hasPendingPersistenceHandOff(_:for:)``), to perform its step.
    ///
    /// - Parameters:
    ///   - step: The kind of step.
    ///   - record: The record.
    /// - Returns: The hand-off, or nil when there is none to take.
    func takePersistenceHandOff<Record>(_ step: PersistenceHandOff.Step, for record: Record) -> PersistenceHandOff? {
        guard hasPendingPersistenceHandOff(step, for: record),
              let state = layerSlot.value(as: PersistenceConnectionState.self)
        else { return nil }
        state.handOff?.isTaken = true
        return state.handOff
    }

    /// Reports what the taken step saved, for ``withPersistenceHandOff(_:_:)``.
    ///
    /// - Parameter saved: What the step saved, or nil when `IGNORE`
    ///   skipped an insertion.
    func persistenceHandOffDidSave(_ saved: PersistenceSuccess?) {
        layerSlot.value(as: PersistenceConnectionState.self)?.handOff?.saved = saved
    }

    /// Reports that the taken update step found no row, for
    /// ``withPersistenceHandOff(_:_:)``.
    func persistenceHandOffDidNotFindRow() {
        layerSlot.value(as: PersistenceConnectionState.self)?.handOff?.notFound = true
    }
}
