import Foundation

/// The changes that a transaction made to some tables, as data that can be
/// stored, sent, applied to another database, and undone: an SQLite
/// changeset.
///
/// GRDB has no such API: it is Folio's own, over SQLite's session
/// extension (GRDB issue 1711).
///
/// ```swift
/// // Record
/// let (changeset, _) = try dbQueue.write { db in
///     try db.recordChanges(in: ["player"]) { db in
///         try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
///     }
/// }
///
/// // Send, and apply elsewhere
/// let data = changeset.data
/// try otherQueue.write { db in try db.apply(Changeset(data: data)) }
///
/// // Undo
/// try dbQueue.write { db in try db.apply(changeset.inverted()) }
/// ```
///
/// A changeset holds the full old and new values of each changed row,
/// which lets SQLite detect conflicts when it applies it, and invert it. A
/// ``Patchset`` is smaller, and can do neither as well.
///
/// See <https://www.sqlite.org/sessionintro.html>.
///
/// ## Topics
///
/// ### Creating changesets
///
/// - ``Database/recordChanges(in:_:)``
/// - ``ChangeRecorder/takeChangeset()``
/// - ``init(data:)``
/// - ``init(contentsOf:)``
/// - ``concatenate(_:)``
///
/// ### Reading and writing
///
/// - ``data``
/// - ``changes``
/// - ``write(to:)``
///
/// ### Applying and undoing
///
/// - ``Database/apply(_:)-(Changeset)``
/// - ``inverted()``
public struct Changeset: Hashable, Sendable {
    /// The bytes of the changeset, in SQLite's format.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let data = changeset.data
    /// let again = try Changeset(data: data)
    /// ```
    public let data: Data

    /// Creates an empty changeset, which changes nothing.
    ///
    /// GRDB has no such API.
    public init() {
        data = Data()
    }

    /// Creates a changeset from bytes that were checked already.
    init(checkedData: Data) {
        data = checkedData
    }

    /// Creates a changeset from its bytes, such as the ``data`` of another
    /// changeset.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let changeset = try Changeset(data: receivedData)
    /// ```
    ///
    /// Every change is read and checked.
    ///
    /// - Parameter data: The bytes of a changeset.
    /// - Throws: A ``DatabaseError`` with the code `SQLITE_CORRUPT` when
    ///   the bytes are not a well-formed changeset (a patchset's bytes
    ///   included).
    public init(data: Data) throws {
        try ChangesetCall.validate(data, isPatchset: false)
        self.data = data
    }

    /// Reads a changeset from a file, such as one written by
    /// ``write(to:)``.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let changeset = try Changeset(contentsOf: url)
    /// ```
    ///
    /// The file is read in chunks, and every change is checked.
    ///
    /// - Parameter url: The URL of a file.
    /// - Throws: The error of the file system, or a ``DatabaseError`` with
    ///   the code `SQLITE_CORRUPT` when the file does not hold a
    ///   well-formed changeset.
    public init(contentsOf url: URL) throws {
        data = try ChangesetFile.read(from: url, isPatchset: false)
    }

    /// Writes the changeset to a file, replacing it, in chunks.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// try changeset.write(to: url)
    /// ```
    ///
    /// - Parameter url: The URL of a file.
    /// - Throws: The error of the file system.
    public func write(to url: URL) throws {
        try ChangesetFile.write(data, to: url)
    }

    /// Whether the changeset changes nothing.
    ///
    /// GRDB has no such API.
    public var isEmpty: Bool {
        data.isEmpty
    }

    /// The changes, in the order SQLite applies them.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// for change in try changeset.changes {
    ///     print(change.table, change.operation, change.oldValues, change.newValues)
    /// }
    /// ```
    ///
    /// - Throws: A ``DatabaseError`` when the changeset can not be read.
    public var changes: [ChangesetChange] {
        get throws {
            try ChangesetCall.changes(in: data)
        }
    }

    /// The changeset that undoes this one: its inserts are deletes, its
    /// deletes inserts, and its updates go back to the old values.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// try dbQueue.write { db in try db.apply(changeset.inverted()) }
    /// ```
    ///
    /// To undo several changesets, apply their inverses in reverse order.
    ///
    /// - Returns: The inverse changeset.
    /// - Throws: A ``DatabaseError`` when the changeset can not be read.
    ///
    /// See <https://www.sqlite.org/session/sqlite3changeset_invert.html>.
    public func inverted() throws -> Changeset {
        try Changeset(checkedData: ChangesetCall.invert(data))
    }

    /// Combines changesets into one that has the same effect as applying
    /// them in order.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let both = try Changeset.concatenate([c1, c2])
    /// ```
    ///
    /// Changes of the same row combine: an insert followed by an update is
    /// one insert, an insert followed by a delete is nothing.
    ///
    /// - Parameter changesets: Changesets, in the order they were made.
    /// - Returns: The combined changeset.
    /// - Throws: A ``DatabaseError`` when the changesets can not be
    ///   combined (they disagree on the columns or primary key of a table).
    ///
    /// See <https://www.sqlite.org/session/changegroup.html>.
    public static func concatenate(_ changesets: [Changeset]) throws -> Changeset {
        try Changeset(checkedData: ChangesetCall.concatenate(changesets.map(\.data), kind: "changeset"))
    }
}

extension Changeset: CustomStringConvertible {
    /// A description such as `Changeset(42 bytes)`.
    ///
    /// GRDB has no such API.
    public var description: String {
        "Changeset(\(data.count) bytes)"
    }
}
