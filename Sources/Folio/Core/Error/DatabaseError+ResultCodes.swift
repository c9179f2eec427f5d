// Result codes repeated on DatabaseError, so that `catch DatabaseError.SQLITE_BUSY`
// reads as in GRDB. See https://www.sqlite.org/rescode.html

extension DatabaseError {
    /// The `SQLITE_OK` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_OK = ResultCode.SQLITE_OK

    /// The `SQLITE_ERROR` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_ERROR = ResultCode.SQLITE_ERROR

    /// The `SQLITE_INTERNAL` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_INTERNAL = ResultCode.SQLITE_INTERNAL

    /// The `SQLITE_PERM` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_PERM = ResultCode.SQLITE_PERM

    /// The `SQLITE_ABORT` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_ABORT = ResultCode.SQLITE_ABORT

    /// The `SQLITE_BUSY` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_BUSY = ResultCode.SQLITE_BUSY

    /// The `SQLITE_LOCKED` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_LOCKED = ResultCode.SQLITE_LOCKED

    /// The `SQLITE_NOMEM` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_NOMEM = ResultCode.SQLITE_NOMEM

    /// The `SQLITE_READONLY` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_READONLY = ResultCode.SQLITE_READONLY

    /// The `SQLITE_INTERRUPT` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_INTERRUPT = ResultCode.SQLITE_INTERRUPT

    /// The `SQLITE_IOERR` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR = ResultCode.SQLITE_IOERR

    /// The `SQLITE_CORRUPT` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CORRUPT = ResultCode.SQLITE_CORRUPT

    /// The `SQLITE_NOTFOUND` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_NOTFOUND = ResultCode.SQLITE_NOTFOUND

    /// The `SQLITE_FULL` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_FULL = ResultCode.SQLITE_FULL

    /// The `SQLITE_CANTOPEN` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CANTOPEN = ResultCode.SQLITE_CANTOPEN

    /// The `SQLITE_PROTOCOL` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_PROTOCOL = ResultCode.SQLITE_PROTOCOL

    /// The `SQLITE_EMPTY` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_EMPTY = ResultCode.SQLITE_EMPTY

    /// The `SQLITE_SCHEMA` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_SCHEMA = ResultCode.SQLITE_SCHEMA

    /// The `SQLITE_TOOBIG` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_TOOBIG = ResultCode.SQLITE_TOOBIG

    /// The `SQLITE_CONSTRAINT` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT = ResultCode.SQLITE_CONSTRAINT

    /// The `SQLITE_MISMATCH` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_MISMATCH = ResultCode.SQLITE_MISMATCH

    /// The `SQLITE_MISUSE` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_MISUSE = ResultCode.SQLITE_MISUSE

    /// The `SQLITE_NOLFS` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_NOLFS = ResultCode.SQLITE_NOLFS

    /// The `SQLITE_AUTH` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_AUTH = ResultCode.SQLITE_AUTH

    /// The `SQLITE_FORMAT` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_FORMAT = ResultCode.SQLITE_FORMAT

    /// The `SQLITE_RANGE` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_RANGE = ResultCode.SQLITE_RANGE

    /// The `SQLITE_NOTADB` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_NOTADB = ResultCode.SQLITE_NOTADB

    /// The `SQLITE_NOTICE` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_NOTICE = ResultCode.SQLITE_NOTICE

    /// The `SQLITE_WARNING` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_WARNING = ResultCode.SQLITE_WARNING

    /// The `SQLITE_ROW` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_ROW = ResultCode.SQLITE_ROW

    /// The `SQLITE_DONE` result code, for pattern matching in `catch` clauses.
    public static let SQLITE_DONE = ResultCode.SQLITE_DONE

    /// The `SQLITE_ERROR_MISSING_COLLSEQ` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_ERROR_MISSING_COLLSEQ = ResultCode.SQLITE_ERROR_MISSING_COLLSEQ

    /// The `SQLITE_ERROR_RETRY` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_ERROR_RETRY = ResultCode.SQLITE_ERROR_RETRY

    /// The `SQLITE_ERROR_SNAPSHOT` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_ERROR_SNAPSHOT = ResultCode.SQLITE_ERROR_SNAPSHOT

    /// The `SQLITE_IOERR_READ` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_READ = ResultCode.SQLITE_IOERR_READ

    /// The `SQLITE_IOERR_SHORT_READ` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_SHORT_READ = ResultCode.SQLITE_IOERR_SHORT_READ

    /// The `SQLITE_IOERR_WRITE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_WRITE = ResultCode.SQLITE_IOERR_WRITE

    /// The `SQLITE_IOERR_FSYNC` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_FSYNC = ResultCode.SQLITE_IOERR_FSYNC

    /// The `SQLITE_IOERR_DIR_FSYNC` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_DIR_FSYNC = ResultCode.SQLITE_IOERR_DIR_FSYNC

    /// The `SQLITE_IOERR_TRUNCATE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_TRUNCATE = ResultCode.SQLITE_IOERR_TRUNCATE

    /// The `SQLITE_IOERR_FSTAT` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_FSTAT = ResultCode.SQLITE_IOERR_FSTAT

    /// The `SQLITE_IOERR_UNLOCK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_UNLOCK = ResultCode.SQLITE_IOERR_UNLOCK

    /// The `SQLITE_IOERR_RDLOCK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_RDLOCK = ResultCode.SQLITE_IOERR_RDLOCK

    /// The `SQLITE_IOERR_DELETE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_DELETE = ResultCode.SQLITE_IOERR_DELETE

    /// The `SQLITE_IOERR_BLOCKED` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_BLOCKED = ResultCode.SQLITE_IOERR_BLOCKED

    /// The `SQLITE_IOERR_NOMEM` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_NOMEM = ResultCode.SQLITE_IOERR_NOMEM

    /// The `SQLITE_IOERR_ACCESS` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_ACCESS = ResultCode.SQLITE_IOERR_ACCESS

    /// The `SQLITE_IOERR_CHECKRESERVEDLOCK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_CHECKRESERVEDLOCK = ResultCode.SQLITE_IOERR_CHECKRESERVEDLOCK

    /// The `SQLITE_IOERR_LOCK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_LOCK = ResultCode.SQLITE_IOERR_LOCK

    /// The `SQLITE_IOERR_CLOSE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_CLOSE = ResultCode.SQLITE_IOERR_CLOSE

    /// The `SQLITE_IOERR_DIR_CLOSE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_DIR_CLOSE = ResultCode.SQLITE_IOERR_DIR_CLOSE

    /// The `SQLITE_IOERR_SHMOPEN` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_SHMOPEN = ResultCode.SQLITE_IOERR_SHMOPEN

    /// The `SQLITE_IOERR_SHMSIZE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_SHMSIZE = ResultCode.SQLITE_IOERR_SHMSIZE

    /// The `SQLITE_IOERR_SHMLOCK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_SHMLOCK = ResultCode.SQLITE_IOERR_SHMLOCK

    /// The `SQLITE_IOERR_SHMMAP` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_SHMMAP = ResultCode.SQLITE_IOERR_SHMMAP

    /// The `SQLITE_IOERR_SEEK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_SEEK = ResultCode.SQLITE_IOERR_SEEK

    /// The `SQLITE_IOERR_DELETE_NOENT` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_DELETE_NOENT = ResultCode.SQLITE_IOERR_DELETE_NOENT

    /// The `SQLITE_IOERR_MMAP` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_MMAP = ResultCode.SQLITE_IOERR_MMAP

    /// The `SQLITE_IOERR_GETTEMPPATH` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_GETTEMPPATH = ResultCode.SQLITE_IOERR_GETTEMPPATH

    /// The `SQLITE_IOERR_CONVPATH` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_CONVPATH = ResultCode.SQLITE_IOERR_CONVPATH

    /// The `SQLITE_IOERR_VNODE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_VNODE = ResultCode.SQLITE_IOERR_VNODE

    /// The `SQLITE_IOERR_AUTH` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_AUTH = ResultCode.SQLITE_IOERR_AUTH

    /// The `SQLITE_IOERR_BEGIN_ATOMIC` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_BEGIN_ATOMIC = ResultCode.SQLITE_IOERR_BEGIN_ATOMIC

    /// The `SQLITE_IOERR_COMMIT_ATOMIC` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_COMMIT_ATOMIC = ResultCode.SQLITE_IOERR_COMMIT_ATOMIC

    /// The `SQLITE_IOERR_ROLLBACK_ATOMIC` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_ROLLBACK_ATOMIC = ResultCode.SQLITE_IOERR_ROLLBACK_ATOMIC

    /// The `SQLITE_IOERR_DATA` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_DATA = ResultCode.SQLITE_IOERR_DATA

    /// The `SQLITE_IOERR_CORRUPTFS` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_IOERR_CORRUPTFS = ResultCode.SQLITE_IOERR_CORRUPTFS

    /// The `SQLITE_LOCKED_SHAREDCACHE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_LOCKED_SHAREDCACHE = ResultCode.SQLITE_LOCKED_SHAREDCACHE

    /// The `SQLITE_LOCKED_VTAB` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_LOCKED_VTAB = ResultCode.SQLITE_LOCKED_VTAB

    /// The `SQLITE_BUSY_RECOVERY` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_BUSY_RECOVERY = ResultCode.SQLITE_BUSY_RECOVERY

    /// The `SQLITE_BUSY_SNAPSHOT` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_BUSY_SNAPSHOT = ResultCode.SQLITE_BUSY_SNAPSHOT

    /// The `SQLITE_BUSY_TIMEOUT` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_BUSY_TIMEOUT = ResultCode.SQLITE_BUSY_TIMEOUT

    /// The `SQLITE_CANTOPEN_NOTEMPDIR` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CANTOPEN_NOTEMPDIR = ResultCode.SQLITE_CANTOPEN_NOTEMPDIR

    /// The `SQLITE_CANTOPEN_ISDIR` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CANTOPEN_ISDIR = ResultCode.SQLITE_CANTOPEN_ISDIR

    /// The `SQLITE_CANTOPEN_FULLPATH` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CANTOPEN_FULLPATH = ResultCode.SQLITE_CANTOPEN_FULLPATH

    /// The `SQLITE_CANTOPEN_CONVPATH` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CANTOPEN_CONVPATH = ResultCode.SQLITE_CANTOPEN_CONVPATH

    /// The `SQLITE_CANTOPEN_DIRTYWAL` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CANTOPEN_DIRTYWAL = ResultCode.SQLITE_CANTOPEN_DIRTYWAL

    /// The `SQLITE_CANTOPEN_SYMLINK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CANTOPEN_SYMLINK = ResultCode.SQLITE_CANTOPEN_SYMLINK

    /// The `SQLITE_CORRUPT_VTAB` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CORRUPT_VTAB = ResultCode.SQLITE_CORRUPT_VTAB

    /// The `SQLITE_CORRUPT_SEQUENCE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CORRUPT_SEQUENCE = ResultCode.SQLITE_CORRUPT_SEQUENCE

    /// The `SQLITE_CORRUPT_INDEX` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CORRUPT_INDEX = ResultCode.SQLITE_CORRUPT_INDEX

    /// The `SQLITE_READONLY_RECOVERY` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_READONLY_RECOVERY = ResultCode.SQLITE_READONLY_RECOVERY

    /// The `SQLITE_READONLY_CANTLOCK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_READONLY_CANTLOCK = ResultCode.SQLITE_READONLY_CANTLOCK

    /// The `SQLITE_READONLY_ROLLBACK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_READONLY_ROLLBACK = ResultCode.SQLITE_READONLY_ROLLBACK

    /// The `SQLITE_READONLY_DBMOVED` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_READONLY_DBMOVED = ResultCode.SQLITE_READONLY_DBMOVED

    /// The `SQLITE_READONLY_CANTINIT` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_READONLY_CANTINIT = ResultCode.SQLITE_READONLY_CANTINIT

    /// The `SQLITE_READONLY_DIRECTORY` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_READONLY_DIRECTORY = ResultCode.SQLITE_READONLY_DIRECTORY

    /// The `SQLITE_ABORT_ROLLBACK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_ABORT_ROLLBACK = ResultCode.SQLITE_ABORT_ROLLBACK

    /// The `SQLITE_CONSTRAINT_CHECK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_CHECK = ResultCode.SQLITE_CONSTRAINT_CHECK

    /// The `SQLITE_CONSTRAINT_COMMITHOOK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_COMMITHOOK = ResultCode.SQLITE_CONSTRAINT_COMMITHOOK

    /// The `SQLITE_CONSTRAINT_FOREIGNKEY` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode.SQLITE_CONSTRAINT_FOREIGNKEY

    /// The `SQLITE_CONSTRAINT_FUNCTION` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_FUNCTION = ResultCode.SQLITE_CONSTRAINT_FUNCTION

    /// The `SQLITE_CONSTRAINT_NOTNULL` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode.SQLITE_CONSTRAINT_NOTNULL

    /// The `SQLITE_CONSTRAINT_PRIMARYKEY` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode.SQLITE_CONSTRAINT_PRIMARYKEY

    /// The `SQLITE_CONSTRAINT_TRIGGER` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_TRIGGER = ResultCode.SQLITE_CONSTRAINT_TRIGGER

    /// The `SQLITE_CONSTRAINT_UNIQUE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode.SQLITE_CONSTRAINT_UNIQUE

    /// The `SQLITE_CONSTRAINT_VTAB` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_VTAB = ResultCode.SQLITE_CONSTRAINT_VTAB

    /// The `SQLITE_CONSTRAINT_ROWID` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_ROWID = ResultCode.SQLITE_CONSTRAINT_ROWID

    /// The `SQLITE_CONSTRAINT_PINNED` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_PINNED = ResultCode.SQLITE_CONSTRAINT_PINNED

    /// The `SQLITE_CONSTRAINT_DATATYPE` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_CONSTRAINT_DATATYPE = ResultCode.SQLITE_CONSTRAINT_DATATYPE

    /// The `SQLITE_NOTICE_RECOVER_WAL` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_NOTICE_RECOVER_WAL = ResultCode.SQLITE_NOTICE_RECOVER_WAL

    /// The `SQLITE_NOTICE_RECOVER_ROLLBACK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_NOTICE_RECOVER_ROLLBACK = ResultCode.SQLITE_NOTICE_RECOVER_ROLLBACK

    /// The `SQLITE_WARNING_AUTOINDEX` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_WARNING_AUTOINDEX = ResultCode.SQLITE_WARNING_AUTOINDEX

    /// The `SQLITE_AUTH_USER` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_AUTH_USER = ResultCode.SQLITE_AUTH_USER

    /// The `SQLITE_OK_LOAD_PERMANENTLY` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_OK_LOAD_PERMANENTLY = ResultCode.SQLITE_OK_LOAD_PERMANENTLY

    /// The `SQLITE_OK_SYMLINK` extended result code, for pattern matching in `catch` clauses.
    public static let SQLITE_OK_SYMLINK = ResultCode.SQLITE_OK_SYMLINK
}
