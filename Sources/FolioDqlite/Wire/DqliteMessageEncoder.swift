import Folio

/// Writes one request message: the header, then the fields of the body
/// in order, each padded as the protocol says.
///
/// The encoder keeps its bytes from one request to the next (a connection
/// owns one), so that a request allocates nothing once the buffer has
/// grown to the size of the largest request.
struct DqliteMessageEncoder {
    /// The message: the header (written by `finish(type:)`) and the body.
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(4096)
    }

    /// Starts a message: empties the buffer and leaves room for the header.
    mutating func start() {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: repeatElement(0, count: DqliteProtocol.wordSize))
    }

    /// Writes the header, now that the body's length is known.
    mutating func finish(type: DqliteProtocol.Request) {
        let words = UInt32((bytes.count - DqliteProtocol.wordSize) / DqliteProtocol.wordSize)
        bytes[0] = UInt8(truncatingIfNeeded: words)
        bytes[1] = UInt8(truncatingIfNeeded: words >> 8)
        bytes[2] = UInt8(truncatingIfNeeded: words >> 16)
        bytes[3] = UInt8(truncatingIfNeeded: words >> 24)
        bytes[4] = type.rawValue
        bytes[5] = 0
        bytes[6] = 0
        bytes[7] = 0
    }

    mutating func putUInt64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func putUInt32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Writes a text: its UTF-8 bytes, a NUL byte, and the padding.
    ///
    /// The caller checks that the text has no NUL byte of its own
    /// (`checkParameter`): dqlite reads a text up to its first NUL byte.
    mutating func putText(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.append(0)
        pad()
    }

    /// Writes a blob: its length, its bytes, and the padding.
    mutating func putBlob(_ blob: some Collection<UInt8>) {
        putUInt64(UInt64(blob.count))
        bytes.append(contentsOf: blob)
        pad()
    }

    /// Pads the body with NUL bytes to a multiple of 8 bytes.
    mutating func pad() {
        let remainder = bytes.count % DqliteProtocol.wordSize
        if remainder != 0 {
            bytes.append(contentsOf: repeatElement(0, count: DqliteProtocol.wordSize - remainder))
        }
    }

    /// Writes a tuple of parameters: their count (one byte), one type byte
    /// per parameter, the padding, then the values.
    ///
    /// The caller has checked the values before it started the message
    /// (`DqliteParameters.check`: at most 255, no text with a NUL byte),
    /// so that a message is never left half written.
    mutating func putParameters(_ values: [DatabaseValue]) {
        bytes.append(UInt8(truncatingIfNeeded: values.count))
        for value in values {
            bytes.append(Self.type(of: value).rawValue)
        }
        pad()
        for value in values {
            switch value.storage {
            case .null:
                putUInt64(0)
            case .int64(let integer):
                putUInt64(UInt64(bitPattern: integer))
            case .double(let double):
                putUInt64(double.bitPattern)
            case .string(let text):
                putText(text)
            case .blob(let data):
                putBlob(data)
            }
        }
    }

    static func type(of value: DatabaseValue) -> DqliteProtocol.ValueType {
        switch value.storage {
        case .null: .null
        case .int64: .integer
        case .double: .float
        case .string: .text
        case .blob: .blob
        }
    }
}
