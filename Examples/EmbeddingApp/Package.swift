// swift-tools-version:6.1
// An app that embeds pophost, with pophost checked out beside it (../pophost): the package
// docs/embedding.md teaches. `scripts/check-embedding` builds it outside the repository and runs it.
import PackageDescription

let package = Package(
    name: "EmbeddingApp",
    dependencies: [
        // `traits: []`: the runtime without the command line's preview server (no HTTP, no NIO).
        .package(path: "../pophost", traits: [])
    ],
    targets: [
        .executableTarget(
            name: "EmbeddingApp",
            dependencies: [
                .product(name: "HostRuntime", package: "pophost"),
                // The helper executables: `swift build` puts them beside the app, where the runtime looks.
                .product(name: "pophost-scanner", package: "pophost"),
                .product(name: "pophost-plugin-host", package: "pophost"),
            ]
        )
    ]
)
