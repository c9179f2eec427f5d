import Foundation

// Rows made of values: empty rows, and rows from dictionaries.

extension Row {
    /// Creates an empty row.
    public convenience init() {
        self.init(columnNames: [], values: [])
    }

    /// Creates a row from a dictionary of values.
    ///
    /// ```swift
    /// let row = Row(["name": "Arthur", "score": 1000])
    /// ```
    ///
    /// The columns come in the iteration order of the dictionary, as in
    /// GRDB. Use a dictionary literal (`let row: Row = ["a": 1, "b": 2]`)
    /// to choose the order.
    ///
    /// - Parameter dictionary: Values keyed by column name.
    public convenience init(_ dictionary: [String: (any DatabaseValueConvertible)?]) {
        var names: [String] = []
        var values: [DatabaseValue] = []
        names.reserveCapacity(dictionary.count)
        values.reserveCapacity(dictionary.count)
        for (name, value) in dictionary {
            names.append(name)
            values.append(value?.databaseValue ?? .null)
        }
        self.init(columnNames: names, values: values)
    }

    /// Creates a row from a Foundation dictionary, or returns nil when a
    /// key is not a string, or a value is not a database value (see
    /// ``DatabaseValueConvertible``; `NSNull` is NULL).
    ///
    /// ```swift
    /// let dictionary: [AnyHashable: Any] = ["name": "Arthur", "score": 1000]
    /// let row = Row(dictionary) // [name:"Arthur" score:1000]
    /// ```
    ///
    /// The columns come in the iteration order of the dictionary, as in
    /// GRDB.
    ///
    /// - Parameter dictionary: Values keyed by column name.
    public convenience init?(_ dictionary: [AnyHashable: Any]) {
        var pairs: [(String, DatabaseValue)] = []
        pairs.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            guard let name = key.base as? String,
                  let dbValue = Row.databaseValue(of: value)
            else { return nil }
            pairs.append((name, dbValue))
        }
        self.init(columnNames: pairs.map(\.0), values: pairs.map(\.1))
    }

    /// The database value of a value of any type, or nil when it is not a
    /// database value.
    private static func databaseValue(of value: Any) -> DatabaseValue? {
        if let convertible = value as? any DatabaseValueConvertible {
            return convertible.databaseValue
        }
        if value is NSNull {
            return .null
        }
        // A nil optional, boxed in Any.
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return databaseValue(of: wrapped)
        }
        return nil
    }
}
