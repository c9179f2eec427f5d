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
/// The cached containers refer to the row, which refers to the cache: the
/// cursor breaks the cycle with ``Row/_releaseStepCache()`` when it ends.
final class KeyedContainerCache {
    /// The cached containers, usually one (or a few for records that
    /// decode other records from the same row).
    /// Unchecked: a row is used by one thread at a time.
    @exclusivity(unchecked) private var entries: [CachedKeyedContainer] = []

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
            return entry.storage.assumingMemoryBound(to: KeyedDecodingContainer<Key>.self).pointee
        }
        let plan = RowDecodingPlan.plan(for: row, record: record, key: Key.self)
        let container = KeyedDecodingContainer(RecordKeyedDecodingContainer<Key>(
            row: row,
            plan: plan.map { Unmanaged.passUnretained($0) },
            record: record))
        entries.append(TypedCachedKeyedContainer(
            recordType: recordType, keyType: keyType, plan: plan, container: container))
        return container
    }

    /// Releases the containers (and the row they refer to).
    func removeAll() {
        entries.removeAll()
    }
}

/// A cached keyed container, stored in raw memory so that reading it back
/// costs one generic metadata look-up (the copy of the container), and no
/// dynamic cast.
class CachedKeyedContainer {
    let recordType: ObjectIdentifier
    let keyType: ObjectIdentifier

    /// The plan of the container, retained here (the container refers to
    /// it without retaining it).
    let plan: RowDecodingPlan?

    /// A `KeyedDecodingContainer<Key>`, initialized by the subclass.
    let storage: UnsafeMutableRawPointer

    init(recordType: ObjectIdentifier, keyType: ObjectIdentifier, plan: RowDecodingPlan?, storage: UnsafeMutableRawPointer) {
        self.recordType = recordType
        self.keyType = keyType
        self.plan = plan
        self.storage = storage
    }
}

/// A cached `KeyedDecodingContainer<Key>`: owns the memory of the
/// container.
final class TypedCachedKeyedContainer<Key: CodingKey>: CachedKeyedContainer {
    init(recordType: ObjectIdentifier, keyType: ObjectIdentifier, plan: RowDecodingPlan?, container: KeyedDecodingContainer<Key>) {
        let storage = UnsafeMutablePointer<KeyedDecodingContainer<Key>>.allocate(capacity: 1)
        storage.initialize(to: container)
        super.init(recordType: recordType, keyType: keyType, plan: plan, storage: UnsafeMutableRawPointer(storage))
    }

    deinit {
        let storage = storage.assumingMemoryBound(to: KeyedDecodingContainer<Key>.self)
        storage.deinitialize(count: 1)
        storage.deallocate()
    }
}
