// swift-tools-version:6.0
//
// Folio's benchmarks: the same workloads against a hand-written loop over
// SQLite's C API, GRDB 7.10.0, and Folio. A separate package, so that users
// of Folio never pull GRDB. Run `./run.sh` (release build); see README.md.
import PackageDescription

// Folio workloads that need APIs not yet merged into Folio's main branch:
// define FOLIO_MISSING_<API> here, and guard the workload with
// `#if !FOLIO_MISSING_<API>` in Sources/Workloads/Workloads.swift. Remove
// both once main has the API. None is missing today.
let folioMissingAPIs: [SwiftSetting] = []

// Workloads 23-25 use the `@DatabaseRecord` macro of the FolioMacros
// product, which builds swift-syntax. The instruction guard
// (check-instructions.sh) sets FOLIO_WITHOUT_MACROS=1 to leave them out
// (and Folio's package leaves out its macro product), so that CI does not
// build swift-syntax in release mode.
let withMacros = Context.environment["FOLIO_WITHOUT_MACROS"] == nil
let macroDependencies: [Target.Dependency] = withMacros ? [.product(name: "FolioMacros", package: "Folio")] : []
let macroSettings: [SwiftSetting] = withMacros ? [.define("FOLIO_MACROS")] : []

let package = Package(
    name: "FolioBenchmarks",
    dependencies: [
        .package(name: "Folio", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        // The C API for the baseline. Folio exports its own `CSQLite`
        // module only through the `Folio` product, so this is a copy of
        // its module map under another name.
        .systemLibrary(
            name: "CSQLiteBench",
            providers: [.apt(["libsqlite3-dev"])]),
        // Workload descriptions, shared by the three implementations.
        .target(name: "BenchSupport"),
        // The hand-written C-API baseline.
        .target(
            name: "CBaseline",
            dependencies: ["BenchSupport", "CSQLiteBench"]),
        // Sources/Workloads/Workloads.swift, compiled twice: once against
        // Folio (with -D FOLIO), once against GRDB. Each target directory
        // holds a symbolic link to it.
        .target(
            name: "FolioWorkloads",
            dependencies: ["BenchSupport", .product(name: "Folio", package: "Folio")] + macroDependencies,
            swiftSettings: [.define("FOLIO")] + folioMissingAPIs + macroSettings),
        .target(
            name: "GRDBWorkloads",
            dependencies: ["BenchSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .executableTarget(
            name: "FolioBench",
            dependencies: ["BenchSupport", "CBaseline", "FolioWorkloads", "GRDBWorkloads"]),
        // Point reads and single-row inserts on a dqlite cluster through
        // FolioDqlite, compared with go-dqlite's dqlite-benchmark by
        // dqlite.sh (see README.md).
        .executableTarget(
            name: "DqliteBench",
            dependencies: [
                .product(name: "Folio", package: "Folio"),
                .product(name: "FolioDqlite", package: "Folio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
