import CSQLite

/// The default dump format: one row per line, values separated by `|`,
/// suited for reading in the console or the debugger.
///
/// ```swift
/// // 1|Arthur|500
/// // 2|Barbara|1000
/// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id")
/// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id", format: .debug())
/// ```
///
/// It prints like ``ListDumpFormat``, with one difference: a blob that
/// is not valid UTF-8 is printed as an SQL blob literal (`X'00FF'`)
/// instead of garbled text. Integers are printed in decimal, reals as
/// SQLite turns them into text (`1.0`, `0.3`, `1.0e+20`), strings as they
/// are, blobs that hold UTF-8 text as that text, and NULL as
/// ``nullValue``. Nothing is escaped.
///
/// The header line, when asked, comes before the first row of each
/// statement (a statement without rows prints nothing). The results of
/// two statements are separated by an empty line.
///
/// This format is meant for people, not programs: for output that tests
/// compare, prefer ``ListDumpFormat``, ``QuoteDumpFormat``,
/// ``LineDumpFormat`` or ``JSONDumpFormat``, whose output is specified
/// by the SQLite shell or by JSON.
public struct DebugDumpFormat: Sendable {
    /// Whether the column names are printed before the first row.
    public var header: Bool

    /// The text between two values.
    public var separator: String

    /// The text printed for NULL.
    public var nullValue: String

    /// Whether the current statement has printed a row.
    private var hasRows = false

    /// Creates a debug format.
    ///
    /// ```swift
    /// let format = DebugDumpFormat(header: true, nullValue: "NULL")
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

extension DebugDumpFormat: DumpFormat {
    /// Writes the row the statement is on, on one line.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has just produced a row.
    ///   - stream: The output stream.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        let format = self // the closure reads a copy: `hasRows` is in use
        stream.writeSeparatedLine(of: statement, header: header, separator: separator, hasRows: &hasRows) { index in
            format.value(statement, at: index)
        }
    }

    /// Ends the output of a statement: an empty line separates it from
    /// the next one, if it printed rows.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has no more rows.
    ///   - stream: The output stream.
    public mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        if hasRows {
            hasRows = false
            stream.margin()
        }
    }

    private func value(_ statement: Statement, at index: Int) -> String {
        switch statement.dumpColumnType(at: index) {
        case SQLITE_NULL:
            return nullValue
        case SQLITE_BLOB:
            let bytes = statement.dumpBytes(at: index)
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            var text = String.UnicodeScalarView()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    text.append(scalar)
                case .emptyInput:
                    return String(text)
                case .error:
                    return Statement.dumpBlobLiteral(bytes)
                }
            }
        default:
            return statement.dumpText(at: index)
        }
    }
}

extension DumpFormat where Self == DebugDumpFormat {
    /// The default dump format: one row per line, values separated by
    /// `|`. See ``DebugDumpFormat``.
    ///
    /// ```swift
    /// // 1|Arthur|500
    /// // 2|Barbara|1000
    /// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id", format: .debug())
    /// ```
    ///
    /// - Parameters:
    ///   - header: Whether the column names are printed before the first
    ///     row.
    ///   - separator: The text between two values.
    ///   - nullValue: The text printed for NULL.
    /// - Returns: A debug format.
    public static func debug(header: Bool = false, separator: String = "|", nullValue: String = "") -> Self {
        DebugDumpFormat(header: header, separator: separator, nullValue: nullValue)
    }
}
