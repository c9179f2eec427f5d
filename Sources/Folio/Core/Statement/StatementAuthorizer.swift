import CSQLite
import Foundation

/// What one statement reads and writes, as reported by the SQLite
/// authorizer while the statement compiles.
///
/// It is computed once, when the statement is prepared (cached statements
/// keep it), and never while the statement runs. Database observation
/// relies on it: ``Statement/databaseRegion`` is built from ``reads``, and
/// transaction observers are asked about ``eventKinds`` before the
/// statement runs.
struct StatementAuthorization {
    /// A column read by a statement.
    struct Read {
        var table: String
        /// The column name, or an empty string when the statement depends
        /// on the table as a whole (as `SELECT COUNT(*) FROM t` does).
        var column: String
    }

    /// The columns read by the statement, in the order SQLite reports
    /// them, duplicates included.
    var reads: [Read] = []

    /// The changes the statement may perform, at most one per kind and
    /// table (the columns of the updates of one table are merged). Changes
    /// performed by triggers and foreign key actions are included. SQLite
    /// internal tables (`sqlite_master`...) are not.
    var eventKinds: [DatabaseEventKind] = []

    /// The effect of a transaction or savepoint statement, if any.
    var transactionEffect: TransactionEffect?

    /// Whether the statement changes the schema (CREATE, DROP, ALTER,
    /// ATTACH, DETACH), so that cached schema information must be dropped.
    var changesSchema = false

    /// Whether the statement attaches or detaches a database.
    var attachesDatabase = false

    /// The pragma the statement runs, if any, and whether it is given a
    /// value (`PRAGMA foreign_keys = ON`, `PRAGMA table_info(player)`).
    /// Connections attached to a remote engine (`Core/Remote/`) decide
    /// from it where the statement runs.
    var pragma: (name: String, hasArgument: Bool)?

    /// Whether the statement leaves the database file unchanged
    /// (see <https://www.sqlite.org/c3ref/stmt_readonly.html>).
    var isReadonly = true

    /// Whether running the statement may change the content of the
    /// database: transaction observers are then told about its
    /// transaction.
    var isWrite: Bool {
        !eventKinds.isEmpty || (!isReadonly && transactionEffect == nil)
    }

    /// The database region read by the statement.
    func makeRegion() -> DatabaseRegion {
        var region = DatabaseRegion()
        for read in reads {
            region.formUnion(DatabaseRegion(
                table: read.table,
                columns: read.column.isEmpty ? nil : [read.column]))
        }
        return region
    }
}

/// The effect of a transaction or savepoint statement.
enum TransactionEffect: Equatable {
    case beginTransaction
    case commitTransaction
    case rollbackTransaction
    case beginSavepoint(String)
    case releaseSavepoint(String)
    case rollbackSavepoint(String)
}

/// The SQLite authorizer of a connection: it records what each statement
/// reads and writes while it compiles.
///
/// See <https://www.sqlite.org/c3ref/set_authorizer.html>.
///
/// The authorizer only ever returns `SQLITE_OK`, with one exception: it
/// returns `SQLITE_IGNORE` for the deletion of all rows of a table, which
/// disables the [truncate optimization](https://www.sqlite.org/lang_delete.html#truncateopt).
/// Without it, `DELETE FROM player` would delete rows without telling
/// the update hook, and transaction observers would miss the deletion.
/// `DROP TABLE` and `DROP VIEW` also report a deletion, which must be
/// allowed, or the table or view would silently not be dropped.
///
/// Callbacks received while no statement is being prepared by
/// ``Database`` (SQLite recompiles statements after schema changes)
/// are not recorded: the statement keeps what was recorded when it was
/// first compiled.
final class StatementAuthorizer {
    private var authorization = StatementAuthorization()
    private var isRecording = false
    /// Whether the previous callback reported a DROP TABLE, whose
    /// deletion must not be ignored.
    private var lastCodeWasDrop = false
    /// The last table name converted from C, reused to spare allocations
    /// (a statement usually reads several columns of the same table).
    private var lastTableName = ""

    /// Installs the authorizer on a connection. The connection must not
    /// outlive the authorizer.
    func install(on connection: SQLiteConnection) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(connection, { context, code, argument1, argument2, _, _ in
            guard let context else { return SQLITE_OK }
            let authorizer = Unmanaged<StatementAuthorizer>.fromOpaque(context).takeUnretainedValue()
            return authorizer.authorize(code, argument1, argument2)
        }, context)
    }

    /// Starts recording the authorizations of the statement about to be
    /// compiled.
    func startRecording() {
        authorization = StatementAuthorization()
        isRecording = true
        lastCodeWasDrop = false
    }

    /// Returns what was recorded since ``startRecording()``, and stops
    /// recording.
    func takeAuthorization(for sqliteStatement: SQLiteStatement) -> StatementAuthorization {
        var result = StatementAuthorization()
        if isRecording {
            swap(&result, &authorization)
            isRecording = false
        }
        result.isReadonly = sqlite3_stmt_readonly(sqliteStatement) != 0
        return result
    }

    private func authorize(
        _ code: CInt,
        _ argument1: UnsafePointer<CChar>?,
        _ argument2: UnsafePointer<CChar>?) -> CInt
    {
        let wasDrop = lastCodeWasDrop
        lastCodeWasDrop = false
        if isRecording, Self.isSchemaCode(code) {
            authorization.changesSchema = true
        }
        switch code {
        case SQLITE_ATTACH, SQLITE_DETACH:
            if isRecording {
                authorization.attachesDatabase = true
            }
            return SQLITE_OK

        case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_VTABLE, SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW:
            lastCodeWasDrop = true
            return SQLITE_OK

        case SQLITE_DELETE:
            guard let argument1, !Self.isInternalTable(argument1) else { return SQLITE_OK }
            if isRecording {
                recordChange(.delete(tableName: tableName(argument1)))
            }
            // Disable the truncate optimization, unless the table is dropped.
            return wasDrop ? SQLITE_OK : SQLITE_IGNORE

        case SQLITE_READ:
            guard isRecording, let argument1, let argument2 else { return SQLITE_OK }
            authorization.reads.append(StatementAuthorization.Read(
                table: tableName(argument1),
                column: String(cString: argument2)))
            return SQLITE_OK

        case SQLITE_INSERT:
            guard isRecording, let argument1, !Self.isInternalTable(argument1) else { return SQLITE_OK }
            recordChange(.insert(tableName: tableName(argument1)))
            return SQLITE_OK

        case SQLITE_UPDATE:
            guard isRecording, let argument1, let argument2, !Self.isInternalTable(argument1) else {
                return SQLITE_OK
            }
            recordChange(.update(tableName: tableName(argument1), columnNames: [String(cString: argument2)]))
            return SQLITE_OK

        case SQLITE_TRANSACTION:
            guard isRecording, let argument1 else { return SQLITE_OK }
            switch String(cString: argument1) {
            case "BEGIN": authorization.transactionEffect = .beginTransaction
            case "COMMIT": authorization.transactionEffect = .commitTransaction
            case "ROLLBACK": authorization.transactionEffect = .rollbackTransaction
            default: break
            }
            return SQLITE_OK

        case SQLITE_PRAGMA:
            guard isRecording, let argument1 else { return SQLITE_OK }
            authorization.pragma = (String(cString: argument1).lowercased(), argument2 != nil)
            return SQLITE_OK

        case SQLITE_SAVEPOINT:
            guard isRecording, let argument1, let argument2 else { return SQLITE_OK }
            let name = String(cString: argument2)
            switch String(cString: argument1) {
            case "BEGIN": authorization.transactionEffect = .beginSavepoint(name)
            case "RELEASE": authorization.transactionEffect = .releaseSavepoint(name)
            case "ROLLBACK": authorization.transactionEffect = .rollbackSavepoint(name)
            default: break
            }
            return SQLITE_OK

        default:
            return SQLITE_OK
        }
    }

    /// The authorizer codes of statements that change the schema, one bit
    /// per code: the authorizer runs for each table, column and function
    /// that SQLite compiles, where hashing the code into a `Set` cost
    /// about 80 instructions a call (a fifth of the authorizer's cost
    /// when a migration compiles its DDL).
    private static let schemaCodeMask: UInt64 = [
        SQLITE_CREATE_INDEX, SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_INDEX, SQLITE_CREATE_TEMP_TABLE,
        SQLITE_CREATE_TEMP_TRIGGER, SQLITE_CREATE_TEMP_VIEW, SQLITE_CREATE_TRIGGER, SQLITE_CREATE_VIEW,
        SQLITE_DROP_INDEX, SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_INDEX, SQLITE_DROP_TEMP_TABLE,
        SQLITE_DROP_TEMP_TRIGGER, SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_TRIGGER, SQLITE_DROP_VIEW,
        SQLITE_ALTER_TABLE, SQLITE_CREATE_VTABLE, SQLITE_DROP_VTABLE, SQLITE_ATTACH, SQLITE_DETACH,
    ].reduce(0) { mask, code in mask | (1 << UInt64(code)) }

    /// Whether an authorizer code is the one of a statement that changes
    /// the schema. SQLite's codes are 0 to 33; another one is not.
    @inline(__always)
    private static func isSchemaCode(_ code: CInt) -> Bool {
        code >= 0 && code < 64 && schemaCodeMask & (1 << UInt64(code)) != 0
    }

    /// Adds a change to the recorded event kinds, merging the updated
    /// columns of a table.
    private func recordChange(_ kind: DatabaseEventKind) {
        let kinds = authorization.eventKinds
        for index in kinds.indices {
            switch (kinds[index], kind) {
            case (.insert(let existing), .insert(let new)) where existing == new,
                 (.delete(let existing), .delete(let new)) where existing == new:
                return
            case let (.update(existing, existingColumns), .update(new, newColumns)) where existing == new:
                authorization.eventKinds[index] = .update(
                    tableName: existing,
                    columnNames: existingColumns.union(newColumns))
                return
            default:
                continue
            }
        }
        authorization.eventKinds.append(kind)
    }

    /// Returns a table name, reusing the previous string when possible.
    private func tableName(_ cString: UnsafePointer<CChar>) -> String {
        let isSame = lastTableName.withCString { strcmp($0, cString) == 0 }
        if !isSame {
            lastTableName = String(cString: cString)
        }
        return lastTableName
    }

    /// Whether a table is an SQLite internal table, such as `sqlite_master`,
    /// whose changes are not reported to the update hook.
    private static func isInternalTable(_ cString: UnsafePointer<CChar>) -> Bool {
        sqlite3_strnicmp(cString, "sqlite_", 7) == 0
    }
}
