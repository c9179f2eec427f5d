import Foundation

/// Reading and writing the bytes of changesets and patchsets in files,
/// in chunks.
///
/// Files are not read through SQLite's streaming reader
/// (`sqlite3changeset_start_strm`): the SQLite of Debian 12 (3.40) loops
/// forever on some truncated inputs, so that bytes from a file are read
/// in chunks, then checked by ``ChangesetFormat`` before SQLite reads
/// them.
enum ChangesetFile {
    /// The size of the chunks read from and written to files.
    static let chunkSize = 64 * 1024

    /// Reads a changeset (`isPatchset` false) or a patchset (true) from a
    /// file, checking every change.
    ///
    /// - Throws: The error of the file system, or `SQLITE_CORRUPT` when
    ///   the file does not hold a well-formed changeset.
    static func read(from url: URL, isPatchset: Bool) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() } // Reading is done: a failed close loses nothing.
        var data = Data()
        while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
            data.append(chunk)
        }
        try ChangesetCall.validate(data, isPatchset: isPatchset)
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
