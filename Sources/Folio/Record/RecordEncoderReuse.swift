import Foundation

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
