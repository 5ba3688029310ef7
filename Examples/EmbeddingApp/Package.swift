// swift-tools-version:6.0
// An app that embeds pophost's runtime: the consumer's view of the `HostRuntime` product. CI builds
// and runs it (`swift run --package-path Examples/EmbeddingApp`).
import Foundation
import PackageDescription

/// The pophost checkout two directories up. A path dependency is named after its directory, so the
/// product is looked up under that name, whatever the checkout is called.
let pophost = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "EmbeddingApp",
    dependencies: [.package(path: pophost.path)],
    targets: [
        .executableTarget(
            name: "EmbeddingApp",
            dependencies: [.product(name: "HostRuntime", package: pophost.lastPathComponent.lowercased())]
        )
    ]
)
