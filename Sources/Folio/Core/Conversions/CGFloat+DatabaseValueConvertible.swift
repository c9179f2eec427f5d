import Foundation

extension CGFloat: DatabaseValueConvertible {
    /// The value as an SQLite REAL.
    ///
    /// ```swift
    /// CGFloat(1.5).databaseValue // 1.5
    /// try db.execute(sql: "INSERT INTO shape (width) VALUES (?)", arguments: [CGFloat(10)])
    /// ```
    public var databaseValue: DatabaseValue {
        Double(self).databaseValue
    }

    /// Converts an INTEGER or REAL value, as `Double` does.
    ///
    /// ```swift
    /// let widths = try CGFloat.fetchAll(db, sql: "SELECT width FROM shape")
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A float, or nil for NULL, text and blobs.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> CGFloat? {
        Double.fromDatabaseValue(dbValue).map { CGFloat($0) }
    }
}
