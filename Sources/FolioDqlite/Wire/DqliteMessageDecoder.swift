import Foundation
import Folio

/// Reads the fields of one response body in order.
///
/// The decoder reads from the connection's receive buffer, in place. Every
/// read checks the bounds of the body: a short or malformed response
/// throws ``DqliteError/protocolViolation(_:)``, never reads out of bounds.
struct DqliteMessageDecoder {
    private let body: UnsafeRawBufferPointer
    private(set) var offset: Int

    init(body: UnsafeRawBufferPointer) {
        self.body = body
        self.offset = 0
    }

    var isAtEnd: Bool { offset >= body.count }

    private func need(_ count: Int, _ what: StaticString) throws {
        if count < 0 || offset + count > body.count {
            throw DqliteError.protocolViolation(
                "the response ends before its \(what) (offset \(offset), \(body.count) bytes)")
        }
    }

    mutating func uint64() throws -> UInt64 {
        try need(8, "64-bit integer")
        let value = UInt64(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
        return value
    }

    mutating func uint32() throws -> UInt32 {
        try need(4, "32-bit integer")
        let value = UInt32(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        offset += 4
        return value
    }

    /// The next word, without moving past it.
    func peekUInt64() throws -> UInt64 {
        try need(8, "64-bit integer")
        return UInt64(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// A text: the bytes up to the NUL byte, then the padding.
    mutating func text() throws -> String {
        guard let end = body[offset...].firstIndex(of: 0) else {
            throw DqliteError.protocolViolation("a text of the response has no NUL byte")
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: body[offset..<end]), as: UTF8.self)
        offset = Self.padded(end + 1)
        return text
    }

    /// Moves past a text.
    mutating func skipText() throws {
        guard let end = body[offset...].firstIndex(of: 0) else {
            throw DqliteError.protocolViolation("a text of the response has no NUL byte")
        }
        offset = Self.padded(end + 1)
    }

    /// A blob: its length, its bytes, then the padding.
    mutating func blob() throws -> Data {
        let length = try uint64()
        guard length <= UInt64(body.count - offset) else {
            throw DqliteError.protocolViolation("a blob of \(length) bytes is longer than the response")
        }
        let count = Int(length)
        let data = Data(UnsafeRawBufferPointer(rebasing: body[offset..<(offset + count)]))
        offset = Self.padded(offset + count)
        return data
    }

    /// The 4-bit type codes of a row of `count` values, then moves past the
    /// row header (a multiple of 8 bytes).
    mutating func rowTypes(count: Int, into types: inout [UInt8]) throws {
        let headerSize = Self.padded((count + 1) / 2)
        try need(headerSize, "row header")
        types.removeAll(keepingCapacity: true)
        for index in 0..<count {
            let byte = body[offset + index / 2]
            types.append(index % 2 == 0 ? byte & 0x0f : byte >> 4)
        }
        offset += headerSize
    }

    static func padded(_ offset: Int) -> Int {
        (offset + DqliteProtocol.wordSize - 1) & ~(DqliteProtocol.wordSize - 1)
    }
}
