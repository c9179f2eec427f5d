import CSQLite
import Foundation

/// Reading and writing the bytes of changesets and patchsets in files,
/// in chunks.
///
/// A file is read through `sqlite3changeset_start_strm`, which asks for
/// its bytes a chunk at a time and checks each change as it arrives: a
/// malformed file stops at its first bad record, and never needs a second
/// copy of its bytes. A file is written a chunk at a time.
///
/// See <https://www.sqlite.org/session/c_session_config_strmsize.html> and
/// the streaming functions at
/// <https://www.sqlite.org/session/sqlite3changegroup_add_strm.html>.
enum ChangesetFile {
    /// The size of the chunks read from and written to files.
    static let chunkSize = 64 * 1024

    /// The state of the input callback of `sqlite3changeset_start_strm`.
    private final class Input {
        let handle: FileHandle
        var bytes = Data()
        var readError: (any Error)?

        init(handle: FileHandle) {
            self.handle = handle
        }

        /// Copies the next chunk of the file into `buffer`, and keeps it.
        func read(_ buffer: UnsafeMutableRawPointer, _ capacity: Int) -> Int? {
            do {
                guard let chunk = try handle.read(upToCount: capacity), !chunk.isEmpty else {
                    return 0
                }
                chunk.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), count: chunk.count)
                bytes.append(chunk)
                return chunk.count
            } catch {
                readError = error
                return nil
            }
        }
    }

    /// Reads a changeset (`isPatchset` false) or a patchset (true) from a
    /// file, checking every change.
    ///
    /// - Throws: The error of the file system, or `SQLITE_CORRUPT` when
    ///   the file does not hold a well-formed changeset.
    static func read(from url: URL, isPatchset: Bool) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() } // Reading is done: a failed close loses nothing.
        let input = Input(handle: handle)
        let context = Unmanaged.passUnretained(input).toOpaque()
        var iterator: OpaquePointer?
        let code = sqlite3changeset_start_strm(&iterator, { context, buffer, count in
            guard let context, let buffer, let count else { return SQLITE_MISUSE }
            let input = Unmanaged<Input>.fromOpaque(context).takeUnretainedValue()
            guard let read = input.read(buffer, Int(count.pointee)) else {
                return SQLITE_IOERR
            }
            count.pointee = CInt(read)
            return SQLITE_OK
        }, context)
        guard code == SQLITE_OK, let iterator else {
            throw ChangesetCall.error(code == SQLITE_OK ? SQLITE_NOMEM : code, "reading \(url.path)")
        }
        do {
            try withExtendedLifetime(input) {
                try ChangesetCall.iterate(iterator) { iterator in
                    _ = try ChangesetChange(iterator: iterator)
                }
            }
        } catch {
            if let readError = input.readError { throw readError }
            throw error
        }
        // The iterator has read and checked the whole file.
        let data = input.bytes
        try ChangesetCall.checkKind(data, isPatchset: isPatchset)
        return data
    }

    /// Writes bytes to a file, replacing it, a chunk at a time.
    static func write(_ data: Data, to url: URL) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: url.path) {
            try manager.removeItem(at: url)
        }
        guard manager.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        var offset = data.startIndex
        do {
            while offset < data.endIndex {
                let end = data.index(offset, offsetBy: chunkSize, limitedBy: data.endIndex) ?? data.endIndex
                try handle.write(contentsOf: data[offset..<end])
                offset = end
            }
            try handle.synchronize()
        } catch {
            try? handle.close() // The write error is the one the caller needs.
            throw error
        }
        try handle.close()
    }
}
