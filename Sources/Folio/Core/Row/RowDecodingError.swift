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
///     // could not decode String from NULL in column "name" (index 0)
///     // - row: [name:NULL] - sql: `SELECT NULL AS name`
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

    /// A description a developer can act on.
    public var description: String {
        var result: String
        let place: String
        switch (column, index) {
        case let (column?, index?): place = "column \"\(column)\" (index \(index))"
        case let (column?, nil): place = "column \"\(column)\""
        case let (nil, index?): place = "column index \(index)"
        case (nil, nil): place = "row"
        }
        switch reason {
        case .valueMismatch:
            let found = databaseValue.map { $0.isNull ? "NULL" : $0.description } ?? "a value"
            result = "could not decode \(typeName) from \(found) in \(place)"
        case .columnNotFound:
            result = "could not decode \(typeName): no such \(place)"
        case .other:
            result = "could not decode \(typeName) from \(place)"
        }
        if let message {
            result += ": \(message)"
        }
        if !rowDescription.isEmpty {
            result += " - row: \(rowDescription)"
        }
        if let sql {
            result += " - sql: `\(sql)`"
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
