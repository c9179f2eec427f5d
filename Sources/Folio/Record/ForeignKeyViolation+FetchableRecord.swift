/// Foreign key violations are records fetched from `PRAGMA
/// foreign_key_check`:
///
/// ```swift
/// let violations = try ForeignKeyViolation.fetchAll(db, sql: "PRAGMA foreign_key_check")
/// ```
///
/// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_check>.
extension ForeignKeyViolation: FetchableRecord { }
