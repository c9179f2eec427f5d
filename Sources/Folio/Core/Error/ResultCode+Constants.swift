// Named SQLite result codes. See https://www.sqlite.org/rescode.html

extension ResultCode {
    /// `SQLITE_OK` (0): Successful result.
    public static let SQLITE_OK = ResultCode(rawValue: 0)

    /// `SQLITE_ERROR` (1): Generic error.
    public static let SQLITE_ERROR = ResultCode(rawValue: 1)

    /// `SQLITE_INTERNAL` (2): Internal logic error in SQLite.
    public static let SQLITE_INTERNAL = ResultCode(rawValue: 2)

    /// `SQLITE_PERM` (3): Access permission denied.
    public static let SQLITE_PERM = ResultCode(rawValue: 3)

    /// `SQLITE_ABORT` (4): Callback routine requested an abort.
    public static let SQLITE_ABORT = ResultCode(rawValue: 4)

    /// `SQLITE_BUSY` (5): The database file is locked.
    public static let SQLITE_BUSY = ResultCode(rawValue: 5)

    /// `SQLITE_LOCKED` (6): A table in the database is locked.
    public static let SQLITE_LOCKED = ResultCode(rawValue: 6)

    /// `SQLITE_NOMEM` (7): A malloc() failed.
    public static let SQLITE_NOMEM = ResultCode(rawValue: 7)

    /// `SQLITE_READONLY` (8): Attempt to write a readonly database.
    public static let SQLITE_READONLY = ResultCode(rawValue: 8)

    /// `SQLITE_INTERRUPT` (9): Operation terminated by sqlite3_interrupt().
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: 9)

    /// `SQLITE_IOERR` (10): Some kind of disk I/O error occurred.
    public static let SQLITE_IOERR = ResultCode(rawValue: 10)

    /// `SQLITE_CORRUPT` (11): The database disk image is malformed.
    public static let SQLITE_CORRUPT = ResultCode(rawValue: 11)

    /// `SQLITE_NOTFOUND` (12): Unknown opcode in sqlite3_file_control().
    public static let SQLITE_NOTFOUND = ResultCode(rawValue: 12)

    /// `SQLITE_FULL` (13): Insertion failed because database is full.
    public static let SQLITE_FULL = ResultCode(rawValue: 13)

    /// `SQLITE_CANTOPEN` (14): Unable to open the database file.
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: 14)

    /// `SQLITE_PROTOCOL` (15): Database lock protocol error.
    public static let SQLITE_PROTOCOL = ResultCode(rawValue: 15)

    /// `SQLITE_EMPTY` (16): Internal use only.
    public static let SQLITE_EMPTY = ResultCode(rawValue: 16)

    /// `SQLITE_SCHEMA` (17): The database schema changed.
    public static let SQLITE_SCHEMA = ResultCode(rawValue: 17)

    /// `SQLITE_TOOBIG` (18): String or BLOB exceeds size limit.
    public static let SQLITE_TOOBIG = ResultCode(rawValue: 18)

    /// `SQLITE_CONSTRAINT` (19): Abort due to constraint violation.
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: 19)

    /// `SQLITE_MISMATCH` (20): Data type mismatch.
    public static let SQLITE_MISMATCH = ResultCode(rawValue: 20)

    /// `SQLITE_MISUSE` (21): Library used incorrectly.
    public static let SQLITE_MISUSE = ResultCode(rawValue: 21)

    /// `SQLITE_NOLFS` (22): Uses OS features not supported on host.
    public static let SQLITE_NOLFS = ResultCode(rawValue: 22)

    /// `SQLITE_AUTH` (23): Authorization denied.
    public static let SQLITE_AUTH = ResultCode(rawValue: 23)

    /// `SQLITE_FORMAT` (24): Not used.
    public static let SQLITE_FORMAT = ResultCode(rawValue: 24)

    /// `SQLITE_RANGE` (25): 2nd parameter to sqlite3_bind out of range.
    public static let SQLITE_RANGE = ResultCode(rawValue: 25)

    /// `SQLITE_NOTADB` (26): File opened that is not a database file.
    public static let SQLITE_NOTADB = ResultCode(rawValue: 26)

    /// `SQLITE_NOTICE` (27): Notifications from sqlite3_log().
    public static let SQLITE_NOTICE = ResultCode(rawValue: 27)

    /// `SQLITE_WARNING` (28): Warnings from sqlite3_log().
    public static let SQLITE_WARNING = ResultCode(rawValue: 28)

    /// `SQLITE_ROW` (100): sqlite3_step() has another row ready.
    public static let SQLITE_ROW = ResultCode(rawValue: 100)

    /// `SQLITE_DONE` (101): sqlite3_step() has finished executing.
    public static let SQLITE_DONE = ResultCode(rawValue: 101)

    /// `SQLITE_ERROR_MISSING_COLLSEQ`: an extended result code of `SQLITE_ERROR`.
    public static let SQLITE_ERROR_MISSING_COLLSEQ = ResultCode(rawValue: 1 | (1 << 8))

    /// `SQLITE_ERROR_RETRY`: an extended result code of `SQLITE_ERROR`.
    public static let SQLITE_ERROR_RETRY = ResultCode(rawValue: 1 | (2 << 8))

    /// `SQLITE_ERROR_SNAPSHOT`: an extended result code of `SQLITE_ERROR`.
    public static let SQLITE_ERROR_SNAPSHOT = ResultCode(rawValue: 1 | (3 << 8))

    /// `SQLITE_IOERR_READ`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_READ = ResultCode(rawValue: 10 | (1 << 8))

    /// `SQLITE_IOERR_SHORT_READ`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SHORT_READ = ResultCode(rawValue: 10 | (2 << 8))

    /// `SQLITE_IOERR_WRITE`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_WRITE = ResultCode(rawValue: 10 | (3 << 8))

    /// `SQLITE_IOERR_FSYNC`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_FSYNC = ResultCode(rawValue: 10 | (4 << 8))

    /// `SQLITE_IOERR_DIR_FSYNC`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_DIR_FSYNC = ResultCode(rawValue: 10 | (5 << 8))

    /// `SQLITE_IOERR_TRUNCATE`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_TRUNCATE = ResultCode(rawValue: 10 | (6 << 8))

    /// `SQLITE_IOERR_FSTAT`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_FSTAT = ResultCode(rawValue: 10 | (7 << 8))

    /// `SQLITE_IOERR_UNLOCK`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_UNLOCK = ResultCode(rawValue: 10 | (8 << 8))

    /// `SQLITE_IOERR_RDLOCK`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_RDLOCK = ResultCode(rawValue: 10 | (9 << 8))

    /// `SQLITE_IOERR_DELETE`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_DELETE = ResultCode(rawValue: 10 | (10 << 8))

    /// `SQLITE_IOERR_BLOCKED`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_BLOCKED = ResultCode(rawValue: 10 | (11 << 8))

    /// `SQLITE_IOERR_NOMEM`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_NOMEM = ResultCode(rawValue: 10 | (12 << 8))

    /// `SQLITE_IOERR_ACCESS`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_ACCESS = ResultCode(rawValue: 10 | (13 << 8))

    /// `SQLITE_IOERR_CHECKRESERVEDLOCK`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_CHECKRESERVEDLOCK = ResultCode(rawValue: 10 | (14 << 8))

    /// `SQLITE_IOERR_LOCK`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_LOCK = ResultCode(rawValue: 10 | (15 << 8))

    /// `SQLITE_IOERR_CLOSE`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_CLOSE = ResultCode(rawValue: 10 | (16 << 8))

    /// `SQLITE_IOERR_DIR_CLOSE`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_DIR_CLOSE = ResultCode(rawValue: 10 | (17 << 8))

    /// `SQLITE_IOERR_SHMOPEN`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SHMOPEN = ResultCode(rawValue: 10 | (18 << 8))

    /// `SQLITE_IOERR_SHMSIZE`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SHMSIZE = ResultCode(rawValue: 10 | (19 << 8))

    /// `SQLITE_IOERR_SHMLOCK`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SHMLOCK = ResultCode(rawValue: 10 | (20 << 8))

    /// `SQLITE_IOERR_SHMMAP`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SHMMAP = ResultCode(rawValue: 10 | (21 << 8))

    /// `SQLITE_IOERR_SEEK`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_SEEK = ResultCode(rawValue: 10 | (22 << 8))

    /// `SQLITE_IOERR_DELETE_NOENT`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_DELETE_NOENT = ResultCode(rawValue: 10 | (23 << 8))

    /// `SQLITE_IOERR_MMAP`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_MMAP = ResultCode(rawValue: 10 | (24 << 8))

    /// `SQLITE_IOERR_GETTEMPPATH`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_GETTEMPPATH = ResultCode(rawValue: 10 | (25 << 8))

    /// `SQLITE_IOERR_CONVPATH`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_CONVPATH = ResultCode(rawValue: 10 | (26 << 8))

    /// `SQLITE_IOERR_VNODE`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_VNODE = ResultCode(rawValue: 10 | (27 << 8))

    /// `SQLITE_IOERR_AUTH`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_AUTH = ResultCode(rawValue: 10 | (28 << 8))

    /// `SQLITE_IOERR_BEGIN_ATOMIC`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_BEGIN_ATOMIC = ResultCode(rawValue: 10 | (29 << 8))

    /// `SQLITE_IOERR_COMMIT_ATOMIC`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_COMMIT_ATOMIC = ResultCode(rawValue: 10 | (30 << 8))

    /// `SQLITE_IOERR_ROLLBACK_ATOMIC`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_ROLLBACK_ATOMIC = ResultCode(rawValue: 10 | (31 << 8))

    /// `SQLITE_IOERR_DATA`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_DATA = ResultCode(rawValue: 10 | (32 << 8))

    /// `SQLITE_IOERR_CORRUPTFS`: an extended result code of `SQLITE_IOERR`.
    public static let SQLITE_IOERR_CORRUPTFS = ResultCode(rawValue: 10 | (33 << 8))

    /// `SQLITE_LOCKED_SHAREDCACHE`: an extended result code of `SQLITE_LOCKED`.
    public static let SQLITE_LOCKED_SHAREDCACHE = ResultCode(rawValue: 6 | (1 << 8))

    /// `SQLITE_LOCKED_VTAB`: an extended result code of `SQLITE_LOCKED`.
    public static let SQLITE_LOCKED_VTAB = ResultCode(rawValue: 6 | (2 << 8))

    /// `SQLITE_BUSY_RECOVERY`: an extended result code of `SQLITE_BUSY`.
    public static let SQLITE_BUSY_RECOVERY = ResultCode(rawValue: 5 | (1 << 8))

    /// `SQLITE_BUSY_SNAPSHOT`: an extended result code of `SQLITE_BUSY`.
    public static let SQLITE_BUSY_SNAPSHOT = ResultCode(rawValue: 5 | (2 << 8))

    /// `SQLITE_BUSY_TIMEOUT`: an extended result code of `SQLITE_BUSY`.
    public static let SQLITE_BUSY_TIMEOUT = ResultCode(rawValue: 5 | (3 << 8))

    /// `SQLITE_CANTOPEN_NOTEMPDIR`: an extended result code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_NOTEMPDIR = ResultCode(rawValue: 14 | (1 << 8))

    /// `SQLITE_CANTOPEN_ISDIR`: an extended result code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_ISDIR = ResultCode(rawValue: 14 | (2 << 8))

    /// `SQLITE_CANTOPEN_FULLPATH`: an extended result code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_FULLPATH = ResultCode(rawValue: 14 | (3 << 8))

    /// `SQLITE_CANTOPEN_CONVPATH`: an extended result code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_CONVPATH = ResultCode(rawValue: 14 | (4 << 8))

    /// `SQLITE_CANTOPEN_DIRTYWAL`: an extended result code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_DIRTYWAL = ResultCode(rawValue: 14 | (5 << 8))

    /// `SQLITE_CANTOPEN_SYMLINK`: an extended result code of `SQLITE_CANTOPEN`.
    public static let SQLITE_CANTOPEN_SYMLINK = ResultCode(rawValue: 14 | (6 << 8))

    /// `SQLITE_CORRUPT_VTAB`: an extended result code of `SQLITE_CORRUPT`.
    public static let SQLITE_CORRUPT_VTAB = ResultCode(rawValue: 11 | (1 << 8))

    /// `SQLITE_CORRUPT_SEQUENCE`: an extended result code of `SQLITE_CORRUPT`.
    public static let SQLITE_CORRUPT_SEQUENCE = ResultCode(rawValue: 11 | (2 << 8))

    /// `SQLITE_CORRUPT_INDEX`: an extended result code of `SQLITE_CORRUPT`.
    public static let SQLITE_CORRUPT_INDEX = ResultCode(rawValue: 11 | (3 << 8))

    /// `SQLITE_READONLY_RECOVERY`: an extended result code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_RECOVERY = ResultCode(rawValue: 8 | (1 << 8))

    /// `SQLITE_READONLY_CANTLOCK`: an extended result code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_CANTLOCK = ResultCode(rawValue: 8 | (2 << 8))

    /// `SQLITE_READONLY_ROLLBACK`: an extended result code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_ROLLBACK = ResultCode(rawValue: 8 | (3 << 8))

    /// `SQLITE_READONLY_DBMOVED`: an extended result code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_DBMOVED = ResultCode(rawValue: 8 | (4 << 8))

    /// `SQLITE_READONLY_CANTINIT`: an extended result code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_CANTINIT = ResultCode(rawValue: 8 | (5 << 8))

    /// `SQLITE_READONLY_DIRECTORY`: an extended result code of `SQLITE_READONLY`.
    public static let SQLITE_READONLY_DIRECTORY = ResultCode(rawValue: 8 | (6 << 8))

    /// `SQLITE_ABORT_ROLLBACK`: an extended result code of `SQLITE_ABORT`.
    public static let SQLITE_ABORT_ROLLBACK = ResultCode(rawValue: 4 | (2 << 8))

    /// `SQLITE_CONSTRAINT_CHECK`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_CHECK = ResultCode(rawValue: 19 | (1 << 8))

    /// `SQLITE_CONSTRAINT_COMMITHOOK`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_COMMITHOOK = ResultCode(rawValue: 19 | (2 << 8))

    /// `SQLITE_CONSTRAINT_FOREIGNKEY`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode(rawValue: 19 | (3 << 8))

    /// `SQLITE_CONSTRAINT_FUNCTION`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_FUNCTION = ResultCode(rawValue: 19 | (4 << 8))

    /// `SQLITE_CONSTRAINT_NOTNULL`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode(rawValue: 19 | (5 << 8))

    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode(rawValue: 19 | (6 << 8))

    /// `SQLITE_CONSTRAINT_TRIGGER`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_TRIGGER = ResultCode(rawValue: 19 | (7 << 8))

    /// `SQLITE_CONSTRAINT_UNIQUE`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode(rawValue: 19 | (8 << 8))

    /// `SQLITE_CONSTRAINT_VTAB`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_VTAB = ResultCode(rawValue: 19 | (9 << 8))

    /// `SQLITE_CONSTRAINT_ROWID`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_ROWID = ResultCode(rawValue: 19 | (10 << 8))

    /// `SQLITE_CONSTRAINT_PINNED`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_PINNED = ResultCode(rawValue: 19 | (11 << 8))

    /// `SQLITE_CONSTRAINT_DATATYPE`: an extended result code of `SQLITE_CONSTRAINT`.
    public static let SQLITE_CONSTRAINT_DATATYPE = ResultCode(rawValue: 19 | (12 << 8))

    /// `SQLITE_NOTICE_RECOVER_WAL`: an extended result code of `SQLITE_NOTICE`.
    public static let SQLITE_NOTICE_RECOVER_WAL = ResultCode(rawValue: 27 | (1 << 8))

    /// `SQLITE_NOTICE_RECOVER_ROLLBACK`: an extended result code of `SQLITE_NOTICE`.
    public static let SQLITE_NOTICE_RECOVER_ROLLBACK = ResultCode(rawValue: 27 | (2 << 8))

    /// `SQLITE_WARNING_AUTOINDEX`: an extended result code of `SQLITE_WARNING`.
    public static let SQLITE_WARNING_AUTOINDEX = ResultCode(rawValue: 28 | (1 << 8))

    /// `SQLITE_AUTH_USER`: an extended result code of `SQLITE_AUTH`.
    public static let SQLITE_AUTH_USER = ResultCode(rawValue: 23 | (1 << 8))

    /// `SQLITE_OK_LOAD_PERMANENTLY`: an extended result code of `SQLITE_OK`.
    public static let SQLITE_OK_LOAD_PERMANENTLY = ResultCode(rawValue: 0 | (1 << 8))

    /// `SQLITE_OK_SYMLINK`: an extended result code of `SQLITE_OK`.
    public static let SQLITE_OK_SYMLINK = ResultCode(rawValue: 0 | (2 << 8))
}
