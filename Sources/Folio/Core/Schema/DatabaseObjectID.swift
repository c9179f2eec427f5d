/// The identifier of an object of the database schema: a table, a view,
/// an index or a trigger, in its schema.
///
/// ```swift
/// let viewID = DatabaseObjectID(name: "captain", schemaID: .main)
/// ```
///
/// ``DatabaseSchemaSource`` receives the identifiers of views.
///
/// See <https://sqlite.org/lang_naming.html>.
public struct DatabaseObjectID: Hashable, Sendable {
    /// The name of the object, as the schema spells it.
    public var name: String

    /// The schema of the object.
    public var schemaID: DatabaseSchemaID

    /// Creates the identifier of an object of the schema.
    ///
    /// ```swift
    /// let viewID = DatabaseObjectID(name: "captain", schemaID: .main)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The object name.
    ///   - schemaID: The schema of the object.
    public init(name: String, schemaID: DatabaseSchemaID) {
        self.name = name
        self.schemaID = schemaID
    }
}
