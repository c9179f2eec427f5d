/// The keyed container of a ``RecordEncoder``, built once per encoder.
///
/// `KeyedEncodingContainer` wraps the container of an encoder in a class
/// instance that the standard library allocates, after looking up the
/// generic metadata of the container and of its box at run time (the
/// encoder is not specialized for the coding key type of the record): about
/// a thousand instructions per record. The keyed container of
/// ``RecordEncoder`` only refers to the encoder's state, so that one
/// container serves every record that the encoder encodes.
///
/// The entry is found by the type identifier of its coding key, and read
/// back through its subclass (``TypedCachedKeyedEncodingContainer``), with
/// no dynamic cast and no run-time metadata look-up.
class CachedKeyedEncodingContainer {
    /// The coding key type of the container.
    let keyType: ObjectIdentifier

    init(keyType: ObjectIdentifier) {
        self.keyType = keyType
    }

    /// Whether the container may be referenced elsewhere (a copy kept by
    /// the record's `encode(to:)`): the encoder is then not reused, so
    /// that the copy never writes into the values of another record.
    var isShared: Bool { true }
}

/// A cached `KeyedEncodingContainer<Key>`, stored in memory that it owns.
///
/// The class is generic over the type of the container, not over the
/// coding key: its methods find the metadata of the container in the
/// metadata of the instance.
final class TypedCachedKeyedEncodingContainer<Container>: CachedKeyedEncodingContainer {
    private let storage: UnsafeMutablePointer<Container>

    init(keyType: ObjectIdentifier, container: Container) {
        storage = UnsafeMutablePointer<Container>.allocate(capacity: 1)
        storage.initialize(to: container)
        super.init(keyType: keyType)
    }

    /// Returns a copy of the container. Not inlined, so that the copy
    /// uses the metadata of `Container` that the instance knows.
    @inline(never)
    func copyContainer() -> Container {
        storage.pointee
    }

    /// `KeyedEncodingContainer` is a single reference to the box that
    /// holds the encoder's container: the box is not shared when this
    /// entry holds the only reference. Would the standard library store it
    /// otherwise, the container counts as shared, and encoders are not
    /// reused.
    ///
    /// This relies on the standard library's private layout, which the
    /// size and alignment check below only partly guards: a single
    /// pointer-sized field that is not a reference would pass it.
    /// `CachedKeyedEncodingContainerTests` fails when the layout changes
    /// (the container is no longer one reference, or a copy is not seen as
    /// shared; that a lone container is not seen as shared is checked in
    /// release builds only: debug builds hold more references to the box,
    /// and do not reuse encoders). What it pays for: reusing the encoder and this container
    /// took workload 7 (`Encodable` inserts, `--reduce 10`) from 30.08M to
    /// 26.87M instructions (298 to 266 per record, Benchmarks/README.md).
    override var isShared: Bool {
        guard MemoryLayout<Container>.size == MemoryLayout<AnyObject>.size,
              MemoryLayout<Container>.alignment == MemoryLayout<AnyObject>.alignment
        else { return true }
        return UnsafeMutableRawPointer(storage).withMemoryRebound(to: AnyObject.self, capacity: 1) { box in
            !isKnownUniquelyReferenced(&box.pointee)
        }
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }
}
