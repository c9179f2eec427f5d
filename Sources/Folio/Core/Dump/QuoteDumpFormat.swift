/// A dump format that prints one row per line, values written as SQL
/// literals and separated by commas, like the `quote` mode of the SQLite
/// command-line shell.
///
/// ```swift
/// // 1,'Arthur',500
/// // 2,'Barbara',NULL
/// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id", format: .quote())
///
/// // 'id','name','score'
/// // 1,'Arthur',500
/// // 2,'Barbara',NULL
/// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id", format: .quote(header: true))
/// ```
///
/// Values are written as the SQLite `quote()` function writes them: NULL
/// as `NULL`, integers in decimal, reals with 15 significant digits when
/// they give the exact value back and 20 otherwise (`1.5`,
/// `3.00000000000000044408e-01`), strings between single quotes with
/// their quotes doubled (`'O''Brien'`), and blobs as hexadecimal
/// literals (`X'01FF'`). Infinite reals are written `9.0e+999` and
/// `-9.0e+999`. The header line, when asked, holds the column names as
/// string literals, as in the SQLite shell.
///
/// The header line comes before the first row of each statement (a
/// statement without rows prints nothing). The results of two statements
/// follow each other, without an empty line.
///
/// See <https://sqlite.org/cli.html#changing_output_formats> and
/// <https://www.sqlite.org/lang_corefunc.html#quote>.
public struct QuoteDumpFormat: Sendable {
    /// Whether the column names are printed before the first row.
    public var header: Bool

    /// The text between two values.
    public var separator: String

    /// Whether the current statement has printed a row.
    private var hasRows = false

    /// Creates a quote format.
    ///
    /// ```swift
    /// let format = QuoteDumpFormat(header: true, separator: ", ")
    /// try dbQueue.dumpSQL("SELECT * FROM player", format: format)
    /// ```
    ///
    /// - Parameters:
    ///   - header: Whether the column names are printed before the first
    ///     row.
    ///   - separator: The text between two values.
    public init(header: Bool = false, separator: String = ",") {
        self.header = header
        self.separator = separator
    }
}

extension QuoteDumpFormat: DumpFormat {
    /// Writes the row the statement is on, on one line.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has just produced a row.
    ///   - stream: The output stream.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        let columnCount = stream.resultColumnCount(of: statement)
        if !hasRows {
            hasRows = true
            if header {
                let names = statement.columnNames.prefix(columnCount).map(Statement.dumpSQLLiteral)
                stream.write(names.joined(separator: separator) + "\n")
            }
        }
        var line = ""
        for index in 0..<columnCount {
            if index > 0 { line += separator }
            line += statement.dumpSQLLiteral(at: index)
        }
        stream.write(line + "\n")
    }

    /// Ends the output of a statement. The output of the next statement
    /// follows on the next line, without an empty line, as in GRDB.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has no more rows.
    ///   - stream: The output stream.
    public mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        hasRows = false
    }
}

extension DumpFormat where Self == QuoteDumpFormat {
    /// A format that prints one row per line, values written as SQL
    /// literals and separated by commas. See ``QuoteDumpFormat``.
    ///
    /// ```swift
    /// // 1,'Arthur',500
    /// // 2,'Barbara',1000
    /// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id", format: .quote())
    /// ```
    ///
    /// - Parameters:
    ///   - header: Whether the column names are printed before the first
    ///     row.
    ///   - separator: The text between two values.
    /// - Returns: A quote format.
    public static func quote(header: Bool = false, separator: String = ",") -> Self {
        QuoteDumpFormat(header: header, separator: separator)
    }
}
