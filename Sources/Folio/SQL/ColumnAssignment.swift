/// A column assignment, for ``QueryInterfaceRequest/updateAll(_:onConflict:_:)-...``.
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
}
