/// A column assignment, for `QueryInterfaceRequest/updateAll(_:onConflict:_:)-...`.
///
/// ```swift
/// // UPDATE player SET score = 0, bonus = bonus + 1
/// try Player.updateAll(db, Column("score").set(to: 0), Column("bonus") += 1)
/// ```
public struct ColumnAssignment: Sendable {
    let columnName: String
    let value: SQLExpression

    func sql(_ context: inout SQLGenerationContext) throws -> String {
        columnName.quotedDatabaseIdentifier + " = " + (try value.sql(&context))
    }
}

extension ColumnExpression {
    /// An assignment of a value: `score = 0`.
    ///
    /// - Parameter value: A value or expression, or nil for NULL.
    /// - Returns: An assignment.
    public func set(to value: (any SQLExpressible)?) -> ColumnAssignment {
        ColumnAssignment(columnName: name, value: value?.sqlExpression ?? .value(.null))
    }

    /// `score = score + value`
    public static func += (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column + value)
    }

    /// `score = score - value`
    public static func -= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column - value)
    }

    /// `score = score * value`
    public static func *= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column * value)
    }

    /// `score = score / value`
    public static func /= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column / value)
    }

    /// An assignment that applies a bitwise AND to the column:
    /// `flags = flags & value`.
    ///
    /// ```swift
    /// // UPDATE "player" SET "flags" = "flags" & 6
    /// try Player.updateAll(db) { $0.flags &= 6 }
    /// ```
    ///
    /// - Parameters:
    ///   - column: The updated column.
    ///   - value: A value or expression.
    /// - Returns: An assignment.
    ///
    /// See <https://www.sqlite.org/lang_expr.html#operators>.
    public static func &= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column & value)
    }

    /// An assignment that applies a bitwise OR to the column:
    /// `flags = flags | value`.
    ///
    /// ```swift
    /// // UPDATE "player" SET "flags" = "flags" | 1
    /// try Player.updateAll(db) { $0.flags |= 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - column: The updated column.
    ///   - value: A value or expression.
    /// - Returns: An assignment.
    ///
    /// See <https://www.sqlite.org/lang_expr.html#operators>.
    public static func |= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column | value)
    }
}
