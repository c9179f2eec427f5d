import Foundation

// What the `Encodable` record encoder (`EncodableRecord+Encodable.swift`)
// keeps from one record to the next: the encoder itself, per thread, and
// its keyed container.

/// The encoder of the last `Encodable` record type encoded on a thread, kept
/// for the next record of that type, so that a loop of insertions allocates
/// no encoder and builds no keyed container per record (see
/// ``CachedKeyedEncodingContainer``).
///
/// Each thread has its own (``current``): a synchronous `encode(to:)`
/// never leaves its thread. An encoder is taken out of the reuse while it
/// encodes: a record whose `encode(to:)` encodes another record of the same
/// type gets a new encoder for it. An encoder is given back only when
/// nothing else refers to it, nor to its keyed container: an encoder or a
/// container that a record's `encode(to:)` keeps never writes into the
/// values of another record.
final class RecordEncoderReuse {
    /// The encoder of the last encoded record type, if it can be reused.
    private var encoder: ReusableRecordEncoder?

    /// The record type of `encoder`.
    private var encoderRecordType: ObjectIdentifier?

    /// The reuse of the current thread.
    static var current: RecordEncoderReuse {
        if let pointer = pthread_getspecific(recordEncoderReuseKey) {
            return Unmanaged<RecordEncoderReuse>.fromOpaque(pointer).takeUnretainedValue()
        }
        let reuse = RecordEncoderReuse()
        // Released by the destructor of the key, when the thread exits.
        pthread_setspecific(recordEncoderReuseKey, Unmanaged.passRetained(reuse).toOpaque())
        return reuse
    }

    /// Returns the encoder of the record type, if it was given back by the
    /// previous encoding, and takes it out of the reuse.
    func takeEncoder<Record: EncodableRecord>(for recordType: Record.Type) -> RecordEncoder<Record>? {
        guard let encoder, encoderRecordType == ObjectIdentifier(Record.self) else { return nil }
        self.encoder = nil
        // The encoder of this record type is a RecordEncoder<Record>.
        return unsafeDowncast(encoder, to: RecordEncoder<Record>.self)
    }

    /// Gives back an encoder that nothing else refers to, for the next
    /// record of its type, unless its keyed container is referenced
    /// elsewhere.
    ///
    /// - Parameters:
    ///   - encoder: A `RecordEncoder<Record>`.
    ///   - recordType: The record type of the encoder.
    func keepEncoder<Record: EncodableRecord>(_ encoder: ReusableRecordEncoder, for recordType: Record.Type) {
        if let keyedContainer = encoder.keyedContainer, keyedContainer.isShared {
            return
        }
        self.encoder = encoder
        self.encoderRecordType = ObjectIdentifier(Record.self)
    }
}

/// The thread-specific key of ``RecordEncoderReuse/current``.
private let recordEncoderReuseKey: pthread_key_t = {
    var key = pthread_key_t()
    // The destructor's parameter is optional on Linux and not on Darwin:
    // the closure passes it on as an optional on both.
    pthread_key_create(&key) { pointer in releaseRecordEncoderReuse(pointer) }
    return key
}()

/// Releases the ``RecordEncoderReuse`` of a thread that exits.
private func releaseRecordEncoderReuse(_ pointer: UnsafeMutableRawPointer?) {
    if let pointer {
        Unmanaged<RecordEncoderReuse>.fromOpaque(pointer).release()
    }
}

// MARK: - The keyed container, built once per encoder

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
