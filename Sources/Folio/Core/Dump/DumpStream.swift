/// The text output stream of database dumps: the formats of dumps
/// (``DumpFormat``) write to it.
///
/// It writes to the stream given to the dump methods, or to the standard
/// output when there is none:
///
/// ```swift
/// // Prints to the standard output
/// try dbQueue.dumpContent()
///
/// // Writes to a stream of yours
/// final class Output: TextOutputStream {
///     var text = ""
///     func write(_ string: String) { text += string }
/// }
/// let output = Output()
/// try dbQueue.dumpContent(to: output)
/// ```
///
/// Pass a class (a reference) as the stream: the dump methods take the
/// stream by value, so a `String`, which is a value, would not see what
/// they write.
///
/// Formats separate their parts (the results of two statements, the rows
/// of ``LineDumpFormat``, the tables of ``Database/dumpContent(format:to:)``)
/// with ``margin()``: one empty line between two texts, and none at the
/// start or at the end of the output.
///
/// ## Topics
/// - ``write(_:)``
/// - ``margin()``
public struct DumpStream: TextOutputStream {
    /// The destination, or nil for the standard output.
    private var base: (any TextOutputStream)?

    /// Whether something was written.
    private var hasOutput = false

    /// Whether the last written text ends with a newline.
    private var endsWithNewline = true

    /// Whether an empty line must precede the next text.
    private var needsMargin = false

    /// The number of trailing columns of the statement being dumped that
    /// are not part of its results: the keys that Folio selects after the
    /// columns of a request that prefetches associations. The built-in
    /// formats leave them out; custom formats see all columns, and can
    /// skip the `grdb_`-prefixed ones, as with GRDB.
    var hiddenColumnCount = 0

    init(_ base: (any TextOutputStream)?) {
        self.base = base
    }

    /// Writes text. When ``margin()`` was called since the last write and
    /// the text is not empty, an empty line is written first.
    ///
    /// ```swift
    /// stream.write("Arthur|500\n")
    /// ```
    ///
    /// - Parameter string: The text to write.
    public mutating func write(_ string: String) {
        guard !string.isEmpty else { return }
        if needsMargin {
            needsMargin = false
            output(endsWithNewline ? "\n" : "\n\n")
        }
        output(string)
        hasOutput = true
        endsWithNewline = string.utf8.last == UInt8(ascii: "\n")
    }

    /// Asks for an empty line before the next text: several calls in a
    /// row give one empty line, and a margin at the start or at the end of
    /// the output gives none.
    ///
    /// ```swift
    /// stream.write("1|Arthur\n")
    /// stream.margin()
    /// stream.margin()
    /// stream.write("team\n")
    /// // 1|Arthur
    /// //
    /// // team
    /// ```
    public mutating func margin() {
        if hasOutput {
            needsMargin = true
        }
    }

    private mutating func output(_ string: String) {
        if base != nil {
            base!.write(string)
        } else {
            print(string, terminator: "")
        }
    }

    /// The number of result columns of a statement, hidden columns left
    /// out (see ``hiddenColumnCount``).
    func resultColumnCount(of statement: Statement) -> Int {
        max(0, statement.columnCount - hiddenColumnCount)
    }
}

extension DumpStream {
    /// Writes the row a statement is on as values on one line, with the
    /// line of column names before the first row of the statement when
    /// `header` is true: the shape of the list and debug formats.
    ///
    /// - Parameters:
    ///   - statement: A statement that has just produced a row.
    ///   - header: Whether the column names come before the first row.
    ///   - separator: The text between two values.
    ///   - hasRows: Whether the statement has printed a row; set to true.
    ///   - value: The text of the value at a column index.
    mutating func writeSeparatedLine(
        of statement: Statement,
        header: Bool,
        separator: String,
        hasRows: inout Bool,
        value: (Int) -> String)
    {
        let columnCount = resultColumnCount(of: statement)
        if !hasRows {
            hasRows = true
            if header {
                write(statement.columnNames.prefix(columnCount).joined(separator: separator) + "\n")
            }
        }
        var line = ""
        for index in 0..<columnCount {
            if index > 0 { line += separator }
            line += value(index)
        }
        write(line + "\n")
    }
}
