// DELETE THIS FILE WHEN THE FETCHING BRANCH IS MERGED.
//
// The seed samples and the tutorial fetch records (`Player.fetchAll(db)`,
// `Country.fetchOne(db, key: "FR")`, `Player.deleteAll(db, keys: ids)`...)
// with methods that the fetching branch adds to Folio. Until it is
// merged, these minimal test-only stand-ins, with the same signatures,
// let the samples compile as written. Once Folio has the real methods,
// these declarations conflict with them: delete the file, and the seed
// samples test the real methods.

import Folio

extension FetchableRecord {
    static func fetchOne(_ statement: Statement, arguments: StatementArguments? = nil) throws -> Self? {
        try Row.fetchOne(statement, arguments: arguments).map(Self.init(row:))
    }

    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.init(row:))
    }
}

extension FetchableRecord where Self: TableRecord {
    static func fetchAll(_ db: Database) throws -> [Self] {
        try all().fetchAll(db)
    }

    static func fetchOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Self? {
        try filter(_shimKeyPredicate(db, key: key)).fetchOne(db)
    }

    static func fetchOne(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Self? {
        try filter(_shimKeyPredicate(key)).fetchOne(db)
    }

    static func fetchAll<Keys: Collection>(_ db: Database, keys: Keys) throws -> [Self] where Keys.Element: DatabaseValueConvertible {
        try keys.compactMap { try fetchOne(db, key: $0) }
    }
}

extension QueryInterfaceRequest where RowDecoder: FetchableRecord {
    func fetchAll(_ db: Database) throws -> [RowDecoder] {
        try Row.fetchAll(db, self).map(RowDecoder.init(row:))
    }

    func fetchOne(_ db: Database) throws -> RowDecoder? {
        try Row.fetchOne(db, self).map(RowDecoder.init(row:))
    }
}

extension TableRecord {
    @discardableResult
    static func deleteOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        try filter(_shimKeyPredicate(db, key: key)).deleteAll(db) > 0
    }

    @discardableResult
    static func deleteOne(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Bool {
        try filter(_shimKeyPredicate(key)).deleteAll(db) > 0
    }

    @discardableResult
    static func deleteAll<Keys: Collection>(_ db: Database, keys: Keys) throws -> Int where Keys.Element: DatabaseValueConvertible {
        try keys.reduce(0) { try $0 + (deleteOne(db, key: $1) ? 1 : 0) }
    }

    static func _shimKeyPredicate(_ db: Database, key: some DatabaseValueConvertible) throws -> SQL {
        let column = try db.primaryKey(databaseTableName).columns[0]
        return SQL(sql: "\(column.quotedDatabaseIdentifier) = ?", arguments: [key])
    }

    static func _shimKeyPredicate(_ key: [String: (any DatabaseValueConvertible)?]) -> SQL {
        let columns = key.keys.sorted()
        return SQL(
            sql: columns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND "),
            arguments: StatementArguments(columns.map { key[$0]! }))
    }
}
