// Point reads by primary key and single-row inserts on a dqlite cluster,
// through FolioDqlite: the statements of go-dqlite's dqlite-benchmark
// (kvwrite and kvreadwrite workloads: a 32-byte text key, a 1,024-byte
// text value), one at a time, from one client. Prints the median and p90
// latency of each access, in milliseconds.
//
//     dqlite-bench <server,server,...> [count]
//
// With DQLITE_BENCH_EXEC_SQL=1, statements go as SQL each time (EXEC_SQL,
// QUERY_SQL) instead of prepared once (PREPARE, then EXEC and QUERY).
import Foundation
import Folio
import FolioDqlite

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: dqlite-bench <server,server,...> [count]")
    exit(2)
}
let servers = arguments[1].split(separator: ",").map(String.init)
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000

let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
func randomText(_ length: Int) -> String {
    String((0..<length).map { _ in letters.randomElement()! })
}
func randomValue() -> String {
    String(repeating: randomText(1), count: 512) + randomText(512)
}

func measure(_ label: String, _ body: () throws -> Void) rethrows -> [Double] {
    var durations: [Double] = []
    durations.reserveCapacity(count)
    for _ in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        durations.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
    durations.sort()
    let median = durations[durations.count / 2]
    let p90 = durations[durations.count * 9 / 10]
    print(String(format: "%-48@ median %.3f ms  p90 %.3f ms  (n = %d)", label as NSString, median, p90, count))
    return durations
}

var dqlite = DqliteConfiguration()
dqlite.preparesStatements = ProcessInfo.processInfo.environment["DQLITE_BENCH_EXEC_SQL"] == nil
dqlite.changePollingInterval = nil
print("statements: \(dqlite.preparesStatements ? "PREPARE once, then EXEC/QUERY" : "EXEC_SQL/QUERY_SQL")")
let cluster = try DqliteDatabase(servers: servers, database: "benchmark", dqliteConfiguration: dqlite)
try cluster.writeWithoutTransaction { db in
    try db.execute(sql: "CREATE TABLE IF NOT EXISTS model (key TEXT, value TEXT, UNIQUE(key))")
}
var keys: [String] = []
_ = try measure("insert, autocommit (writeWithoutTransaction)") {
    let key = randomText(32)
    keys.append(key)
    try cluster.writeWithoutTransaction { db in
        try db.execute(sql: "INSERT OR REPLACE INTO model(key, value) VALUES(?, ?)", arguments: [key, randomValue()])
    }
}
_ = try measure("insert, in a transaction (write)") {
    let key = randomText(32)
    try cluster.write { db in
        try db.execute(sql: "INSERT OR REPLACE INTO model(key, value) VALUES(?, ?)", arguments: [key, randomValue()])
    }
}
_ = try measure("point read, autocommit (unsafeRead)") {
    let key = keys.randomElement()!
    _ = try cluster.unsafeRead { db in
        try String.fetchOne(db, sql: "SELECT value FROM model WHERE key = ?", arguments: [key])!
    }
}
_ = try measure("point read, in a transaction (read)") {
    let key = keys.randomElement()!
    _ = try cluster.read { db in
        try String.fetchOne(db, sql: "SELECT value FROM model WHERE key = ?", arguments: [key])!
    }
}
