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
        return migrator
    }
}
