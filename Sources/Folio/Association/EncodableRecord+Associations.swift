// The request of the records associated to one record:
// `author.request(for: Author.books)`.

extension TableRecord where Self: EncodableRecord {
    /// Returns a request of the records associated to this record.
    ///
    /// ```swift
    /// extension Author {
    ///     var books: QueryInterfaceRequest<Book> {
    ///         request(for: Author.books)
    ///     }
    /// }
    ///
    /// let books = try author.books.fetchAll(db)
    /// ```
    ///
    /// The values of the record that the association needs (such as the
    /// author id) are read when the request is built; the request fails
    /// with a ``DatabaseError`` when the record can not be encoded or lacks
    /// one of them.
    ///
    /// - Parameter association: An association from this record type.
    /// - Returns: A request.
    public func request<A: Association>(for association: A) -> QueryInterfaceRequest<A.RowDecoder>
    where A.OriginRowDecoder == Self
    {
        let steps = association._sqlAssociation.steps
        let values: Result<[DatabaseNameKey: DatabaseValue], DatabaseError>
        do {
            var dictionary: [DatabaseNameKey: DatabaseValue] = [:]
            for (column, value) in try databaseDictionary {
                dictionary[DatabaseNameKey(column)] = value
            }
            values = .success(dictionary)
        } catch {
            values = .failure(DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "could not encode \(Self.self) for request(for:): \(error)"))
        }
        let firstAlias = steps[0].relation.alias
        let originTable = Self.databaseTableName
        // Schema-dependent, with the alias of the first step: the columns
        // follow the alias when the request is aliased
        // (`.aliased(TableAlias(name: "custom"))`).
        let filter = SQLExpression(.schemaDependent(firstAlias) { db, alias in
            let dictionary = try values.get()
            let mapping = try steps[0].condition.columnMapping(db)
            let conditions = try mapping.map { pair -> SQLExpression in
                guard let value = dictionary[DatabaseNameKey(pair.parent)] else {
                    throw DatabaseError(
                        resultCode: .SQLITE_MISUSE,
                        message: "\(Self.self) does not encode the column \(originTable).\(pair.parent) needed by request(for:)")
                }
                return SQLExpression(.binary("=", .column(pair.child, alias ?? firstAlias), .value(value)))
            }
            // A NULL key matches no row: `WHERE 0`, as GRDB writes it.
            if mapping.contains(where: { dictionary[DatabaseNameKey($0.parent)]?.isNull == true }) {
                return SQLExpression(.literal(SQL(sql: "0")))
            }
            return SQLExpression(.associative("AND", conditions))
        })
        return QueryInterfaceRequest(relation: SQLAssociationStep.reversedChain(steps, firstStepFilter: filter))
    }
}
