/// A date modifier for ``dateTime(_:_:)`` and ``julianDay(_:_:)``.
///
/// ```swift
/// // DATETIME("createdAt", '+1 days', 'start of day')
/// dateTime(Column("createdAt"), .day(1), .startOfDay)
/// ```
///
/// A modifier is also an expression: its SQL string, as a `?` argument.
///
/// See <https://www.sqlite.org/lang_datefunc.html#modifiers>.
public enum SQLDateModifier: Sendable {
    /// `'+N days'`
    case day(Int)
    /// `'+N hours'`
    case hour(Int)
    /// `'+N minutes'`
    case minute(Int)
    /// `'+N.NNNN seconds'`
    case second(Double)
    /// `'+N months'`
    case month(Int)
    /// `'+N years'`
    case year(Int)
    /// `'start of day'`
    case startOfDay
    /// `'start of month'`
    case startOfMonth
    /// `'start of year'`
    case startOfYear
    /// `'weekday N'`
    case weekday(Int)
    /// `'unixepoch'`: the value is a Unix timestamp.
    case unixEpoch
    /// `'julianday'`: the value is a julian day number.
    case julianDay
    /// `'localtime'`
    case localTime
    /// `'utc'`
    case utc

    var sql: String {
        func signed<T: Comparable & Numeric>(_ value: T) -> String { value < 0 ? "\(value)" : "+\(value)" }
        switch self {
        case .day(let n): return "\(signed(n)) days"
        case .hour(let n): return "\(signed(n)) hours"
        case .minute(let n): return "\(signed(n)) minutes"
        case .second(let n): return "\(signed(n)) seconds"
        case .month(let n): return "\(signed(n)) months"
        case .year(let n): return "\(signed(n)) years"
        case .startOfDay: return "start of day"
        case .startOfMonth: return "start of month"
        case .startOfYear: return "start of year"
        case .weekday(let n): return "weekday \(n)"
        case .unixEpoch: return "unixepoch"
        case .julianDay: return "julianday"
        case .localTime: return "localtime"
        case .utc: return "utc"
        }
    }
}

extension SQLDateModifier: SQLSpecificExpressible {
    /// The modifier as an SQL string value, such as `'+1 days'`, bound as
    /// a `?` argument.
    ///
    /// ```swift
    /// // DATE("createdAt", ?) with the argument '+1 days'
    /// let tomorrow = SQL("DATE(\(Column("createdAt")), \(SQLDateModifier.day(1)))")
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_datefunc.html#modifiers>.
    public var sqlExpression: SQLExpression {
        .value(sql.databaseValue)
    }
}
