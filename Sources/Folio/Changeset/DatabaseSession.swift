import CSQLite
import Foundation

/// An SQLite session: records the changes made through one connection to
/// some tables of its main schema.
///
/// A session must be deleted before its connection closes, on the
/// connection's queue: ``Database/recordChanges(in:_:)`` deletes its own
/// before it returns, and ``ChangeRecorder`` in a write access.
///
/// See <https://www.sqlite.org/session/session.html>.
struct DatabaseSession {
    let sqliteSession: OpaquePointer

    /// Creates a session and attaches the tables.
    ///
    /// - Parameters:
    ///   - db: A connection.
    ///   - tables: Table names, or nil for all tables with a primary key.
    /// - Throws: A ``DatabaseError`` that names a table that does not
    ///   exist, or has no primary key (SQLite would record nothing).
    init(_ db: Database, tables: [String]?) throws {
        try db.checkNotRemote("recording changes (changesets and patchsets) is")
        if let tables {
            for table in tables {
                try Self.checkRecordable(db, table)
            }
        }
        guard let sqliteConnection = db.sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed")
        }
        var session: OpaquePointer?
        let code = sqlite3session_create(sqliteConnection, "main", &session)
        guard code == SQLITE_OK, let session else {
            throw ChangesetCall.error(code == SQLITE_OK ? SQLITE_NOMEM : code, "creating a session")
        }
        sqliteSession = session
        do {
            if let tables {
                for table in tables {
                    let code = sqlite3session_attach(session, table)
                    guard code == SQLITE_OK else {
                        throw ChangesetCall.error(code, "recording the changes", table: table)
                    }
                }
            } else {
                let code = sqlite3session_attach(session, nil)
                guard code == SQLITE_OK else {
                    throw ChangesetCall.error(code, "recording the changes of all tables")
                }
            }
        } catch {
            sqlite3session_delete(session)
            throw error
        }
    }

    /// Throws when SQLite can not record the changes of a table.
    private static func checkRecordable(_ db: Database, _ table: String) throws {
        guard try db.tableExists(table) else {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "SQLITE_ERROR: can not record the changes of the table "
                    + "\(table.quotedDatabaseIdentifier), which does not exist")
        }
        guard try db.columns(in: table).contains(where: { $0.primaryKeyIndex > 0 }) else {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "SQLITE_ERROR: can not record the changes of the table "
                    + "\(table.quotedDatabaseIdentifier), which has no primary key: "
                    + "SQLite's session extension records the changes of tables with a primary key only")
        }
    }

    /// Deletes the session. It must not be used afterwards.
    func delete() {
        sqlite3session_delete(sqliteSession)
    }

    /// The changes recorded so far, as a changeset.
    func changeset() throws -> Changeset {
        var count: CInt = 0
        var bytes: UnsafeMutableRawPointer?
        let code = sqlite3session_changeset(sqliteSession, &count, &bytes)
        guard code == SQLITE_OK else {
            sqlite3_free(bytes)
            throw ChangesetCall.error(code, "taking the recorded changeset")
        }
        return Changeset(checkedData: ChangesetCall.takeBytes(count, bytes))
    }

    /// The changes recorded so far, as a patchset.
    func patchset() throws -> Patchset {
        var count: CInt = 0
        var bytes: UnsafeMutableRawPointer?
        let code = sqlite3session_patchset(sqliteSession, &count, &bytes)
        guard code == SQLITE_OK else {
            sqlite3_free(bytes)
            throw ChangesetCall.error(code, "taking the recorded patchset")
        }
        return Patchset(checkedData: ChangesetCall.takeBytes(count, bytes))
    }

    /// Pauses or resumes recording.
    ///
    /// See <https://www.sqlite.org/session/sqlite3session_enable.html>.
    func setEnabled(_ enabled: Bool) {
        _ = sqlite3session_enable(sqliteSession, enabled ? 1 : 0)
    }
}
