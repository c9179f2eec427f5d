// Operators that build SQL expressions from columns and values.
//
// `Column("score") > 1000`, `Column("email") == nil` (IS NULL),
// `Column("a") && Column("b")`, `-Column("score")`, `Column("nick") ?? Column("name")`...

// MARK: - Comparison

/// Returns the comparison of an expression with a value, or with NULL:
/// `score = 1000`, `email IS NULL`.
///
/// ```swift
/// Player.filter(Column("name") == "Arthur")
/// Player.filter(Column("email") == nil) // email IS NULL
/// ```
public func == (lhs: some SQLSpecificExpressible, rhs: (any SQLExpressible)?) -> SQLExpression {
    SQLExpression.equal(lhs.sqlExpression, rhs?.sqlExpression)
}

/// Returns the comparison of a value with an expression.
public func == (lhs: (any SQLExpressible)?, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.equal(rhs.sqlExpression, lhs?.sqlExpression)
}

/// Returns the comparison of two expressions.
public func == (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.equal(lhs.sqlExpression, rhs.sqlExpression)
}

/// Returns the comparison of a boolean expression with a boolean:
/// `isActive == false` is `NOT isActive`.
public func == (lhs: some SQLSpecificExpressible, rhs: Bool) -> SQLExpression {
    rhs ? lhs.sqlExpression : !lhs.sqlExpression
}

/// Returns the inequality of an expression and a value, or NULL:
/// `score <> 1000`, `email IS NOT NULL`.
public func != (lhs: some SQLSpecificExpressible, rhs: (any SQLExpressible)?) -> SQLExpression {
    SQLExpression.notEqual(lhs.sqlExpression, rhs?.sqlExpression)
}

/// Returns the inequality of a value and an expression.
public func != (lhs: (any SQLExpressible)?, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.notEqual(rhs.sqlExpression, lhs?.sqlExpression)
}

/// Returns the inequality of two expressions.
public func != (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.notEqual(lhs.sqlExpression, rhs.sqlExpression)
}

/// Returns the inequality of a boolean expression with a boolean.
public func != (lhs: some SQLSpecificExpressible, rhs: Bool) -> SQLExpression {
    rhs ? !lhs.sqlExpression : lhs.sqlExpression
}

/// `lhs IS rhs`: equality where NULL equals NULL. Comparison with nil
/// generates `IS NULL`.
///
/// ```swift
/// Player.filter { $0.score === 1000 } // score IS 1000
/// Player.filter { $0.bonus === nil }  // bonus IS NULL
/// ```
///
/// See <https://www.sqlite.org/lang_expr.html#isisnot>.
public func === (lhs: some SQLSpecificExpressible, rhs: (any SQLExpressible)?) -> SQLExpression {
    SQLExpression.identical(lhs.sqlExpression, rhs?.sqlExpression, negated: false)
}

/// `lhs IS rhs`: equality where NULL equals NULL.
public func === (lhs: (any SQLExpressible)?, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.identical(lhs?.sqlExpression, rhs.sqlExpression, negated: false)
}

/// `lhs IS rhs`: equality where NULL equals NULL.
public func === (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.identical(lhs.sqlExpression, rhs.sqlExpression, negated: false)
}

/// `lhs IS NOT rhs`. Comparison with nil generates `IS NOT NULL`.
public func !== (lhs: some SQLSpecificExpressible, rhs: (any SQLExpressible)?) -> SQLExpression {
    SQLExpression.identical(lhs.sqlExpression, rhs?.sqlExpression, negated: true)
}

/// `lhs IS NOT rhs`.
public func !== (lhs: (any SQLExpressible)?, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.identical(lhs?.sqlExpression, rhs.sqlExpression, negated: true)
}

/// `lhs IS NOT rhs`.
public func !== (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.identical(lhs.sqlExpression, rhs.sqlExpression, negated: true)
}

/// `lhs < rhs`
public func < (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression.comparison("<", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs < rhs`
public func < (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.comparison("<", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs < rhs`
public func < (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.comparison("<", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs <= rhs`
public func <= (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression.comparison("<=", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs <= rhs`
public func <= (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.comparison("<=", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs <= rhs`
public func <= (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.comparison("<=", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs > rhs`
public func > (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression.comparison(">", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs > rhs`
public func > (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.comparison(">", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs > rhs`
public func > (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.comparison(">", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs >= rhs`
public func >= (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression.comparison(">=", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs >= rhs`
public func >= (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.comparison(">=", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs >= rhs`
public func >= (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.comparison(">=", lhs.sqlExpression, rhs.sqlExpression)
}

// MARK: - Logic

/// `lhs AND rhs`
public func && (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression.associative("AND", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs AND rhs`
public func && (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("AND", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs AND rhs`
public func && (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("AND", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs OR rhs`
public func || (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression.associative("OR", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs OR rhs`
public func || (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("OR", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs OR rhs`
public func || (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("OR", lhs.sqlExpression, rhs.sqlExpression)
}

/// `NOT value`
public prefix func ! (value: some SQLSpecificExpressible) -> SQLExpression {
    value.sqlExpression.negated
}

// MARK: - Arithmetic

/// `lhs + rhs`
public func + (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression.associative("+", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs + rhs`
public func + (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("+", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs + rhs`
public func + (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("+", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs - rhs`
public func - (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression(.binary("-", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs - rhs`
public func - (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("-", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs - rhs`
public func - (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("-", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs * rhs`
public func * (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression.associative("*", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs * rhs`
public func * (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("*", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs * rhs`
public func * (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("*", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs / rhs`
public func / (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression(.binary("/", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs / rhs`
public func / (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("/", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs / rhs`
public func / (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("/", lhs.sqlExpression, rhs.sqlExpression))
}

/// `-value`
public prefix func - (value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.unary("-", value.sqlExpression))
}

// MARK: - Bitwise

/// `lhs & rhs`: bitwise AND.
///
/// ```swift
/// // SELECT mask & 2 AS isRocky FROM planet
/// Planet.select { ($0.mask & 2).forKey("isRocky") }
/// ```
///
/// See <https://www.sqlite.org/lang_expr.html#operators>.
public func & (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression.associative("&", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs & rhs`: bitwise AND.
public func & (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("&", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs & rhs`: bitwise AND.
public func & (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("&", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs | rhs`: bitwise OR.
public func | (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression.associative("|", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs | rhs`: bitwise OR.
public func | (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("|", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs | rhs`: bitwise OR.
public func | (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.associative("|", lhs.sqlExpression, rhs.sqlExpression)
}

/// `lhs << rhs`: left shift.
public func << (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression(.binary("<<", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs << rhs`: left shift.
public func << (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("<<", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs << rhs`: left shift.
public func << (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("<<", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs >> rhs`: right shift.
public func >> (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression(.binary(">>", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs >> rhs`: right shift.
public func >> (lhs: some SQLExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary(">>", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs >> rhs`: right shift.
public func >> (lhs: some SQLSpecificExpressible, rhs: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary(">>", lhs.sqlExpression, rhs.sqlExpression))
}

/// `~value`: bitwise NOT.
public prefix func ~ (value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.unary("~", value.sqlExpression))
}

/// `IFNULL(lhs, rhs)`: the first value when not NULL, the second otherwise.
///
/// ```swift
/// Player.select(Column("nickname") ?? Column("name"))
/// ```
public func ?? (lhs: some SQLSpecificExpressible, rhs: some SQLExpressible) -> SQLExpression {
    SQLExpression(.function("IFNULL", [lhs.sqlExpression, rhs.sqlExpression], distinct: false))
}

// MARK: - Helpers

extension SQLExpression {
    /// `lhs = rhs`, or `lhs IS NULL` when one side is NULL.
    static func equal(_ lhs: SQLExpression, _ rhs: SQLExpression?) -> SQLExpression {
        guard let rhs, !rhs.isNullValue else {
            return SQLExpression(.postfix(lhs, "IS NULL"))
        }
        if lhs.isNullValue {
            return SQLExpression(.postfix(rhs, "IS NULL"))
        }
        return comparison("=", lhs, rhs)
    }

    /// `lhs <> rhs`, or `lhs IS NOT NULL` when one side is NULL.
    static func notEqual(_ lhs: SQLExpression, _ rhs: SQLExpression?) -> SQLExpression {
        guard let rhs, !rhs.isNullValue else {
            return SQLExpression(.postfix(lhs, "IS NOT NULL"))
        }
        if lhs.isNullValue {
            return SQLExpression(.postfix(rhs, "IS NOT NULL"))
        }
        return comparison("<>", lhs, rhs)
    }

    /// `lhs IS rhs` (or `IS NOT`), with `IS NULL` when one side is NULL.
    static func identical(_ lhs: SQLExpression?, _ rhs: SQLExpression?, negated: Bool) -> SQLExpression {
        let lhs = lhs ?? .value(.null)
        let rhs = rhs ?? .value(.null)
        if rhs.isNullValue {
            return SQLExpression(.postfix(lhs, negated ? "IS NOT NULL" : "IS NULL"))
        }
        if lhs.isNullValue {
            return SQLExpression(.postfix(rhs, negated ? "IS NOT NULL" : "IS NULL"))
        }
        return SQLExpression(.binary(negated ? "IS NOT" : "IS", lhs, rhs))
    }

    /// A comparison. A collated operand keeps its collation, which SQLite
    /// then uses for the comparison: `"name" COLLATE NOCASE = ?`.
    static func comparison(_ op: String, _ lhs: SQLExpression, _ rhs: SQLExpression) -> SQLExpression {
        SQLExpression(.binary(op, lhs, rhs))
    }

    /// The most operands that `associative(_:_:_:)` copies into one flat
    /// operation. Past it, the operation keeps the longer one as its first
    /// operand, unflattened, so that a chain of 200,000 `||` is built in
    /// linear time instead of copying its operands at each step; the
    /// operation is still one flat `a OR b OR c ...` everywhere it is read
    /// (``flattenedOperands(_:_:)``).
    static let maximumCopiedOperands = 64

    static func associative(_ op: String, _ lhs: SQLExpression, _ rhs: SQLExpression) -> SQLExpression {
        var operands: [SQLExpression] = []
        for operand in [lhs, rhs] {
            if case let .associative(otherOp, others) = operand.impl, otherOp == op,
               others.count <= maximumCopiedOperands
            {
                operands += others
            } else {
                operands.append(operand)
            }
        }
        return SQLExpression(.associative(op, operands))
    }

    /// The operands of an associative operation, with the operations of
    /// the same operator that it keeps unflattened (see
    /// ``maximumCopiedOperands``) expanded in order, without recursion.
    static func flattenedOperands(_ op: String, _ operands: [SQLExpression]) -> [SQLExpression] {
        func isNested(_ operand: SQLExpression) -> Bool {
            if case let .associative(otherOp, _) = operand.impl { return otherOp == op }
            return false
        }
        guard operands.contains(where: isNested) else { return operands }
        var result: [SQLExpression] = []
        var iterators = [operands.makeIterator()]
        while !iterators.isEmpty {
            guard let operand = iterators[iterators.count - 1].next() else {
                iterators.removeLast()
                continue
            }
            if case let .associative(otherOp, others) = operand.impl, otherOp == op {
                iterators.append(others.makeIterator())
            } else {
                result.append(operand)
            }
        }
        return result
    }

    /// Whether the expression is a comparison (`=`, `<>`, `<`, `<=`, `>`,
    /// `>=`, `IS`, `IS NOT`), which SQL interpolation does not parenthesize.
    var isComparison: Bool {
        guard case let .binary(op, _, _) = impl else { return false }
        switch op {
        case "=", "<>", "!=", "<", "<=", ">", ">=", "IS", "IS NOT": return true
        default: return false
        }
    }

    var isNullValue: Bool {
        if case .value(let value) = impl { return value.isNull }
        return false
    }

    /// `NOT self`, simplified where possible.
    var negated: SQLExpression {
        switch impl {
        case let .unary("NOT", e): return e
        case let .postfix(e, "IS NULL"): return SQLExpression(.postfix(e, "IS NOT NULL"))
        case let .postfix(e, "IS NOT NULL"): return SQLExpression(.postfix(e, "IS NULL"))
        case let .inList(e, es, negated): return SQLExpression(.inList(e, es, negated: !negated))
        case let .inSubquery(e, q, negated): return SQLExpression(.inSubquery(e, q, negated: !negated))
        case let .inTable(e, table, negated): return SQLExpression(.inTable(e, table, negated: !negated))
        case let .between(e, l, h, negated): return SQLExpression(.between(e, l, h, negated: !negated))
        case let .exists(q, negated): return SQLExpression(.exists(q, negated: !negated))
        default: return SQLExpression(.unary("NOT", self))
        }
    }
}

extension Sequence where Element: SQLExpressible {
    /// Joins expressions with an operator: `[a, b, c].joined(operator: .and)`.
    ///
    /// - Parameter op: An associative operator.
    /// - Returns: An expression. Empty sequences give the neutral value of
    ///   the operator (`1` for AND, `0` for OR and `+`, `''` for `||`).
    public func joined(operator op: SQLExpression.AssociativeBinaryOperator) -> SQLExpression {
        let operands = map(\.sqlExpression)
        if operands.isEmpty { return .value(op.neutralValue) }
        return operands.dropFirst().reduce(operands[0]) { SQLExpression.associative(op.sql, $0, $1) }
    }
}

extension Sequence where Element == any SQLExpressible {
    /// Joins expressions with an operator.
    ///
    /// - Parameter op: An associative operator.
    /// - Returns: An expression.
    public func joined(operator op: SQLExpression.AssociativeBinaryOperator) -> SQLExpression {
        let operands = map(\.sqlExpression)
        if operands.isEmpty { return .value(op.neutralValue) }
        return operands.dropFirst().reduce(operands[0]) { SQLExpression.associative(op.sql, $0, $1) }
    }
}

extension SQLExpression {
    /// An associative operator, for `Swift/Sequence/joined(operator:)`.
    ///
    /// ```swift
    /// // "a" & "b" & "c"
    /// [Column("a"), Column("b"), Column("c")].joined(operator: .bitwiseAnd)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_expr.html#operators>.
    public struct AssociativeBinaryOperator: Sendable, Hashable {
        let sql: String
        let neutralValue: DatabaseValue

        /// Returns whether two operators are the same SQL operator.
        ///
        /// ```swift
        /// SQLExpression.AssociativeBinaryOperator.and == .and // true
        /// ```
        ///
        /// - Parameters:
        ///   - lhs: An operator.
        ///   - rhs: Another operator.
        /// - Returns: Whether the operators are equal.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.sql == rhs.sql
        }

        /// Hashes the SQL operator.
        ///
        /// ```swift
        /// let operators: Set<SQLExpression.AssociativeBinaryOperator> = [.and, .or]
        /// ```
        ///
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(sql)
        }

        /// `&`: bitwise AND. An empty sequence joins as `-1` (all bits set).
        ///
        /// ```swift
        /// // "flags" & ? & ?
        /// [Column("flags"), 6.databaseValue, 3.databaseValue].joined(operator: .bitwiseAnd)
        /// ```
        ///
        /// See <https://www.sqlite.org/lang_expr.html#operators>.
        public static let bitwiseAnd = AssociativeBinaryOperator(sql: "&", neutralValue: (-1).databaseValue)

        /// `|`: bitwise OR. An empty sequence joins as `0`.
        ///
        /// ```swift
        /// // "flags" | ?
        /// [Column("flags"), 4.databaseValue].joined(operator: .bitwiseOr)
        /// ```
        ///
        /// See <https://www.sqlite.org/lang_expr.html#operators>.
        public static let bitwiseOr = AssociativeBinaryOperator(sql: "|", neutralValue: 0.databaseValue)

        /// `AND`
        public static let and = AssociativeBinaryOperator(sql: "AND", neutralValue: true.databaseValue)
        /// `OR`
        public static let or = AssociativeBinaryOperator(sql: "OR", neutralValue: false.databaseValue)
        /// `+`
        public static let add = AssociativeBinaryOperator(sql: "+", neutralValue: 0.databaseValue)
        /// `*`
        public static let multiply = AssociativeBinaryOperator(sql: "*", neutralValue: 1.databaseValue)
        /// `||` (string concatenation)
        public static let concat = AssociativeBinaryOperator(sql: "||", neutralValue: "".databaseValue)
    }
}
