// Associations of `Table` values, and the requests of a `Table` that join,
// include, or aggregate associated rows.
//
// A `Table` defines the same associations as a `TableRecord` type: the
// origin is its table, and a destination is either a record type or
// another `Table`, whose rows are selected with `*`.

extension Table {
    // MARK: Defining associations to record types

    /// Returns a **BelongsTo** association from this table to a record
    /// type, through a foreign key of this table.
    ///
    /// ```swift
    /// let bookTable = Table("book")
    /// let author = bookTable.belongsTo(Author.self)
    ///
    /// // SELECT book.*, author.* FROM book JOIN author ON author.id = book.authorId
    /// let rows = try bookTable.including(required: author).fetchAll(db)
    /// ```
    ///
    /// The foreign key is read from the schema when the association is
    /// used; give one when the schema declares none, or several. See
    /// ``TableRecord/belongsTo(_:key:using:)-(Destination.Type,_,_)``.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/foreignkeys.html).
    ///
    /// - Parameters:
    ///   - destination: The record type at the other side of the
    ///     association.
    ///   - key: The association key. By default, it is
    ///     `Destination.databaseTableName`, singularized.
    ///   - foreignKey: A foreign key, or nil to read it from the schema.
    /// - Returns: An association.
    public func belongsTo<Destination>(
        _ destination: Destination.Type,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> BelongsToAssociation<RowDecoder, Destination>
    where Destination: TableRecord
    {
        BelongsToAssociation(_sqlAssociation: .belongsTo(
            from: tableName,
            to: Destination.databaseTableName,
            selection: Destination.databaseSelection.map(\.sqlSelection),
            key: key,
            foreignKey: foreignKey))
    }

    /// Returns a **HasMany** association from this table to a record
    /// type, through a foreign key of the destination table.
    ///
    /// ```swift
    /// let authorTable = Table("author")
    /// let books = authorTable.hasMany(Book.self)
    ///
    /// // SELECT author.*, COUNT(DISTINCT book.id) AS bookCount
    /// // FROM author LEFT JOIN book ON book.authorId = author.id GROUP BY author.id
    /// let rows = try authorTable.annotated(with: books.count).fetchAll(db)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/foreignkeys.html).
    ///
    /// - Parameters:
    ///   - destination: The record type at the other side of the
    ///     association.
    ///   - key: The association key. By default, it is
    ///     `Destination.databaseTableName`, pluralized.
    ///   - foreignKey: A foreign key, or nil to read it from the schema.
    /// - Returns: An association.
    public func hasMany<Destination>(
        _ destination: Destination.Type,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> HasManyAssociation<RowDecoder, Destination>
    where Destination: TableRecord
    {
        HasManyAssociation(_sqlAssociation: .hasOneOrMany(
            from: tableName,
            to: Destination.databaseTableName,
            selection: Destination.databaseSelection.map(\.sqlSelection),
            key: key,
            foreignKey: foreignKey,
            isToOne: false))
    }

    /// Returns a **HasOne** association from this table to a record type,
    /// through a foreign key of the destination table.
    ///
    /// ```swift
    /// let countryTable = Table("country")
    /// let demographics = countryTable.hasOne(Demographics.self)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/foreignkeys.html).
    ///
    /// - Parameters:
    ///   - destination: The record type at the other side of the
    ///     association.
    ///   - key: The association key. By default, it is
    ///     `Destination.databaseTableName`, singularized.
    ///   - foreignKey: A foreign key, or nil to read it from the schema.
    /// - Returns: An association.
    public func hasOne<Destination>(
        _ destination: Destination.Type,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> HasOneAssociation<RowDecoder, Destination>
    where Destination: TableRecord
    {
        HasOneAssociation(_sqlAssociation: .hasOneOrMany(
            from: tableName,
            to: Destination.databaseTableName,
            selection: Destination.databaseSelection.map(\.sqlSelection),
            key: key,
            foreignKey: foreignKey,
            isToOne: true))
    }

    // MARK: Defining associations to tables

    /// Returns a **BelongsTo** association from this table to another
    /// table, through a foreign key of this table.
    ///
    /// ```swift
    /// let bookTable = Table("book")
    /// let authorTable = Table("author")
    /// let author = bookTable.belongsTo(authorTable)
    ///
    /// // SELECT book.*, author.* FROM book LEFT JOIN author ON author.id = book.authorId
    /// let rows = try bookTable.including(optional: author).fetchAll(db)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/foreignkeys.html).
    ///
    /// - Parameters:
    ///   - destination: The table at the other side of the association.
    ///   - key: The association key. By default, it is
    ///     `destination.tableName`, singularized.
    ///   - foreignKey: A foreign key, or nil to read it from the schema.
    /// - Returns: An association.
    public func belongsTo<Destination>(
        _ destination: Table<Destination>,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> BelongsToAssociation<RowDecoder, Destination>
    {
        BelongsToAssociation(_sqlAssociation: .belongsTo(
            from: tableName,
            to: destination.tableName,
            selection: [.allColumns],
            key: key,
            foreignKey: foreignKey))
    }

    /// Returns a **HasMany** association from this table to another
    /// table, through a foreign key of the destination table.
    ///
    /// ```swift
    /// let authorTable = Table("author")
    /// let books = authorTable.hasMany(Table("book"))
    ///
    /// // SELECT * FROM author
    /// // SELECT * FROM book WHERE authorId IN (1, 2, 3, ...)
    /// let rows = try authorTable.including(all: books).fetchAll(db)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/foreignkeys.html).
    ///
    /// - Parameters:
    ///   - destination: The table at the other side of the association.
    ///   - key: The association key. By default, it is
    ///     `destination.tableName`, pluralized.
    ///   - foreignKey: A foreign key, or nil to read it from the schema.
    /// - Returns: An association.
    public func hasMany<Destination>(
        _ destination: Table<Destination>,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> HasManyAssociation<RowDecoder, Destination>
    {
        HasManyAssociation(_sqlAssociation: .hasOneOrMany(
            from: tableName,
            to: destination.tableName,
            selection: [.allColumns],
            key: key,
            foreignKey: foreignKey,
            isToOne: false))
    }

    /// Returns a **HasOne** association from this table to another table,
    /// through a foreign key of the destination table.
    ///
    /// ```swift
    /// let countryTable = Table("country")
    /// let demographics = countryTable.hasOne(Table("demographics"))
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/foreignkeys.html).
    ///
    /// - Parameters:
    ///   - destination: The table at the other side of the association.
    ///   - key: The association key. By default, it is
    ///     `destination.tableName`, singularized.
    ///   - foreignKey: A foreign key, or nil to read it from the schema.
    /// - Returns: An association.
    public func hasOne<Destination>(
        _ destination: Table<Destination>,
        key: String? = nil,
        using foreignKey: ForeignKey? = nil) -> HasOneAssociation<RowDecoder, Destination>
    {
        HasOneAssociation(_sqlAssociation: .hasOneOrMany(
            from: tableName,
            to: destination.tableName,
            selection: [.allColumns],
            key: key,
            foreignKey: foreignKey,
            isToOne: true))
    }

    // MARK: Defining associations through a pivot

    /// Returns a **HasManyThrough** association, that goes from this table
    /// to a pivot, and from the pivot to the destination.
    ///
    /// ```swift
    /// let countryTable = Table<Country>("country")
    /// let passports = countryTable.hasMany(Passport.self)
    /// let citizens = countryTable.hasMany(Citizen.self, through: passports, using: Passport.citizen)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameters:
    ///   - destination: The record type at the other side of the
    ///     association.
    ///   - pivot: An association from this table to the pivot.
    ///   - target: An association from the pivot to the destination.
    ///   - key: The association key. By default, the key of `target`.
    /// - Returns: An association.
    public func hasMany<Pivot, Target>(
        _ destination: Target.RowDecoder.Type,
        through pivot: Pivot,
        using target: Target,
        key: String? = nil) -> HasManyThroughAssociation<RowDecoder, Target.RowDecoder>
    where RowDecoder == Pivot.OriginRowDecoder,
          Pivot: Association,
          Target: Association,
          Pivot.RowDecoder == Target.OriginRowDecoder
    {
        HasManyThroughAssociation(_sqlAssociation: .through(pivot: pivot._sqlAssociation, target: target._sqlAssociation, key: key))
    }

    /// Returns a **HasOneThrough** association, that goes from this table
    /// to a pivot, and from the pivot to the destination, both to-one.
    ///
    /// ```swift
    /// let bookTable = Table<Book>("book")
    /// let library = bookTable.belongsTo(Library.self)
    /// let returnAddress = bookTable.hasOne(Address.self, through: library, using: Library.address)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameters:
    ///   - destination: The record type at the other side of the
    ///     association.
    ///   - pivot: A to-one association from this table to the pivot.
    ///   - target: A to-one association from the pivot to the destination.
    ///   - key: The association key. By default, the key of `target`.
    /// - Returns: An association.
    public func hasOne<Pivot, Target>(
        _ destination: Target.RowDecoder.Type,
        through pivot: Pivot,
        using target: Target,
        key: String? = nil) -> HasOneThroughAssociation<RowDecoder, Target.RowDecoder>
    where RowDecoder == Pivot.OriginRowDecoder,
          Pivot: AssociationToOne,
          Target: AssociationToOne,
          Pivot.RowDecoder == Target.OriginRowDecoder
    {
        HasOneThroughAssociation(_sqlAssociation: .through(pivot: pivot._sqlAssociation, target: target._sqlAssociation, key: key))
    }

    // MARK: Joining and including associated rows

    /// A request of all rows of the table with all their associated rows
    /// of a to-many association, fetched in one extra query (see
    /// ``JoinableRequest/including(all:)``).
    ///
    /// ```swift
    /// // SELECT * FROM author
    /// // SELECT * FROM book WHERE authorId IN (1, 2, 3, ...)
    /// let rows = try authorTable.including(all: authorTable.hasMany(Table("book"))).fetchAll(db)
    /// rows[0].prefetchedRows["books"] // [Row]
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_expr.html#the_in_and_not_in_operators).
    ///
    /// - Parameter association: A to-many association.
    /// - Returns: A request.
    public func including<A>(all association: A) -> QueryInterfaceRequest<RowDecoder>
    where RowDecoder == A.OriginRowDecoder, A: AssociationToMany
    {
        all().including(all: association)
    }

    /// A request of all rows of the table with their associated row when
    /// it exists (LEFT JOIN), see ``JoinableRequest/including(optional:)``.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func including<A>(optional association: A) -> QueryInterfaceRequest<RowDecoder>
    where RowDecoder == A.OriginRowDecoder, A: Association
    {
        all().including(optional: association)
    }

    /// A request of the rows of the table that have an associated row,
    /// with it (JOIN), see ``JoinableRequest/including(required:)``.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func including<A>(required association: A) -> QueryInterfaceRequest<RowDecoder>
    where RowDecoder == A.OriginRowDecoder, A: Association
    {
        all().including(required: association)
    }

    /// A request of all rows of the table, left-joined with an association
    /// whose columns are not selected (see
    /// ``JoinableRequest/joining(optional:)``).
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func joining<A>(optional association: A) -> QueryInterfaceRequest<RowDecoder>
    where RowDecoder == A.OriginRowDecoder, A: Association
    {
        all().joining(optional: association)
    }

    /// A request of the rows of the table that have an associated row
    /// (JOIN), without selecting its columns (see
    /// ``JoinableRequest/joining(required:)``).
    ///
    /// ```swift
    /// // SELECT book.* FROM book JOIN author ON author.id = book.authorId AND author.country = 'FR'
    /// let request = bookTable.joining(required: author.filter(Column("country") == "FR"))
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func joining<A>(required association: A) -> QueryInterfaceRequest<RowDecoder>
    where RowDecoder == A.OriginRowDecoder, A: Association
    {
        all().joining(required: association)
    }

    /// A request of the rows of the table that have an associated row
    /// (JOIN), with the selected columns of the association added to the
    /// columns of the table (see ``JoinableRequest/annotated(withRequired:)``).
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func annotated<A>(withRequired association: A) -> QueryInterfaceRequest<RowDecoder>
    where RowDecoder == A.OriginRowDecoder, A: Association
    {
        all().annotated(withRequired: association)
    }

    /// A request of all rows of the table (LEFT JOIN), with the selected
    /// columns of the association added to the columns of the table (see
    /// ``JoinableRequest/annotated(withOptional:)``).
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#fromclause).
    ///
    /// - Parameter association: An association.
    /// - Returns: A request.
    public func annotated<A>(withOptional association: A) -> QueryInterfaceRequest<RowDecoder>
    where RowDecoder == A.OriginRowDecoder, A: Association
    {
        all().annotated(withOptional: association)
    }

    // MARK: Association aggregates

    /// A request of all rows of the table, annotated with association
    /// aggregates.
    ///
    /// ```swift
    /// // SELECT author.*, COUNT(DISTINCT book.id) AS bookCount
    /// // FROM author LEFT JOIN book ON book.authorId = author.id GROUP BY author.id
    /// let request = authorTable.annotated(with: authorTable.hasMany(Table("book")).count)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_aggfunc.html).
    ///
    /// - Parameter aggregates: Association aggregates.
    /// - Returns: A request.
    public func annotated(with aggregates: AssociationAggregate<RowDecoder>...) -> QueryInterfaceRequest<RowDecoder> {
        all().annotated(with: aggregates)
    }

    /// A request of all rows of the table, annotated with association
    /// aggregates.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_aggfunc.html).
    ///
    /// - Parameter aggregates: Association aggregates.
    /// - Returns: A request.
    public func annotated(with aggregates: [AssociationAggregate<RowDecoder>]) -> QueryInterfaceRequest<RowDecoder> {
        all().annotated(with: aggregates)
    }

    /// A request of the rows of the table that satisfy a predicate on
    /// association aggregates.
    ///
    /// ```swift
    /// // Authors with at least two books
    /// let request = authorTable.having(authorTable.hasMany(Table("book")).count >= 2)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_aggfunc.html).
    ///
    /// - Parameter predicate: A predicate built from aggregates.
    /// - Returns: A request.
    public func having(_ predicate: AssociationAggregate<RowDecoder>) -> QueryInterfaceRequest<RowDecoder> {
        all().having(predicate)
    }
}
