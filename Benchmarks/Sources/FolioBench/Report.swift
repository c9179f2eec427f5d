import BenchSupport
import CBaseline
import Foundation

/// The results of a run: the table, the targets of issue 8, and JSON.
struct Report {
    var options: Options
    var samples: [Int: [Library: Samples]]

    // MARK: - Figures

    func best(_ id: Int, _ library: Library) -> Double? {
        samples[id]?[library]?.bestCPU.map(milliseconds)
    }

    func ratio(_ id: Int, _ numerator: Library, _ denominator: Library) -> Double? {
        guard let numerator = best(id, numerator), let denominator = best(id, denominator), denominator > 0 else {
            return nil
        }
        return numerator / denominator
    }

    /// The geometric mean of a ratio over the workloads that have it, and
    /// those workloads.
    func geomean(_ numerator: Library, _ denominator: Library) -> (value: Double, ids: [Int])? {
        let pairs = options.workloadIDs.compactMap { id in ratio(id, numerator, denominator).map { (id, $0) } }
        guard !pairs.isEmpty else { return nil }
        let logSum = pairs.reduce(0) { $0 + log($1.1) }
        return (exp(logSum / Double(pairs.count)), pairs.map(\.0))
    }

    func readsPerSecond(_ library: Library) -> Double? {
        guard options.workloadIDs.contains(11),
              let wall = samples[11]?[library]?.bestWall, wall > 0
        else { return nil }
        return Double(Size.poolReaders * Size.readsPerReader) / (Double(wall) / 1_000_000_000)
    }

    /// Workload 14: writes and reads per second of the best sample.
    func busyReaderRates(_ library: Library) -> (writes: Double, reads: Double)? {
        guard let samples = samples[14]?[library], let index = samples.bestIndex else { return nil }
        let seconds = Double(samples.wall[index]) / 1_000_000_000
        return (Double(Size.smallTransactions) / seconds, Double(samples.reads[index]) / seconds)
    }

    /// Workloads 15 and 16: microseconds per write, in the write access
    /// and then until every observer has the new value, of the best sample.
    func observationTimes(_ id: Int, _ library: Library) -> (write: Double, delay: Double)? {
        guard let samples = samples[id]?[library], let index = samples.bestIndex else { return nil }
        let writes = Double(Size.observedWrites)
        return (Double(samples.writeNanoseconds[index]) / writes / 1000, Double(samples.delayNanoseconds[index]) / writes / 1000)
    }

    // MARK: - Table

    func table() -> String {
        func cell(_ value: Double?, _ format: String, width: Int) -> String {
            let text = value.map { String(format: format, $0) } ?? "-"
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        var lines: [String] = []
        lines.append("Best process CPU time of \(options.samples) interleaved samples (ms); ratios of best times.")
        lines.append(pad(" #  workload", 51) + "   raw C     GRDB    Folio  Folio/raw Folio/GRDB  GRDB/raw")
        for id in options.workloadIDs {
            let title = workloadTitles[id] ?? ""
            var line = pad(String(format: "%2d  %@", id, title), 51)
            line += cell(best(id, .c), "%.2f", width: 8)
            line += cell(best(id, .grdb), "%.2f", width: 9)
            line += cell(best(id, .folio), "%.2f", width: 9)
            line += cell(ratio(id, .folio, .c), "%.2fx", width: 11)
            line += cell(ratio(id, .folio, .grdb), "%.2fx", width: 11)
            line += cell(ratio(id, .grdb, .c), "%.2fx", width: 10)
            lines.append(line)
        }
        var line = pad("    geometric mean (over the workloads measured)", 51) + String(repeating: " ", count: 26)
        line += cell(geomean(.folio, .c)?.value, "%.2fx", width: 11)
        line += cell(geomean(.folio, .grdb)?.value, "%.2fx", width: 11)
        line += cell(geomean(.grdb, .c)?.value, "%.2fx", width: 10)
        lines.append(line)
        let rates = Library.allCases.compactMap { library in
            readsPerSecond(library).map { "\(library.rawValue) \(Int($0.rounded()))" }
        }
        if !rates.isEmpty {
            lines.append("Workload 11, reads per second (wall clock, best sample): " + rates.joined(separator: ", "))
        }
        if options.workloadIDs.contains(14) {
            let figures = Library.allCases.compactMap { library -> String? in
                guard let rates = busyReaderRates(library) else { return nil }
                return String(format: "%@ %.0f writes/s, %.0f reads/s", library.rawValue, rates.writes, rates.reads)
            }
            if !figures.isEmpty {
                lines.append("Workload 14 (wall clock, best sample): " + figures.joined(separator: "; "))
            }
        }
        for id in [15, 16] where options.workloadIDs.contains(id) {
            let figures = Library.allCases.compactMap { library -> String? in
                guard let (write, delay) = observationTimes(id, library) else { return nil }
                return String(format: "%@ %.1f + %.1f", library.rawValue, write, delay)
            }
            if !figures.isEmpty {
                lines.append("Workload \(id), microseconds per write + until all observers have the value (best sample): "
                    + figures.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Targets

    enum Status: String, Codable {
        case holds = "HOLDS"
        case missed = "MISSED"
        case notMeasured = "NOT MEASURED"
    }

    struct Target: Codable {
        var target: String
        var status: Status
        var detail: String
    }

    /// Checks `ratio(id) <= limit` over `ids`.
    private func check(
        _ name: String,
        ids: [Int],
        limit: Double,
        ratio: (Int) -> Double?) -> Target
    {
        let measured = ids.filter { options.workloadIDs.contains($0) }.compactMap { id in ratio(id).map { (id, $0) } }
        guard !measured.isEmpty else {
            return Target(target: name, status: .notMeasured, detail: "no workload measured")
        }
        let failures = measured.filter { $0.1 > limit }
        let missing = ids.filter { id in !measured.contains { $0.0 == id } }
        var detail = failures.isEmpty
            ? "all measured workloads within \(limit)x"
            : "missed by " + failures.map { String(format: "%d (%.2fx)", $0.0, $0.1) }.joined(separator: ", ")
        if !missing.isEmpty {
            detail += "; not measured: " + missing.map(String.init).joined(separator: ", ")
        }
        return Target(target: name, status: failures.isEmpty ? .holds : .missed, detail: detail)
    }

    func targets() -> [Target] {
        var targets: [Target] = []
        let all = Array(1...11)
        if let (value, ids) = geomean(.folio, .grdb) {
            let missing = all.filter { !ids.contains($0) }
            targets.append(Target(
                target: "geomean Folio/GRDB <= 0.5",
                status: value <= 0.5 ? .holds : .missed,
                detail: String(format: "%.2fx over %d workloads", value, ids.count)
                    + (missing.isEmpty ? "" : "; not measured: " + missing.map(String.init).joined(separator: ", "))))
        } else {
            targets.append(Target(target: "geomean Folio/GRDB <= 0.5", status: .notMeasured, detail: "no workload measured"))
        }
        targets.append(check("Folio <= 1.0x GRDB on every workload", ids: all, limit: 1.0) { ratio($0, .folio, .grdb) })
        targets.append(check("Folio <= 1.5x raw C on workloads 1-7", ids: Array(1...7), limit: 1.5) { ratio($0, .folio, .c) })
        targets.append(check("Folio <= 3x raw C on workload 9", ids: [9], limit: 3.0) { ratio($0, .folio, .c) })
        let decodableOverInitRow: (Int) -> Double? = { _ in
            guard let decodable = best(4, .folio), let handWritten = best(3, .folio) else { return nil }
            return decodable / handWritten
        }
        targets.append(check(
            "Decodable fetch (4) <= 1.3x init(row:) fetch (3), Folio", ids: [4], limit: 1.3,
            ratio: decodableOverInitRow))
        // Issue 3 (records).
        targets.append(check("issue 3: init(row:) fetch (3) <= 1.3x raw C", ids: [3], limit: 1.3) { ratio($0, .folio, .c) })
        targets.append(check(
            "issue 3: Decodable fetch (4) <= 1.5x init(row:) fetch (3), Folio", ids: [4], limit: 1.5,
            ratio: decodableOverInitRow))
        // Issue 19.
        targets.append(check("issue 19: small transactions (12-14) <= 1.3x raw C", ids: [12, 13, 14], limit: 1.3) {
            ratio($0, .folio, .c)
        })
        targets.append(check("issue 19: small transactions (12-14) <= 1.0x GRDB", ids: [12, 13, 14], limit: 1.0) {
            ratio($0, .folio, .grdb)
        })
        targets.append(check("issue 19: dates (17) and large values (18) <= 1.5x raw C", ids: [17, 18], limit: 1.5) {
            ratio($0, .folio, .c)
        })
        targets.append(check("issue 19: upserts (19) <= 2x raw C", ids: [19], limit: 2.0) { ratio($0, .folio, .c) })
        targets.append(check("issue 19: 4 busy readers (14): C's writes/s over Folio's <= 1", ids: [14], limit: 1.0) { _ in
            guard let folio = busyReaderRates(.folio), let c = busyReaderRates(.c) else { return nil }
            return c.writes / folio.writes
        })
        targets.append(check("issue 19: 4 busy readers (14): C's reads/s over Folio's <= 1/0.75", ids: [14], limit: 1 / 0.75) { _ in
            guard let folio = busyReaderRates(.folio), let c = busyReaderRates(.c) else { return nil }
            return c.reads / folio.reads
        })
        targets.append(check(
            "issue 19: write time, 50 observers (15) over 5 (16) < 10x (sub-linear), Folio", ids: [15], limit: 9.99)
        { _ in
            guard let many = observationTimes(15, .folio), let few = observationTimes(16, .folio), few.write > 0 else { return nil }
            return many.write / few.write
        })
        // Issue 27 (bulk writes).
        targets.append(check("issue 27: insertAll (20, 21) <= 1.3x raw C", ids: [20, 21], limit: 1.3) { ratio($0, .folio, .c) })
        targets.append(check("issue 27: upsertAll (22) <= 1.5x raw C", ids: [22], limit: 1.5) { ratio($0, .folio, .c) })
        targets.append(check(
            "issue 27: insertAll (20, 21) at least 3x faster than the loop of insert (6, 7), Folio", ids: [20, 21],
            limit: 1 / 3) { id in
            guard let bulk = best(id, .folio), let loop = best(id - 14, .folio), loop > 0 else { return nil }
            return bulk / loop
        })
        // Issue 30: the `@DatabaseRecord` macro.
        targets.append(check("issue 30: macro fetch (23, 25) <= 1.10x raw C", ids: [23, 25], limit: 1.10) {
            ratio($0, .folio, .c)
        })
        targets.append(check("issue 30: macro insert (24) <= 1.4x raw C", ids: [24], limit: 1.4) { ratio($0, .folio, .c) })
        return targets
    }

    func targetsText() -> String {
        var lines = ["Targets of issue 8, of issue 3, of issue 19, then of issues 27 and 30:"]
        for target in targets() {
            let status = target.status.rawValue + String(repeating: " ", count: max(0, 13 - target.status.rawValue.count))
            lines.append("  \(status) \(target.target): \(target.detail)")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - JSON

    struct Row: Codable {
        var id: Int
        var workload: String
        var rawC_ms: Double?
        var grdb_ms: Double?
        var folio_ms: Double?
        var rawC_median_ms: Double?
        var grdb_median_ms: Double?
        var folio_median_ms: Double?
        var folioOverRaw: Double?
        var folioOverGRDB: Double?
        var grdbOverRaw: Double?
        var readsPerSecond: [String: Double]?
    }

    struct Document: Codable {
        var date: String
        var machine: String
        var cores: Int
        var sqlite: String
        var samples: Int
        var unit: String
        var workloads: [Row]
        var geomeanFolioOverRaw: Double?
        var geomeanFolioOverGRDB: Double?
        var geomeanGRDBOverRaw: Double?
        var targets: [Target]
    }

    func json() throws -> Data {
        func median(_ id: Int, _ library: Library) -> Double? {
            samples[id]?[library]?.medianCPU.map(milliseconds)
        }
        let rows = options.workloadIDs.map { id in
            var rates: [String: Double] = [:]
            for library in Library.allCases {
                if let rate = readsPerSecond(library) { rates[library.option] = rate.rounded() }
            }
            return Row(
                id: id,
                workload: workloadTitles[id] ?? "",
                rawC_ms: best(id, .c), grdb_ms: best(id, .grdb), folio_ms: best(id, .folio),
                rawC_median_ms: median(id, .c), grdb_median_ms: median(id, .grdb), folio_median_ms: median(id, .folio),
                folioOverRaw: ratio(id, .folio, .c), folioOverGRDB: ratio(id, .folio, .grdb), grdbOverRaw: ratio(id, .grdb, .c),
                readsPerSecond: id == 11 && !rates.isEmpty ? rates : nil)
        }
        let document = Document(
            date: ISO8601DateFormatter().string(from: Date()),
            machine: machineDescription(),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            sqlite: sqliteVersion,
            samples: options.samples,
            unit: "best process CPU time (user + system) of the samples, in milliseconds",
            workloads: rows,
            geomeanFolioOverRaw: geomean(.folio, .c)?.value,
            geomeanFolioOverGRDB: geomean(.folio, .grdb)?.value,
            geomeanGRDBOverRaw: geomean(.grdb, .c)?.value,
            targets: targets())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(document)
    }
}

/// The OS and CPU model.
func machineDescription() -> String {
    var cpu = "unknown CPU"
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let colon = line.firstIndex(of: ":")
    {
        cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return "\(ProcessInfo.processInfo.operatingSystemVersionString), \(cpu)"
}
