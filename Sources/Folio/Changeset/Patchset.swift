import Foundation

/// The changes that a transaction made to some tables, in SQLite's compact
/// patchset format.
///
/// GRDB has no such API: it is Folio's own, over SQLite's session
/// extension.
///
/// ```swift
/// let (patchset, _) = try dbQueue.write { db in
///     try db.recordPatchset(in: nil) { db in
///         try db.execute(sql: "UPDATE player SET score = 10 WHERE id = 1")
///     }
/// }
/// try otherQueue.write { db in try db.apply(patchset) }
/// ```
///
/// A patchset has the shape of a ``Changeset``, with less in it: a deleted
/// row carries its primary key only, and an updated row its primary key
/// and new values. So a patchset can not be inverted, and SQLite detects
/// fewer conflicts when it applies one (an update or a delete of a row
/// that exists applies whatever the row holds).
///
/// See <https://www.sqlite.org/sessionintro.html>.
public struct Patchset: Hashable, Sendable {
    /// The bytes of the patchset, in SQLite's format.
    ///
    /// GRDB has no such API.
    public let data: Data

    /// Creates an empty patchset, which changes nothing.
    ///
    /// GRDB has no such API.
    public init() {
        data = Data()
    }

    /// Creates a patchset from bytes that were checked already.
    init(checkedData: Data) {
        data = checkedData
    }

    /// Creates a patchset from its bytes, such as the ``data`` of another
    /// patchset.
    ///
    /// GRDB has no such API.
    ///
    /// Every change is read and checked.
    ///
    /// - Parameter data: The bytes of a patchset.
    /// - Throws: A ``DatabaseError`` with the code `SQLITE_CORRUPT` when
    ///   the bytes are not a well-formed patchset (a changeset's bytes
    ///   included).
    public init(data: Data) throws {
        try ChangesetCall.validate(data, isPatchset: true)
        self.data = data
    }

    /// Reads a patchset from a file, such as one written by
    /// ``write(to:)``, in chunks, checking every change.
    ///
    /// GRDB has no such API.
    ///
    /// - Parameter url: The URL of a file.
    /// - Throws: The error of the file system, or a ``DatabaseError`` with
    ///   the code `SQLITE_CORRUPT` when the file does not hold a
    ///   well-formed patchset.
    public init(contentsOf url: URL) throws {
        data = try ChangesetFile.read(from: url, isPatchset: true)
    }

    /// Writes the patchset to a file, replacing it, in chunks.
    ///
    /// GRDB has no such API.
    ///
    /// - Parameter url: The URL of a file.
    /// - Throws: The error of the file system.
    public func write(to url: URL) throws {
        try ChangesetFile.write(data, to: url)
    }

    /// Whether the patchset changes nothing.
    ///
    /// GRDB has no such API.
    public var isEmpty: Bool {
        data.isEmpty
    }

    /// The changes, in the order SQLite applies them. The old values of
    /// updates and deletes hold the primary key only (nil elsewhere).
    ///
    /// GRDB has no such API.
    ///
    /// - Throws: A ``DatabaseError`` when the patchset can not be read.
    public var changes: [ChangesetChange] {
        get throws {
            try ChangesetCall.changes(in: data)
        }
    }

    /// Combines patchsets into one that has the same effect as applying
    /// them in order.
    ///
    /// GRDB has no such API.
    ///
    /// - Parameter patchsets: Patchsets, in the order they were made.
    /// - Returns: The combined patchset.
    /// - Throws: A ``DatabaseError`` when the patchsets can not be
    ///   combined.
    ///
    /// See <https://www.sqlite.org/session/changegroup.html>.
    public static func concatenate(_ patchsets: [Patchset]) throws -> Patchset {
        try Patchset(checkedData: ChangesetCall.concatenate(patchsets.map(\.data), kind: "patchset"))
    }
}

extension Patchset: CustomStringConvertible {
    /// A description such as `Patchset(42 bytes)`.
    ///
    /// GRDB has no such API.
    public var description: String {
        "Patchset(\(data.count) bytes)"
    }
}
