/// The keyed decoding containers of a row that a cursor reuses at each
/// step, kept from one record to the next.
///
/// `KeyedDecodingContainer` wraps the container of a decoder in a class
/// instance that the standard library allocates for each record, after
/// looking up its generic metadata and conformances at run time (the
/// decoder is not specialized for the coding key type of the record). The
/// container of ``RecordDecoder`` only holds the row, its plan and the
/// record type: for a row that a cursor reuses, it is the same for every
/// record, and this cache builds it once per (record type, coding key
/// type).
///
/// The cached containers refer to the row without retaining it: the row
/// owns the cache, and decoding a key then costs no reference counting of
/// the row. A container that user code keeps beyond the cursor would
/// refer to a released row: when the cursor ends
/// (``Row/_releaseStepCaches()``), the cache looks for containers that are
/// referenced elsewhere, and keeps the row alive for them (it is never
/// released: a small leak in exchange for memory safety, for code that
/// keeps decoding containers, which no synthesized `init(from:)` does).
final class KeyedContainerCache: LayerSlotValue {
    /// The cached containers, usually one (or a few for records that
    /// decode other records from the same row).
    /// Unchecked: a row is used by one thread at a time.
    @exclusivity(unchecked) private var entries: [CachedKeyedContainer] = []

    /// The decoding plans of a row that has no statement to own them
    /// (the row that decodes the prefetched rows of a buffer), or nil:
    /// the plans of live rows belong to their statement.
    private let planCache: RowDecodingPlanCache?

    /// - Parameter planCache: The owner of the decoding plans of a row
    ///   that has no statement, or nil.
    init(planCache: RowDecodingPlanCache? = nil) {
        self.planCache = planCache
    }

    /// Returns the keyed container of a record type and a coding key type
    /// for the row, ready to decode a new record.
    @inline(__always)
    func container<Key: CodingKey>(
        row: Row,
        record: any FetchableRecord.Type,
        key: Key.Type) -> KeyedDecodingContainer<Key>
    {
        let keyType = ObjectIdentifier(Key.self)
        let recordType = ObjectIdentifier(record)
        for entry in entries where entry.keyType == keyType && entry.recordType == recordType {
            entry.plan?.start()
            // The entry of this key type holds a KeyedDecodingContainer<Key>.
            return unsafeDowncast(entry, to: TypedCachedKeyedContainer<KeyedDecodingContainer<Key>>.self)
                .copyContainer()
        }
        return makeContainer(row: row, record: record, key: Key.self)
    }

    /// Builds and caches the keyed container of a record type and a
    /// coding key type for the row: once per cursor. Out of line, so that
    /// the look-up of the next records stays small.
    @inline(never)
    private func makeContainer<Key: CodingKey>(
        row: Row,
        record: any FetchableRecord.Type,
        key: Key.Type) -> KeyedDecodingContainer<Key>
    {
        let keyType = ObjectIdentifier(Key.self)
        let recordType = ObjectIdentifier(record)
        let plan = planCache?.plan(
            recordType: recordType, key: Key.self, columnOffset: row._offset, columnCount: row.count)
            ?? RowDecodingPlan.plan(for: row, record: record, key: Key.self)
        let unmanagedPlan = plan.map { Unmanaged.passUnretained($0) }
        let keyedContainer: KeyedDecodingContainer<Key>
        if TypedCachedKeyedContainer<KeyedDecodingContainer<Key>>.canTellSharing {
            keyedContainer = KeyedDecodingContainer(CachedRowKeyedDecodingContainer<Key>(
                unmanagedRow: Unmanaged.passUnretained(row), plan: unmanagedPlan, record: record))
        } else {
            // A container that retains its row, released by removeAll(of:).
            keyedContainer = KeyedDecodingContainer(RecordKeyedDecodingContainer<Key>(
                row: row, plan: unmanagedPlan, record: record))
        }
        entries.append(TypedCachedKeyedContainer(
            recordType: recordType, keyType: keyType, plan: plan, container: keyedContainer))
        return keyedContainer
    }

    /// Releases the containers. The row is kept alive, for good, when one
    /// of them is still referenced elsewhere.
    ///
    /// - Parameter row: The row that owns the cache.
    func removeAll(of row: Row) {
        var isShared = false
        for entry in entries {
            entry.plan?.forgetSources(of: row)
            if entry.releaseContainer() {
                isShared = true
            }
        }
        entries.removeAll()
        if isShared {
            _ = Unmanaged.passRetained(row)
        }
    }

    /// The row's cursor ended: releases the containers.
    func slotWillEmpty(owner: AnyObject) {
        removeAll(of: unsafeDowncast(owner, to: Row.self))
    }
}

/// A cached keyed container, stored in raw memory. The cache finds an
/// entry by type identifiers, and reads it back through its subclass
/// (``TypedCachedKeyedContainer``), with no dynamic cast and no run-time
/// metadata look-up.
class CachedKeyedContainer {
    let recordType: ObjectIdentifier
    let keyType: ObjectIdentifier

    /// The plan of the container, retained here (the container refers to
    /// it without retaining it).
    let plan: RowDecodingPlan?

    /// A `KeyedDecodingContainer<Key>`, initialized by the subclass until
    /// ``releaseContainer()``.
    let storage: UnsafeMutableRawPointer

    init(recordType: ObjectIdentifier, keyType: ObjectIdentifier, plan: RowDecodingPlan?, storage: UnsafeMutableRawPointer) {
        self.recordType = recordType
        self.keyType = keyType
        self.plan = plan
        self.storage = storage
    }

    /// Releases the container, and returns whether it is still referenced
    /// elsewhere (a copy kept by user code) and needs its row.
    func releaseContainer() -> Bool { true }
}

/// A cached `KeyedDecodingContainer<Key>`: owns the memory of the
/// container.
///
/// The class is generic over the type of the container, not over the
/// coding key: its methods find the metadata of the container in the
/// metadata of the instance, instead of a run-time look-up of
/// `KeyedDecodingContainer<Key>` (a hash table search, with atomic
/// operations, for each decoded record).
final class TypedCachedKeyedContainer<Container>: CachedKeyedContainer {
    private var isReleased = false

    init(recordType: ObjectIdentifier, keyType: ObjectIdentifier, plan: RowDecodingPlan?, container: Container) {
        let storage = UnsafeMutablePointer<Container>.allocate(capacity: 1)
        storage.initialize(to: container)
        super.init(recordType: recordType, keyType: keyType, plan: plan, storage: UnsafeMutableRawPointer(storage))
    }

    /// Returns a copy of the container. Not inlined, so that the copy
    /// uses the metadata of `Container` that the instance knows.
    @inline(never)
    func copyContainer() -> Container {
        storage.assumingMemoryBound(to: Container.self).pointee
    }

    /// Whether ``releaseContainer()`` can tell a container kept by user
    /// code: `KeyedDecodingContainer` is a single reference to the object
    /// that holds our container, which a weak reference can watch. Would
    /// the standard library store it otherwise, the cache uses containers
    /// that retain their row.
    static var canTellSharing: Bool {
        MemoryLayout<Container>.size == MemoryLayout<AnyObject>.size
            && MemoryLayout<Container>.alignment == MemoryLayout<AnyObject>.alignment
    }

    override func releaseContainer() -> Bool {
        guard !isReleased else { return false }
        isReleased = true
        let container = storage.assumingMemoryBound(to: Container.self)
        guard Self.canTellSharing else {
            // The container retains its row: it needs nothing.
            container.deinitialize(count: 1)
            return false
        }
        weak let box = storage.load(as: AnyObject.self)
        container.deinitialize(count: 1)
        return box != nil
    }

    deinit {
        _ = releaseContainer()
        storage.deallocate()
    }
}
