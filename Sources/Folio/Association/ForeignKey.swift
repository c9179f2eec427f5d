/// The foreign key of an association, when the database schema does not
/// declare it, or declares several between the same tables.
///
/// ```swift
/// extension Book {
///     static let authorForeignKey = ForeignKey(["authorId"])
///     static let translatorForeignKey = ForeignKey(["translatorId"])
///     static let author = belongsTo(Person.self, using: authorForeignKey)
///     static let translator = belongsTo(Person.self, using: translatorForeignKey)
/// }
///
/// extension Person {
///     static let writtenBooks = hasMany(Book.self, using: Book.authorForeignKey)
/// }
/// ```
///
/// Foreign keys are always defined from the table that holds the columns
/// at their origin. When `destinationColumns` is nil, the foreign key
/// refers to the primary key of the destination table.
public struct ForeignKey: Sendable, Equatable {
    /// The columns at the origin of the foreign key.
    var originColumns: [String]

    /// The referenced columns, or nil for the primary key.
    var destinationColumns: [String]?

    /// Creates a foreign key.
    ///
    /// - Parameters:
    ///   - originColumns: The columns at the origin of the foreign key.
    ///   - destinationColumns: The referenced columns, or nil for the
    ///     primary key of the destination table.
    public init(_ originColumns: [String], to destinationColumns: [String]? = nil) {
        self.originColumns = originColumns
        self.destinationColumns = destinationColumns
    }

    /// Creates a foreign key from columns.
    ///
    /// - Parameters:
    ///   - originColumns: The columns at the origin of the foreign key.
    ///   - destinationColumns: The referenced columns, or nil for the
    ///     primary key of the destination table.
    public init(_ originColumns: [any ColumnExpression], to destinationColumns: [any ColumnExpression]? = nil) {
        self.init(originColumns.map(\.name), to: destinationColumns?.map(\.name))
    }
}

/// Resolves the columns of a foreign key from the database schema.
struct AssociationForeignKeyResolver: Sendable {
    /// The table that holds the foreign key.
    let originTable: String
    /// The referenced table.
    let destinationTable: String
    /// The foreign key given by the user, if any.
    let foreignKey: ForeignKey?

    /// Returns the (origin column, destination column) pairs.
    func resolve(_ db: Database) throws -> [(origin: String, destination: String)] {
        if let foreignKey, let destinationColumns = foreignKey.destinationColumns {
            guard destinationColumns.count == foreignKey.originColumns.count else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "invalid foreign key from \(originTable) to \(destinationTable): \(foreignKey.originColumns.count) origin columns, \(destinationColumns.count) destination columns")
            }
            return Array(zip(foreignKey.originColumns, destinationColumns))
        }
        let candidates = try db.foreignKeys(on: originTable).filter {
            $0.destinationTable.isSameDatabaseName(as: destinationTable)
        }
        if let foreignKey {
            let origin = foreignKey.originColumns.map(DatabaseNameKey.init)
            if let match = candidates.first(where: { $0.originColumns.map(DatabaseNameKey.init) == origin }) {
                return match.mapping.map { ($0.origin, $0.destination) }
            }
            // Not declared in the schema: refer to the primary key.
            let primaryKey = try db.primaryKey(destinationTable).columns
            guard primaryKey.count == foreignKey.originColumns.count else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "could not match foreign key \(originTable)(\(foreignKey.originColumns.joined(separator: ", "))) to the primary key of \(destinationTable) (\(primaryKey.joined(separator: ", "))): declare ForeignKey([...], to: [...])")
            }
            return Array(zip(foreignKey.originColumns, primaryKey))
        }
        switch candidates.count {
        case 1:
            return candidates[0].mapping.map { ($0.origin, $0.destination) }
        case 0:
            // GRDB's message, word for word (AssociationsBasics.md, "Foreign
            // Keys"): the fix, a ForeignKey, is in its documentation.
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "Could not infer foreign key from \(originTable) to \(destinationTable)")
        default:
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "Ambiguous foreign key from \(originTable) to \(destinationTable)")
        }
    }
}
