// swift-tools-version:6.0
// my-popup: a pophost popup plugin. `swift build -c release` -> .build/release/libmy-popup.so
import PackageDescription

let package = Package(
    name: "my-popup",
    products: [
        // The plugin: a shared library the host loads with dlopen.
        .library(name: "my-popup", type: .dynamic, targets: ["my_popup"])
    ],
    dependencies: [
        // The pophost plugin ABI: a vendored copy of its C headers (see README.md, "Upgrading the ABI headers").
        .package(path: "PluginABI"),
        // PopPluginKit: pophost's Swift glue over the ABI, vendored with the headers; linked statically.
        .package(path: "PopPluginKit"),
    ],
    targets: [
        .target(
            name: "my_popup",
            dependencies: [
                .product(name: "PluginABI", package: "PluginABI"),
                .product(name: "PopPluginKit", package: "PopPluginKit"),
            ],
            linkerSettings: [
                // Export only pop_plugin_entry_v1 (exports.map), and record no absolute RUNPATH to this
                // machine's toolchain: the plugin uses the Swift runtime of the host that loads it.
                .unsafeFlags(["-Xlinker", "--version-script=exports.map", "-no-toolchain-stdlib-rpath"])
            ]
        )
    ]
)
