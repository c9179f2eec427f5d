#ifndef FOLIO_BENCH_CSQLITE_SHIM_H
#define FOLIO_BENCH_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT and SQLITE_STATIC are macros that cast integers to
// function pointers, which Swift cannot import: expose them as functions.
static inline sqlite3_destructor_type _bench_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
static inline sqlite3_destructor_type _bench_sqlite_static(void) {
    return SQLITE_STATIC;
}
#endif
