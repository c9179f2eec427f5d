/// An error thrown when a row can not be decoded into the requested type.
///
/// It names the column, the expected type, the value found, and the SQL
/// that produced the row:
///
/// ```swift
/// do {
///     let row = try Row.fetchOne(db, sql: "SELECT NULL AS name")!
///     let name = try row.decode(String.self, forColumn: "name")
/// } catch let error as RowDecodingError {
///     print(error)
///     // could not decode String from database value NULL - column: "name",
///     // column index: 0, row: [name:NULL], sql: `SELECT NULL AS name`
/// }
/// ```
public struct RowDecodingError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Reason: Sendable {
        /// The column holds a value that does not convert to the type.
        case valueMismatch
        /// The row has no such column.
        case columnNotFound
        /// A custom decoding failure (Codable decoding, for example).
        case other
    }

    /// What went wrong.
    public let reason: Reason

    /// The type that could not be decoded, named as in Swift code: `Int`,
    /// `Date`, `Player` (module-qualified only when the name alone would
    /// be ambiguous, such as an application type named `Date`).
    public internal(set) var typeName: String

    /// The column name, when known.
    public let column: String?

    /// The column index, when known.
    public let index: Int?

    /// The value found in the column, when there is one.
    public let databaseValue: DatabaseValue?

    /// A description of the row, such as `[id:1 name:NULL]`.
    public let rowDescription: String

    /// The SQL that produced the row, when known.
    public let sql: String?

    /// Additional explanation.
    public let message: String?

    init(
        reason: Reason,
        type: Any.Type,
        column: String?,
        index: Int?,
        databaseValue: DatabaseValue?,
        row: Row?,
        sql: String?,
        message: String? = nil)
    {
        self.reason = reason
        // A non-NULL value that fails to convert to `T?` fails to convert
        // to `T`: name `T`, which is what the message is about.
        if let optionalType = type as? any _OptionalType.Type, databaseValue.map({ !$0.isNull }) ?? false {
            self.typeName = typeNameForMessages(optionalType._wrappedType)
        } else {
            self.typeName = typeNameForMessages(type)
        }
        self.column = column
        self.index = index
        self.databaseValue = databaseValue
        self.rowDescription = row?.description ?? ""
        self.sql = sql
        self.message = message
    }

    /// A description a developer can act on, as GRDB's: what could not
    /// be decoded, then its context (column, column index, row, SQL):
    ///
    ///     could not decode String from database value NULL - column: "name",
    ///     column index: 0, row: [name:NULL], sql: `SELECT NULL AS name`
    public var description: String {
        var result: String
        var context: [String] = []
        switch reason {
        case .valueMismatch:
            let found = databaseValue.map { $0.isNull ? "NULL" : $0.description }
            result = found.map { "could not decode \(typeName) from database value \($0)" }
                ?? "could not decode \(typeName)"
        case .columnNotFound:
            switch (column, index) {
            case let (column?, _): result = "could not decode \(typeName): no such column \"\(column)\""
            case let (nil, index?): result = "could not decode \(typeName): no such column index \(index)"
            case (nil, nil): result = "could not decode \(typeName): no such column"
            }
        case .other:
            result = "could not decode \(typeName)"
        }
        if let message {
            result += ": \(message)"
        }
        if reason != .columnNotFound {
            if let column { context.append("column: \"\(column)\"") }
            if let index { context.append("column index: \(index)") }
        }
        if !rowDescription.isEmpty { context.append("row: \(rowDescription)") }
        if let sql { context.append("sql: `\(sql)`") }
        if !context.isEmpty {
            result += " - " + context.joined(separator: ", ")
        }
        return result
    }
}

/// Gives the wrapped type of `Optional` types, for error messages.
protocol _OptionalType {
    static var _wrappedType: Any.Type { get }
}

extension Optional: _OptionalType {
    static var _wrappedType: Any.Type { Wrapped.self }
}
