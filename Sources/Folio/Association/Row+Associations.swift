// Decoding associated records from the rows of joined requests.

extension Row {
    /// Decodes the record of an association key, looked up in the tree of
    /// scopes.
    ///
    /// ```swift
    /// // Book.including(required: Book.author)
    /// struct BookInfo: FetchableRecord {
    ///     var book: Book
    ///     var author: Author
    ///     init(row: Row) throws {
    ///         book = try Book(row: row)
    ///         author = try row.decode(forKey: "author")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The record type.
    ///   - key: An association key.
    /// - Returns: The decoded record.
    /// - Throws: A ``RowDecodingError`` when the row has no such scope, or
    ///   when the scope only has NULL values (use
    ///   ``decodeIfPresent(_:forKey:)`` for optional associations).
    public func decode<Record: FetchableRecord>(_ type: Record.Type = Record.self, forKey key: String) throws -> Record {
        guard let scope = scopesTree[key] else {
            throw RowDecodingError(
                reason: .columnNotFound, type: Record.self, column: nil, index: nil, databaseValue: nil,
                row: self, sql: sql,
                message: "no such scope \"\(key)\" (available scopes: \(scopesTree.names.sorted()))")
        }
        guard scope.containsNonNullValue else {
            throw RowDecodingError(
                reason: .valueMismatch, type: Record.self, column: nil, index: nil, databaseValue: .null,
                row: self, sql: sql,
                message: "the scope \"\(key)\" has only NULL values: decode an optional record")
        }
        return try Record(row: scope)
    }

    /// Decodes the record of an association key, or nil when the row has
    /// no such scope, or when the scope only has NULL values (no associated
    /// record in a LEFT JOIN).
    ///
    /// - Parameters:
    ///   - type: The record type.
    ///   - key: An association key.
    /// - Returns: The decoded record, or nil.
    /// - Throws: The errors of the record's `init(row:)`.
    public func decodeIfPresent<Record: FetchableRecord>(_ type: Record.Type = Record.self, forKey key: String) throws -> Record? {
        guard let scope = scopesTree[key], scope.containsNonNullValue else { return nil }
        return try Record(row: scope)
    }

    /// Decodes the prefetched records of an association key
    /// (`including(all:)`).
    ///
    /// ```swift
    /// let books: [Book] = try row.decode(forKey: "books")
    /// ```
    ///
    /// - Parameters:
    ///   - type: A collection type.
    ///   - key: An association key.
    /// - Returns: The decoded records.
    /// - Throws: A ``RowDecodingError`` when nothing was prefetched for
    ///   this key, or the errors of the records' `init(row:)`.
    public func decode<Collection: RangeReplaceableCollection>(
        _ type: Collection.Type = Collection.self,
        forKey key: String) throws -> Collection
    where Collection.Element: FetchableRecord
    {
        guard let rows = prefetchedRows[key] else {
            throw RowDecodingError(
                reason: .columnNotFound, type: Collection.self, column: nil, index: nil, databaseValue: nil,
                row: self, sql: sql,
                message: "no prefetched rows for key \"\(key)\" (prefetched keys: \(prefetchedRows.keys.sorted()))")
        }
        var records = Collection()
        records.reserveCapacity(rows.count)
        for row in rows {
            records.append(try Collection.Element(row: row))
        }
        return records
    }

    /// Decodes the prefetched records of an association key into a set.
    ///
    /// - Parameters:
    ///   - type: A set type.
    ///   - key: An association key.
    /// - Returns: The decoded records.
    /// - Throws: A ``RowDecodingError``, or the errors of `init(row:)`.
    public func decode<Record: FetchableRecord & Hashable>(
        _ type: Set<Record>.Type = Set<Record>.self,
        forKey key: String) throws -> Set<Record>
    {
        Set(try decode([Record].self, forKey: key))
    }
}

// The subscripts of scopes and prefetched rows: a decoding failure is a
// programmer error, as with the subscripts of column values.

extension Row {
    /// The record of a scope, looked up breadth-first in the tree of
    /// scopes (see ``scopesTree``).
    ///
    /// ```swift
    /// // Book.including(required: Book.author.including(required: Author.country))
    /// let author: Author = row["author"]
    /// let country: Country = row["country"]
    /// ```
    ///
    /// Scopes are defined by ``ScopeAdapter``, and by the
    /// `including(required:)` and `including(optional:)` methods of
    /// requests, after the keys of their associations.
    ///
    /// - Precondition: the scope exists, has a non-NULL value, and the
    ///   record decodes: use ``decode(_:forKey:)->Collection`` to get an error instead.
    /// - Parameter scope: The name of a scope (an association key).
    public subscript<Record: FetchableRecord>(_ scope: String) -> Record {
        do {
            return try decode(Record.self, forKey: scope)
        } catch {
            _decodingFailure(error)
        }
    }

    /// The record of a scope, looked up breadth-first in the tree of
    /// scopes (see ``scopesTree``), or nil when the row has no such scope,
    /// or when the scope only has NULL values (no associated record in a
    /// LEFT JOIN).
    ///
    /// ```swift
    /// // Book.including(optional: Book.author)
    /// let author: Author? = row["author"]
    /// ```
    ///
    /// - Precondition: the record decodes: use
    ///   ``decodeIfPresent(_:forKey:)`` to get an error instead.
    /// - Parameter scope: The name of a scope (an association key).
    public subscript<Record: FetchableRecord>(_ scope: String) -> Record? {
        do {
            return try decodeIfPresent(Record.self, forKey: scope)
        } catch {
            _decodingFailure(error)
        }
    }

    /// The prefetched records of an association key (`including(all:)`).
    ///
    /// ```swift
    /// // Author.including(all: Author.books)
    /// let books: [Book] = row["books"]
    /// ```
    ///
    /// - Precondition: rows were prefetched for this key, and the records
    ///   decode: use ``decode(_:forKey:)->Collection`` to get an error instead.
    /// - Parameter key: An association key.
    public subscript<Records: RangeReplaceableCollection>(_ key: String) -> Records where Records.Element: FetchableRecord {
        do {
            return try decode(Records.self, forKey: key)
        } catch {
            _decodingFailure(error)
        }
    }

    /// The prefetched records of an association key (`including(all:)`),
    /// as a set.
    ///
    /// ```swift
    /// // Author.including(all: Author.books)
    /// let books: Set<Book> = row["books"]
    /// ```
    ///
    /// - Precondition: rows were prefetched for this key, and the records
    ///   decode: use ``decode(_:forKey:)->Collection`` to get an error instead.
    /// - Parameter key: An association key.
    public subscript<Record: FetchableRecord & Hashable>(_ key: String) -> Set<Record> {
        do {
            return try decode(Set<Record>.self, forKey: key)
        } catch {
            _decodingFailure(error)
        }
    }
}
