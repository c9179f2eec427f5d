import Foundation

/// `DatabaseError` bridges to `NSError` with a domain, a code and a
/// localized description, for the APIs that report `NSError`s.
///
/// ```swift
/// let nsError = error as NSError
/// nsError.domain               // "GRDB.DatabaseError"
/// nsError.code                 // 2067 (SQLITE_CONSTRAINT_UNIQUE)
/// nsError.localizedDescription // "SQLite error 19: UNIQUE constraint failed: ..."
/// ```
///
/// See <https://www.sqlite.org/rescode.html>.
extension DatabaseError: CustomNSError {
    /// The domain of database errors: "GRDB.DatabaseError", as GRDB's, so
    /// that code that tests the domain of an `NSError` works unchanged.
    ///
    /// ```swift
    /// (error as NSError).domain == DatabaseError.errorDomain
    /// ```
    public static var errorDomain: String {
        "GRDB.DatabaseError"
    }

    /// The ``extendedResultCode``, as an integer.
    ///
    /// ```swift
    /// (error as NSError).code // 2067 (SQLITE_CONSTRAINT_UNIQUE)
    /// ```
    ///
    /// See <https://www.sqlite.org/rescode.html#extrc>.
    public var errorCode: Int {
        Int(extendedResultCode.rawValue)
    }

    /// The ``description`` of the error, as the localized description
    /// (`NSLocalizedDescriptionKey`). Hidden statement arguments stay
    /// hidden.
    ///
    /// ```swift
    /// (error as NSError).localizedDescription // "SQLite error 19: ..."
    /// ```
    public var errorUserInfo: [String: Any] {
        [NSLocalizedDescriptionKey: description]
    }
}
