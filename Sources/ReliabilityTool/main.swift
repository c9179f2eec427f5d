// folio-reliability: the parts of Folio's reliability suite that need a
// process of their own. See "Reliability suite" in README.md.
//
//     swift run folio-reliability crash [--runs N] [--seed S] [--mode pool|queue] [--duration SECONDS]
//
// `crash` runs the crash test (CrashTest.swift): 20 runs by default,
// alternating DatabasePool and DatabaseQueue. FOLIO_CRASH_RUNS and
// FOLIO_CRASH_SEED set the runs and the seed when the flags do not.
//
// `ledger-writer` is the process that the crash test kills
// (LedgerWriter.swift); the crash test starts it.
//
//     swift run folio-reliability external-crash [--runs N] [--seed S]
//
// `external-crash` kills writer processes with SIGKILL while this process
// observes the database (Configuration.observesExternalChanges), and
// checks that the observation goes on and sees every committed
// transaction (ExternalCrashTest.swift). `external-writer` is the writer
// it starts, and that ExternalChangesProcessTests starts.

import Foundation

func usage() -> String {
    """
    usage: folio-reliability crash [--runs N] [--seed S] [--mode pool|queue] [--duration SECONDS]
           folio-reliability external-crash [--runs N] [--seed S]

    Kills a writer of the ledger with SIGKILL N times (default 20, or
    FOLIO_CRASH_RUNS) at random times of at most SECONDS (default 0.8),
    and checks the reopened database each time. The seed (printed, or
    FOLIO_CRASH_SEED) replays the writers' transactions and the kill times.
    """
}

/// Parses `--name value` pairs into a dictionary, or exits with the usage.
func options(_ arguments: ArraySlice<String>, allowed: Set<String>) -> [String: String] {
    var result: [String: String] = [:]
    var arguments = arguments
    while let name = arguments.popFirst() {
        guard allowed.contains(name), let value = arguments.popFirst() else {
            FileHandle.standardError.write(Data("folio-reliability: unexpected argument \(name)\n\(usage())\n".utf8))
            exit(2)
        }
        result[name] = value
    }
    return result
}

func parse<T>(_ text: String?, as name: String, _ convert: (String) -> T?) -> T? {
    guard let text else { return nil }
    guard let value = convert(text) else {
        FileHandle.standardError.write(Data("folio-reliability: invalid \(name): \(text)\n".utf8))
        exit(2)
    }
    return value
}

let arguments = CommandLine.arguments.dropFirst()
let environment = ProcessInfo.processInfo.environment
switch arguments.first {
case "crash":
    let flags = options(arguments.dropFirst(), allowed: ["--runs", "--seed", "--mode", "--duration"])
    let runs = parse(flags["--runs"] ?? environment["FOLIO_CRASH_RUNS"], as: "run count") { Int($0).flatMap { $0 > 0 ? $0 : nil } } ?? 20
    let seed = parse(flags["--seed"] ?? environment["FOLIO_CRASH_SEED"], as: "seed") { UInt64($0) } ?? freshSeed()
    let modes = parse(flags["--mode"], as: "mode") { AccessMode(rawValue: $0).map { [$0] } } ?? AccessMode.allCases
    let duration = parse(flags["--duration"], as: "duration") { Double($0).flatMap { $0 > 0 ? $0 : nil } } ?? CrashTest.defaultRunDuration
    guard let executable = Bundle.main.executableURL else {
        FileHandle.standardError.write(Data("folio-reliability: cannot find its own executable\n".utf8))
        exit(1)
    }
    let test = CrashTest(runs: runs, seed: seed, modes: modes, maximumRunDuration: duration, executable: executable)
    exit(test.run() ? 0 : 1)

case "ledger-writer":
    let flags = options(arguments.dropFirst(), allowed: ["--path", "--mode", "--seed"])
    guard let path = flags["--path"],
          let mode = parse(flags["--mode"], as: "mode", AccessMode.init(rawValue:)),
          let seed = parse(flags["--seed"], as: "seed", { UInt64($0) })
    else {
        FileHandle.standardError.write(Data("folio-reliability: ledger-writer needs --path, --mode and --seed\n".utf8))
        exit(2)
    }
    do {
        try LedgerWriter(path: path, mode: mode, random: SeededGenerator(seed: seed)).run()
    } catch {
        FileHandle.standardError.write(Data("ledger writer: \(error)\n".utf8))
        exit(1)
    }

case "external-writer":
    let flags = options(arguments.dropFirst(), allowed: ["--path", "--name", "--count", "--seconds", "--pause"])
    guard let path = flags["--path"] else {
        FileHandle.standardError.write(Data("folio-reliability: external-writer needs --path\n".utf8))
        exit(2)
    }
    let writer = ExternalWriter(
        path: path,
        name: flags["--name"] ?? "writer",
        count: parse(flags["--count"], as: "count") { Int($0).flatMap { $0 >= 0 ? $0 : nil } },
        seconds: parse(flags["--seconds"], as: "seconds") { Double($0).flatMap { $0 > 0 ? $0 : nil } } ?? 1,
        pause: parse(flags["--pause"], as: "pause") { UInt32($0) } ?? 0)
    do {
        try writer.run()
    } catch {
        FileHandle.standardError.write(Data("external writer: \(error)\n".utf8))
        exit(1)
    }

case "external-crash":
    let flags = options(arguments.dropFirst(), allowed: ["--runs", "--seed"])
    let runs = parse(flags["--runs"], as: "run count") { Int($0).flatMap { $0 > 0 ? $0 : nil } } ?? 5
    let seed = parse(flags["--seed"], as: "seed") { UInt64($0) } ?? freshSeed()
    guard let executable = Bundle.main.executableURL else {
        FileHandle.standardError.write(Data("folio-reliability: cannot find its own executable\n".utf8))
        exit(1)
    }
    exit(ExternalCrashTest(runs: runs, seed: seed, executable: executable).run() ? 0 : 1)

case "-h", "--help":
    print(usage())

default:
    FileHandle.standardError.write(Data((usage() + "\n").utf8))
    exit(2)
}
