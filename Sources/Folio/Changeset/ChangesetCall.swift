import CSQLite
import Foundation

/// The calls to SQLite's session extension that ``Changeset`` and
/// ``Patchset`` share: reading, inverting, combining and streaming the
/// bytes of a changeset, and the errors of these calls.
///
/// Every call checks its result code, so that malformed bytes throw a
/// ``DatabaseError`` (`SQLITE_CORRUPT`, usually) instead of trapping.
///
/// See <https://www.sqlite.org/sessionintro.html>.
enum ChangesetCall {
    /// An error that names the action, the table when known, and the
    /// result code.
    static func error(_ code: CInt, _ action: String, table: String? = nil) -> DatabaseError {
        let resultCode = ResultCode(rawValue: code)
        var message = "\(codeName(code)) while \(action)"
        if let table {
            message += " of table \(table.quotedDatabaseIdentifier)"
        }
        message += ": " + String(cString: sqlite3_errstr(code))
        return DatabaseError(resultCode: resultCode, message: message)
    }

    /// The name of a primary result code, such as `SQLITE_CORRUPT`.
    static func codeName(_ code: CInt) -> String {
        switch code & 0xFF {
        case SQLITE_ERROR: return "SQLITE_ERROR"
        case SQLITE_ABORT: return "SQLITE_ABORT"
        case SQLITE_NOMEM: return "SQLITE_NOMEM"
        case SQLITE_IOERR: return "SQLITE_IOERR"
        case SQLITE_CORRUPT: return "SQLITE_CORRUPT"
        case SQLITE_SCHEMA: return "SQLITE_SCHEMA"
        case SQLITE_TOOBIG: return "SQLITE_TOOBIG"
        case SQLITE_CONSTRAINT: return "SQLITE_CONSTRAINT"
        case SQLITE_MISMATCH: return "SQLITE_MISMATCH"
        case SQLITE_MISUSE: return "SQLITE_MISUSE"
        case SQLITE_RANGE: return "SQLITE_RANGE"
        default: return "SQLite error \(code)"
        }
    }

    /// Calls `body` with the bytes of `data`, as the session functions take
    /// them.
    ///
    /// - Throws: `SQLITE_TOOBIG` when the data is larger than 2 GiB, which
    ///   the non-streaming functions can not take.
    static func withBytes<T>(
        _ data: Data,
        _ body: (CInt, UnsafeMutableRawPointer?) throws -> T) throws -> T
    {
        guard data.count <= Int(CInt.max) else {
            throw error(SQLITE_TOOBIG, "reading a changeset of \(data.count) bytes")
        }
        var data = data
        return try data.withUnsafeMutableBytes { buffer in
            try body(CInt(buffer.count), buffer.baseAddress)
        }
    }

    /// Iterates the changes of a changeset or patchset.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - body: Called for each change, with the iterator positioned on it.
    /// - Throws: `SQLITE_CORRUPT` when the bytes are malformed, or the
    ///   error of `body`.
    static func forEachChange(in data: Data, _ body: (OpaquePointer) throws -> Void) throws {
        if data.isEmpty { return }
        try withBytes(data) { count, bytes in
            var iterator: OpaquePointer?
            let code = sqlite3changeset_start(&iterator, count, bytes)
            guard code == SQLITE_OK, let iterator else {
                throw error(code == SQLITE_OK ? SQLITE_NOMEM : code, "reading a changeset")
            }
            try iterate(iterator, body)
        }
    }

    /// Steps an iterator to its end, and finalizes it.
    static func iterate(_ iterator: OpaquePointer, _ body: (OpaquePointer) throws -> Void) throws {
        var bodyError: (any Error)?
        var code: CInt
        repeat {
            code = sqlite3changeset_next(iterator)
            guard code == SQLITE_ROW else { break }
            do {
                try body(iterator)
            } catch {
                bodyError = error
                break
            }
        } while true
        let finalizeCode = sqlite3changeset_finalize(iterator)
        if let bodyError { throw bodyError }
        if code != SQLITE_DONE && code != SQLITE_ROW {
            throw error(code, "reading a changeset")
        }
        if finalizeCode != SQLITE_OK {
            throw error(finalizeCode, "reading a changeset")
        }
    }

    /// The changes of a changeset or patchset.
    static func changes(in data: Data) throws -> [ChangesetChange] {
        var changes: [ChangesetChange] = []
        try forEachChange(in: data) { iterator in
            try changes.append(ChangesetChange(iterator: iterator))
        }
        return changes
    }

    /// Checks that bytes are a well-formed changeset (`isPatchset` false)
    /// or patchset (true).
    ///
    /// A changeset begins each table with `T`, a patchset with `P`.
    ///
    /// - Throws: `SQLITE_CORRUPT` when they are not.
    static func validate(_ data: Data, isPatchset: Bool) throws {
        try checkKind(data, isPatchset: isPatchset)
        // SQLite may loop forever on malformed bytes: check them first.
        try ChangesetFormat.check(data, isPatchset: isPatchset)
        try forEachChange(in: data) { iterator in
            // Reading each value checks the record.
            _ = try ChangesetChange(iterator: iterator)
        }
    }

    /// Checks that bytes begin as a changeset (`isPatchset` false) or a
    /// patchset (true) does.
    static func checkKind(_ data: Data, isPatchset: Bool) throws {
        guard let first = data.first else { return }
        let expected: UInt8 = isPatchset ? 0x50 : 0x54
        let other: UInt8 = isPatchset ? 0x54 : 0x50
        if first == other {
            throw DatabaseError(
                resultCode: .SQLITE_CORRUPT,
                message: isPatchset
                    ? "SQLITE_CORRUPT: the data is a changeset, not a patchset: use Changeset(data:)"
                    : "SQLITE_CORRUPT: the data is a patchset, not a changeset: use Patchset(data:)")
        }
        guard first == expected else {
            throw error(SQLITE_CORRUPT, "reading a \(isPatchset ? "patchset" : "changeset")")
        }
    }

    /// Returns the bytes that SQLite allocated, and frees them.
    static func takeBytes(_ count: CInt, _ bytes: UnsafeMutableRawPointer?) -> Data {
        defer { sqlite3_free(bytes) }
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: Int(count))
    }

    /// The inverse of a changeset.
    static func invert(_ data: Data) throws -> Data {
        if data.isEmpty { return Data() }
        return try withBytes(data) { count, bytes in
            var outCount: CInt = 0
            var outBytes: UnsafeMutableRawPointer?
            let code = sqlite3changeset_invert(count, bytes, &outCount, &outBytes)
            guard code == SQLITE_OK else {
                sqlite3_free(outBytes)
                throw error(code, "inverting a changeset")
            }
            return takeBytes(outCount, outBytes)
        }
    }

    /// Combines changesets (or patchsets) into one, with a change group.
    ///
    /// See <https://www.sqlite.org/session/changegroup.html>.
    static func concatenate(_ datas: [Data], kind: String) throws -> Data {
        var group: OpaquePointer?
        var code = sqlite3changegroup_new(&group)
        guard code == SQLITE_OK, let group else {
            throw error(code == SQLITE_OK ? SQLITE_NOMEM : code, "concatenating \(kind)s")
        }
        defer { sqlite3changegroup_delete(group) }
        for (index, data) in datas.enumerated() where !data.isEmpty {
            code = try withBytes(data) { count, bytes in
                sqlite3changegroup_add(group, count, bytes)
            }
            guard code == SQLITE_OK else {
                throw error(code, "concatenating \(kind) \(index) (counting from 0) of \(datas.count)")
            }
        }
        var outCount: CInt = 0
        var outBytes: UnsafeMutableRawPointer?
        code = sqlite3changegroup_output(group, &outCount, &outBytes)
        guard code == SQLITE_OK else {
            sqlite3_free(outBytes)
            throw error(code, "concatenating \(kind)s")
        }
        return takeBytes(outCount, outBytes)
    }
}
