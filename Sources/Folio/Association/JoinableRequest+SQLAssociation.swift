// The semi-public forms of the association methods, which take the model of
// an association (`_SQLAssociation`) instead of a typed association:
// `_including(all:)`, `_including(optional:)`, `_including(required:)`,
// `_joining(optional:)`, `_joining(required:)`, and `_aliased(_:)`. GRDB
// declares them for the libraries that build requests from associations
// whose types they do not know, and so does Folio.
//
// ```swift
// let association = Book.author._sqlAssociation
// let request = Book.all()._including(required: association)
// ```

extension JoinableRequest {
    fileprivate func adding(_ association: _SQLAssociation, kind: SQLRelationChild.Kind, isSelected: Bool) -> Self {
        _withRelation(association.apply(to: _relation, kind: kind, isSelected: isSelected))
    }

    /// Returns a request that fetches all associated records (see
    /// ``including(all:)``).
    ///
    /// - Parameter association: The model of a to-many association.
    /// - Returns: A request.
    public func _including(all association: _SQLAssociation) -> Self {
        adding(association, kind: .all, isSelected: true)
    }

    /// Returns a request that fetches the associated record when it exists
    /// (see ``including(optional:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: A request.
    public func _including(optional association: _SQLAssociation) -> Self {
        adding(association, kind: .optional, isSelected: true)
    }

    /// Returns a request that fetches the associated record, and only the
    /// records that have one (see ``including(required:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: A request.
    public func _including(required association: _SQLAssociation) -> Self {
        adding(association, kind: .required, isSelected: true)
    }

    /// Returns a request left-joined with the association (see
    /// ``joining(optional:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: A request.
    public func _joining(optional association: _SQLAssociation) -> Self {
        adding(association, kind: .optional, isSelected: false)
    }

    /// Returns a request joined with the association (see
    /// ``joining(required:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: A request.
    public func _joining(required association: _SQLAssociation) -> Self {
        adding(association, kind: .required, isSelected: false)
    }
}

extension QueryInterfaceRequest {
    /// Returns a request that fetches all associated records (see
    /// ``JoinableRequest/including(all:)``).
    ///
    /// - Parameter association: The model of a to-many association.
    /// - Returns: A request.
    public func _including(all association: _SQLAssociation) -> QueryInterfaceRequest<RowDecoder> {
        adding(association, kind: .all, isSelected: true)
    }

    /// Returns a request that fetches the associated record when it exists
    /// (see ``JoinableRequest/including(optional:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: A request.
    public func _including(optional association: _SQLAssociation) -> QueryInterfaceRequest<RowDecoder> {
        adding(association, kind: .optional, isSelected: true)
    }

    /// Returns a request that fetches the associated record, and only the
    /// records that have one (see ``JoinableRequest/including(required:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: A request.
    public func _including(required association: _SQLAssociation) -> QueryInterfaceRequest<RowDecoder> {
        adding(association, kind: .required, isSelected: true)
    }

    /// Returns a request left-joined with the association (see
    /// ``JoinableRequest/joining(optional:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: A request.
    public func _joining(optional association: _SQLAssociation) -> QueryInterfaceRequest<RowDecoder> {
        adding(association, kind: .optional, isSelected: false)
    }

    /// Returns a request joined with the association (see
    /// ``JoinableRequest/joining(required:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: A request.
    public func _joining(required association: _SQLAssociation) -> QueryInterfaceRequest<RowDecoder> {
        adding(association, kind: .required, isSelected: false)
    }

    /// Returns a request whose table is named by the alias (see
    /// ``aliased(_:)``).
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    public func _aliased(_ alias: TableAliasBase) -> QueryInterfaceRequest<RowDecoder> {
        aliased(alias)
    }
}

extension Association {
    /// Returns an association that fetches all the records of another
    /// association from its destination (see
    /// ``JoinableRequest/including(all:)``).
    ///
    /// - Parameter association: The model of a to-many association.
    /// - Returns: An association.
    public func _including(all association: _SQLAssociation) -> Self {
        adding(association, kind: .all, isSelected: true)
    }

    /// Returns an association that fetches the record of another
    /// association from its destination when it exists (see
    /// ``JoinableRequest/including(optional:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: An association.
    public func _including(optional association: _SQLAssociation) -> Self {
        adding(association, kind: .optional, isSelected: true)
    }

    /// Returns an association that fetches the record of another
    /// association from its destination, and only the destination records
    /// that have one (see ``JoinableRequest/including(required:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: An association.
    public func _including(required association: _SQLAssociation) -> Self {
        adding(association, kind: .required, isSelected: true)
    }

    /// Returns an association left-joined with another association from
    /// its destination (see ``JoinableRequest/joining(optional:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: An association.
    public func _joining(optional association: _SQLAssociation) -> Self {
        adding(association, kind: .optional, isSelected: false)
    }

    /// Returns an association joined with another association from its
    /// destination (see ``JoinableRequest/joining(required:)``).
    ///
    /// - Parameter association: The model of an association.
    /// - Returns: An association.
    public func _joining(required association: _SQLAssociation) -> Self {
        adding(association, kind: .required, isSelected: false)
    }

    /// Returns an association whose destination table is named by the
    /// alias (see ``aliased(_:)``).
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: An association.
    public func _aliased(_ alias: TableAliasBase) -> Self {
        aliased(TableAlias<RowDecoder>(sharing: alias))
    }
}

extension TableRequest {
    /// Returns a request whose table is named by the alias (see
    /// ``aliased(_:)``).
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    public func _aliased(_ alias: TableAliasBase) -> Self {
        aliased(TableAlias<RowDecoder>(sharing: alias))
    }
}
