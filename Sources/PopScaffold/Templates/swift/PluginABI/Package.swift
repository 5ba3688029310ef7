// swift-tools-version:6.0
// The pophost plugin ABI, header only: include/pophost/*.h and ext/*.h, a copy of pophost's
// Sources/PluginABI/include, and the module map that makes `import PluginABI` see them.
import PackageDescription

let package = Package(
    name: "PluginABI",
    products: [
        .library(name: "PluginABI", targets: ["PluginABI"])
    ],
    targets: [
        .target(name: "PluginABI", path: ".", exclude: ["Package.swift"], publicHeadersPath: "include")
    ]
)
