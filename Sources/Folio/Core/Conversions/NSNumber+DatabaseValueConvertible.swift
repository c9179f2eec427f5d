import Foundation

// NSNumber and NSDecimalNumber are stored as INTEGER or REAL, and read from
// integers, doubles, and decimal text:
//
// |                 | INTEGER      | REAL         | TEXT |
// | --------------- | ------------ | ------------ | ---- |
// | NSNumber        | read / write | read / write | read |
// | NSDecimalNumber | read / write | read / write | read |
//
//     try db.execute(sql: "INSERT INTO transfer VALUES (?)", arguments: [NSNumber(value: 10)])   // 10
//     try db.execute(sql: "INSERT INTO transfer VALUES (?)", arguments: [NSNumber(value: 10.0)]) // 10.0
//     try db.execute(sql: "INSERT INTO transfer VALUES (?)", arguments: [NSDecimalNumber(string: "10.0")]) // 10
//     try db.execute(sql: "INSERT INTO transfer VALUES (?)", arguments: [NSDecimalNumber(string: "10.5")]) // 10.5
//
//     try NSNumber.fetchOne(db, sql: "SELECT '10'") // an NSDecimalNumber
//
// An NSNumber that holds an integer is stored as INTEGER, and one that holds
// a floating point number as REAL. An unsigned integer above Int64.max does
// not fit an SQLite INTEGER: it is stored as REAL (the nearest double). An
// NSDecimalNumber is stored as INTEGER when it is a whole number that fits
// Int64, and as REAL otherwise, which may lose precision: store `Decimal`
// (as text) or integers (cents) to keep every digit.

extension NSNumber: DatabaseValueConvertible {
    /// The number as INTEGER or REAL.
    ///
    /// ```swift
    /// NSNumber(value: 10).databaseValue   // 10
    /// NSNumber(value: 10.5).databaseValue // 10.5
    /// ```
    public var databaseValue: DatabaseValue {
        if let decimalNumber = self as? NSDecimalNumber {
            return decimalNumber._decimalDatabaseValue
        }
        switch UInt8(bitPattern: objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            return DatabaseValue(storage: .double(doubleValue))
        case UInt8(ascii: "Q"), UInt8(ascii: "L"):
            let uint64 = uint64Value
            if let int64 = Int64(exactly: uint64) {
                return DatabaseValue(storage: .int64(int64))
            }
            return DatabaseValue(storage: .double(Double(uint64)))
        default:
            // c (Bool and Int8), C, s, S, i, I, l, q: signed or small integers.
            return DatabaseValue(storage: .int64(int64Value))
        }
    }

    /// Converts an integer, a double, or decimal text.
    ///
    /// Integers and doubles give an `NSNumber` (an `NSDecimalNumber` when
    /// called on `NSDecimalNumber`), and text gives an `NSDecimalNumber`.
    ///
    /// ```swift
    /// NSNumber.fromDatabaseValue(10.databaseValue)     // 10
    /// NSNumber.fromDatabaseValue("1.23".databaseValue) // NSDecimalNumber 1.23
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A number, or nil for NULL, a blob, or text that is not a
    ///   decimal number.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        let isDecimalNumberType = self is NSDecimalNumber.Type
        let number: NSNumber
        switch dbValue.storage {
        case .int64(let int64):
            number = isDecimalNumberType ? NSDecimalNumber(value: int64) : NSNumber(value: int64)
        case .double(let double):
            guard double.isFinite else { return nil }
            if isDecimalNumberType {
                // Decimal gives NaN for doubles beyond its exponent range.
                let decimal = Decimal(double)
                guard !decimal.isNaN else { return nil }
                number = NSDecimalNumber(decimal: decimal)
            } else {
                number = NSNumber(value: double)
            }
        case .string(let string):
            guard let decimal = Decimal(_databaseText: string) else { return nil }
            number = NSDecimalNumber(decimal: decimal)
        case .null, .blob:
            return nil
        }
        return number as? Self
    }
}

extension NSDecimalNumber {
    /// INTEGER for whole numbers that fit Int64, REAL otherwise.
    var _decimalDatabaseValue: DatabaseValue {
        var value = decimalValue
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        if rounded == value,
           value >= Decimal(Int64.min), value <= Decimal(Int64.max),
           let int64 = Int64(value.description)
        {
            return DatabaseValue(storage: .int64(int64))
        }
        // Through the decimal text: `doubleValue` is not always the nearest
        // double (1e30 gives 9.999999999999999e+29 on Linux).
        return DatabaseValue(storage: .double(Double(value.description) ?? doubleValue))
    }
}
