// See String+DatabaseNames.swift for how SQLite compares names.

/// A name as a dictionary or set key, equal to the keys of the names that
/// SQLite considers the same: same UTF-8 bytes, ignoring the case of ASCII
/// letters (see ``Swift/String/isSameDatabaseName(as:)``).
///
/// Use it instead of `name.lowercased()`, which merges names that SQLite
/// keeps apart.
struct DatabaseNameKey: Hashable, Sendable {
    /// The UTF-8 bytes of the name, ASCII letters lowercased.
    private let foldedBytes: [UInt8]

    /// Creates the key of a name.
    ///
    /// - Parameter name: A table, column, savepoint or function name.
    init(_ name: String) {
        foldedBytes = name.utf8.map(String.asciiLowercased)
    }
}
