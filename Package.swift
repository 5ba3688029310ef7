// swift-tools-version:6.0
import PackageDescription

/// Links a plugin so that it exports only `pop_plugin_entry_v1` (see Plugins/exports.map), without
/// the toolchain's absolute RUNPATH: the host process provides the Swift runtime.
let exportOnlyTheEntry: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=Plugins/exports.map", "-no-toolchain-stdlib-rpath"])
]

let package = Package(
    name: "pophost",
    products: [
        .executable(name: "pophost", targets: ["pophost"]),
        .executable(name: "pophost-scanner", targets: ["pophost-scanner"]),
        .library(name: "HostRuntime", targets: ["HostRuntime"]),
        .library(name: "PluginABI", targets: ["PluginABI"]),
        // Bundled sample plugins: `swift build` puts them next to `pophost`, on its default search path.
        .library(name: "PopSampleSwift", type: .dynamic, targets: ["SwiftSample"]),
        .library(name: "PopSampleC", type: .dynamic, targets: ["CSample"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // The plugin C ABI: headers only.
        .target(name: "PluginABI", path: "Sources/PluginABI"),
        // libffi from the system (Debian: libffi-dev).
        .systemLibrary(name: "CFFI", path: "Sources/CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        .target(
            name: "HostRuntime",
            dependencies: ["PluginABI", "CFFI", .product(name: "Logging", package: "swift-log")],
            path: "Sources/HostRuntime"
        ),
        .executableTarget(
            name: "pophost",
            dependencies: ["HostRuntime", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/pophost"
        ),
        // The child process that opens new or changed plugin files on the registry's behalf.
        .executableTarget(name: "pophost-scanner", dependencies: ["HostRuntime"], path: "Sources/pophost-scanner"),
        .target(
            name: "SwiftSample",
            dependencies: ["PluginABI"],
            path: "Plugins/SwiftSample",
            linkerSettings: exportOnlyTheEntry
        ),
        .target(
            name: "CSample",
            dependencies: ["PluginABI"],
            path: "Plugins/CSample",
            exclude: ["Makefile"],
            publicHeadersPath: ".",
            cSettings: [.unsafeFlags(["-fvisibility=hidden"])],
            linkerSettings: exportOnlyTheEntry
        ),
        .executableTarget(name: "pophost-bench", dependencies: ["HostRuntime", "CFFI", "PluginABI", .product(name: "Logging", package: "swift-log")],
                         path: "Benchmarks/pophost-bench"),
        .testTarget(name: "HostRuntimeTests", dependencies: ["HostRuntime"], path: "Tests/HostRuntimeTests", exclude: ["Golden"]),
    ]
)
