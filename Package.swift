// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Folio",
    products: [
        .library(name: "Folio", targets: ["Folio"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "Folio",
            dependencies: ["CSQLite"]),
        .testTarget(
            name: "FolioTests",
            dependencies: ["Folio"]),
    ],
    swiftLanguageModes: [.v6]
)
