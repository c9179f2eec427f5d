import CSQLite

/// An SQLite result code, primary or extended.
///
/// Result codes are an open set: any `CInt` returned by SQLite can be wrapped,
/// and the well-known ones have names such as ``SQLITE_CONSTRAINT`` or
/// ``SQLITE_CONSTRAINT_FOREIGNKEY``.
///
/// ```swift
/// do {
///     try db.execute(sql: "INSERT INTO book (authorId) VALUES (?)", arguments: [42])
/// } catch DatabaseError.SQLITE_CONSTRAINT_FOREIGNKEY {
///     // the author does not exist
/// }
/// ```
///
/// A primary code matches all its extended codes in pattern matching:
/// `case ResultCode.SQLITE_CONSTRAINT` matches a `SQLITE_CONSTRAINT_UNIQUE`
/// error. See <https://www.sqlite.org/rescode.html>.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The raw SQLite code.
    public let rawValue: CInt

    /// Creates a result code from a raw SQLite code.
    ///
    /// - Parameter rawValue: A primary or extended SQLite result code.
    public init(rawValue: CInt) {
        self.rawValue = rawValue
    }

    /// The primary result code: the low 8 bits of an extended code.
    ///
    /// ```swift
    /// ResultCode.SQLITE_CONSTRAINT_UNIQUE.primaryResultCode // .SQLITE_CONSTRAINT
    /// ```
    public var primaryResultCode: ResultCode {
        ResultCode(rawValue: rawValue & 0xFF)
    }

    /// Whether this is an extended result code (not a primary one).
    var isExtended: Bool { rawValue >> 8 != 0 }

    /// A description such as `19 (SQLITE_CONSTRAINT): constraint failed`.
    public var description: String {
        let message = String(cString: sqlite3_errstr(rawValue))
        return "\(rawValue) (\(message))"
    }

    /// Returns whether the error is a ``DatabaseError`` with this code.
    ///
    /// A primary code matches its extended codes too, so that
    /// `catch ResultCode.SQLITE_CONSTRAINT` catches a foreign key violation.
    ///
    /// - Parameters:
    ///   - pattern: The result code to look for.
    ///   - error: Any error.
    /// - Returns: Whether `error` is a ``DatabaseError`` with this code.
    public static func ~= (pattern: ResultCode, error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return pattern ~= error.extendedResultCode
    }

    /// Returns whether a result code matches another one.
    ///
    /// A primary code matches all its extended codes; an extended code matches
    /// only itself.
    ///
    /// - Parameters:
    ///   - pattern: The result code to look for.
    ///   - code: The code to test.
    /// - Returns: Whether `code` is `pattern` or one of its extended codes.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        if pattern.isExtended {
            return pattern == code
        }
        return pattern == code.primaryResultCode
    }
}
