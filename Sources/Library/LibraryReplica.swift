import Foundation
import Folio

/// A copy of the library that is edited offline, and converges with
/// another copy by exchanging changesets (see `Documentation/Changesets.md`).
///
/// ```swift
/// let laptop = try LibraryReplica(manager: LibraryManager(dbWriter: DatabaseQueue(path: laptopPath)))
/// let phone = try LibraryReplica(manager: LibraryManager(dbWriter: DatabaseQueue(path: phonePath)))
/// try laptop.manager.renameBook(bookId: 1, title: "Cien años de soledad")
/// try phone.manager.renameBook(bookId: 1, title: "One Hundred Years of Solitude")
/// try LibraryReplica.sync(laptop, phone)   // both keep the last title
/// ```
///
/// The replica records the changes of the `author` and `book` tables
/// (``ChangeRecorder``) and applies the changes of other replicas without
/// recording them again. Conflicts resolve by a fixed policy:
///
/// - Two edits of the same book: the one with the later `modifiedAt`
///   wins (last writer wins); on a tie, the replica that receives keeps
///   its own.
/// - An edit of a deleted row: the deletion wins. A deletion of an edited
///   row: the deletion wins too.
/// - Two inserts with the same id: the later `modifiedAt` wins for books;
///   the received author is dropped. Authors have no `modifiedAt`: two
///   edits of one author keep each replica's own version. Rows inserted on two replicas need
///   ids that do not collide (ranges per replica, or UUIDs) to all
///   survive.
/// - A broken constraint or foreign key aborts the application: nothing
///   is applied, and the error is thrown.
///
/// Foreign key actions do not run while remote changes apply: the
/// changeset already holds the rows that cascades deleted on the other
/// replica. Foreign keys are checked once all changes are applied.
public final class LibraryReplica: Sendable {
    /// The library of this replica.
    public let manager: LibraryManager

    private let recorder: ChangeRecorder

    /// Starts recording the local changes of a library.
    ///
    /// - Parameter manager: A library.
    /// - Throws: A ``DatabaseError``.
    public init(manager: LibraryManager) throws {
        self.manager = manager
        recorder = try manager.dbWriter.makeChangeRecorder(tables: ["author", "book"])
    }

    /// The local changes made since the last call, to send to other
    /// replicas.
    ///
    /// - Returns: A changeset, empty when nothing changed.
    /// - Throws: A ``DatabaseError``.
    public func takeLocalChanges() throws -> Changeset {
        try recorder.takeChangeset()
    }

    /// Applies the changes of another replica, resolving conflicts by the
    /// policy of the type, and without recording them as local changes.
    ///
    /// - Parameter changeset: Changes taken from another replica.
    /// - Returns: The conflicts that were resolved.
    /// - Throws: A ``DatabaseError``; nothing is applied then.
    @discardableResult
    public func applyRemoteChanges(_ changeset: Changeset) throws -> [ChangesetConflict] {
        try manager.dbWriter.writeWithoutTransaction { db in
            guard let modifiedAtIndex = try db.columns(in: "book").firstIndex(where: { $0.name == "modifiedAt" }) else {
                throw DatabaseError(message: "the book table has no modifiedAt column: migrate the library first")
            }
            // The changeset holds the deletions that cascaded on the other
            // replica (as indirect changes): foreign key actions must not
            // run again here, or they would delete rows that the changeset
            // moves to another author first. Foreign keys are checked once
            // all changes are applied.
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer {
                // Restores the setting of the connection; a failure would
                // leave foreign keys off, and the next write on.
                try? db.execute(sql: "PRAGMA foreign_keys = ON")
            }
            var conflicts: [ChangesetConflict] = []
            try db.inTransaction {
                try recorder.ignoringChanges(in: db) { db in
                    try db.apply(changeset) { conflict in
                        conflicts.append(conflict)
                        return Self.resolve(conflict, modifiedAtIndex: modifiedAtIndex)
                    }
                }
                try db.checkForeignKeys()
                return .commit
            }
            return conflicts
        }
    }

    /// Exchanges the local changes of two replicas, which then hold the
    /// same library (when no other writes happen meanwhile).
    ///
    /// - Parameters:
    ///   - first: A replica.
    ///   - second: Another replica.
    /// - Throws: A ``DatabaseError``.
    public static func sync(_ first: LibraryReplica, _ second: LibraryReplica) throws {
        let fromFirst = try first.takeLocalChanges()
        let fromSecond = try second.takeLocalChanges()
        try first.applyRemoteChanges(fromSecond)
        try second.applyRemoteChanges(fromFirst)
    }

    /// The conflict policy (see the type's documentation), as
    /// `Documentation/Changesets.md` shows it.
    ///
    /// - Parameters:
    ///   - conflict: A conflict met while applying another replica's
    ///     changes.
    ///   - modifiedAtIndex: The index of the `modifiedAt` column of the
    ///     `book` table.
    /// - Returns: The resolution.
    public static func resolve(_ conflict: ChangesetConflict, modifiedAtIndex: Int) -> ChangesetConflictResolution {
        switch conflict.kind {
        case .notFound:
            return .omit                                    // deleted here: the deletion wins
        case .data where conflict.change.operation == .delete:
            return .replace                                 // deleted there: the deletion wins
        case .data, .conflict:
            guard conflict.table == "book" else { return .omit }   // no modifiedAt: the local row stays
            let received = conflict.change.newValues[modifiedAtIndex].flatMap { Double.fromDatabaseValue($0) }
            let local = conflict.conflictingValues?[modifiedAtIndex].flatMap { Double.fromDatabaseValue($0) }
            guard let received, let local else { return .omit }
            return received > local ? .replace : .omit      // last writer wins
        case .constraint, .foreignKey:
            return .abort
        }
    }
}

extension LibraryManager {
    /// All books, by id, for comparing replicas.
    ///
    /// - Returns: The books.
    /// - Throws: A ``DatabaseError``.
    public func allBooks() throws -> [Book] {
        try dbWriter.read { db in
            try Book.order(Book.Columns.id).fetchAll(db)
        }
    }
}
