import Folio

/// What dqlite 1.11 cannot carry in the parameters of a statement, checked
/// before a request is sent, with an error that names the SQL.
enum DqliteParameters {
    /// Checks that `values` fit in one tuple of parameters.
    ///
    /// - Throws: A `DatabaseError` (`SQLITE_RANGE`) when there are more than
    ///   255 values: the count of a tuple is one byte in dqlite 1.11; a
    ///   `DatabaseError` (`SQLITE_MISMATCH`) for a text with a NUL byte:
    ///   dqlite reads a text up to its first NUL byte, and would store a
    ///   truncated value.
    static func check(_ values: [DatabaseValue], sql: String) throws {
        if values.count > DqliteProtocol.maximumParameterCount {
            throw DatabaseError(
                resultCode: .SQLITE_RANGE,
                message: "dqlite 1.11 accepts at most \(DqliteProtocol.maximumParameterCount) parameters "
                    + "in one statement, and this statement has \(values.count)",
                sql: sql)
        }
        for (index, value) in values.enumerated() {
            if case .string(let text) = value.storage, text.utf8.contains(0) {
                throw DatabaseError(
                    resultCode: .SQLITE_MISMATCH,
                    message: "parameter \(index + 1) is a text with a NUL byte, which dqlite's wire "
                        + "protocol cannot carry (it ends a text at its first NUL byte): "
                        + "store it as a blob (Data) instead",
                    sql: sql)
            }
        }
    }
}
