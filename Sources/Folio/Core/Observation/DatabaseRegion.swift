/// A set of database tables, columns, and rows, used to decide whether a
/// database change is relevant.
///
/// ``ValueObservation`` refetches its value when a committed transaction
/// modifies the region read by its last fetch, and
/// ``DatabaseRegionObservation`` notifies the transactions that modify the
/// region it tracks.
///
/// Regions come from prepared statements and requests:
///
/// ```swift
/// try dbQueue.read { db in
///     let statement = try db.makeStatement(sql: "SELECT name, score FROM player")
///     print(statement.databaseRegion)       // "player(name,score)"
///
///     let request: SQLRequest<Row> = "SELECT COUNT(*) FROM player"
///     print(try request.databaseRegion(db)) // "player(*)"
/// }
/// ```
///
/// Table and column names are compared case-insensitively, as SQLite does.
///
/// ## Topics
/// - ``fullDatabase``
/// - ``init()``
/// - ``union(_:)``
/// - ``formUnion(_:)``
/// - ``isModified(byEventsOfKind:)``
/// - ``isModified(by:)``
public struct DatabaseRegion: Sendable, Equatable, CustomStringConvertible {
    /// The region of one table.
    struct TableRegion: Sendable, Equatable {
        /// Lowercased column names, or nil for all columns.
        var columns: Set<String>?
        /// Row ids, or nil for all rows.
        var rowIDs: Set<Int64>?

        func union(_ other: TableRegion) -> TableRegion {
            TableRegion(
                columns: columns.flatMap { mine in other.columns.map { mine.union($0) } },
                rowIDs: rowIDs.flatMap { mine in other.rowIDs.map { mine.union($0) } })
        }

        func intersects(_ other: TableRegion) -> Bool {
            if let columns, let otherColumns = other.columns, columns.isDisjoint(with: otherColumns) {
                return false
            }
            if let rowIDs, let otherRowIDs = other.rowIDs, rowIDs.isDisjoint(with: otherRowIDs) {
                return false
            }
            return true
        }
    }

    /// The regions of tables, by lowercased table name, or nil for the
    /// full database.
    private(set) var tableRegions: [String: TableRegion]?

    /// The region that covers all tables and rows.
    ///
    /// ```swift
    /// let observation = DatabaseRegionObservation(tracking: .fullDatabase)
    /// ```
    public static let fullDatabase = DatabaseRegion(tableRegions: nil)

    /// Creates an empty region.
    ///
    /// ```swift
    /// var region = DatabaseRegion()
    /// region.isEmpty // true
    /// ```
    public init() {
        tableRegions = [:]
    }

    private init(tableRegions: [String: TableRegion]?) {
        self.tableRegions = tableRegions
    }

    /// Creates the region of a table.
    ///
    /// - Parameters:
    ///   - table: A table name.
    ///   - columns: Column names, or nil for all columns.
    ///   - rowIDs: Row ids, or nil for all rows.
    init(table: String, columns: Set<String>? = nil, rowIDs: Set<Int64>? = nil) {
        tableRegions = [
            table.lowercasedName: TableRegion(
                columns: columns.map { Set($0.map { $0.lowercasedName }) },
                rowIDs: rowIDs),
        ]
    }

    /// The region, with the rows of one of its tables restricted to some
    /// row ids: `player(id,name)` restricted to `[1]` is
    /// `player(id,name)[1]`. The region is unchanged when it does not
    /// contain the table.
    ///
    /// - Parameters:
    ///   - table: A table name.
    ///   - rowIDs: Row ids.
    func restricting(table: String, toRowIDs rowIDs: Set<Int64>) -> DatabaseRegion {
        let key = table.lowercasedName
        guard var tableRegions, var tableRegion = tableRegions[key] else { return self }
        tableRegion.rowIDs = tableRegion.rowIDs.map { $0.intersection(rowIDs) } ?? rowIDs
        tableRegions[key] = tableRegion
        return DatabaseRegion(tableRegions: tableRegions)
    }

    /// Whether the region is empty.
    public var isEmpty: Bool {
        tableRegions?.isEmpty ?? false
    }

    /// Whether the region covers the full database.
    public var isFullDatabase: Bool {
        tableRegions == nil
    }

    /// Returns the union of this region and another one.
    ///
    /// ```swift
    /// let region = playerRegion.union(teamRegion)
    /// ```
    ///
    /// - Parameter other: A region.
    /// - Returns: The union of both regions.
    public func union(_ other: DatabaseRegion) -> DatabaseRegion {
        var result = self
        result.formUnion(other)
        return result
    }

    /// Extends this region with another one.
    ///
    /// ```swift
    /// var region = playerRegion
    /// region.formUnion(teamRegion)
    /// ```
    ///
    /// - Parameter other: A region.
    public mutating func formUnion(_ other: DatabaseRegion) {
        guard let otherTables = other.tableRegions else {
            tableRegions = nil
            return
        }
        guard tableRegions != nil else { return }
        for (table, otherRegion) in otherTables {
            if let existing = tableRegions![table] {
                tableRegions![table] = existing.union(otherRegion)
            } else {
                tableRegions![table] = otherRegion
            }
        }
    }

    /// Whether this region and another one have something in common.
    func intersects(_ other: DatabaseRegion) -> Bool {
        guard let tableRegions else { return !other.isEmpty }
        guard let otherTables = other.tableRegions else { return !isEmpty }
        let (small, large) = tableRegions.count <= otherTables.count
            ? (tableRegions, otherTables)
            : (otherTables, tableRegions)
        for (table, region) in small {
            if let otherRegion = large[table], region.intersects(otherRegion) {
                return true
            }
        }
        return false
    }

    /// Returns whether changes of the given kind may modify the region.
    ///
    /// ```swift
    /// // player(name)
    /// region.isModified(byEventsOfKind: .insert(tableName: "player"))                          // true
    /// region.isModified(byEventsOfKind: .update(tableName: "player", columnNames: ["score"])) // false
    /// ```
    ///
    /// An update kind without any column is considered to update all
    /// columns.
    ///
    /// - Parameter eventKind: A kind of database change.
    /// - Returns: Whether the region may be modified.
    public func isModified(byEventsOfKind eventKind: DatabaseEventKind) -> Bool {
        guard let tableRegions else { return true }
        guard let tableRegion = Self.tableRegion(named: eventKind.tableName.lowercasedName, in: tableRegions) else {
            return false
        }
        switch eventKind {
        case .insert, .delete:
            return true
        case .update(_, let columnNames):
            guard let columns = tableRegion.columns, !columnNames.isEmpty else {
                return true
            }
            if columns.count <= Self.linearSearchLimit {
                return columnNames.contains { name in
                    let name = name.lowercasedName
                    return columns.contains { $0 == name }
                }
            }
            return columnNames.contains { columns.contains($0.lowercasedName) }
        }
    }

    /// Up to this many names, a look-up compares names one after the
    /// other rather than hashing the name: observation asks each observer
    /// about each statement, and observed regions have few tables and
    /// columns.
    private static var linearSearchLimit: Int { 4 }

    /// The region of a table, given its lowercased name.
    private static func tableRegion(named key: String, in tableRegions: [String: TableRegion]) -> TableRegion? {
        if tableRegions.count <= linearSearchLimit {
            for (table, region) in tableRegions where table == key {
                return region
            }
            return nil
        }
        return tableRegions[key]
    }

    /// Returns whether a database change modifies the region.
    ///
    /// Columns are not checked: call it for changes whose kind was
    /// accepted by ``isModified(byEventsOfKind:)``.
    ///
    /// - Parameter event: A database change.
    /// - Returns: Whether the region is modified.
    public func isModified(by event: DatabaseEvent) -> Bool {
        guard let tableRegions else { return true }
        guard let tableRegion = Self.tableRegion(named: event.tableName.lowercasedName, in: tableRegions) else {
            return false
        }
        return tableRegion.rowIDs?.contains(event.rowID) ?? true
    }

    /// A description such as `player(*)`, `player(id,name)`,
    /// `player(id,name)[1]`, `empty`, or `full database`.
    public var description: String {
        guard let tableRegions else { return "full database" }
        if tableRegions.isEmpty { return "empty" }
        return tableRegions.keys.sorted().map { table in
            let region = tableRegions[table]!
            var result = table
            if let columns = region.columns {
                result += "(" + columns.sorted().joined(separator: ",") + ")"
            } else {
                result += "(*)"
            }
            if let rowIDs = region.rowIDs {
                result += "[" + rowIDs.sorted().map(String.init).joined(separator: ",") + "]"
            }
            return result
        }.joined(separator: ",")
    }
}

extension DatabaseRegion: DatabaseRegionConvertible {
    /// Returns the region itself.
    ///
    /// - Parameter db: A database connection (unused).
    /// - Returns: The region.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        self
    }
}

extension FetchRequest {
    /// Returns the database region read by the request: the region of
    /// its prepared statement.
    ///
    /// ```swift
    /// let request: SQLRequest<Row> = "SELECT name FROM player"
    /// let region = try request.databaseRegion(db) // player(name)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The database region.
    /// - Throws: A ``DatabaseError`` when the request can not be prepared.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        try makePreparedRequest(db).statement.databaseRegion
    }
}

extension SQLRequest: DatabaseRegionConvertible { }
