extension Row {
    /// The rows of prefetched to-many associations (`including(all:)`), by
    /// association key.
    ///
    /// ```swift
    /// let request = Author.including(all: Author.books)
    /// let row = try Row.fetchOne(db, request)!
    /// let bookRows = row.prefetchedRows["books"] // [Row]
    /// ```
    public var prefetchedRows: PrefetchedRowsView {
        PrefetchedRowsView(rows: _prefetchStorage?.rows[ByteExactString(_scopePath)] ?? [:])
    }

    /// The prefetched rows of a row, by association key.
    ///
    /// ```swift
    /// let authorRow = try Row.fetchOne(db, Author.including(all: Author.books))!
    /// authorRow.prefetchedRows.keys      // ["books"]
    /// authorRow.prefetchedRows["books"]  // [Row]
    /// ```
    public struct PrefetchedRowsView: Equatable {
        let rows: [ByteExactString: PrefetchedRowSet]

        /// The association keys of the prefetched rows.
        ///
        /// ```swift
        /// authorRow.prefetchedRows.keys // ["books"]
        /// ```
        public var keys: Set<String> { Set(rows.keys.map(\.string)) }

        /// Whether there is no prefetched association.
        ///
        /// ```swift
        /// try Row.fetchOne(db, sql: "SELECT 1")!.prefetchedRows.isEmpty // true
        /// ```
        public var isEmpty: Bool { rows.isEmpty }

        /// The prefetched rows for an association key, or nil.
        ///
        /// ```swift
        /// let bookRows = authorRow.prefetchedRows["books"]
        /// ```
        ///
        /// - Parameter key: An association key.
        /// - Returns: The prefetched rows, or nil.
        public subscript(_ key: String) -> [Row]? { rows[ByteExactString(key)]?.allRows }

        /// The number of prefetched rows for an association key, without
        /// building them.
        func count(forKey key: String) -> Int { rows[ByteExactString(key)]?.count ?? 0 }

        /// Returns whether two views have the same keys, and equal rows for
        /// each key.
        ///
        /// ```swift
        /// row1.prefetchedRows == row2.prefetchedRows
        /// ```
        public static func == (lhs: PrefetchedRowsView, rhs: PrefetchedRowsView) -> Bool {
            guard lhs.rows.count == rhs.rows.count else { return false }
            for (key, set) in lhs.rows {
                guard let other = rhs.rows[key], set.count == other.count, set.allRows == other.allRows else { return false }
            }
            return true
        }
    }
}
