import Folio
import Foundation

// The ledger: the database that the crash test writes, kills, and checks.
//
// Each transaction of the writer is a transfer: it moves an amount from one
// account to another, inserts `entryCount` entries that carry the
// transfer's id, and inserts the transfer itself. Some transfers also prune
// the entries of an older transfer, and set its counts to zero. So a
// transaction that is only partly applied breaks at least one of the
// invariants that `Ledger.check(_:)` verifies:
//
// - the balances add up to `accountCount * initialBalance`;
// - each balance is the initial balance plus the transfers in, minus the
//   transfers out;
// - transfer ids run from 1 without a gap;
// - each transfer has exactly `entryCount` entries, at positions
//   0..<entryCount, whose payloads add up to `payloadSize` bytes;
// - no entry belongs to a missing transfer.

/// An account of the ledger.
struct Account: Codable, Identifiable, FetchableRecord, PersistableRecord {
    var id: Int64
    var balance: Int64
}

/// A committed transfer between two accounts.
struct Transfer: Codable, Identifiable, FetchableRecord, PersistableRecord {
    var id: Int64
    var fromAccount: Int64
    var toAccount: Int64
    var amount: Int64
    var entryCount: Int
    var payloadSize: Int
}

/// One of the rows that a transfer inserts.
struct Entry: Codable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var transferId: Int64
    var position: Int
    var payload: Data

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// What a check of the ledger found.
struct LedgerState {
    /// False when the schema was never committed (the writer was killed
    /// before its migration committed).
    var exists: Bool
    /// The id of the last committed transfer (0 when there is none).
    var lastTransfer: Int64
    /// The broken invariants, empty when the ledger is sound.
    var violations: [String]
}

enum Ledger {
    static let accountCount = 10
    static let initialBalance: Int64 = 1_000
    static var total: Int64 { Int64(accountCount) * initialBalance }

    /// Creates the schema and the accounts, in one transaction.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("ledger") { db in
            try db.create(table: "account") { t in
                t.column("id", .integer).primaryKey()
                t.column("balance", .integer).notNull()
            }
            try db.create(table: "transfer") { t in
                t.column("id", .integer).primaryKey()
                t.column("fromAccount", .integer).notNull()
                t.column("toAccount", .integer).notNull()
                t.column("amount", .integer).notNull()
                t.column("entryCount", .integer).notNull()
                t.column("payloadSize", .integer).notNull()
            }
            try db.create(table: "entry") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("transferId", .integer).notNull().indexed()
                t.column("position", .integer).notNull()
                t.column("payload", .blob).notNull()
            }
            for id in 1...Int64(accountCount) {
                try Account(id: id, balance: initialBalance).insert(db)
            }
        }
        return migrator
    }

    /// Checks the whole ledger: the file's integrity, then every invariant.
    static func check(_ db: Database) throws -> LedgerState {
        var violations: [String] = []
        let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        if integrity != ["ok"] {
            violations.append("integrity_check: \(integrity.prefix(5).joined(separator: "; "))")
        }
        let tables = try ["account", "transfer", "entry"].filter { try db.tableExists($0) }
        if tables.isEmpty {
            return LedgerState(exists: false, lastTransfer: 0, violations: violations)
        }
        if tables.count != 3 {
            violations.append("half-created schema: only \(tables)")
            return LedgerState(exists: true, lastTransfer: 0, violations: violations)
        }

        let accounts = try Account.fetchAll(db)
        let sum = accounts.reduce(0) { $0 + $1.balance }
        if accounts.count != accountCount || sum != total {
            violations.append("\(accounts.count) accounts hold \(sum), expected \(accountCount) holding \(total)")
        }

        let (count, first, last) = try Row.fetchOne(db, sql: """
            SELECT COUNT(*), COALESCE(MIN(id), 1), COALESCE(MAX(id), 0) FROM transfer
            """).map { ($0[0] as Int64, $0[1] as Int64, $0[2] as Int64) }!
        if count != last || first != 1 {
            violations.append("transfer ids are not 1...\(last) without gaps: \(count) transfers from \(first)")
        }

        let badTransfers = try Row.fetchAll(db, sql: """
            SELECT t.id, t.entryCount, t.payloadSize,
                   COUNT(e.id) AS found, COALESCE(SUM(length(e.payload)), 0) AS size,
                   COALESCE(MIN(e.position), 0) AS low, COALESCE(MAX(e.position), -1) AS high
            FROM transfer t LEFT JOIN entry e ON e.transferId = t.id
            GROUP BY t.id
            HAVING found <> t.entryCount OR size <> t.payloadSize
                OR (found > 0 AND (low <> 0 OR high <> t.entryCount - 1))
            LIMIT 5
            """)
        for row in badTransfers {
            violations.append("transfer \(row["id"] as Int64) expects \(row["entryCount"] as Int) entries of \(row["payloadSize"] as Int) bytes, found \(row["found"] as Int) of \(row["size"] as Int) bytes")
        }

        let orphans = try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM entry WHERE transferId NOT IN (SELECT id FROM transfer)
            """)!
        if orphans > 0 {
            violations.append("\(orphans) entries belong to no committed transfer")
        }

        let drifting = try Row.fetchAll(db, sql: """
            SELECT a.id, a.balance,
                   ? + COALESCE((SELECT SUM(amount) FROM transfer WHERE toAccount = a.id), 0)
                     - COALESCE((SELECT SUM(amount) FROM transfer WHERE fromAccount = a.id), 0) AS expected
            FROM account a
            WHERE a.balance <> expected
            """, arguments: [initialBalance])
        for row in drifting {
            violations.append("account \(row["id"] as Int64) holds \(row["balance"] as Int64), its transfers say \(row["expected"] as Int64)")
        }
        return LedgerState(exists: true, lastTransfer: last, violations: violations)
    }

    /// The cheap invariant that concurrent readers check while the writer
    /// runs: the total, and the count of transfers against the last id.
    static func quickCheck(_ db: Database) throws -> String? {
        guard try db.tableExists("transfer") else { return nil }
        let sum = try Int64.fetchOne(db, sql: "SELECT SUM(balance) FROM account")
        let (count, last) = try Row.fetchOne(db, sql: "SELECT COUNT(*), COALESCE(MAX(id), 0) FROM transfer")
            .map { ($0[0] as Int64, $0[1] as Int64) }!
        if sum != total || count != last {
            return "reader saw a total of \(sum.map(String.init) ?? "NULL") and \(count) transfers up to id \(last)"
        }
        return nil
    }
}
