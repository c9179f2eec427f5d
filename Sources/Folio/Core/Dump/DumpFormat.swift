/// How database dumps print rows.
///
/// The dump methods (``Database/dumpSQL(_:format:to:)``,
/// ``Database/dumpRequest(_:format:to:)``,
/// ``Database/dumpTables(_:format:tableHeader:stableOrder:to:)``,
/// ``Database/dumpContent(format:to:)``, and the same methods on
/// ``DatabaseReader``) take a format. The built-in formats are inspired
/// by the output modes of the
/// [SQLite command-line shell](https://sqlite.org/cli.html#changing_output_formats):
///
/// ```swift
/// // 1|Arthur|500
/// // 2|Barbara|1000
/// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id")
///
/// try dbQueue.dumpSQL(sql, format: .debug())  // the default: one row per line
/// try dbQueue.dumpSQL(sql, format: .json())   // a JSON array of objects
/// try dbQueue.dumpSQL(sql, format: .line())   // one value per line
/// try dbQueue.dumpSQL(sql, format: .list())   // one row per line
/// try dbQueue.dumpSQL(sql, format: .quote())  // one row per line, SQL literals
/// ```
///
/// ## Writing a format
///
/// A format is told about each row of a statement with
/// ``writeRow(_:statement:to:)``, while the statement is on the row (read
/// its columns with the SQLite C API, from
/// ``Statement/sqliteStatement``), then once more with
/// ``finalize(_:statement:to:)`` when the statement has no more rows. The
/// same format value is used for all the statements of a dump: reset its
/// per-statement state in `finalize`.
///
/// ```swift
/// struct NameFormat: DumpFormat {
///     mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
///         stream.write(statement.columnNames.joined(separator: ","))
///         stream.write("\n")
///     }
///
///     mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {
///         stream.margin()
///     }
/// }
/// ```
///
/// The statement of a request that prefetches associations
/// (`including(all:)`) has extra columns after the selected ones, named
/// with the `grdb_` prefix, that the built-in formats do not print.
///
/// ## Topics
/// - ``debug(header:separator:nullValue:)``
/// - ``json(encoder:)``
/// - ``line(nullValue:)``
/// - ``list(header:separator:nullValue:)``
/// - ``quote(header:separator:)``
/// - ``DumpStream``
public protocol DumpFormat {
    /// Writes the row the statement is on.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has just produced a row.
    ///   - stream: The output stream.
    /// - Throws: An error that ends the dump.
    mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) throws

    /// Ends the output of a statement, after its last row (it is called
    /// for statements that produce no row, too).
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has no more rows.
    ///   - stream: The output stream.
    mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream)
}
