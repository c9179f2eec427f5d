extension Row: CustomDebugStringConvertible {
    /// A description of the row with its raw columns, its scopes and its
    /// prefetched rows, for debugging the rows of joined requests and of
    /// row adapters.
    ///
    /// ```swift
    /// let request = Book
    ///     .including(required: Book.author.including(optional: Author.country))
    ///     .including(all: Book.prizes)
    /// let row = try Row.fetchOne(db, request)!
    /// print(row.debugDescription)
    /// // ▿ [id:1 authorId:2 title:"Moby-Dick"]
    /// //   unadapted: [id:1 authorId:2 title:"Moby-Dick" id:2 name:"Herman Melville" countryCode:"US" code:"US" name:"United States"]
    /// //   - author: [id:2 name:"Herman Melville" countryCode:"US"]
    /// //     - country: [code:"US" name:"United States"]
    /// //   + prizes: 3 rows
    /// ```
    ///
    /// A row that is not adapted, and has no scope and no prefetched rows,
    /// is described as by ``description``.
    public var debugDescription: String {
        let scopes = _layout?.scopes ?? []
        let prefetchedRows = self.prefetchedRows
        guard isAdapted || !scopes.isEmpty || !prefetchedRows.isEmpty else {
            return description
        }
        var lines = ["▿ " + description]
        if isAdapted {
            lines.append("  unadapted: \(unadapted)")
        }
        appendTree(to: &lines, indent: "  ")
        return lines.joined(separator: "\n")
    }

    /// Appends a line for each scope (and its own scopes, indented) and
    /// each key of prefetched rows.
    private func appendTree(to lines: inout [String], indent: String) {
        if let scopes = _layout?.scopes {
            for index in scopes.indices {
                let scopeRow = self.scopeRow(at: index, of: scopes)
                lines.append("\(indent)- \(scopes[index].key): \(scopeRow)")
                scopeRow.appendTree(to: &lines, indent: indent + "  ")
            }
        }
        let prefetchedRows = self.prefetchedRows
        for key in prefetchedRows.keys.sorted() {
            let count = prefetchedRows.count(forKey: key)
            lines.append("\(indent)+ \(key): \(count) row\(count == 1 ? "" : "s")")
        }
    }
}
