/// The statements of a connection cached by SQL text, compared byte for
/// byte (see ``ByteExactString``), behind a small front of the statements
/// used last.
///
/// Applications pass the same string values again and again
/// (`static let` SQL, literals): a look-up first compares the SQL with the
/// few strings found last, by identity of their storage (two words, no
/// byte read), and hashes the SQL only when none is the same string
/// value. A string with the same bytes in other storage misses the front,
/// and is found by the dictionary as before.
struct StatementCache {
    /// The number of entries of the front.
    private static let frontCapacity = 4

    /// The statements by SQL.
    private var statements: [ByteExactString: Statement] = [:]

    /// The SQL strings found last, and their statements: the front. Each
    /// entry is also in ``statements``; a change of the dictionary empties
    /// the front.
    private var front: [(sql: String, statement: Statement)] = []

    /// Where the next entry of a full front goes.
    private var nextFrontIndex = 0

    /// The number of cached statements.
    var count: Int { statements.count }

    /// The statement of the SQL, or nil.
    subscript(_ sql: String) -> Statement? {
        mutating get {
            if let statement = frontStatement(sql) {
                return statement
            }
            // Empty after each schema change: a miss that needs no hash
            // of the SQL (the migrations' statements, one DDL after the
            // other).
            guard !statements.isEmpty, let statement = statements[ByteExactString(sql)] else {
                return nil
            }
            addToFront(sql, statement)
            return statement
        }
    }

    /// Caches a statement, replacing the statement of the same SQL, if
    /// any.
    mutating func set(_ statement: Statement, forSQL sql: String) {
        front.removeAll(keepingCapacity: true)
        statements[ByteExactString(sql)] = statement
    }

    /// Removes all statements.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage, for a cache
    ///   that fills again.
    mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        front.removeAll(keepingCapacity: keepCapacity)
        statements.removeAll(keepingCapacity: keepCapacity)
    }

    /// The statement of the front whose SQL is the same string value, if
    /// any.
    @inline(__always)
    private func frontStatement(_ sql: String) -> Statement? {
        guard MemoryLayout<String>.size == 2 * MemoryLayout<UInt64>.size else { return nil }
        let key = unsafeBitCast(sql, to: (UInt64, UInt64).self)
        for entry in front {
            // The front retains its strings, so the storage of a string
            // can not be freed and reused for other SQL while it is here:
            // the same bits are the same bytes.
            let bits = unsafeBitCast(entry.sql, to: (UInt64, UInt64).self)
            if bits.0 == key.0 && bits.1 == key.1 {
                return entry.statement
            }
        }
        return nil
    }

    /// Puts a statement found by the dictionary in the front.
    private mutating func addToFront(_ sql: String, _ statement: Statement) {
        if front.count < StatementCache.frontCapacity {
            front.append((sql, statement))
        } else {
            front[nextFrontIndex] = (sql, statement)
            nextFrontIndex = (nextFrontIndex + 1) % StatementCache.frontCapacity
        }
    }
}
