import CSQLite

/// A dump format that prints one row per line, values separated by `|`,
/// like the `list` mode of the SQLite command-line shell.
///
/// ```swift
/// // 1|Arthur|500
/// // 2|Barbara|
/// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id", format: .list())
///
/// // id|name|score
/// // 1|Arthur|500
/// // 2|Barbara|NULL
/// try dbQueue.dumpSQL(
///     "SELECT * FROM player ORDER BY id",
///     format: .list(header: true, nullValue: "NULL"))
/// ```
///
/// Values are printed as SQLite turns them into text: integers in
/// decimal, reals with up to 15 significant digits and a decimal point
/// (`1.0`, `0.3`, `1.0e+20`), strings as they are, and blobs interpreted
/// as UTF-8 strings (invalid bytes become U+FFFD). NULL is printed as
/// ``nullValue``. Nothing is escaped: a value that contains the separator
/// or a newline is printed as is.
///
/// The header line, when asked, comes before the first row of each
/// statement (a statement without rows prints nothing). The results of
/// two statements follow each other, without an empty line.
///
/// See <https://sqlite.org/cli.html#changing_output_formats>.
public struct ListDumpFormat: Sendable {
    /// Whether the column names are printed before the first row.
    public var header: Bool

    /// The text between two values.
    public var separator: String

    /// The text printed for NULL.
    public var nullValue: String

    /// Whether the current statement has printed a row.
    private var hasRows = false

    /// Creates a list format.
    ///
    /// ```swift
    /// let format = ListDumpFormat(header: true, separator: ",", nullValue: "NULL")
    /// try dbQueue.dumpSQL("SELECT * FROM player", format: format)
    /// ```
    ///
    /// - Parameters:
    ///   - header: Whether the column names are printed before the first
    ///     row.
    ///   - separator: The text between two values.
    ///   - nullValue: The text printed for NULL.
    public init(header: Bool = false, separator: String = "|", nullValue: String = "") {
        self.header = header
        self.separator = separator
        self.nullValue = nullValue
    }
}

extension ListDumpFormat: DumpFormat {
    /// Writes the row the statement is on, on one line.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has just produced a row.
    ///   - stream: The output stream.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        writeRow(statement, to: &stream) { statement, index in
            statement.dumpText(at: index)
        }
    }

    /// Writes the row the statement is on, on one line, with the text of
    /// each value that is not NULL given by `text` (``DebugDumpFormat``
    /// prints some blobs its own way).
    mutating func writeRow(
        _ statement: Statement,
        to stream: inout DumpStream,
        text: (Statement, Int) -> String)
    {
        let nullValue = nullValue // the closure reads a copy: `hasRows` is in use
        stream.writeSeparatedLine(of: statement, header: header, separator: separator, hasRows: &hasRows) { index in
            statement.dumpColumnType(at: index) == SQLITE_NULL ? nullValue : text(statement, index)
        }
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

extension DumpFormat where Self == ListDumpFormat {
    /// A format that prints one row per line, values separated by `|`,
    /// like the `list` mode of the SQLite command-line shell. See
    /// ``ListDumpFormat``.
    ///
    /// ```swift
    /// // 1|Arthur|500
    /// // 2|Barbara|1000
    /// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id", format: .list())
    /// ```
    ///
    /// - Parameters:
    ///   - header: Whether the column names are printed before the first
    ///     row.
    ///   - separator: The text between two values.
    ///   - nullValue: The text printed for NULL.
    /// - Returns: A list format.
    public static func list(header: Bool = false, separator: String = "|", nullValue: String = "") -> Self {
        ListDumpFormat(header: header, separator: separator, nullValue: nullValue)
    }
}
