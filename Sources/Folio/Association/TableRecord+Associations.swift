// Defining associations: `belongsTo`, `hasOne`, `hasMany`, and their
// `through:` variants.

extension TableRecord {
    /// Returns a **BelongsTo** association to another record type, through
    /// a foreign key of this table.
    ///
    /// ```swift
    /// extension Book {
    ///     static let author = belongsTo(Author.self)
    /// }
    /// ```
    ///
    /// The foreign key is inferred from the database schema; give one when
    /// the schema declares none, or several.
    ///
    /// - Parameters:
    ///   - destination: The destination record type.
    ///   - key: The association key; by default, the singular name of
    ///     the destination table.
    ///   - foreignKey: The foreign key, or nil to infer it from the schema.
    /// - Returns: An association.
    public static func belongsTo<Destination: TableRecord>(
        _ destination: Destination.Type,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> BelongsToAssociation<Self, Destination>
    {
        let resolver = AssociationForeignKeyResolver(
            originTable: databaseTableName,
            destinationTable: Destination.databaseTableName,
            foreignKey: foreignKey)
        let condition = SQLAssociationCondition { db in
            try resolver.resolve(db).map { (parent: $0.origin, child: $0.destination) }
        }
        return BelongsToAssociation(_sqlAssociation: SQLAssociation(steps: [
            makeStep(Destination.self, key: key, condition: condition, isToOne: true),
        ]))
    }

    /// Returns a **HasOne** association to another record type, through a
    /// foreign key of the other table.
    ///
    /// ```swift
    /// extension Country {
    ///     static let demographics = hasOne(Demographics.self)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - destination: The destination record type.
    ///   - key: The association key; by default, the singular name of
    ///     the destination table.
    ///   - foreignKey: The foreign key (defined from the destination
    ///     table), or nil to infer it from the schema.
    /// - Returns: An association.
    public static func hasOne<Destination: TableRecord>(
        _ destination: Destination.Type,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> HasOneAssociation<Self, Destination>
    {
        HasOneAssociation(_sqlAssociation: SQLAssociation(steps: [
            makeStep(Destination.self, key: key, condition: inverseCondition(Destination.self, foreignKey), isToOne: true),
        ]))
    }

    /// Returns a **HasMany** association to another record type, through a
    /// foreign key of the other table.
    ///
    /// ```swift
    /// extension Author {
    ///     static let books = hasMany(Book.self)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - destination: The destination record type.
    ///   - key: The association key; by default, the plural name of the
    ///     destination table.
    ///   - foreignKey: The foreign key (defined from the destination
    ///     table), or nil to infer it from the schema.
    /// - Returns: An association.
    public static func hasMany<Destination: TableRecord>(
        _ destination: Destination.Type,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> HasManyAssociation<Self, Destination>
    {
        HasManyAssociation(_sqlAssociation: SQLAssociation(steps: [
            makeStep(Destination.self, key: key, condition: inverseCondition(Destination.self, foreignKey), isToOne: false),
        ]))
    }

    /// Returns a **HasManyThrough** association, that goes from this
    /// record type to a pivot, and from the pivot to the destination.
    ///
    /// ```swift
    /// extension Country {
    ///     static let passports = hasMany(Passport.self)
    ///     static let citizens = hasMany(Citizen.self, through: passports, using: Passport.citizen)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - destination: The destination record type.
    ///   - pivot: An association from this type to the pivot.
    ///   - target: An association from the pivot to the destination.
    ///   - key: The association key; by default, the key of `target`,
    ///     in its plural form.
    /// - Returns: An association.
    public static func hasMany<Pivot: Association, Target: Association>(
        _ destination: Target.RowDecoder.Type,
        through pivot: Pivot,
        using target: Target,
        key: String? = nil) -> HasManyThroughAssociation<Self, Target.RowDecoder>
    where Pivot.OriginRowDecoder == Self, Target.OriginRowDecoder == Pivot.RowDecoder
    {
        var association = pivot._sqlAssociation.appending(target._sqlAssociation)
        if let key { association = association.forKey(key) }
        return HasManyThroughAssociation(_sqlAssociation: association)
    }

    /// Returns a **HasOneThrough** association, that goes from this record
    /// type to a pivot, and from the pivot to the destination, both to-one.
    ///
    /// ```swift
    /// extension Book {
    ///     static let library = belongsTo(Library.self)
    ///     static let returnAddress = hasOne(Address.self, through: library, using: Library.address)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - destination: The destination record type.
    ///   - pivot: A to-one association from this type to the pivot.
    ///   - target: A to-one association from the pivot to the destination.
    ///   - key: The association key; by default, the key of `target`.
    /// - Returns: An association.
    public static func hasOne<Pivot: AssociationToOne, Target: AssociationToOne>(
        _ destination: Target.RowDecoder.Type,
        through pivot: Pivot,
        using target: Target,
        key: String? = nil) -> HasOneThroughAssociation<Self, Target.RowDecoder>
    where Pivot.OriginRowDecoder == Self, Target.OriginRowDecoder == Pivot.RowDecoder
    {
        var association = pivot._sqlAssociation.appending(target._sqlAssociation)
        if let key { association = association.forKey(key) }
        return HasOneThroughAssociation(_sqlAssociation: association)
    }

    private static func makeStep<Destination: TableRecord>(
        _ destination: Destination.Type,
        key: String?,
        condition: SQLAssociationCondition,
        isToOne: Bool) -> SQLAssociationStep
    {
        SQLAssociationStep(
            key: key.map { .fixed($0) } ?? .inflected(Destination.databaseTableName),
            condition: condition,
            relation: SQLRelation(
                table: Destination.databaseTableName,
                selection: Destination.databaseSelection.map(\.sqlSelection)),
            isToOne: isToOne)
    }

    /// The condition of an association whose foreign key is in the
    /// destination table.
    private static func inverseCondition<Destination: TableRecord>(
        _ destination: Destination.Type,
        _ foreignKey: ForeignKey?) -> SQLAssociationCondition
    {
        let resolver = AssociationForeignKeyResolver(
            originTable: Destination.databaseTableName,
            destinationTable: databaseTableName,
            foreignKey: foreignKey)
        return SQLAssociationCondition { db in
            try resolver.resolve(db).map { (parent: $0.destination, child: $0.origin) }
        }
    }
}
