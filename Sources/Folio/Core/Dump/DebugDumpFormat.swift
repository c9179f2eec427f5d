import CSQLite
import Foundation

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
/// is not valid UTF-8 is printed as a UUID string when it has 16 bytes
/// (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`), and as an SQL blob literal
/// (`X'00FF'`) otherwise, instead of garbled text. Integers are printed
/// in decimal, reals as SQLite turns them into text (`1.0`, `0.3`,
/// `1.0e+20`), strings as they are, blobs that hold UTF-8 text as that
/// text, and NULL as ``nullValue``. Nothing is escaped.
///
/// The header line, when asked, comes before the first row of each
/// statement (a statement without rows prints nothing). The results of
/// two statements follow each other, without an empty line.
///
/// This format is meant for people, not programs: for output that tests
/// compare, prefer ``ListDumpFormat``, ``QuoteDumpFormat``,
/// ``LineDumpFormat`` or ``JSONDumpFormat``, whose output is specified
/// by the SQLite shell or by JSON.
public struct DebugDumpFormat: Sendable {
    /// The list format that this format prints as, but for the blobs that
    /// are not UTF-8: it keeps the options and the state of the output.
    private var list: ListDumpFormat

    /// Whether the column names are printed before the first row.
    public var header: Bool

    /// The text between two values.
    public var separator: String

    /// The text printed for NULL.
    public var nullValue: String

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
        list = ListDumpFormat(header: header, separator: separator, nullValue: nullValue)
    }

    /// Gives the list format that writes the rows the options as they
    /// are now (they are public, and mutable between rows).
    private mutating func syncOptions() {
        list.header = header
        list.separator = separator
        list.nullValue = nullValue
    }
}

extension DebugDumpFormat: DumpFormat {
    /// Writes the row the statement is on, on one line, as
    /// ``ListDumpFormat`` does, but for the blobs that are not UTF-8.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has just produced a row.
    ///   - stream: The output stream.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        syncOptions()
        list.writeRow(statement, to: &stream, text: Self.text)
    }

    /// Ends the output of a statement. The output of the next statement
    /// follows on the next line, without an empty line, as in GRDB.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has no more rows.
    ///   - stream: The output stream.
    public mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        syncOptions()
        list.finalize(db, statement: statement, to: &stream)
    }

    /// The text of a value that is not NULL: a blob that is not UTF-8 is
    /// a UUID string when it has 16 bytes, an SQL blob literal otherwise.
    private static func text(_ statement: Statement, at index: Int) -> String {
        guard statement.dumpColumnType(at: index) == SQLITE_BLOB else {
            return statement.dumpText(at: index)
        }
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
                // Not UTF-8: a 16-byte blob is shown as a UUID (the way
                // Folio and GRDB store UUIDs), others in hex.
                if bytes.count == 16 {
                    return uuidString(bytes)
                }
                return Statement.dumpBlobLiteral(bytes)
            }
        }
    }

    /// The UUID string of 16 bytes: `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    private static func uuidString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let b = Array(bytes)
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
                           b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])).uuidString
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
