import CSQLite

/// A change that SQLite could not apply as is, given to the conflict
/// handler of ``Database/apply(_:onConflict:)-(Changeset,_)``.
///
/// GRDB has no such API: it is Folio's own, over SQLite's session
/// extension.
///
/// ```swift
/// try dbQueue.write { db in
///     try db.apply(changeset) { conflict in
///         switch conflict.kind {
///         case .data, .conflict: return .replace
///         default: return .omit
///         }
///     }
/// }
/// ```
///
/// See <https://www.sqlite.org/session/sqlite3changeset_apply.html>.
public struct ChangesetConflict: Sendable {
    /// Why a change could not be applied.
    ///
    /// GRDB has no such API.
    ///
    /// See <https://www.sqlite.org/session/c_changeset_conflict.html>.
    public enum Kind: Hashable, Sendable {
        /// An update or a delete found its row, with other values than
        /// the change's old values (``ChangesetConflict/conflictingValues``
        /// holds the row).
        ///
        /// GRDB has no such API.
        case data

        /// An update or a delete did not find its row.
        ///
        /// GRDB has no such API.
        case notFound

        /// An insert found a row with its primary key
        /// (``ChangesetConflict/conflictingValues`` holds the row).
        ///
        /// GRDB has no such API.
        case conflict

        /// A change broke a constraint (`UNIQUE`, `CHECK`, `NOT NULL`).
        ///
        /// GRDB has no such API.
        case constraint

        /// Once all changes were applied, foreign keys were violated.
        /// ``ChangesetConflict/foreignKeyViolationCount`` tells how many;
        /// ``ChangesetConflict/change`` is not meaningful then.
        ///
        /// GRDB has no such API.
        case foreignKey
    }

    /// Why the change could not be applied.
    ///
    /// GRDB has no such API.
    public var kind: Kind

    /// The table of the change.
    ///
    /// GRDB has no such API.
    public var table: String

    /// The change that could not be applied.
    ///
    /// GRDB has no such API.
    public var change: ChangesetChange

    /// The values of the row of the database that the change conflicts
    /// with, one per column, for the ``Kind/data`` and ``Kind/conflict``
    /// kinds; nil for the others.
    ///
    /// GRDB has no such API.
    ///
    /// See <https://www.sqlite.org/session/sqlite3changeset_conflict.html>.
    public var conflictingValues: [DatabaseValue?]?

    /// The number of foreign key violations, for the ``Kind/foreignKey``
    /// kind; zero for the others.
    ///
    /// GRDB has no such API.
    ///
    /// See <https://www.sqlite.org/session/sqlite3changeset_fk_conflicts.html>.
    public var foreignKeyViolationCount: Int

    /// Creates a conflict.
    ///
    /// GRDB has no such API.
    ///
    /// - Parameters:
    ///   - kind: The kind.
    ///   - table: The table.
    ///   - change: The change.
    ///   - conflictingValues: The conflicting row.
    ///   - foreignKeyViolationCount: The number of foreign key violations.
    public init(
        kind: Kind,
        table: String,
        change: ChangesetChange,
        conflictingValues: [DatabaseValue?]? = nil,
        foreignKeyViolationCount: Int = 0)
    {
        self.kind = kind
        self.table = table
        self.change = change
        self.conflictingValues = conflictingValues
        self.foreignKeyViolationCount = foreignKeyViolationCount
    }
}

extension ChangesetConflict: CustomStringConvertible {
    /// A description such as `data conflict: UPDATE "book" [1]`.
    ///
    /// GRDB has no such API.
    public var description: String {
        switch kind {
        case .data: return "data conflict: \(change)"
        case .notFound: return "row not found: \(change)"
        case .conflict: return "primary key conflict: \(change)"
        case .constraint: return "constraint violation: \(change)"
        case .foreignKey: return "\(foreignKeyViolationCount) foreign key violation(s)"
        }
    }
}

/// What to do with a change that conflicts, as the conflict handler of
/// ``Database/apply(_:onConflict:)-(Changeset,_)`` decides.
///
/// GRDB has no such API.
///
/// See <https://www.sqlite.org/session/c_changeset_abort.html>.
public enum ChangesetConflictResolution: Hashable, Sendable {
    /// Skip the change (for ``ChangesetConflict/Kind/foreignKey``: keep
    /// the changes despite the violations).
    ///
    /// GRDB has no such API.
    case omit

    /// Apply the change over the conflicting row: for
    /// ``ChangesetConflict/Kind/data`` and ``ChangesetConflict/Kind/conflict``
    /// only (for other kinds, `apply` throws an error that says so).
    ///
    /// GRDB has no such API.
    case replace

    /// Stop, undo the changes applied so far, and throw.
    ///
    /// GRDB has no such API.
    case abort

    /// The value that the conflict handler returns to SQLite.
    var sqliteValue: CInt {
        switch self {
        case .omit: return SQLITE_CHANGESET_OMIT
        case .replace: return SQLITE_CHANGESET_REPLACE
        case .abort: return SQLITE_CHANGESET_ABORT
        }
    }
}

extension ChangesetConflict.Kind {
    /// The kind of an SQLite conflict code.
    init?(sqliteValue: CInt) {
        switch sqliteValue {
        case SQLITE_CHANGESET_DATA: self = .data
        case SQLITE_CHANGESET_NOTFOUND: self = .notFound
        case SQLITE_CHANGESET_CONFLICT: self = .conflict
        case SQLITE_CHANGESET_CONSTRAINT: self = .constraint
        case SQLITE_CHANGESET_FOREIGN_KEY: self = .foreignKey
        default: return nil
        }
    }
}
