// Introspection by object identifier: the form of the introspection
// methods that `DatabaseSchemaSource` implementations receive, which
// returns nil for an object that does not exist instead of throwing.

extension Database {
    /// Returns the primary key of a table or view, or nil when it does not
    /// exist. The primary key of a view is the one that the
    /// ``Configuration/schemaSource`` gives it, if any (see
    /// ``DatabaseSchemaSource``); a view has no primary key otherwise.
    ///
    /// ```swift
    /// let primaryKey = try db.primaryKey(DatabaseObjectID(name: "captain", schemaID: .main))
    /// primaryKey?.columns // ["id"], with a schema source
    /// ```
    ///
    /// - Parameter table: The identifier of a table or view.
    /// - Returns: The primary key, or nil.
    /// - Throws: A ``DatabaseError`` when the schema can not be read.
    public func primaryKey(_ table: DatabaseObjectID) throws -> PrimaryKeyInfo? {
        let schemaName = table.schemaID.unquotedName
        guard try tableExists(table.name, in: schemaName) || viewExists(table.name, in: schemaName) else {
            return nil
        }
        return try primaryKey(table.name, in: schemaName)
    }

    /// Returns the indexes of a table, or nil when the table does not
    /// exist.
    ///
    /// ```swift
    /// let indexes = try db.indexes(on: DatabaseObjectID(name: "player", schemaID: .main))
    /// ```
    ///
    /// - Parameter table: The identifier of a table.
    /// - Returns: The indexes, or nil.
    /// - Throws: A ``DatabaseError`` when the schema can not be read.
    public func indexes(on table: DatabaseObjectID) throws -> [IndexInfo]? {
        let schemaName = table.schemaID.unquotedName
        guard try tableExists(table.name, in: schemaName) else { return nil }
        return try indexes(on: table.name, in: schemaName)
    }
}
