// Schema statements (CREATE TABLE, CREATE INDEX, CREATE VIEW...) can not
// have bound parameters: SQLite refuses them in DEFAULT and CHECK clauses,
// views and partial indexes. The schema DSL therefore writes values as SQL
// literals, straight into the SQL text.

extension DatabaseValue {
    /// The value as an SQL literal: `NULL`, `42`, `1.5`, `'O''Brien'`,
    /// `x'01FF'`. Infinite doubles become `9e999` (which SQLite reads as
    /// infinity) and NaN becomes `NULL` (as SQLite stores it).
    ///
    /// - Throws: A ``DatabaseError`` for a value that SQLite can not
    ///   store, such as `UInt64.max`.
    func sqlLiteral(sql: String? = nil) throws -> String {
        if let error = unrepresentableValueError(sql: sql) {
            throw error
        }
        switch storage {
        case .double(let double):
            if double.isNaN { return "NULL" }
            if double.isInfinite { return double < 0 ? "-9e999" : "9e999" }
            return String(double)
        case .blob:
            // `x'01FF'`, as GRDB writes data literals.
            return "x" + sqlLiteralText.dropFirst()
        default:
            return sqlLiteralText
        }
    }
}

extension SQL {
    /// A literal that renders an SQL expression of the query interface
    /// (`Column("score") > 0`). Its values become arguments, that
    /// ``inlinedSQL(_:)`` writes as SQL literals.
    ///
    /// Schema definitions render expressions normally, then inline their
    /// arguments here: this also inlines the arguments of raw SQL parts (`SQL("score > ?",
    /// arguments: [0])`) and of common table expressions, and writes
    /// infinite and NaN doubles in a form SQLite reads back.
    init(expression: SQLExpression) {
        self.init(elements: [.deferred { db, arguments in
            var context = SQLGenerationContext(db: db)
            let sql = try expression.sql(&context)
            arguments += context.arguments
            return sql
        }])
    }

    /// A literal that renders a subquery: a query interface request, or
    /// an SQL request. Its values become arguments, that
    /// ``inlinedSQL(_:)`` writes as SQL literals.
    init(subquery: SQLSubquery) {
        self.init(elements: [.deferred { db, arguments in
            var context = SQLGenerationContext(db: db)
            let sql = try subquery.sql(&context)
            arguments += context.arguments
            return sql
        }])
    }

    /// Returns the SQL text of the literal, with its arguments written as
    /// SQL literals instead of parameters.
    ///
    /// ```swift
    /// let literal: SQL = "name TEXT DEFAULT \("Anonymous")"
    /// try literal.inlinedSQL(db) // "name TEXT DEFAULT 'Anonymous'"
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: SQL text without parameters.
    /// - Throws: A ``DatabaseError`` when the literal can not be built, or
    ///   when its parameters and arguments do not match.
    func inlinedSQL(_ db: Database) throws -> String {
        let (sql, arguments) = try build(db)
        if arguments.isEmpty { return sql }
        return try SQL.inline(arguments, in: sql)
    }

    /// Replaces the parameters of an SQL string (`?`, `?NNN`, `:name`,
    /// `@name`, `$name`) with SQL literals. Parameters are only looked for
    /// outside of string literals, quoted identifiers and comments.
    static func inline(_ arguments: StatementArguments, in sql: String) throws -> String {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16 * arguments.values.count)
        var nextPositional = 0
        var index = 0

        func mismatch(_ reason: String) -> DatabaseError {
            DatabaseError(
                resultCode: .SQLITE_RANGE,
                message: "can not write arguments into schema SQL: \(reason)",
                sql: sql)
        }
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte >= 0x80
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        }
        func copyQuoted(until close: UInt8) {
            // Copies a quoted token, doubled closing characters included.
            output.append(bytes[index])
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                output.append(byte)
                index += 1
                if byte == close {
                    if index < bytes.count, bytes[index] == close, close != UInt8(ascii: "]") {
                        output.append(bytes[index])
                        index += 1
                    } else {
                        return
                    }
                }
            }
        }

        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                copyQuoted(until: byte)
            case UInt8(ascii: "["):
                copyQuoted(until: UInt8(ascii: "]"))
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                    output.append(bytes[index])
                    index += 1
                }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                output.append(contentsOf: [bytes[index], bytes[index + 1]])
                index += 2
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                        output.append(contentsOf: [bytes[index], bytes[index + 1]])
                        index += 2
                        break
                    }
                    output.append(bytes[index])
                    index += 1
                }
            case UInt8(ascii: "?"):
                index += 1
                var digits = 0
                var number = 0
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    number = number &* 10 &+ Int(bytes[index] - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                let position = digits > 0 ? number - 1 : nextPositional
                guard position >= 0, position < arguments.values.count else {
                    throw mismatch("missing argument for parameter \(position + 1)")
                }
                nextPositional = position + 1
                output.append(contentsOf: try arguments.values[position].sqlLiteral(sql: sql).utf8)
            case let prefix where (prefix == UInt8(ascii: ":") || prefix == UInt8(ascii: "@") || prefix == UInt8(ascii: "$"))
                && index + 1 < bytes.count && isIdentifierByte(bytes[index + 1]):
                let start = index + 1
                index += 1
                while index < bytes.count, isIdentifierByte(bytes[index]) {
                    index += 1
                }
                let name = String(decoding: bytes[start..<index], as: UTF8.self)
                guard let value = arguments.namedValues[name] else {
                    throw mismatch("missing argument for parameter \(name)")
                }
                output.append(contentsOf: try value.sqlLiteral(sql: sql).utf8)
            default:
                output.append(byte)
                index += 1
            }
        }
        if nextPositional < arguments.values.count {
            throw mismatch("\(arguments.values.count) arguments for \(nextPositional) parameters")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
