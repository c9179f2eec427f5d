extension Database {
    /// What SQLite does to the rows that reference a row when it is deleted
    /// or its key is updated.
    ///
    /// ```swift
    /// // "authorId" INTEGER REFERENCES "author"("id") ON DELETE CASCADE
    /// try db.create(table: "book") { t in
    ///     t.belongsTo("author", onDelete: .cascade)
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/foreignkeys.html#fk_actions>.
    public enum ForeignKeyAction: String, Sendable {
        /// `CASCADE`: referencing rows are deleted, or their key updated.
        case cascade = "CASCADE"
        /// `RESTRICT`: the change fails while referencing rows exist.
        case restrict = "RESTRICT"
        /// `SET NULL`: the foreign key columns of referencing rows are set
        /// to NULL.
        case setNull = "SET NULL"
        /// `SET DEFAULT`: the foreign key columns of referencing rows are
        /// set to their default values.
        case setDefault = "SET DEFAULT"
    }
}
