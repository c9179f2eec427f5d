import Folio

/// The schema of the library database, as migrations.
///
/// Migrations talk to the database only: they use strings, never the
/// record types, so that they never change once shipped.
public enum LibrarySchema {
    /// The migrator that creates and upgrades the library database.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createLibrary") { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("country", .text)
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
                t.column("authorId", .integer)
                    .notNull()
                    .indexed()
                    .references("author", onDelete: .cascade)
            }
        }
        migrator.registerMigration("addBookModifiedAt") { db in
            // When a book was last edited (seconds since 1970), for the
            // last-writer-wins policy of `LibraryReplica`. The records do
            // not encode it: inserts take the default.
            try db.alter(table: "book") { t in
                t.add(column: "modifiedAt", .double).notNull().defaults(to: 0)
            }
        }
        return migrator
    }
}
