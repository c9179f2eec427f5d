import BenchSupport
import CBaseline
import FolioWorkloads
import Foundation
import GRDBWorkloads

/// The three implementations, in the order of the table's columns.
enum Library: String, CaseIterable, Codable {
    case c = "raw C"
    case grdb = "GRDB"
    case folio = "Folio"

    var option: String {
        switch self {
        case .c: "c"
        case .grdb: "grdb"
        case .folio: "folio"
        }
    }
}

struct Options {
    var samples = 20
    var warmups = 0
    var workloadIDs = allWorkloadIDs
    var libraries = Library.allCases
    var jsonPath: String?
    var verbose = false

    static let usage = """
        usage: FolioBench [--samples N] [--quick] [--warmup N] [--reduce N] [--filter IDS] [--lib LIBS] [--json PATH] [--verbose]
          --samples N   samples per workload and library (default 20); the best is kept
          --quick       5 samples
          --warmup N    untimed rounds before the samples (default 0), outside of the
                        timed region: a profile then counts warm runs only
          --reduce N    divide the sizes of the workloads by N (default 1), as
                        check-instructions.sh does (--reduce 10)
          --filter IDS  workloads to run, by number: 3 or 1,2,9 or 5-7 (default: all)
          --lib LIBS    implementations to run: c,grdb,folio (default: all)
          --json PATH   also write the results as JSON
          --verbose     print every sample
        Profile one workload of one library, setup excluded:
          valgrind --tool=callgrind --collect-atstart=no --toggle-collect='$s10FolioBench11timedRegionyySvF' \\
            .build/release/FolioBench --samples 1 --filter 3 --lib folio
        """

    init(arguments: [String]) throws {
        var arguments = arguments[...]
        func value(_ name: String) throws -> String {
            guard let value = arguments.popFirst() else { throw UsageError("\(name) needs a value") }
            return value
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--samples":
                guard let samples = Int(try value(argument)), samples > 0 else {
                    throw UsageError("--samples needs a positive integer")
                }
                self.samples = samples
            case "--quick":
                samples = 5
            case "--warmup":
                guard let warmups = Int(try value(argument)), warmups >= 0 else {
                    throw UsageError("--warmup needs a non-negative integer")
                }
                self.warmups = warmups
            case "--reduce":
                guard let divisor = Int(try value(argument)), divisor > 0 else {
                    throw UsageError("--reduce needs a positive integer")
                }
                Size.reduce(by: divisor)
            case "--filter":
                workloadIDs = try Self.parseIDs(try value(argument))
            case "--lib":
                libraries = try value(argument).split(separator: ",").map { name in
                    guard let library = Library.allCases.first(where: { $0.option == name.lowercased() }) else {
                        throw UsageError("unknown library \(name): use c, grdb or folio")
                    }
                    return library
                }
            case "--json":
                jsonPath = try value(argument)
            case "--verbose":
                verbose = true
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default:
                throw UsageError("unknown argument \(argument)")
            }
        }
    }

    private static func parseIDs(_ text: String) throws -> [Int] {
        var ids: [Int] = []
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-").map { Int($0) }
            switch bounds.count {
            case 1:
                guard let id = bounds[0], allWorkloadIDs.contains(id) else { throw UsageError("bad workload \(part)") }
                ids.append(id)
            case 2:
                guard let low = bounds[0], let high = bounds[1], 1 <= low, low <= high, high <= allWorkloadIDs.count else {
                    throw UsageError("bad workload range \(part)")
                }
                ids.append(contentsOf: low...high)
            default:
                throw UsageError("bad workload \(part)")
            }
        }
        return ids
    }
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

struct ChecksumMismatch: Error, CustomStringConvertible {
    var description: String
}

/// The samples of one workload for one library.
struct Samples {
    var cpu: [UInt64] = []
    var wall: [UInt64] = []
    /// The `SideCounts` of each sample.
    var reads: [Int] = []
    var writeNanoseconds: [Int] = []
    var delayNanoseconds: [Int] = []

    /// The index of the sample of best CPU time.
    var bestIndex: Int? { cpu.indices.min { cpu[$0] < cpu[$1] } }

    var bestCPU: UInt64? { cpu.min() }
    var bestWall: UInt64? { wall.min() }
    var medianCPU: UInt64? {
        guard !cpu.isEmpty else { return nil }
        return cpu.sorted()[cpu.count / 2]
    }
}

/// An error of a sample, with the workload, library and round that threw
/// it: a failure of one sample among hundreds says where it happened.
struct TrialFailure: Error, CustomStringConvertible {
    var workload: Int
    var library: Library
    var round: Int
    var error: any Error

    var description: String {
        "workload \(workload), \(library.rawValue), round \(round): \(error)"
    }

    /// Runs `body`, and wraps its error.
    static func naming<T>(workload: Int, library: Library, round: Int, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw TrialFailure(workload: workload, library: library, round: round, error: error)
        }
    }
}

@main
struct FolioBench {
    static func main() {
        do {
            let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
            try run(options)
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("error: \(error)\n\n\(Options.usage)\n".utf8))
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ options: Options) throws {
        var workloads: [Library: [Int: Workload]] = [:]
        for library in options.libraries {
            let list: [Workload] = switch library {
            case .c: CBaseline.makeWorkloads()
            case .grdb: GRDBWorkloads.makeWorkloads()
            case .folio: FolioWorkloads.makeWorkloads()
            }
            workloads[library] = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
        }

        var samples: [Int: [Library: Samples]] = [:]
        var checksums: [Int: (library: Library, run: Int, check: Int)] = [:]
        let libraries = options.libraries
        // Warm-up rounds: run, untimed and outside of the timed region.
        for _ in 0..<options.warmups {
            for id in options.workloadIDs {
                for library in libraries {
                    guard let workload = workloads[library]?[id] else { continue }
                    let trial = try workload.prepare()
                    _ = try trial.run()
                    _ = try trial.check()
                    trial.cleanup()
                }
            }
        }

        log("FolioBench: \(options.samples) samples of workloads \(options.workloadIDs.map(String.init).joined(separator: ",")) "
            + "for \(libraries.map(\.rawValue).joined(separator: ", ")), SQLite \(sqliteVersion)")

        // Interleave: each sample round runs every workload once per
        // library, in an order that rotates, so that a noisy moment of the
        // machine does not hit one library only.
        for round in 0..<options.samples {
            for id in options.workloadIDs {
                for position in 0..<libraries.count {
                    let library = libraries[(round + id + position) % libraries.count]
                    guard let workload = workloads[library]?[id] else { continue }
                    let (measurement, reads, writeNanoseconds, delayNanoseconds, check) = try TrialFailure.naming(
                        workload: id, library: library, round: round + 1)
                    {
                        let trial = try workload.prepare()
                        defer { trial.cleanup() }
                        SideCounts.reset()
                        let measurement = try measure(trial)
                        let (reads, writeNanoseconds, delayNanoseconds) =
                            (SideCounts.reads, SideCounts.writeNanoseconds, SideCounts.delayNanoseconds)
                        return (measurement, reads, writeNanoseconds, delayNanoseconds, try trial.check())
                    }
                    if let reference = checksums[id] {
                        guard reference.run == measurement.result, reference.check == check else {
                            throw ChecksumMismatch(description: """
                                workload \(id): \(library.rawValue) returned checksums \(measurement.result)/\(check), \
                                \(reference.library.rawValue) returned \(reference.run)/\(reference.check)
                                """)
                        }
                    } else {
                        checksums[id] = (library, measurement.result, check)
                    }
                    samples[id, default: [:]][library, default: Samples()].cpu.append(measurement.cpu)
                    samples[id, default: [:]][library, default: Samples()].wall.append(measurement.wall)
                    samples[id, default: [:]][library, default: Samples()].reads.append(reads)
                    samples[id, default: [:]][library, default: Samples()].writeNanoseconds.append(writeNanoseconds)
                    samples[id, default: [:]][library, default: Samples()].delayNanoseconds.append(delayNanoseconds)
                    if options.verbose {
                        log(String(format: "  round %d, workload %d, %@: %.3f ms CPU, %.3f ms wall",
                                   round + 1, id, library.rawValue, milliseconds(measurement.cpu), milliseconds(measurement.wall)))
                    }
                }
            }
            if !options.verbose {
                log("  round \(round + 1)/\(options.samples) done")
            }
        }

        let report = Report(options: options, samples: samples)
        print(report.table())
        print(report.targetsText())
        if let path = options.jsonPath {
            try report.json().write(to: URL(fileURLWithPath: path))
            print("Wrote \(path)")
        }
    }
}

func milliseconds(_ nanoseconds: UInt64) -> Double {
    Double(nanoseconds) / 1_000_000
}

func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
