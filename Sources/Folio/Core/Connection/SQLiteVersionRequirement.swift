import CSQLite

/// The versions of SQLite that Folio needs, checked when a connection
/// opens and where a feature of a later version is used.
///
/// Folio needs SQLite 3.37.0 or later: `RETURNING` (3.35.0, used by the
/// `…AndFetch` persistence methods and upserts) and `PRAGMA table_list`
/// (3.37.0, used by schema introspection such as `tableExists`, which an
/// earlier SQLite would silently answer with nothing, since it ignores an
/// unknown pragma). Opening a connection on an earlier SQLite throws a
/// ``DatabaseError`` that names the version found and the version needed,
/// instead of misbehaving later.
enum SQLiteVersionRequirement {
    /// The earliest SQLite that Folio runs on, as
    /// `sqlite3_libversion_number()` writes it.
    static let minimumVersionNumber: CInt = 3_037_000

    /// "3.40.1" for 3040001.
    static func versionString(_ versionNumber: CInt) -> String {
        "\(versionNumber / 1_000_000).\(versionNumber / 1_000 % 1_000).\(versionNumber % 1_000)"
    }

    /// Throws when the running SQLite is earlier than the one Folio needs.
    ///
    /// - Parameter current: The version of SQLite to check (tests give an
    ///   earlier one; connections give the library's).
    /// - Throws: A ``DatabaseError`` with the code `SQLITE_MISUSE`.
    static func checkLibrary(current: CInt = sqlite3_libversion_number()) throws {
        try check(feature: "Folio", since: minimumVersionNumber, current: current)
    }

    /// Throws when the running SQLite is earlier than the version that
    /// introduced a feature.
    ///
    /// - Parameters:
    ///   - feature: The feature, for the message ("the JSON operator ->").
    ///   - versionNumber: The version that introduced it (3038000).
    ///   - current: The version of SQLite to check (tests give an earlier
    ///     one; Folio gives the library's).
    /// - Throws: A ``DatabaseError`` with the code `SQLITE_MISUSE` whose
    ///   message names the feature, the version found and the version
    ///   needed.
    static func check(feature: String, since versionNumber: CInt, current: CInt = sqlite3_libversion_number()) throws {
        guard current < versionNumber else { return }
        throw DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "\(feature) needs SQLite \(versionString(versionNumber)) or later, "
                + "but this process runs SQLite \(versionString(current))")
    }
}
