import CSQLite
import Folio
import XCTest

extension FolioTestCase {
    /// The recorded SQL, without the schema introspection that the
    /// persistence methods run to find primary keys (`PRAGMA ...`,
    /// `pragma_table_list`, `sqlite_master`).
    var persistenceSQLQueries: [String] {
        sqlQueries.filter { sql in
            !(sql.hasPrefix("PRAGMA") || sql.contains("pragma_") || sql.contains("sqlite_master") || sql.contains("sqlite_temp_master"))
        }
    }

    /// The last recorded SQL, without schema introspection.
    var lastPersistenceSQLQuery: String? { persistenceSQLQueries.last }

    /// Runs a block, and returns the SQL it ran, without schema
    /// introspection.
    func persistenceSQL(_ block: () throws -> Void) rethrows -> [String] {
        clearSQLQueries()
        try block()
        return persistenceSQLQueries
    }
}

extension Database {
    /// The number of prepared statements of the connection.
    /// See <https://www.sqlite.org/c3ref/next_stmt.html>.
    var preparedStatementCount: Int {
        guard let connection = sqliteConnection else { return 0 }
        var count = 0
        var statement = sqlite3_next_stmt(connection, nil)
        while let current = statement {
            count += 1
            statement = sqlite3_next_stmt(connection, current)
        }
        return count
    }
}

/// The player of most persistence tests: an auto-incremented id, a unique
/// name. (Named so as not to collide with the `Player` types of other
/// test files.)
struct PersistedPlayer: Codable, MutablePersistableRecord, FetchableRecord, Equatable {
    static let databaseTableName = "player"

    var id: Int64?
    var name: String
    var score: Int

    init(id: Int64? = nil, name: String, score: Int) {
        self.id = id
        self.name = name
        self.score = score
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    static func createTable(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE player (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL UNIQUE,
                score INTEGER NOT NULL DEFAULT 0)
            """)
    }
}

/// Reads the rows of a table, ordered by rowid.
func fetchRows(_ db: Database, _ tableName: String) throws -> [Row] {
    try Row.fetchAll(db, sql: "SELECT * FROM \(tableName) ORDER BY rowid")
}
