/// Records the changes written through a database writer, to some tables,
/// until they are taken as a changeset.
///
/// GRDB has no such API: it is Folio's own, over SQLite's session
/// extension.
///
/// ```swift
/// let recorder = try dbPool.makeChangeRecorder(tables: ["player"])
/// try dbPool.write { db in try player.insert(db) }
/// let pending: Changeset = try recorder.takeChangeset()
/// ```
///
/// The recorder keeps its writer alive. Its session lives in the writer's
/// connection until the recorder is deallocated. Transaction observers and
/// ``ValueObservation``s keep working while it records.
///
/// See <https://www.sqlite.org/session/session.html>.
public final class ChangeRecorder: @unchecked Sendable {
    // @unchecked Sendable: `session` is only read and replaced inside the
    // write accesses of `writer`, which are serialized, or in `deinit`,
    // when no other thread can reach the recorder.
    private let writer: any DatabaseWriter
    private let tables: [String]?
    private let connection: SQLiteConnection
    private var session: DatabaseSession

    /// Creates a recorder in the writer's connection.
    init(writer: any DatabaseWriter, tables: [String]?) throws {
        self.writer = writer
        self.tables = tables
        (session, connection) = try writer.unsafeReentrantWrite { db in
            guard let connection = db.sqliteConnection else {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed")
            }
            return try (DatabaseSession(db, tables: tables), connection)
        }
    }

    deinit {
        let box = SessionBox(session: session, connection: connection)
        writer.asyncWriteWithoutTransaction { db in
            // A closed connection has dropped its hooks already: the
            // session is only freed with a live connection.
            guard db.sqliteConnection == box.connection else { return }
            box.session.delete()
        }
    }

    /// Returns the changes written since the recorder was created, or since
    /// the last call to `takeChangeset()`, and starts recording anew.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let pending = try recorder.takeChangeset()
    /// if !pending.isEmpty { try send(pending.data) }
    /// ```
    ///
    /// It may be called inside or outside of a write access of the writer.
    ///
    /// - Returns: The changeset; an empty changeset when nothing changed.
    /// - Throws: A ``DatabaseError`` (the changes stay recorded then).
    public func takeChangeset() throws -> Changeset {
        try take { session in try session.changeset() }
    }

    /// Returns the changes written since the recorder was created, or since
    /// the last take, as a patchset (only the new values of updates, and
    /// the primary key of deletes), and starts recording anew.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let pending: Patchset = try recorder.takePatchset()
    /// ```
    ///
    /// It may be called inside or outside of a write access of the writer.
    ///
    /// - Returns: The patchset; an empty patchset when nothing changed.
    /// - Throws: A ``DatabaseError`` (the changes stay recorded then).
    public func takePatchset() throws -> Patchset {
        try take { session in try session.patchset() }
    }

    /// Reads the recorded changes with `read`, then replaces the session
    /// with a new one; the changes stay recorded when `read` throws.
    private func take<T>(_ read: (DatabaseSession) throws -> T) throws -> T {
        try writer.unsafeReentrantWrite { db in
            let next = try DatabaseSession(db, tables: tables)
            let taken: T
            do {
                taken = try read(session)
            } catch {
                next.delete()
                throw error
            }
            session.delete()
            session = next
            return taken
        }
    }

    /// Runs a function whose changes are not recorded, such as the
    /// application of changes received from another database.
    ///
    /// GRDB has no such API.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     try recorder.ignoringChanges(in: db) { db in
    ///         try db.apply(remoteChangeset)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A connection of the writer of the recorder, in a write
    ///     access (another connection is a programmer error).
    ///   - block: A function that changes the database.
    /// - Returns: The value returned by `block`.
    /// - Throws: The error of `block`.
    public func ignoringChanges<T>(in db: Database, _ block: (Database) throws -> T) rethrows -> T {
        checkProgrammerError(
            db.sqliteConnection == connection,
            "ignoringChanges(in:_:) needs a connection of the writer of the recorder")
        session.setEnabled(false)
        defer { session.setEnabled(true) }
        return try block(db)
    }
}

/// The session of a deallocated recorder, sent to its writer's queue to
/// be deleted there.
private struct SessionBox: @unchecked Sendable {
    // @unchecked Sendable: the session and connection pointers are only
    // used on the writer's queue, once, after the recorder is gone.
    let session: DatabaseSession
    let connection: SQLiteConnection
}
