import CSQLite

// Swift collations in the ORDER BY of a statement that runs remotely.
//
// The remote engine does not know Folio's custom (Swift) collations: an
// attached connection removes them, and a statement that uses one fails
// when it is prepared. When the custom collations of a statement appear
// only in the ORDER BY of its top-level SELECT, on terms that name result
// columns, and the statement has no LIMIT or OFFSET:
//
//     SELECT "author".*, ... FROM "author" ...
//     ORDER BY "author"."name" COLLATE swiftLocalizedCaseInsensitiveCompare DESC, "author"."id"
//
// the connection prepares the statement without those COLLATE clauses,
// sends that SQL to the remote engine (which then sorts with its default
// collations), and sorts the rows again locally: the substitute of the
// statement (`RemoteConnection.prepareSubstitute`) ends with
//
//     ORDER BY c3 COLLATE "folio_remote_swiftLocalizedCaseInsensitiveCompare" DESC, c0 COLLATE "BINARY"
//
// over the result columns that the terms name, with the Swift collation
// registered locally under a private name (`remoteAliasName`). Terms
// without a custom collation keep their explicit collation, or the
// declared collation of their column, so that ties and mixed terms sort
// as SQLite sorts them.
//
// The SQL is read with a small tokenizer (strings, quoted identifiers,
// comments, parentheses depth), never with a pattern over raw SQL. Any
// other use of a custom collation (WHERE, GROUP BY, a subquery, a
// compound SELECT, a window, a term that is not a result column, a LIMIT
// or OFFSET) keeps the error that says that the remote engine does not
// know the collation, with the reason.

/// One token of SQL: its kind, its byte range in the UTF-8 text, and the
/// parentheses depth where it starts.
struct RemoteSQLToken {
    enum Kind {
        /// A bare word: keyword or identifier.
        case word
        /// A quoted identifier: `"x"`, `` `x` ``, `[x]`.
        case quoted
        /// A string literal.
        case string
        /// A number literal.
        case number
        /// Any other character.
        case punctuation
    }

    var kind: Kind
    var range: Range<Int>
    var depth: Int
}

/// The tokens of the first statement of some SQL.
struct RemoteSQLTokenizer {
    let bytes: [UInt8]
    private(set) var tokens: [RemoteSQLToken] = []
    /// The length, in bytes, of the first statement, its `;` included.
    private(set) var statementLength = 0

    init(sql: String) {
        bytes = Array(sql.utf8)
        tokenize()
    }

    /// The text of a token; for a quoted identifier or a string, its value.
    func value(_ token: RemoteSQLToken) -> String {
        switch token.kind {
        case .quoted, .string:
            let quote = bytes[token.range.lowerBound]
            let inner = bytes[(token.range.lowerBound + 1)..<max(token.range.lowerBound + 1, token.range.upperBound - 1)]
            let text = String(decoding: inner, as: UTF8.self)
            if quote == UInt8(ascii: "[") { return text }
            let quoteString = String(UnicodeScalar(quote))
            return text.replacingOccurrences(of: quoteString + quoteString, with: quoteString)
        default:
            return String(decoding: bytes[token.range], as: UTF8.self)
        }
    }

    /// Whether a token is the bare word `keyword` (uppercase).
    func isKeyword(_ token: RemoteSQLToken, _ keyword: String) -> Bool {
        token.kind == .word && value(token).uppercased() == keyword
    }

    /// Whether a token is the punctuation `character`.
    func isPunctuation(_ token: RemoteSQLToken, _ character: Character) -> Bool {
        token.kind == .punctuation && token.range.count == 1 && Character(UnicodeScalar(bytes[token.range.lowerBound])) == character
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    private mutating func tokenize() {
        var index = 0
        var depth = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let start = index
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                index += 1
                continue
            case UInt8(ascii: "-") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < count && bytes[index] != 0x0A { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index < count && !(bytes[index] == UInt8(ascii: "*") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(count, index + 2)
                continue
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                index += 1
                while index < count {
                    if bytes[index] == byte {
                        if index + 1 < count && bytes[index + 1] == byte {
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    index += 1
                }
                tokens.append(RemoteSQLToken(kind: byte == UInt8(ascii: "'") ? .string : .quoted, range: start..<index, depth: depth))
            case UInt8(ascii: "["):
                while index < count && bytes[index] != UInt8(ascii: "]") { index += 1 }
                index = min(count, index + 1)
                tokens.append(RemoteSQLToken(kind: .quoted, range: start..<index, depth: depth))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                while index < count && (Self.isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".")) {
                    if (bytes[index] | 0x20) == UInt8(ascii: "e"), index + 1 < count,
                       bytes[index + 1] == UInt8(ascii: "+") || bytes[index + 1] == UInt8(ascii: "-")
                    {
                        index += 1
                    }
                    index += 1
                }
                tokens.append(RemoteSQLToken(kind: .number, range: start..<index, depth: depth))
            case _ where Self.isWordByte(byte):
                while index < count && Self.isWordByte(bytes[index]) { index += 1 }
                tokens.append(RemoteSQLToken(kind: .word, range: start..<index, depth: depth))
            default:
                index += 1
                if byte == UInt8(ascii: ";") && depth <= 0 {
                    statementLength = index
                    return
                }
                if byte == UInt8(ascii: ")") { depth -= 1 }
                tokens.append(RemoteSQLToken(kind: .punctuation, range: start..<index, depth: depth))
                if byte == UInt8(ascii: "(") { depth += 1 }
            }
        }
        statementLength = count
    }
}

/// The ORDER BY of a statement whose custom collations sort locally (see
/// the top of this file).
struct RemoteOrdering {
    /// One ORDER BY term.
    struct Term {
        enum Expression {
            /// `ORDER BY 2`: a 1-based result column.
            case index(Int)
            /// `ORDER BY "name"`, `ORDER BY "author"."name"`.
            case column(qualifier: String?, name: String)
        }

        var expression: Expression
        /// The explicit collation, as written, if any.
        var collation: String?
        /// Whether `collation` is a custom collation.
        var isCustom: Bool
        var isDescending: Bool
        /// `NULLS FIRST` or `NULLS LAST`, if written.
        var nulls: String?
    }

    /// The SQL of the statement without its custom COLLATE clauses: the
    /// SQL prepared locally and sent to the remote engine.
    var remoteSQL: String
    /// The length, in bytes, of the first statement of the SQL.
    var statementLength: Int
    var terms: [Term]
    /// The first custom collation of the ORDER BY, for messages.
    var collationName: String
    private var tokenizer: RemoteSQLTokenizer

    /// Why a statement can not sort locally.
    struct Refusal: Error {
        var collationName: String
        var reason: String
    }

    /// Reads the first statement of `sql`. Returns nil when it uses no
    /// custom collation; throws a `Refusal` when it uses one in a way
    /// that can not sort locally.
    ///
    /// - Parameters:
    ///   - sql: The SQL, from the start of the statement.
    ///   - customCollationNames: The names of the custom collations.
    init?(sql: String, customCollationNames: some Sequence<String>) throws {
        let tokenizer = RemoteSQLTokenizer(sql: sql)
        let tokens = tokenizer.tokens
        let customNames = Set(customCollationNames.map { $0.uppercased() })
        // The custom COLLATE clauses: indexes of their COLLATE token.
        var customCollates: [Int] = []
        for index in tokens.indices.dropLast() where tokenizer.isKeyword(tokens[index], "COLLATE") {
            let name = tokens[index + 1]
            if name.kind != .punctuation && name.kind != .number && customNames.contains(tokenizer.value(name).uppercased()) {
                customCollates.append(index)
            }
        }
        guard let firstCollate = customCollates.first else { return nil }
        let collationName = tokenizer.value(tokens[firstCollate + 1])
        func refuse(_ reason: String) -> Refusal {
            Refusal(collationName: collationName, reason: reason)
        }
        guard let first = tokens.first, tokenizer.isKeyword(first, "SELECT") else {
            throw refuse("it is used outside of a SELECT")
        }
        var orderIndex: Int?
        for index in tokens.indices where tokens[index].depth == 0 && tokens[index].kind == .word {
            switch tokenizer.value(tokens[index]).uppercased() {
            case "UNION", "INTERSECT", "EXCEPT":
                throw refuse("it is used in a compound SELECT")
            case "ORDER" where index + 1 < tokens.count && tokenizer.isKeyword(tokens[index + 1], "BY"):
                orderIndex = index
            case "LIMIT", "OFFSET":
                throw refuse("the statement has a LIMIT or OFFSET")
            default:
                break
            }
        }
        guard let orderIndex, customCollates.allSatisfy({ $0 > orderIndex && tokens[$0].depth == 0 }) else {
            throw refuse("it is used outside of the ORDER BY of the top-level SELECT")
        }
        // The terms, split at the commas of depth 0.
        var terms: [Term] = []
        var termTokens: [RemoteSQLToken] = []
        for token in tokens[(orderIndex + 2)...] + [RemoteSQLToken(kind: .punctuation, range: 0..<0, depth: 0)] {
            if token.range.isEmpty || (token.depth == 0 && tokenizer.isPunctuation(token, ",")) {
                guard let term = Self.term(termTokens, tokenizer: tokenizer, customNames: customNames) else {
                    throw refuse("an ORDER BY term is not a result column")
                }
                terms.append(term)
                termTokens = []
            } else {
                termTokens.append(token)
            }
        }
        // The SQL without the custom COLLATE clauses.
        var remoteBytes: [UInt8] = []
        remoteBytes.reserveCapacity(tokenizer.statementLength)
        var position = 0
        for index in customCollates {
            remoteBytes.append(contentsOf: tokenizer.bytes[position..<tokens[index].range.lowerBound])
            position = tokens[index + 1].range.upperBound
        }
        remoteBytes.append(contentsOf: tokenizer.bytes[position..<tokenizer.statementLength])
        self.remoteSQL = String(decoding: remoteBytes, as: UTF8.self)
        self.statementLength = tokenizer.statementLength
        self.terms = terms
        self.collationName = collationName
        self.tokenizer = tokenizer
    }

    /// The SQL of the statement in `sql`, trimmed as statements are.
    func statementSQL(in sql: String) -> String {
        var bytes = tokenizer.bytes[..<statementLength]
        while let last = bytes.last, last == 0x20 || (0x09...0x0D).contains(last) || last == 0x3B { bytes = bytes.dropLast() }
        while let first = bytes.first, first == 0x20 || (0x09...0x0D).contains(first) || first == 0x3B { bytes = bytes.dropFirst() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a term: `expr [COLLATE name] [ASC|DESC] [NULLS FIRST|LAST]`,
    /// whose expression is a result column number or a column name.
    private static func term(_ tokens: [RemoteSQLToken], tokenizer: RemoteSQLTokenizer, customNames: Set<String>) -> Term? {
        var tokens = tokens[...]
        var nulls: String?
        if tokens.count >= 2, tokenizer.isKeyword(tokens[tokens.endIndex - 2], "NULLS") {
            nulls = "NULLS " + tokenizer.value(tokens[tokens.endIndex - 1]).uppercased()
            tokens = tokens.dropLast(2)
        }
        var isDescending = false
        if let last = tokens.last, tokenizer.isKeyword(last, "ASC") || tokenizer.isKeyword(last, "DESC") {
            isDescending = tokenizer.isKeyword(last, "DESC")
            tokens = tokens.dropLast()
        }
        var collation: String?
        if tokens.count >= 2, tokenizer.isKeyword(tokens[tokens.endIndex - 2], "COLLATE") {
            collation = tokenizer.value(tokens[tokens.endIndex - 1])
            tokens = tokens.dropLast(2)
        }
        let isCustom = collation.map { customNames.contains($0.uppercased()) } ?? false
        let names = tokens.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let dots = tokens.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let expression: Term.Expression
        if tokens.count == 1, let only = tokens.first, only.kind == .number, let number = Int(tokenizer.value(only)) {
            expression = .index(number)
        } else if [1, 3, 5].contains(tokens.count),
                  names.allSatisfy({ $0.kind == .word || $0.kind == .quoted }),
                  dots.allSatisfy({ tokenizer.isPunctuation($0, ".") })
        {
            let values = names.map { tokenizer.value($0) }
            expression = .column(qualifier: values.count > 1 ? values[values.count - 2] : nil, name: values[values.count - 1])
        } else {
            return nil
        }
        return Term(expression: expression, collation: collation, isCustom: isCustom, isDescending: isDescending, nulls: nulls)
    }

    /// The ORDER BY of the substitute, over its `cN` columns: the result
    /// columns of `statement` (the remote SQL, prepared) that the terms
    /// name. Throws a `Refusal` when a term names no result column, or
    /// more than one.
    func substituteOrderBy(of statement: SQLiteStatement, connection: SQLiteConnection) throws -> String {
        struct Column {
            var name: String
            var table: String?
            var origin: String?
            var database: String?
        }
        let columns = (0..<Int(sqlite3_column_count(statement))).map { index in
            Column(
                name: String(cString: sqlite3_column_name(statement, CInt(index))),
                table: sqlite3_column_table_name(statement, CInt(index)).map { String(cString: $0) },
                origin: sqlite3_column_origin_name(statement, CInt(index)).map { String(cString: $0) },
                database: sqlite3_column_database_name(statement, CInt(index)).map { String(cString: $0) })
        }
        func same(_ lhs: String?, _ rhs: String) -> Bool {
            lhs?.uppercased() == rhs.uppercased()
        }
        var clauses: [String] = []
        for term in terms {
            var matches: [Int]
            switch term.expression {
            case let .index(number):
                matches = (1...max(1, columns.count)).contains(number) && !columns.isEmpty ? [number - 1] : []
            case let .column(qualifier: nil, name: name):
                matches = columns.indices.filter { same(columns[$0].name, name) }
                if matches.isEmpty {
                    matches = columns.indices.filter { same(columns[$0].origin, name) }
                }
            case let .column(qualifier: qualifier?, name: name):
                let table = tableName(ofAlias: qualifier)
                matches = columns.indices.filter { same(columns[$0].origin, name) && same(columns[$0].table, table) }
            }
            guard matches.count == 1, let index = matches.first else {
                throw Refusal(
                    collationName: collationName,
                    reason: matches.isEmpty ? "an ORDER BY term is not a result column" : "an ORDER BY term names several result columns")
            }
            let column = columns[index]
            var collation = "BINARY"
            if let name = term.collation {
                collation = term.isCustom ? RemoteConnection.remoteAliasName(ofCollation: name) : name
            } else if let table = column.table, let origin = column.origin {
                var declared: UnsafePointer<CChar>?
                if sqlite3_table_column_metadata(connection, column.database, table, origin, nil, &declared, nil, nil, nil) == SQLITE_OK,
                   let declared
                {
                    collation = String(cString: declared)
                }
            }
            var clause = "c\(index) COLLATE \(collation.quotedDatabaseIdentifier)"
            if term.isDescending { clause += " DESC" }
            if let nulls = term.nulls { clause += " " + nulls }
            clauses.append(clause)
        }
        return clauses.joined(separator: ", ")
    }

    /// The table of an alias of the top-level FROM clause
    /// (`JOIN "author" "author1"`, `FROM book AS b`), or the alias itself.
    private func tableName(ofAlias alias: String) -> String {
        let tokens = tokenizer.tokens
        for index in tokens.indices.dropFirst() where tokens[index].depth == 0 {
            let token = tokens[index]
            guard token.kind == .word || token.kind == .quoted, tokenizer.value(token).uppercased() == alias.uppercased() else { continue }
            var previous = index - 1
            if tokenizer.isKeyword(tokens[previous], "AS") {
                guard previous > 0 else { continue }
                previous -= 1
            }
            let table = tokens[previous]
            if table.kind == .quoted || (table.kind == .word && !Self.keywordsBeforeTables.contains(tokenizer.value(table).uppercased())) {
                return tokenizer.value(table)
            }
        }
        return alias
    }

    private static let keywordsBeforeTables: Set<String> = ["FROM", "JOIN", "ON", "AND", "OR", "WHERE", "BY", "SELECT", "DISTINCT", "ALL", "NOT", "IS"]
}
