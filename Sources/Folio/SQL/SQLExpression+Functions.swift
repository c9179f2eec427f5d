import Foundation

// SQL functions and expression methods: aggregates, `length`, `cast`,
// `like`, `collating`, `contains`, date functions...
// See <https://www.sqlite.org/lang_corefunc.html> and
// <https://www.sqlite.org/lang_aggfunc.html>.

// MARK: - Aggregates

/// The `COUNT` SQL aggregate function: the number of non-NULL values.
///
/// ```swift
/// // SELECT COUNT("email") FROM "player"
/// Player.select { count($0.email) }
/// ```
///
/// - Parameter counted: An expression.
/// - Returns: A `COUNT(...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#count>.
public func count(_ counted: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.function("COUNT", [counted.sqlExpression], distinct: false))
}

/// The `COUNT(DISTINCT ...)` SQL aggregate function: the number of
/// distinct non-NULL values.
///
/// ```swift
/// // SELECT COUNT(DISTINCT "name") FROM "player"
/// Player.select { count(distinct: $0.name) }
/// ```
///
/// - Parameter value: An expression.
/// - Returns: A `COUNT(DISTINCT ...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#count>.
public func count(distinct value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.function("COUNT", [value.sqlExpression], distinct: true))
}

/// The `SUM` SQL aggregate function: NULL when there is no row.
///
/// ```swift
/// // SELECT SUM("score") FROM "player"
/// Player.select { sum($0.score) }
/// ```
///
/// - Parameter value: An expression.
/// - Returns: A `SUM(...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#sumunc>.
public func sum(_ value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.function("SUM", [value.sqlExpression], distinct: false))
}

/// `SUM(DISTINCT value)`
public func sum(distinct value: some SQLExpressible) -> SQLExpression {
    SQLExpression(.function("SUM", [value.sqlExpression], distinct: true))
}

/// The `TOTAL` SQL aggregate function: 0.0 when there is no row.
///
/// ```swift
/// // SELECT TOTAL("score") FROM "player"
/// Player.select { total($0.score) }
/// ```
///
/// - Parameter value: An expression.
/// - Returns: A `TOTAL(...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#sumunc>.
public func total(_ value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.function("TOTAL", [value.sqlExpression], distinct: false))
}

/// The `AVG` SQL aggregate function.
///
/// ```swift
/// // SELECT AVG("score") FROM "player"
/// Player.select { average($0.score) }
/// ```
///
/// - Parameter value: An expression.
/// - Returns: An `AVG(...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#avg>.
public func average(_ value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.function("AVG", [value.sqlExpression], distinct: false))
}

/// `AVG(DISTINCT value)`
public func average(distinct value: some SQLExpressible) -> SQLExpression {
    SQLExpression(.function("AVG", [value.sqlExpression], distinct: true))
}

/// The `MIN` SQL aggregate function.
///
/// ```swift
/// // SELECT MIN("score") FROM "player"
/// Player.select { min($0.score) }
/// ```
///
/// - Parameter value: An expression.
/// - Returns: A `MIN(...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#min_agg>.
public func min(_ value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.function("MIN", [value.sqlExpression], distinct: false))
}

/// The `MAX` SQL aggregate function.
///
/// ```swift
/// // SELECT MAX("score") FROM "player"
/// Player.select { max($0.score) }
/// ```
///
/// - Parameter value: An expression.
/// - Returns: A `MAX(...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#max_agg>.
public func max(_ value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.function("MAX", [value.sqlExpression], distinct: false))
}

// MARK: - Scalar functions

/// The `ABS` SQL function.
///
/// ```swift
/// // SELECT ABS("score" - "bonus") FROM "player"
/// Player.select { abs($0.score - $0.bonus) }
/// ```
///
/// - Parameter value: An expression.
/// - Returns: An `ABS(...)` expression. See
///   <https://www.sqlite.org/lang_corefunc.html#abs>.
public func abs(_ value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.function("ABS", [value.sqlExpression], distinct: false))
}

/// The `LENGTH` SQL function.
///
/// ```swift
/// // SELECT LENGTH("name") FROM "player"
/// Player.select { length($0.name) }
/// ```
///
/// - Parameter value: An expression.
/// - Returns: A `LENGTH(...)` expression. See
///   <https://www.sqlite.org/lang_corefunc.html#length>.
public func length(_ value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.function("LENGTH", [value.sqlExpression], distinct: false))
}

/// The `COALESCE` SQL function: the first non-NULL value.
///
/// ```swift
/// // SELECT COALESCE("nickname", "name") FROM "player"
/// Player.select { coalesce([$0.nickname, $0.name] as [any SQLSpecificExpressible]) }
/// ```
///
/// A single expression is returned as is.
///
/// - Parameter values: Expressions.
/// - Returns: A `COALESCE(...)` expression. See
///   <https://www.sqlite.org/lang_corefunc.html#coalesce>.
public func coalesce(_ values: some Collection<any SQLSpecificExpressible>) -> SQLExpression {
    let expressions = values.map(\.sqlExpression)
    if expressions.count == 1 { return expressions[0] }
    return SQLExpression(.function("COALESCE", expressions, distinct: false))
}

/// The `CAST` SQL function.
///
/// ```swift
/// // CAST("value" AS REAL)
/// cast(Column("value"), as: .real)
/// ```
///
/// - Parameters:
///   - expression: An expression.
///   - storageClass: The storage class of the result.
/// - Returns: A `CAST` expression. See
///   <https://www.sqlite.org/lang_expr.html#castexpr>.
public func cast(_ expression: some SQLSpecificExpressible, as storageClass: Database.StorageClass) -> SQLExpression {
    SQLExpression(.cast(expression.sqlExpression, storageClass.rawValue))
}

/// The `DATETIME` SQL function: a "yyyy-MM-dd HH:mm:ss" date.
///
/// ```swift
/// // DATETIME("creationDate", '+1 days')
/// dateTime(Column("creationDate"), .day(1))
/// ```
///
/// - Parameters:
///   - value: An expression.
///   - modifiers: Date modifiers.
/// - Returns: A `DATETIME(...)` expression. See
///   <https://www.sqlite.org/lang_datefunc.html>.
public func dateTime(_ value: some SQLSpecificExpressible, _ modifiers: SQLDateModifier...) -> SQLExpression {
    SQLExpression(.function("DATETIME", [value.sqlExpression] + modifiers.map { .value($0.sql.databaseValue) }, distinct: false))
}

/// The `JULIANDAY` SQL function: a julian day number.
///
/// ```swift
/// // JULIANDAY("creationDate", 'start of day')
/// julianDay(Column("creationDate"), .startOfDay)
/// ```
///
/// - Parameters:
///   - value: An expression.
///   - modifiers: Date modifiers.
/// - Returns: A `JULIANDAY(...)` expression. See
///   <https://www.sqlite.org/lang_datefunc.html>.
public func julianDay(_ value: some SQLSpecificExpressible, _ modifiers: SQLDateModifier...) -> SQLExpression {
    SQLExpression(.function("JULIANDAY", [value.sqlExpression] + modifiers.map { .value($0.sql.databaseValue) }, distinct: false))
}

extension DatabaseFunction {
    /// Returns an expression that calls the function.
    ///
    /// ```swift
    /// let reverse = DatabaseFunction("reverse", argumentCount: 1, pure: true) { ... }
    /// Player.select(reverse(Column("name")))
    /// ```
    ///
    /// - Parameter arguments: The arguments of the call.
    /// - Returns: An expression.
    public func callAsFunction(_ arguments: any SQLExpressible...) -> SQLExpression {
        if case .aggregate = kind {
            return SQLExpression(.customAggregate(name.databaseIdentifierToken, arguments.map(\.sqlExpression)))
        }
        return SQLExpression(.function(name.databaseIdentifierToken, arguments.map(\.sqlExpression), distinct: false))
    }

    /// A function that capitalizes strings with `String.capitalized`.
    public static let capitalize = DatabaseFunction("swiftCapitalizedString", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0])?.capitalized
    }

    /// A function that lowercases strings with `String.lowercased()`.
    public static let lowercase = DatabaseFunction("swiftLowercaseString", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0])?.lowercased()
    }

    /// A function that uppercases strings with `String.uppercased()`.
    public static let uppercase = DatabaseFunction("swiftUppercaseString", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0])?.uppercased()
    }

    /// A function that capitalizes strings with `String.localizedCapitalized`.
    public static let localizedCapitalize = DatabaseFunction("swiftLocalizedCapitalizedString", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0])?.localizedCapitalized
    }

    /// A function that lowercases strings with `String.localizedLowercase`.
    public static let localizedLowercase = DatabaseFunction("swiftLocalizedLowercaseString", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0])?.localizedLowercase
    }

    /// A function that uppercases strings with `String.localizedUppercase`.
    public static let localizedUppercase = DatabaseFunction("swiftLocalizedUppercaseString", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0])?.localizedUppercase
    }

    /// The functions every connection knows.
    static let builtIn: [DatabaseFunction] = [
        .capitalize, .lowercase, .uppercase, .localizedCapitalize, .localizedLowercase, .localizedUppercase,
    ]
}

// MARK: - Methods

extension SQLSpecificExpressible {
    /// The expression with a collation, for comparisons and ordering:
    /// `name COLLATE NOCASE`.
    ///
    /// ```swift
    /// Player.filter(Column("name").collating(.nocase) == "arthur")
    /// Player.order(Column("name").collating(.localizedCaseInsensitiveCompare))
    /// ```
    ///
    /// - Parameter collation: A built-in SQLite collation.
    /// - Returns: A collated expression.
    public func collating(_ collation: Database.CollationName) -> SQLExpression {
        SQLExpression(.collated(sqlExpression, collation.rawValue))
    }

    /// The expression with a custom collation.
    ///
    /// - Parameter collation: A collation.
    /// - Returns: A collated expression.
    public func collating(_ collation: DatabaseCollation) -> SQLExpression {
        SQLExpression(.collated(sqlExpression, collation.name))
    }

    /// `value LIKE pattern`
    ///
    /// - Parameters:
    ///   - pattern: A pattern with `%` and `_` wildcards.
    ///   - escape: An optional escape character.
    /// - Returns: An expression.
    public func like(_ pattern: some SQLExpressible, escape: (any SQLExpressible)? = nil) -> SQLExpression {
        if let escape {
            return SQLExpression(.likeEscape(sqlExpression, pattern.sqlExpression, escape.sqlExpression))
        }
        return SQLExpression.comparison("LIKE", sqlExpression, pattern.sqlExpression)
    }

    /// `value GLOB pattern`
    ///
    /// - Parameter pattern: A pattern with `*` and `?` wildcards.
    /// - Returns: An expression.
    public func glob(_ pattern: some SQLExpressible) -> SQLExpression {
        SQLExpression.comparison("GLOB", sqlExpression, pattern.sqlExpression)
    }

    /// `IFNULL(value, other)`
    ///
    /// - Parameter other: The value used when this one is NULL.
    /// - Returns: An expression.
    public func ifNull(_ other: some SQLExpressible) -> SQLExpression {
        SQLExpression(.function("IFNULL", [sqlExpression, other.sqlExpression], distinct: false))
    }

    /// `LENGTH(value)`
    public var length: SQLExpression {
        SQLExpression(.function("LENGTH", [sqlExpression], distinct: false))
    }

    /// The string, capitalized by Swift (`String.capitalized`).
    public var capitalized: SQLExpression { DatabaseFunction.capitalize(self) }

    /// The string, lowercased by Swift (`String.lowercased()`).
    public var lowercased: SQLExpression { DatabaseFunction.lowercase(self) }

    /// The string, uppercased by Swift (`String.uppercased()`).
    public var uppercased: SQLExpression { DatabaseFunction.uppercase(self) }

    /// The string, capitalized in the current locale.
    public var localizedCapitalized: SQLExpression { DatabaseFunction.localizedCapitalize(self) }

    /// The string, lowercased in the current locale.
    public var localizedLowercased: SQLExpression { DatabaseFunction.localizedLowercase(self) }

    /// The string, uppercased in the current locale.
    public var localizedUppercased: SQLExpression { DatabaseFunction.localizedUppercase(self) }
}

// MARK: - contains

extension Sequence where Element: SQLExpressible {
    /// `value IN (a, b, c)`
    ///
    /// ```swift
    /// Player.filter { [1, 2, 3].contains($0.id) }
    /// ```
    ///
    /// An empty sequence gives an expression that is always false.
    ///
    /// - Parameter value: An expression.
    /// - Returns: An `IN` expression.
    public func contains(_ value: some SQLSpecificExpressible) -> SQLExpression {
        SQLExpression.inList(value.sqlExpression, map(\.sqlExpression))
    }
}

extension Sequence where Element == any SQLExpressible {
    /// `value IN (a, b, c)`
    ///
    /// - Parameter value: An expression.
    /// - Returns: An `IN` expression.
    public func contains(_ value: some SQLSpecificExpressible) -> SQLExpression {
        SQLExpression.inList(value.sqlExpression, map(\.sqlExpression))
    }
}

extension ClosedRange where Bound: SQLExpressible {
    /// `value BETWEEN lowerBound AND upperBound`
    ///
    /// - Parameter value: An expression.
    /// - Returns: A `BETWEEN` expression.
    public func contains(_ value: some SQLSpecificExpressible) -> SQLExpression {
        SQLExpression(.between(value.sqlExpression, lowerBound.sqlExpression, upperBound.sqlExpression, negated: false))
    }
}

extension Range where Bound: SQLExpressible {
    /// `value >= lowerBound AND value < upperBound`
    ///
    /// - Parameter value: An expression.
    /// - Returns: An expression.
    public func contains(_ value: some SQLSpecificExpressible) -> SQLExpression {
        let e = value.sqlExpression
        return SQLExpression.associative(
            "AND",
            SQLExpression.comparison(">=", e, lowerBound.sqlExpression),
            SQLExpression.comparison("<", e, upperBound.sqlExpression))
    }
}

extension CountableClosedRange where Bound: SQLExpressible {
    /// `value BETWEEN lowerBound AND upperBound`
    ///
    /// - Parameter value: An expression.
    /// - Returns: A `BETWEEN` expression.
    public func contains(_ value: some SQLSpecificExpressible) -> SQLExpression {
        SQLExpression(.between(value.sqlExpression, lowerBound.sqlExpression, upperBound.sqlExpression, negated: false))
    }
}

extension SQLExpression {
    static func inList(_ value: SQLExpression, _ list: [SQLExpression]) -> SQLExpression {
        if list.isEmpty {
            return .value(false.databaseValue)
        }
        return SQLExpression(.inList(value, list, negated: false))
    }
}
