// swift-tools-version:6.1
import PackageDescription

/// Links a plugin so that it exports only `pop_plugin_entry_v1` (see Plugins/exports.map), without
/// the toolchain's absolute RUNPATH: the host process provides the Swift runtime. The script's path
/// is absolute, so the samples link from a package that depends on this one too (a relative path
/// is resolved against whichever package is being built).
let exportOnlyTheEntry: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/exports.map", "-no-toolchain-stdlib-rpath"])
]

/// What only the command line needs (its argument parser, the preview's web server) comes with the
/// `CLI` trait: on by default, so `swift build` here builds everything, while an app that depends on
/// `HostRuntime` with `traits: []` resolves none of it (docs/embedding.md, "Depending on pophost").
let whenCLI = TargetDependencyCondition.when(traits: ["CLI"])
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser", condition: whenCLI)
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")

// The layers, bottom to top (docs/architecture.md draws the graph and gives each seam's reason).
// A target depends only on targets listed before it, so the compiler refuses a reach back up.
let package = Package(
    name: "pophost",
    products: [
        .executable(name: "pophost", targets: ["pophost"]),
        .executable(name: "pophost-scanner", targets: ["pophost-scanner"]),
        // The process that serves one plugin file's components to an isolated host.
        .executable(name: "pophost-plugin-host", targets: ["pophost-plugin-host"]),
        // The process that runs one conformance test for `pophost test` and the preview.
        .executable(name: "pophost-test-child", targets: ["pophost-test-child"]),
        // What an app embeds: the runtime layers, without the harness, the scaffold or the terminal.
        .library(name: "HostRuntime", targets: ["HostRuntime"]),
        .library(name: "PluginABI", targets: ["PluginABI"]),
        // The Swift plugin kit: the ABI's glue written once (a plugin links it statically).
        .library(name: "PopPluginKit", targets: ["PopPluginKit"]),
        // Bundled sample plugins: `swift build` puts them next to `pophost`, on its default search path.
        .library(name: "PopSampleSwift", type: .dynamic, targets: ["SwiftSample"]),
        .library(name: "PopSampleC", type: .dynamic, targets: ["CSample"]),
    ],
    traits: [
        .trait(name: "CLI", description: "The pophost command line and its preview server (argument parsing, HTTP, WebSocket)."),
        .default(enabledTraits: ["CLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // `pophost preview`'s web server and its WebSocket (live reload, input).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        // The plugin C ABI: headers only.
        .target(name: "PluginABI", path: "Sources/PluginABI"),
        // Swift plugins over the ABI: descriptors, factories, instances, the host, request data,
        // content, actions and the entry, declared in Swift. `pophost new --lang swift` vendors it.
        .target(name: "PopPluginKit", dependencies: ["PluginABI"], path: "Sources/PopPluginKit"),
        // libffi from the system (Debian: libffi-dev).
        .systemLibrary(name: "CFFI", path: "Sources/CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        // prctl, pidfd_open and posix_spawn's closefrom, which Swift's Glibc module does not offer.
        .systemLibrary(name: "CProcessControl", path: "Sources/CProcessControl"),

        // Values, geometry, time, content, frames, presentation options, reasons, the trace: pure Swift.
        .target(name: "PopModel", path: "Sources/PopModel"),
        // The one child-process mechanism (the scanner's worker, a test's process, a plugin host) and
        // what pophost and its children do so that nothing a plugin starts outlives them.
        .target(name: "PopProcess", dependencies: ["PopModel", "CProcessControl"], path: "Sources/PopProcess"),
        // Plugin files → ELF checks → dlopen → the ABI's structs; the registry, its cache and scanner.
        .target(
            name: "PopLoader", dependencies: ["PopModel", "PopProcess", "PluginABI", "CRegistryChecksum", logging],
            path: "Sources/PopLoader"),
        // The registry cache checksum's block sums, with AVX2 where the processor has it.
        .target(name: "CRegistryChecksum", path: "Sources/CRegistryChecksum"),
        // Composition, arbitration and lifecycle over Swift component protocols; no C, no layout.
        .target(name: "PopChef", dependencies: ["PopModel", logging], path: "Sources/PopChef"),
        // C plugins as the chef's components: libffi actions, completions, value trees, content builder.
        .target(
            name: "PopBridge", dependencies: ["PopChef", "PopLoader", "PluginABI", "CFFI", "PopModel", logging], path: "Sources/PopBridge"),
        // Plugins in plugin host processes: the protocol, both of its sides, the watcher for hot reload.
        .target(
            name: "PopIsolation", dependencies: ["PopBridge", "PopChef", "PopLoader", "PopModel", "PopProcess", logging],
            path: "Sources/PopIsolation"),
        // Layout and behaviour per presentation style, motion, keyboard, the stage and its input.
        .target(name: "PopPresentation", dependencies: ["PopChef", "PopModel"], path: "Sources/PopPresentation"),
        // Frames to SVG and JSON.
        .target(name: "PopRender", dependencies: ["PopModel"], path: "Sources/PopRender"),
        // Frames to a truecolor terminal, and the terminal's input.
        .target(name: "PopTerminal", dependencies: ["PopModel"], path: "Sources/PopTerminal"),
        // JSON scenarios played on a stage.
        .target(name: "PopScenario", dependencies: ["PopPresentation", "PopModel", "PopChef"], path: "Sources/PopScenario"),
        // The runtime an app embeds: re-exports the layers above, and adds their façade for an app
        // (PopupRuntime, RealTimeDriver).
        .target(
            name: "HostRuntime",
            dependencies: [
                "PopModel", "PopLoader", "PopChef", "PopBridge", "PopIsolation", "PopPresentation", "PopRender", "PopScenario",
                "PopProcess",
            ],
            path: "Sources/HostRuntime"
        ),
        // `pophost run`: a scenario on a stage, in the terminal.
        .target(
            name: "PopInteractive", dependencies: ["PopScenario", "PopIsolation", "PopTerminal", "PopModel", "PopChef", "PopPresentation"],
            path: "Sources/PopInteractive"),
        // `pophost test`: the conformance harness.
        .target(
            name: "PopHarness",
            dependencies: [
                "PopScenario", "PopRender", "PluginABI", "CFFI", "PopModel", "PopLoader", "PopChef", "PopBridge", "PopPresentation",
                "PopProcess",
            ], path: "Sources/PopHarness"),
        // `pophost new`: plugin project templates.
        .target(
            name: "PopScaffold",
            dependencies: ["PopLoader", "PopProcess"],
            path: "Sources/PopScaffold",
            // Each template is a working plugin project, copied as it is (Placeholders.swift).
            resources: [.copy("Templates")]
        ),

        // `pophost preview`: the browser workbench (gallery, player, live reload, test results).
        .target(
            name: "PopPreview",
            dependencies: [
                "PopInteractive", "PopHarness", "PopRender", "PopModel", "PopLoader", "PopChef", "PopTerminal", "PopPresentation",
                "PopIsolation", "PopScenario", .product(name: "Hummingbird", package: "hummingbird", condition: whenCLI),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: whenCLI),
            ],
            path: "Sources/PopPreview",
            resources: [.copy("Assets")]
        ),

        .executableTarget(
            name: "pophost",
            dependencies: [
                "HostRuntime", "PopInteractive", "PopHarness", "PopScaffold", "PopPreview", "PopTerminal", "PopProcess", argumentParser,
                logging,
            ],
            path: "Sources/pophost"
        ),
        // The child process that opens new or changed plugin files on the registry's behalf.
        .executableTarget(name: "pophost-scanner", dependencies: ["PopLoader", "PopProcess"], path: "Sources/pophost-scanner"),
        // The child process that serves one plugin's components (`pophost run` and `--isolate`).
        .executableTarget(name: "pophost-plugin-host", dependencies: ["PopIsolation"], path: "Sources/pophost-plugin-host"),
        // The child process that runs one conformance test: the loader, the bridge and the harness's
        // checks, without the CLI, the preview server or the terminal, so that it starts fast.
        .executableTarget(
            name: "pophost-test-child", dependencies: ["PopHarness", "PopLoader", "PopProcess", logging], path: "Sources/pophost-test-child"
        ),

        .target(
            name: "SwiftSample",
            dependencies: ["PluginABI", "PopPluginKit"],
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
        // The cold-load floor: the loader's checks written in C, timed beside the host (docs/benchmarks.md).
        .target(name: "BenchLoadFloor", dependencies: ["PluginABI"], path: "Benchmarks/load-floor"),
        // An empty Swift program: the start-up floor under a test's process (docs/benchmarks.md).
        .executableTarget(name: "pophost-bench-swift-floor", path: "Benchmarks/swift-floor"),
        // The isolation floor: an isolated call's bytes between two C processes over a socket pair (docs/benchmarks.md).
        .target(name: "BenchWireFloor", path: "Benchmarks/wire-floor"),
        .executableTarget(
            name: "pophost-bench",
            dependencies: [
                "HostRuntime", "PopHarness", "PopInteractive", "PopTerminal", "CFFI", "PluginABI", "BenchLoadFloor", "BenchWireFloor",
                "PopProcess",
                logging,
            ],
            path: "Benchmarks/pophost-bench"
        ),

        // Tests: one target per layer, each over what its layer needs, and test support split the
        // same way, so that a low-level test reaches no layer above the one it tests.
        // `PopTestSupport` finds the built products, builds fixture plugins with `cc`, runs programs
        // and keeps the golden files' helper; the others add a traced chef, registries, and the
        // whole runtime (sample plugins, stages, fixture corpora).
        .target(name: "PopTestSupport", dependencies: ["PopProcess", "PopModel"], path: "Tests/TestSupport/Base"),
        .target(name: "PopChefTestSupport", dependencies: ["PopChef", "PopModel"], path: "Tests/TestSupport/Chef"),
        .target(name: "PopLoaderTestSupport", dependencies: ["PopTestSupport", "PopLoader"], path: "Tests/TestSupport/Loader"),
        .target(
            name: "PopRuntimeTestSupport",
            dependencies: ["PopTestSupport", "PopChefTestSupport", "PopLoaderTestSupport", "HostRuntime"],
            path: "Tests/TestSupport/Runtime"),
        .testTarget(name: "PopModelTests", dependencies: ["PopModel", "PopTestSupport"], path: "Tests/PopModelTests"),
        .testTarget(
            name: "PopProcessTests", dependencies: ["PopProcess", "CProcessControl", "PopTestSupport"], path: "Tests/PopProcessTests"),
        .testTarget(
            name: "PopLoaderTests",
            dependencies: ["PopLoader", "PluginABI", "PopModel", "PopLoaderTestSupport", "PopTestSupport", "PopProcess"],
            path: "Tests/PopLoaderTests"),
        .testTarget(name: "PopChefTests", dependencies: ["PopChef", "PopModel", "PopChefTestSupport"], path: "Tests/PopChefTests"),
        .testTarget(
            name: "PopBridgeTests",
            dependencies: [
                "PopBridge", "PopPresentation", "PluginABI", "CFFI", "PopModel", "PopChef", "PopLoader", "PopChefTestSupport",
                "PopLoaderTestSupport", "PopRuntimeTestSupport", "PopTestSupport",
            ],
            path: "Tests/PopBridgeTests"),
        .testTarget(
            name: "PopIsolationTests",
            dependencies: [
                "PopIsolation", "PopScenario", "PopRender", "PopModel", "PopLoader", "PopChef", "PopBridge", "PopProcess",
                "PopLoaderTestSupport", "PopRuntimeTestSupport", "PopTestSupport",
            ],
            path: "Tests/PopIsolationTests"),
        .testTarget(
            name: "PopPresentationTests",
            dependencies: ["PopPresentation", "PopModel", "PopChef", "PopRuntimeTestSupport", "PopTestSupport"],
            path: "Tests/PopPresentationTests"),
        .testTarget(
            name: "PopRenderTests", dependencies: ["PopRender", "PopModel", "PopPresentation", "PopTestSupport"],
            path: "Tests/PopRenderTests"),
        .testTarget(
            name: "PopTerminalTests",
            dependencies: [
                "PopTerminal", "PopModel", "PopChef", "PopPresentation", "PopScenario", "PopRuntimeTestSupport", "PopTestSupport",
            ],
            path: "Tests/PopTerminalTests"),
        .testTarget(
            name: "PopScenarioTests",
            dependencies: [
                "PopScenario", "PopRender", "PopModel", "PopLoader", "PopChef", "PopBridge", "PopPresentation", "PopRuntimeTestSupport",
                "PopTestSupport",
            ], path: "Tests/PopScenarioTests"),
        .testTarget(
            name: "PopInteractiveTests",
            dependencies: [
                "PopInteractive", "PopModel", "PopLoader", "PopChef", "PopTerminal", "PopPresentation", "PopIsolation", "PopScenario",
                "PopLoaderTestSupport", "PopRuntimeTestSupport", "PopTestSupport",
            ], path: "Tests/PopInteractiveTests"),
        .testTarget(
            name: "PopHarnessTests",
            dependencies: [
                "PopHarness", "PluginABI", "PopModel", "PopLoader", "PopLoaderTestSupport", "PopRuntimeTestSupport", "PopTestSupport",
            ],
            path: "Tests/PopHarnessTests"),
        .testTarget(
            name: "PopScaffoldTests",
            dependencies: [
                "PopScaffold", "PopLoader", "PopChef", "PopBridge", "PopScenario", "PopChefTestSupport", "PopLoaderTestSupport",
                "PopTestSupport",
            ],
            path: "Tests/PopScaffoldTests"),
        .testTarget(
            name: "PopPreviewTests",
            dependencies: [
                "PopPreview", "PopModel", "PopChef", "PopLoader", "PopIsolation", "PopScenario", "PopHarness", "PopLoaderTestSupport",
                "PopRuntimeTestSupport", "PopTestSupport",
            ],
            path: "Tests/PopPreviewTests"),
        .testTarget(
            name: "HostRuntimeTests", dependencies: ["HostRuntime", "PopLoaderTestSupport", "PopTestSupport"],
            path: "Tests/HostRuntimeTests"),
        .testTarget(
            name: "PophostTests", dependencies: ["PopModel", "PopLoaderTestSupport", "PopRuntimeTestSupport", "PopTestSupport"],
            path: "Tests/PophostTests"),
    ]
)
