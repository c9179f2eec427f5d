// The statements that begin and end transactions, prepared once per
// connection.
//
// Every write access runs `BEGIN` and `COMMIT`, and every read of a pool
// runs `BEGIN` and `ROLLBACK`. Through `execute(sql:)`, each of them
// hashed its SQL to find its statement in the statement cache, and
// prepared it again whenever DDL emptied the cache. The connection keeps
// them here instead, and runs them with `Statement.execute()`: the same
// step as any statement, so that transaction observers, the transaction
// date, the schema cache, suspension, cancellation and errors behave as
// they do for SQL run with `execute(sql:)`.
//
// These statements do not depend on the schema: DDL leaves them alone.
// They are dropped with the statement cache (`clearStatementCache()`,
// when the connection releases memory, after a backup into it, after an
// erase) and when the connection closes.

/// The transaction-control statements that a connection prepares once
/// and reuses (see ``Database/runTransactionControl(_:)``).
enum TransactionControl: Int, CaseIterable {
    /// `BEGIN DEFERRED TRANSACTION`
    case beginDeferred
    /// `BEGIN IMMEDIATE TRANSACTION`
    case beginImmediate
    /// `BEGIN EXCLUSIVE TRANSACTION`
    case beginExclusive
    /// `COMMIT TRANSACTION`
    case commit
    /// `ROLLBACK TRANSACTION`
    case rollback

    /// The SQL of the statement: the text that trace events and errors
    /// show, as when it ran through `execute(sql:)`.
    var sql: String {
        switch self {
        case .beginDeferred: "BEGIN DEFERRED TRANSACTION"
        case .beginImmediate: "BEGIN IMMEDIATE TRANSACTION"
        case .beginExclusive: "BEGIN EXCLUSIVE TRANSACTION"
        case .commit: "COMMIT TRANSACTION"
        case .rollback: "ROLLBACK TRANSACTION"
        }
    }
}

/// The prepared transaction-control statements of a connection, each
/// prepared on first use.
struct TransactionControlStatements {
    private var beginDeferred: Statement?
    private var beginImmediate: Statement?
    private var beginExclusive: Statement?
    private var commit: Statement?
    private var rollback: Statement?

    /// The prepared statement of a transaction control, if it was
    /// prepared already.
    subscript(_ control: TransactionControl) -> Statement? {
        get {
            switch control {
            case .beginDeferred: beginDeferred
            case .beginImmediate: beginImmediate
            case .beginExclusive: beginExclusive
            case .commit: commit
            case .rollback: rollback
            }
        }
        set {
            switch control {
            case .beginDeferred: beginDeferred = newValue
            case .beginImmediate: beginImmediate = newValue
            case .beginExclusive: beginExclusive = newValue
            case .commit: commit = newValue
            case .rollback: rollback = newValue
            }
        }
    }
}

extension Database {
    /// Runs a transaction-control statement, prepared on first use and
    /// reused afterwards.
    ///
    /// - Parameter control: The statement to run.
    /// - Throws: A ``DatabaseError``, as `execute(sql: control.sql)`
    ///   would throw.
    func runTransactionControl(_ control: TransactionControl) throws {
        if let statement = transactionControlStatements[control], statement.isReusable {
            try statement.execute()
            return
        }
        try runTransactionControlSlowly(control)
    }

    /// The slow path of ``runTransactionControl(_:)``: prepares the
    /// statement. Out of line, so that the hot path stays small.
    @inline(never)
    private func runTransactionControlSlowly(_ control: TransactionControl) throws {
        if transactionControlStatements[control] != nil {
            // The statement runs already (a transaction observer began
            // or ended a transaction while it stepped): use a statement
            // of its own, as the statement cache would.
            try makeStatement(sql: control.sql).execute()
            return
        }
        let statement = try prepareSingleStatement(sql: control.sql, persistent: true)
        transactionControlStatements[control] = statement
        try statement.execute()
    }

    /// Drops the prepared transaction-control statements.
    func clearTransactionControlStatements() {
        transactionControlStatements = TransactionControlStatements()
    }
}
