// The models of the associations that `belongsTo`, `hasOne` and `hasMany`
// define, between record types (`TableRecord`) or tables (`Table`): each
// side is known by its table name, and the destination by its default
// selection (`databaseSelection` of a record type, `*` for a `Table`).

extension _SQLAssociation {
    /// The model of a **BelongsTo** association: the foreign key is in the
    /// origin table, and refers to the destination table.
    static func belongsTo(
        from originTable: String,
        to destinationTable: String,
        selection: [SQLSelection],
        key: String?,
        foreignKey: ForeignKey?) -> _SQLAssociation
    {
        let resolver = AssociationForeignKeyResolver(
            originTable: originTable,
            destinationTable: destinationTable,
            foreignKey: foreignKey)
        let condition = SQLAssociationCondition { db in
            try resolver.resolve(db).map { (parent: $0.origin, child: $0.destination) }
        }
        return _SQLAssociation(steps: [
            step(to: destinationTable, selection: selection, key: key, condition: condition, isToOne: true),
        ])
    }

    /// The model of a **HasOne** (`isToOne`) or **HasMany** association:
    /// the foreign key is in the destination table, and refers to the
    /// origin table.
    static func hasOneOrMany(
        from originTable: String,
        to destinationTable: String,
        selection: [SQLSelection],
        key: String?,
        foreignKey: ForeignKey?,
        isToOne: Bool) -> _SQLAssociation
    {
        let resolver = AssociationForeignKeyResolver(
            originTable: destinationTable,
            destinationTable: originTable,
            foreignKey: foreignKey)
        let condition = SQLAssociationCondition { db in
            try resolver.resolve(db).map { (parent: $0.destination, child: $0.origin) }
        }
        return _SQLAssociation(steps: [
            step(to: destinationTable, selection: selection, key: key, condition: condition, isToOne: isToOne),
        ])
    }

    /// The model of a **HasManyThrough** or **HasOneThrough** association:
    /// from the origin to the pivot, then from the pivot to the
    /// destination.
    static func through(pivot: _SQLAssociation, target: _SQLAssociation, key: String?) -> _SQLAssociation {
        var association = pivot.appending(target)
        if let key { association = association.forKey(key) }
        return association
    }

    private static func step(
        to destinationTable: String,
        selection: [SQLSelection],
        key: String?,
        condition: SQLAssociationCondition,
        isToOne: Bool) -> SQLAssociationStep
    {
        SQLAssociationStep(
            key: key.map { .fixed($0) } ?? .inflected(destinationTable),
            condition: condition,
            relation: SQLRelation(table: destinationTable, selection: selection),
            isToOne: isToOne)
    }
}
