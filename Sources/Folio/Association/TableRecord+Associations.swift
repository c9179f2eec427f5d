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
        BelongsToAssociation(_sqlAssociation: .belongsTo(
            from: databaseTableName,
            to: Destination.databaseTableName,
            selection: Destination.databaseSelection.map(\.sqlSelection),
            key: key,
            foreignKey: foreignKey))
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
        HasOneAssociation(_sqlAssociation: .hasOneOrMany(
            from: databaseTableName,
            to: Destination.databaseTableName,
            selection: Destination.databaseSelection.map(\.sqlSelection),
            key: key,
            foreignKey: foreignKey,
            isToOne: true))
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
        HasManyAssociation(_sqlAssociation: .hasOneOrMany(
            from: databaseTableName,
            to: Destination.databaseTableName,
            selection: Destination.databaseSelection.map(\.sqlSelection),
            key: key,
            foreignKey: foreignKey,
            isToOne: false))
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
        HasManyThroughAssociation(_sqlAssociation: .through(pivot: pivot._sqlAssociation, target: target._sqlAssociation, key: key))
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
        HasOneThroughAssociation(_sqlAssociation: .through(pivot: pivot._sqlAssociation, target: target._sqlAssociation, key: key))
    }
}
