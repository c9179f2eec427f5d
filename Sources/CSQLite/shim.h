#ifndef FOLIO_CSQLITE_SHIM_H
#define FOLIO_CSQLITE_SHIM_H

// sqlite3.h declares the session extension (sqlite3session_*,
// sqlite3changeset_*) and the pre-update hook only when these options are
// defined. Debian's libsqlite3 is built with both, and exports their
// functions: declare them, for Folio's changesets (Sources/Folio/Changeset).
// See https://www.sqlite.org/sessionintro.html
#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif
#include <sqlite3.h>

// SQLITE_TRANSIENT and SQLITE_STATIC are macros that cast integers to
// function pointers, which Swift cannot import: expose them as functions.
static inline sqlite3_destructor_type _folio_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
static inline sqlite3_destructor_type _folio_sqlite_static(void) {
    return SQLITE_STATIC;
}

// sqlite3_db_config is variadic, which Swift cannot call: wrap the options
// Folio uses.
static inline int _folio_db_config_dqs(sqlite3 *db, int enable) {
    int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, enable, (int *)0);
    if (rc != SQLITE_OK) return rc;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, enable, (int *)0);
}

// Sets or clears SQLITE_DBCONFIG_RESET_DATABASE: while set, VACUUM empties
// the database. See https://www.sqlite.org/c3ref/c_dbconfig_defensive.html
static inline int _folio_db_config_reset_database(sqlite3 *db, int enable) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_RESET_DATABASE, enable, (int *)0);
}

// sqlite3_config is variadic, which Swift cannot call: wrap the
// SQLITE_CONFIG_LOG option. It must be called before SQLite initializes
// (before any connection opens), or it returns SQLITE_MISUSE and has no
// effect. See https://www.sqlite.org/errlog.html
typedef void (*_folio_log_callback)(void *context, int code, const char *message);
static inline int _folio_config_log(_folio_log_callback callback, void *context) {
    return sqlite3_config(SQLITE_CONFIG_LOG, callback, context);
}
#endif
