/// The prefetched rows of a row and of its scopes, keyed by scope path,
/// then by association key, both compared byte for byte (association keys
/// that differ only by Unicode normalization are different keys).
final class PrefetchStorage {
    var rows: [ByteExactString: [ByteExactString: PrefetchedRowSet]] = [:]
}

/// The prefetched rows of one association key for one parent row.
///
/// The rows of a plain prefetch query (no adapter, nothing prefetched
/// below it) are positions in the ``PrefetchBuffer`` of the query: no
/// `Row` is built for them until ``Row/prefetchedRows`` asks for one, and
/// `Decodable` collections decode them straight from the buffer (see
/// `PrefetchedRowsContainer`). Other prefetched rows are rows.
struct PrefetchedRowSet {
    /// The rows, when there is no buffer.
    private let rows: [Row]

    /// The buffer of the rows, or nil.
    let buffer: PrefetchBuffer?

    /// With a buffer: the index of each row in the buffer, in order.
    let rowIndexes: [Int]

    /// A set of rows.
    init(rows: [Row]) {
        self.rows = rows
        self.buffer = nil
        self.rowIndexes = []
    }

    /// A set of rows of a buffer.
    ///
    /// - Parameters:
    ///   - buffer: The buffer.
    ///   - rowIndexes: The indexes of the rows in the buffer.
    init(buffer: PrefetchBuffer, rowIndexes: [Int]) {
        self.rows = []
        self.buffer = buffer
        self.rowIndexes = rowIndexes
    }

    /// The number of rows.
    var count: Int { buffer == nil ? rows.count : rowIndexes.count }

    /// The row at an index, from 0 to `count - 1`: a new row of the
    /// buffer, or a stored row.
    func row(at index: Int) -> Row {
        if let buffer {
            return buffer.row(at: rowIndexes[index])
        }
        return rows[index]
    }

    /// All the rows.
    var allRows: [Row] {
        guard let buffer else { return rows }
        return rowIndexes.map { buffer.row(at: $0) }
    }
}

/// The values of all the rows of one prefetch query, one row after the
/// other (``RowCursor/copyAllIntoBuffer()``): one array for all rows,
/// instead of one per row, and no `Row` until one is needed.
final class PrefetchBuffer {
    /// The values, `columnCount` per row.
    let values: [DatabaseValue]

    /// The number of columns of each row (at least one: a prefetch query
    /// selects the key columns).
    let columnCount: Int

    /// The number of rows.
    let rowCount: Int

    /// The column names of the statement.
    let columnNames: [String]

    /// For each column, the index of the closest column to its left with
    /// the same name (ignoring case), or -1 (see ``Row``).
    let previousDuplicates: [Int]

    /// Whether `previousDuplicates` has a duplicate at all.
    let hasDuplicateNames: Bool

    /// The SQL of the statement, for decoding errors.
    let sql: String

    /// What the record layer keeps for the rows of the buffer: the row
    /// that decodes them one after the other, shared by all the parent
    /// rows of the prefetch (`PrefetchedRowsCursor`). Unchecked: the rows
    /// of a fetch are used by one thread at a time (`Row` is not
    /// `Sendable`).
    @exclusivity(unchecked) var layerSlot = LayerSlot()

    /// - Parameters:
    ///   - values: The values, `statement.columnCount` per row.
    ///   - rowCount: The number of rows.
    ///   - statement: The statement that produced the values.
    init(values: [DatabaseValue], rowCount: Int, statement: Statement) {
        self.values = values
        self.rowCount = rowCount
        self.columnCount = statement.columnCount
        self.columnNames = statement.columnNames
        self.previousDuplicates = statement.previousDuplicateIndexes
        self.hasDuplicateNames = statement.hasDuplicateColumnNames
        self.sql = statement.sql
    }

    deinit {
        layerSlot.empty(owner: self)
    }

    /// A new row of the buffer.
    ///
    /// - Parameter index: The index of the row, from 0 to `rowCount - 1`.
    func row(at index: Int) -> Row {
        Row(buffer: self, base: index &* columnCount)
    }

    /// The value of a column of a row.
    ///
    /// - Parameters:
    ///   - column: A column index, from 0 to `columnCount - 1`.
    ///   - index: A row index, from 0 to `rowCount - 1`.
    func databaseValue(atColumn column: Int, ofRow index: Int) -> DatabaseValue {
        values[index &* columnCount &+ column]
    }
}

/// All the rows of one prefetch query, before they are grouped by parent:
/// copied rows, or a buffer.
enum PrefetchQueryRows {
    case rows([Row])
    case buffer(PrefetchBuffer)

    /// The number of rows.
    var count: Int {
        switch self {
        case .rows(let rows): rows.count
        case .buffer(let buffer): buffer.rowCount
        }
    }

    /// The value of a column of a row, counting all the columns of the
    /// statement.
    ///
    /// - Parameters:
    ///   - column: An absolute column index.
    ///   - index: A row index, from 0 to `count - 1`.
    func databaseValue(atAbsoluteColumn column: Int, ofRow index: Int) -> DatabaseValue {
        switch self {
        case .rows(let rows): rows[index].databaseValue(atAbsoluteIndex: column)
        case .buffer(let buffer): buffer.databaseValue(atColumn: column, ofRow: index)
        }
    }

    /// The set of some of the rows.
    ///
    /// - Parameter indexes: Row indexes, in order.
    func subset(_ indexes: [Int]) -> PrefetchedRowSet {
        switch self {
        case .rows(let rows): PrefetchedRowSet(rows: indexes.map { rows[$0] })
        case .buffer(let buffer): PrefetchedRowSet(buffer: buffer, rowIndexes: indexes)
        }
    }
}
