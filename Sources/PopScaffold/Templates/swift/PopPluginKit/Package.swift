// swift-tools-version:6.0
// PopPluginKit, pophost's Swift plugin kit: Sources/PopPluginKit is a copy of pophost's
// Sources/PopPluginKit, the glue between Swift and the plugin C ABI in ../PluginABI.
import PackageDescription

let package = Package(
    name: "PopPluginKit",
    products: [
        .library(name: "PopPluginKit", targets: ["PopPluginKit"])
    ],
    dependencies: [
        .package(path: "../PluginABI")
    ],
    targets: [
        .target(name: "PopPluginKit", dependencies: [.product(name: "PluginABI", package: "PluginABI")])
    ]
)
