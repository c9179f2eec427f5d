/// A request ready to run: a prepared statement, with its arguments, and
/// the row adapter of its rows.
///
/// ```swift
/// let request = SQLRequest<Row>(sql: "SELECT * FROM player", adapter: SuffixRowAdapter(fromIndex: 1))
/// let prepared = try request.makePreparedRequest(db)
/// print(prepared.statement.sql) // SELECT * FROM player
/// ```
public struct PreparedRequest {
    /// The prepared statement, with its arguments set.
    ///
    /// ```swift
    /// let statement = try request.makePreparedRequest(db).statement
    /// ```
    public var statement: Statement

    /// The adapter of the fetched rows, or nil.
    ///
    /// ```swift
    /// var prepared = try request.makePreparedRequest(db)
    /// prepared.adapter = ColumnMapping(["name": "fullName"])
    /// ```
    ///
    /// The requests of the query interface that include associations have
    /// an adapter that defines the scopes of the associated records.
    public var adapter: (any RowAdapter)?

    /// Work done after the rows are fetched, such as the fetching of
    /// associated records.
    var supplementaryFetch: ((Database, [Row]) throws -> Void)?

    /// The number of columns selected after the results, for the
    /// supplementary fetch (the keys of prefetched associations). Dumps
    /// do not print them.
    var hiddenColumnCount = 0

    /// The requests of the prefetched associations, for dumps: given the
    /// fetched rows, the key of each association and the requests of its
    /// rows (several when the parent keys are too many for one query).
    var supplementaryDumpRequests: ((Database, [Row]) throws -> [(key: String, requests: [PreparedRequest])])?

    /// Creates a prepared request.
    ///
    /// ```swift
    /// let prepared = PreparedRequest(statement: try db.makeStatement(sql: "SELECT * FROM player"))
    /// ```
    ///
    /// - Parameter statement: A prepared statement, arguments set.
    public init(statement: Statement) {
        self.statement = statement
        self.adapter = nil
        self.supplementaryFetch = nil
    }

    init(statement: Statement, adapter: (any RowAdapter)?) {
        self.statement = statement
        self.adapter = adapter
        self.supplementaryFetch = nil
    }

    /// A prepared request of the query interface: the layout of its joined
    /// associations becomes its adapter.
    init(statement: Statement, layout: RowLayout?, supplementaryFetch: ((Database, [Row]) throws -> Void)?) {
        self.statement = statement
        self.adapter = layout.map { PrecomputedLayoutAdapter(layout: $0, columnCount: statement.columnCount) }
        self.supplementaryFetch = supplementaryFetch
    }

    /// The layout of the fetched rows, or nil when they are not adapted.
    ///
    /// - Throws: A ``DatabaseError`` when the adapter does not fit the
    ///   columns of the statement.
    func rowLayout() throws -> RowLayout? {
        guard let adapter else { return nil }
        // The layout of a joined request, made for this statement.
        if let layoutAdapter = adapter as? PrecomputedLayoutAdapter, layoutAdapter.columnCount == statement.columnCount {
            return layoutAdapter.layout
        }
        return try adapter.rowLayout(for: statement)
    }

    /// Returns the rows of the request, copied, with prefetched
    /// associations.
    func fetchAllRows(_ db: Database) throws -> [Row] {
        let rows = try RowCursor(statement: statement, layout: rowLayout(), adapter: adapter).copyAll()
        try supplementaryFetch?(db, rows)
        return rows
    }

    /// Returns the rows of the request, copied, with prefetched
    /// associations; rows that have no layout and nothing prefetched
    /// are the values of one buffer (see ``RowCursor/copyAllIntoBuffer()``).
    /// The rows of prefetched associations are fetched this way.
    func fetchAllRowsSharingBuffer(_ db: Database) throws -> PrefetchQueryRows {
        guard adapter == nil, supplementaryFetch == nil else {
            return .rows(try fetchAllRows(db))
        }
        return .buffer(try RowCursor(statement: statement).copyAllIntoBuffer())
    }

    /// Returns a cursor of rows: live rows when nothing is prefetched,
    /// copied rows otherwise (prefetching needs all rows first).
    func makeRowCursor(_ db: Database) throws -> RowCursor {
        if supplementaryFetch != nil {
            return RowCursor(rows: try fetchAllRows(db), statement: statement)
        }
        return RowCursor(statement: statement, layout: try rowLayout(), adapter: adapter)
    }
}
