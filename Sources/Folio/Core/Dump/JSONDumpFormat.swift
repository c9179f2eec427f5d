import CSQLite
import Foundation

/// A dump format that prints the rows of a statement as a JSON array of
/// objects, one row per line.
///
/// ```swift
/// // [{"id":1,"name":"Arthur","score":500},
/// // {"id":2,"name":"Barbara","score":null}]
/// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id", format: .json())
/// ```
///
/// Each object holds the columns of a row, in the order of the statement
/// (a column name that appears twice gives two members of the same name).
/// Names and values are encoded with the ``encoder``: integers and reals
/// as JSON numbers, strings as JSON strings, blobs as `Data` (Base64
/// strings with the default encoder), and NULL as `null`. A statement
/// with columns but no row prints `[]`; a statement without columns
/// (`INSERT`, `CREATE TABLE`...) prints nothing. The results of two
/// statements follow each other, without an empty line between them.
///
/// The ``encoder``'s `outputFormatting` applies to the rows:
/// `.sortedKeys` sorts the members of each object by column name, and
/// `.prettyPrinted` writes each member on its own indented line.
///
/// See <https://www.json.org>.
public struct JSONDumpFormat: Sendable {
    /// The encoder of names and values. See ``defaultEncoder``.
    public var encoder: JSONEncoder

    /// Whether the current statement has printed a row.
    private var hasRows = false

    /// The encoder used by default: strings keep their slashes unescaped
    /// (`"a/b"`), blobs are Base64 strings, and reals that JSON can not
    /// represent (infinities) make the dump throw.
    ///
    /// ```swift
    /// let encoder = JSONDumpFormat.defaultEncoder
    /// encoder.dataEncodingStrategy = .deferredToData
    /// try dbQueue.dumpSQL("SELECT * FROM document", format: .json(encoder: encoder))
    /// ```
    public static var defaultEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        encoder.dataEncodingStrategy = .base64
        encoder.nonConformingFloatEncodingStrategy = .throw
        return encoder
    }

    /// Creates a JSON format.
    ///
    /// ```swift
    /// try dbQueue.dumpSQL("SELECT * FROM player", format: JSONDumpFormat())
    /// ```
    ///
    /// - Parameter encoder: The encoder of names and values.
    public init(encoder: JSONEncoder = JSONDumpFormat.defaultEncoder) {
        self.encoder = encoder
    }
}

extension JSONDumpFormat: DumpFormat {
    /// Writes the row the statement is on, as a JSON object on one line.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has just produced a row.
    ///   - stream: The output stream.
    /// - Throws: A ``DatabaseError`` when the encoder fails (an infinite
    ///   real with the default encoder), that names the column.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) throws {
        let formatting = encoder.outputFormatting
        let pretty = formatting.contains(.prettyPrinted)
        let names = statement.columnNames
        var indexes = Array(0..<stream.resultColumnCount(of: statement))
        if formatting.contains(.sortedKeys) {
            indexes.sort { names[$0] < names[$1] }
        }
        var text: String
        if pretty {
            text = hasRows ? ",\n  {\n" : "[\n  {\n"
        } else {
            text = hasRows ? ",\n{" : "[{"
        }
        for (position, index) in indexes.enumerated() {
            if position > 0 { text += pretty ? ",\n" : "," }
            do {
                if pretty { text += "    " }
                text += try encode(names[index])
                text += pretty ? " : " : ":"
                text += try value(statement, at: index)
            } catch {
                throw DatabaseError(
                    resultCode: .SQLITE_ERROR,
                    message: "could not encode the value of column \(names[index]) as JSON: \(error)",
                    sql: statement.sql)
            }
        }
        text += pretty ? "\n  }" : "}"
        stream.write(text)
        hasRows = true
    }

    /// Ends the output of a statement: closes its JSON array, or prints
    /// `[]` when it has columns but no row. The output of the next
    /// statement follows on the next line, as in GRDB.
    ///
    /// - Parameters:
    ///   - db: The connection of the statement.
    ///   - statement: A statement that has no more rows.
    ///   - stream: The output stream.
    public mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        if hasRows {
            hasRows = false
            stream.write(encoder.outputFormatting.contains(.prettyPrinted) ? "\n]\n" : "]\n")
        } else if stream.resultColumnCount(of: statement) > 0 {
            stream.write("[]\n")
        }
    }

    private func value(_ statement: Statement, at index: Int) throws -> String {
        let sqliteStatement = statement.sqliteStatement
        switch statement.dumpColumnType(at: index) {
        case SQLITE_NULL:
            return "null"
        case SQLITE_INTEGER:
            return try encode(sqlite3_column_int64(sqliteStatement, CInt(index)))
        case SQLITE_FLOAT:
            return try encode(sqlite3_column_double(sqliteStatement, CInt(index)))
        case SQLITE_BLOB:
            return try encode(Data(statement.dumpBytes(at: index)))
        default:
            return try encode(statement.dumpText(at: index))
        }
    }

    private func encode(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

extension DumpFormat where Self == JSONDumpFormat {
    /// A format that prints the rows of a statement as a JSON array of
    /// objects. See ``JSONDumpFormat``.
    ///
    /// ```swift
    /// // [{"id":1,"name":"Arthur","score":500},
    /// // {"id":2,"name":"Barbara","score":1000}]
    /// try dbQueue.dumpSQL("SELECT * FROM player ORDER BY id", format: .json())
    /// ```
    ///
    /// - Parameter encoder: The encoder of names and values.
    /// - Returns: A JSON format.
    public static func json(encoder: JSONEncoder = JSONDumpFormat.defaultEncoder) -> Self {
        JSONDumpFormat(encoder: encoder)
    }
}
