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
    /// Columns are sorted by name, since dictionaries are unordered. Use
    /// a dictionary literal (`let row: Row = ["a": 1, "b": 2]`) to keep
    /// the order.
    ///
    /// - Parameter dictionary: Values keyed by column name.
    public convenience init(_ dictionary: [String: (any DatabaseValueConvertible)?]) {
        let names = dictionary.keys.sorted()
        self.init(columnNames: names, values: names.map { dictionary[$0]!?.databaseValue ?? .null })
    }

    /// Creates a row from a Foundation dictionary, or returns nil when a
    /// key is not a string, or a value is not a database value (see
    /// ``DatabaseValueConvertible``; `NSNull` is NULL).
    ///
    /// ```swift
    /// let dictionary: [AnyHashable: Any] = ["name": "Arthur", "score": 1000]
    /// let row = Row(dictionary) // [name:'Arthur' score:1000]
    /// ```
    ///
    /// Columns are sorted by name, since dictionaries are unordered.
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
        pairs.sort { $0.0 < $1.0 }
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
