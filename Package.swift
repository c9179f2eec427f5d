// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Folio",
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
