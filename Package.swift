// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Folio",
    // Folio's core uses the Synchronization module (Mutex, Atomic), which
    // Apple's systems have from these versions on. Linux is tested in CI;
    // Apple platforms are neither built nor tested in CI yet.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Folio", targets: ["Folio"]),
        .library(name: "Library", targets: ["Library"]),
        .executable(name: "library-demo", targets: ["LibraryDemo"]),
        .executable(name: "folio-reliability", targets: ["ReliabilityTool"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "Folio",
            dependencies: ["CSQLite"]),
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
    ],
    swiftLanguageModes: [.v6]
)
