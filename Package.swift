// swift-tools-version:6.0
import CompilerPluginSupport
import PackageDescription

// The `@DatabaseRecord` macro is a product of its own, `FolioMacros`, so
// that a user of `Folio` alone never builds swift-syntax. Setting
// FOLIO_WITHOUT_MACROS=1 leaves out the macro targets and swift-syntax
// altogether: CI's thread-sanitizer build and the instruction guard of
// the benchmarks, which test nothing of the macro, set it so as not to
// build swift-syntax again.
let withMacros = Context.environment["FOLIO_WITHOUT_MACROS"] == nil

let macroProducts: [Product] = withMacros
    ? [.library(name: "FolioMacros", targets: ["FolioMacros"])]
    : []

let macroDependencies: [Package.Dependency] = withMacros
    ? [.package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0")]
    : []

let macroTargets: [Target] = withMacros ? [
    // The compiler plugin that expands `@DatabaseRecord`.
    .macro(
        name: "FolioMacrosPlugin",
        dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        ]),
    // The declarations of the macros, and nothing else.
    .target(
        name: "FolioMacros",
        dependencies: ["Folio", "FolioMacrosPlugin"]),
    // The expansions of the macros (as source text) and the behaviour of
    // macro records.
    .testTarget(
        name: "FolioMacrosTests",
        dependencies: [
            "Folio",
            "FolioMacros",
            "FolioMacrosPlugin",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
        ]),
] : []

let package = Package(
    name: "Folio",
    // Folio's core uses the Synchronization module (Mutex, Atomic), which
    // Apple's systems have from these versions on. Linux is tested in CI;
    // Apple platforms are neither built nor tested in CI yet.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Folio", targets: ["Folio"]),
        .library(name: "Library", targets: ["Library"]),
        // A dqlite cluster as a DatabaseWriter (Folio's own: GRDB has no
        // such product). It speaks dqlite's wire protocol over POSIX
        // sockets, and depends on Folio only.
        .library(name: "FolioDqlite", targets: ["FolioDqlite"]),
        .executable(name: "library-demo", targets: ["LibraryDemo"]),
        .executable(name: "folio-reliability", targets: ["ReliabilityTool"]),
    ] + macroProducts,
    dependencies: macroDependencies,
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]),
        // Depends on CSQLite only.
        .target(
            name: "Folio",
            dependencies: ["CSQLite"]),
        .target(
            name: "FolioDqlite",
            dependencies: ["Folio"]),
        .target(
            name: "Library",
            dependencies: ["Folio"]),
        .executableTarget(
            name: "LibraryDemo",
            dependencies: ["Folio", "Library"]),
        .executableTarget(
            name: "ReliabilityTool",
            dependencies: ["Folio"]),
        .testTarget(
            name: "FolioTests",
            dependencies: ["Folio"]),
        .testTarget(
            name: "LibraryTests",
            dependencies: ["Library", "Folio"]),
        // Start a real three-node cluster (dqlite-demo, from the go-dqlite
        // package) in the test process.
        .testTarget(
            name: "FolioDqliteTests",
            dependencies: ["FolioDqlite", "Folio", "Library"]),
    ] + macroTargets,
    swiftLanguageModes: [.v6]
)
