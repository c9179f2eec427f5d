// How a row finds its columns by name: the leftmost column with the name,
// ignoring the case of ASCII letters, with a hint that makes a loop that
// reads the columns in order compare one name per read.

extension Row {
    /// Returns the index of the leftmost column with this name
    /// (case-insensitive), or nil.
    ///
    /// - Parameter name: A column name.
    /// - Returns: A column index, or nil.
    @inlinable @inline(__always)
    func index(forColumn name: String) -> Int? {
        _hintedIndex(forColumn: name) ?? _index(forColumn: name)
    }

    /// The fast path of ``index(forColumn:)``: the index of the column after
    /// the last one found, when it has this name (and is its leftmost
    /// match), or nil.
    @inlinable @inline(__always)
    func _hintedIndex(forColumn name: String) -> Int? {
        let hint = _columnLookupHint
        if hint < count {
            let position = _offset &+ hint
            if _columnNames[position].hasSameUTF8(as: name) && (!_hasDuplicateNames || _previousDuplicates[position] < _offset) {
                _columnLookupHint = hint &+ 1 == count ? 0 : hint &+ 1
                return hint
            }
        }
        return nil
    }

    /// The slow path of ``index(forColumn:)``: a scan of the columns.
    @usableFromInline
    func _index(forColumn name: String) -> Int? {
        let range = _offset..<(_offset + count)
        var found: Int?
        // Names compare as in SQLite: same bytes, ignoring the case of
        // ASCII letters (see String+DatabaseNames.swift).
        if let position = range.first(where: { _columnNames[$0].hasSameUTF8(as: name) }), _previousDuplicates[position] < _offset {
            // No column to the left has the same name, ignoring case.
            found = position
        } else {
            found = range.first { _columnNames[$0].isSameDatabaseName(as: name) }
        }
        guard let position = found else { return nil }
        let index = position - _offset
        _columnLookupHint = index + 1 == count ? 0 : index + 1
        return index
    }

    /// For each name, the index of the closest name to its left that is
    /// equal to it, ignoring case, or -1.
    static func previousDuplicateIndexes(_ names: [String]) -> [Int] {
        var result = Array(repeating: -1, count: names.count)
        guard names.count > 1 else { return result }
        if names.count <= 16 {
            // Few columns (most statements): comparing each name with the
            // ones to its left costs less than hashing them all, and
            // allocates nothing.
            for index in 1..<names.count {
                let name = names[index]
                var previous = index - 1
                while previous >= 0 {
                    if names[previous].isSameDatabaseName(as: name) {
                        result[index] = previous
                        break
                    }
                    previous -= 1
                }
            }
            return result
        }
        var lastIndexes: [DatabaseNameKey: Int] = [:]
        for (index, name) in names.enumerated() {
            let key = DatabaseNameKey(name)
            if let previous = lastIndexes[key] {
                result[index] = previous
            }
            lastIndexes[key] = index
        }
        return result
    }
}
