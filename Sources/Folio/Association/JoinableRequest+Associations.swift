// Joining and including associated records: `including(required:)`,
// `including(optional:)`, `including(all:)`, `joining(required:)`,
// `joining(optional:)`, `annotated(withRequired:)`,
// `annotated(withOptional:)`.

extension JoinableRequest {
    private func adding(_ association: some Association, kind: SQLRelationChild.Kind, isSelected: Bool) -> Self {
        _withRelation(association._sqlAssociation.apply(to: _relation, kind: kind, isSelected: isSelected))
    }

    /// Returns a request that fetches all associated records of a to-many
    /// association, in one extra query (never one query per record).
    ///
    /// ```swift
    /// // SELECT * FROM author
    /// // SELECT * FROM book WHERE authorId IN (1, 2, 3, ...)
    /// struct AuthorInfo: Decodable, FetchableRecord {
    ///     var author: Author
    ///     var books: [Book]
    /// }
    /// let infos = try AuthorInfo.fetchAll(db, Author.including(all: Author.books))
    /// ```
    ///
    /// - Parameter association: A to-many association.
    /// - Returns: A request.
    public func including<A: AssociationToMany>(all association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        adding(association, kind: .all, isSelected: true)
    }

    /// Returns a request that fetches the associated record when it
    /// exists (LEFT JOIN), and nil otherwise.
    ///
    /// ```swift
    /// struct BookInfo: Decodable, FetchableRecord {
    ///     var book: Book
    ///     var author: Author?
    /// }
    /// let infos = try BookInfo.fetchAll(db, Book.including(optional: Book.author))
    /// ```
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func including<A: Association>(optional association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        adding(association, kind: .optional, isSelected: true)
    }

    /// Returns a request that fetches the associated record, and only the
    /// records that have one (JOIN).
    ///
    /// ```swift
    /// struct BookInfo: Decodable, FetchableRecord {
    ///     var book: Book
    ///     var author: Author
    /// }
    /// let infos = try BookInfo.fetchAll(db, Book.including(required: Book.author))
    /// ```
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func including<A: Association>(required association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        adding(association, kind: .required, isSelected: true)
    }

    /// Returns a request joined with the association (LEFT JOIN), without
    /// selecting its columns: use it to filter or sort on the associated
    /// records.
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func joining<A: Association>(optional association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        adding(association, kind: .optional, isSelected: false)
    }

    /// Returns a request joined with the association (JOIN), without
    /// selecting its columns: only the records that have an associated
    /// record are fetched.
    ///
    /// ```swift
    /// // Books whose author is Italian
    /// let request = Book.joining(required: Book.author.filter { $0.country == "Italy" })
    /// ```
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func joining<A: Association>(required association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        adding(association, kind: .required, isSelected: false)
    }

    /// Returns a request joined with the association (JOIN), whose
    /// selected columns are added to the columns of the fetched records.
    ///
    /// ```swift
    /// // SELECT book.*, author.name FROM book JOIN author ON ...
    /// let request = Book.annotated(withRequired: Book.author.select { [$0.name.forKey("authorName")] })
    /// ```
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func annotated<A: Association>(withRequired association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        annotated(with: association, kind: .required)
    }

    /// Returns a request joined with the association (LEFT JOIN), whose
    /// selected columns are added to the columns of the fetched records.
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func annotated<A: Association>(withOptional association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        annotated(with: association, kind: .optional)
    }

    private func annotated(with association: some Association, kind: SQLRelationChild.Kind) -> Self {
        let sqlAssociation = association._sqlAssociation
        let destination = sqlAssociation.destination.relation
        var relation = sqlAssociation.mapDestinationRelation { $0.select([]) }
            .apply(to: _relation, kind: kind, isSelected: false)
        if relation.defersDerivations || destination.defersDerivations {
            // A connected selection of the destination is only known when
            // the request is prepared, and a connected selection of the
            // request would replace the columns added now.
            relation = relation.deriving { relation, db in
                var relation = relation
                relation.selection += try destination.resolved(db).selection
                return relation
            }
        } else {
            // The destination selection is already qualified with its alias.
            relation.selection += destination.selection
        }
        return _withRelation(relation)
    }
}

extension TableRecord {
    /// A request of all records with all associated records of a to-many
    /// association (see ``JoinableRequest/including(all:)``).
    public static func including<A: AssociationToMany>(all association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().including(all: association)
    }

    /// A request of all records with their optional associated record
    /// (see ``JoinableRequest/including(optional:)``).
    public static func including<A: Association>(optional association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().including(optional: association)
    }

    /// A request of the records that have an associated record, with it
    /// (see ``JoinableRequest/including(required:)``).
    public static func including<A: Association>(required association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().including(required: association)
    }

    /// A request of all records, left-joined with an association (see
    /// ``JoinableRequest/joining(optional:)``).
    public static func joining<A: Association>(optional association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().joining(optional: association)
    }

    /// A request of the records that have an associated record (see
    /// ``JoinableRequest/joining(required:)``).
    public static func joining<A: Association>(required association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().joining(required: association)
    }

    /// A request annotated with the columns of a required association (see
    /// ``JoinableRequest/annotated(withRequired:)``).
    public static func annotated<A: Association>(withRequired association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().annotated(withRequired: association)
    }

    /// A request annotated with the columns of an optional association
    /// (see ``JoinableRequest/annotated(withOptional:)``).
    public static func annotated<A: Association>(withOptional association: A) -> QueryInterfaceRequest<Self> where A.OriginRowDecoder == Self {
        all().annotated(withOptional: association)
    }
}
