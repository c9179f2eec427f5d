/// Whether the leader's connection is inside a transaction, followed from
/// the transaction control statements sent to it (BEGIN, COMMIT, END,
/// ROLLBACK, SAVEPOINT, RELEASE), so that the executor knows whether a
/// lost connection took a transaction with it.
struct DqliteTransactionState {
    private var explicitTransaction = false
    private var savepoints: [String] = []

    /// True between BEGIN (or an outermost SAVEPOINT) and its end.
    var isInsideTransaction: Bool { explicitTransaction || !savepoints.isEmpty }

    /// Forgets the transaction (the connection that held it is gone).
    mutating func reset() {
        explicitTransaction = false
        savepoints = []
    }

    /// Follows a transaction control statement that the leader ran.
    mutating func didRun(_ sql: String) {
        let words = Self.words(sql)
        guard let first = words.first else { return }
        switch first {
        case "BEGIN":
            explicitTransaction = true
        case "COMMIT", "END":
            reset()
        case "ROLLBACK":
            if !words.contains("TO") { reset() }
        case "SAVEPOINT":
            if words.count > 1 { savepoints.append(words[1]) }
        case "RELEASE":
            let name = words.count > 2 && words[1] == "SAVEPOINT" ? words[2] : (words.count > 1 ? words[1] : "")
            if let index = savepoints.lastIndex(of: name) {
                savepoints.removeSubrange(index...)
            }
        default:
            break
        }
    }

    /// Whether `sql` ends the transaction by rolling it back.
    static func isRollback(_ sql: String) -> Bool {
        let words = words(sql)
        return words.first == "ROLLBACK" && !words.contains("TO")
    }

    /// Whether `sql` ends the transaction by committing it.
    static func isCommit(_ sql: String) -> Bool {
        let first = words(sql).first
        return first == "COMMIT" || first == "END"
    }

    /// The upper-cased words of a short statement (names unquoted).
    private static func words(_ sql: String) -> [String] {
        sql.uppercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            .map(String.init)
    }
}
