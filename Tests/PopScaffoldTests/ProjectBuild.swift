import Foundation
import PopTestSupport

@testable import PopScaffold

/// Builds a plugin project directory into its library the way its README says — C and C++ with
/// their Makefile, Rust with `cargo build --release --offline`, Swift as `swift build -c release` would
/// but with `swiftc` itself (a test never runs `swift build`): the kit compiled into a module and an
/// object, then the plugin's module linked with it into `.build/release/lib<name>.so`, with
/// `exports.map` and `-no-toolchain-stdlib-rpath`.
enum ProjectBuild {
    /// The languages whose toolchain every checkout has (swift, cc, c++, make). Rust needs `cargo`:
    /// `RustProjectTests` builds its project when `Cargo.path` is set, and is skipped otherwise.
    static let alwaysBuilt: [PluginScaffold.Language] = [.swift, .c, .cpp]

    /// Builds the project in `directory` and returns the library's path. `include` (the ABI headers)
    /// and `kit` (the kit's sources, Swift only) default to the project's vendored copies.
    static func build(
        _ directory: String, language: PluginScaffold.Language, name: String,
        include: String? = nil, kit: String? = nil
    ) throws -> String {
        switch language {
        case .c, .cpp:
            let make = try run("/usr/bin/env", ["make", "-s", "-C", directory] + (include.map { ["POPHOST_INCLUDE=" + $0] } ?? []))
            guard make.status == 0 else { throw Failure(message: "make failed in \(directory): \(make.stdout)\(make.stderr)") }
            return directory + "/lib\(name).so"
        case .rust:
            let cargo = try run(
                "/usr/bin/env", ["cargo", "build", "--release", "--offline", "--quiet", "--manifest-path", directory + "/Cargo.toml"])
            guard cargo.status == 0 else { throw Failure(message: "cargo build failed in \(directory): \(cargo.stdout)\(cargo.stderr)") }
            return directory + "/target/release/lib\(PluginIdentity.moduleName(for: name)).so"
        case .swift:
            let include = include ?? directory + "/PluginABI/include"
            let kit = kit ?? directory + "/PopPluginKit/Sources/PopPluginKit"
            let module = PluginIdentity.moduleName(for: name)
            let output = directory + "/.build/release"
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let common = ["-swift-version", "6", "-parse-as-library", "-wmo", "-I", include]
            try swiftc(
                common + [
                    "-module-name", "PopPluginKit", "-emit-module", "-emit-module-path", output + "/PopPluginKit.swiftmodule",
                    "-c", "-o", output + "/PopPluginKit.o",
                ] + (try swiftFiles(in: kit)))
            let library = output + "/lib\(name).so"
            try swiftc(
                common + ["-module-name", module, "-I", output, "-emit-library", "-o", library]
                    + (try swiftFiles(in: directory + "/Sources/" + module)) + [
                        output + "/PopPluginKit.o",
                        "-Xlinker", "--version-script=" + directory + "/exports.map", "-no-toolchain-stdlib-rpath",
                    ])
            return library
        }
    }

    private static func swiftFiles(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".swift") }.sorted().map {
            directory + "/" + $0
        }
    }

    private static func swiftc(_ arguments: [String]) throws {
        let result = try run("/usr/bin/env", ["swiftc"] + arguments)
        guard result.status == 0 else { throw Failure(message: "swiftc failed: \(result.stderr)") }
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
