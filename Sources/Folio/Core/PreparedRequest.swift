/// A request ready to run: a prepared statement and what else is needed to
/// fetch its results.
public struct PreparedRequest {
    /// The prepared statement, with its arguments set.
    public var statement: Statement

    /// Work done after the rows are fetched, such as the fetching of
    /// associated records.
    var supplementaryFetch: ((Database, [Row]) throws -> Void)?

    /// How the columns split into the base record and its associated
    /// records, for joined requests.
    var layout: RowLayout?

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
    /// - Parameter statement: A prepared statement, arguments set.
    public init(statement: Statement) {
        self.statement = statement
        self.supplementaryFetch = nil
        self.layout = nil
    }

    init(statement: Statement, layout: RowLayout?, supplementaryFetch: ((Database, [Row]) throws -> Void)?) {
        self.statement = statement
        self.layout = layout
        self.supplementaryFetch = supplementaryFetch
    }

    /// Returns the rows of the request, copied, with prefetched
    /// associations.
    func fetchAllRows(_ db: Database) throws -> [Row] {
        let cursor = RowCursor(statement: statement, layout: layout)
        var rows: [Row] = []
        while try cursor.next() != nil {
            rows.append(Row(copiedFrom: statement, layout: layout))
        }
        try supplementaryFetch?(db, rows)
        return rows
    }

    /// Returns a cursor of rows: live rows when nothing is prefetched,
    /// copied rows otherwise (prefetching needs all rows first).
    func makeRowCursor(_ db: Database) throws -> RowCursor {
        if supplementaryFetch != nil {
            return RowCursor(rows: try fetchAllRows(db), statement: statement)
        }
        return RowCursor(statement: statement, layout: layout)
    }
}
