/// Returns row adapters that split a row into chunks of consecutive
/// columns.
///
/// It helps consume the rows of a query that selects the columns of several
/// tables, whose names may be identical (`id`, `name`):
///
/// ```swift
/// let sql = """
///     SELECT player.*, team.*
///     FROM player
///     LEFT JOIN team ON team.id = player.teamId
///     WHERE player.id = ?
///     """
/// let adapters = try splittingRowAdapters(columnCounts: [
///     db.columns(in: "player").count,
///     db.columns(in: "team").count,
/// ])
/// let adapter = ScopeAdapter([
///     "player": adapters[0],
///     "team": adapters[1],
/// ])
/// if let row = try Row.fetchOne(db, sql: sql, arguments: [1], adapter: adapter) {
///     row.scopes["player"] // [id:1 name:"Arthur" teamId:42]
///     row.scopes["team"]   // [id:42 name:"Reds"]
///     let player: Player = row["player"]
///     let team: Team? = row["team"] // nil when the LEFT JOIN found no team
/// }
/// ```
///
/// With ``FetchRequest/adapted(_:)``, a request can carry its adapter:
///
/// ```swift
/// let request: SQLRequest<PlayerInfo> = "SELECT \(columnsOf: Player.self), \(columnsOf: Team.self) FROM ..."
/// let adapted = request.adapted { db in
///     let adapters = try splittingRowAdapters(columnCounts: [
///         Player.numberOfSelectedColumns(db),
///         Team.numberOfSelectedColumns(db),
///     ])
///     return ScopeAdapter(["player": adapters[0], "team": adapters[1]])
/// }
/// ```
///
/// - Precondition: no count is negative.
/// - Parameter columnCounts: The number of columns of each chunk, from left
///   to right.
/// - Returns: One adapter per chunk, plus a last adapter for the columns
///   on the right of the last chunk.
public func splittingRowAdapters(columnCounts: [Int]) -> [any RowAdapter] {
    checkProgrammerError(columnCounts.allSatisfy { $0 >= 0 }, "column counts must not be negative")
    var adapters: [any RowAdapter] = []
    adapters.reserveCapacity(columnCounts.count + 1)
    var start = 0
    for count in columnCounts {
        adapters.append(RangeRowAdapter(start..<(start + count)))
        start += count
    }
    adapters.append(SuffixRowAdapter(fromIndex: start))
    return adapters
}
