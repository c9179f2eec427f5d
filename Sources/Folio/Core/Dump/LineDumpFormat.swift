import CSQLite

/// A dump format that prints one value per line, like the `line` mode of
/// the SQLite command-line shell.
///
/// ```swift
/// //    id = 1
/// //  name = Arthur
/// // score = 500
/// //
/// //    id = 2
/// //  name = Barbara
/// // score = 1000
/// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id", format: .line())
/// ```
///
/// Each line holds a column name, right-aligned on the longest column
/// name of the statement (counted in characters), ` = `, and the value.
/// An empty line separates two rows, and the results of two statements.
///
/// Values are printed as SQLite turns them into text: integers in
/// decimal, reals with up to 15 significant digits and a decimal point
/// (`1.0`, `0.3`, `1.0e+20`), strings as they are, and blobs interpreted
/// as UTF-8 strings (invalid bytes become U+FFFD). NULL is printed as
/// ``nullValue``. Nothing is escaped.
///
/// See <https://sqlite.org/cli.html#changing_output_formats>.
public struct LineDumpFormat: Sendable {
    /// The text printed for NULL.
    public var nullValue: String

    /// The column names of the current statement, right-aligned, with
    /// ` = `; nil before its first row.
    private var prefixes: [String]?

    /// Creates a line format.
    ///
    /// ```swift
    /// let format = LineDumpFormat(nullValue: "NULL")
    /// try dbQueue.dumpSQL("SELECT * FROM player", format: format)
    /// ```
    ///
    /// - Parameter nullValue: The text printed for NULL.
    public init(nullValue: String = "") {
        self.nullValue = nullValue
    }
}

extension LineDumpFormat: DumpFormat {
    /// Writes the row the statement is on, one value per line.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has just produced a row.
    ///   - stream: The output stream.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        let prefixes: [String]
        if let existing = self.prefixes {
            prefixes = existing
            stream.margin()
        } else {
            let names = statement.columnNames.prefix(stream.resultColumnCount(of: statement))
            let width = names.map(\.count).max() ?? 0
            prefixes = names.map { String(repeating: " ", count: width - $0.count) + $0 + " = " }
            self.prefixes = prefixes
        }
        var text = ""
        for (index, prefix) in prefixes.enumerated() {
            text += prefix
            text += statement.dumpColumnType(at: index) == SQLITE_NULL ? nullValue : statement.dumpText(at: index)
            text += "\n"
        }
        stream.write(text)
    }

    /// Ends the output of a statement: an empty line separates it from
    /// the next one, if it printed rows.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has no more rows.
    ///   - stream: The output stream.
    public mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        if prefixes != nil {
            prefixes = nil
            stream.margin()
        }
    }
}

extension DumpFormat where Self == LineDumpFormat {
    /// A format that prints one value per line, like the `line` mode of
    /// the SQLite command-line shell. See ``LineDumpFormat``.
    ///
    /// ```swift
    /// //    id = 1
    /// //  name = Arthur
    /// // score = 500
    /// try dbQueue.dumpSQL("SELECT * FROM player WHERE id = 1", format: .line())
    /// ```
    ///
    /// - Parameter nullValue: The text printed for NULL.
    /// - Returns: A line format.
    public static func line(nullValue: String = "") -> Self {
        LineDumpFormat(nullValue: nullValue)
    }
}
