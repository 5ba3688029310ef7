import Foundation

/// One of the bundled sample plugins.
enum Sample: String, CaseIterable, Codable {
    case c = "C"
    case swift = "Swift"

    /// The library to copy: the Swift sample as `swift build` put it next to this executable; the C
    /// sample built with its Makefile into `scratch` (plain `cc`, libc only — the SwiftPM-built copy
    /// links the Swift runtime and would not measure a C plugin).
    func library(buildDirectory: String, scratch: String) throws(BenchError) -> String {
        switch self {
        case .swift:
            return buildDirectory + "/libPopSampleSwift.so"
        case .c:
            let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path
            let make = Process()
            make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            make.arguments = ["make", "-s", "-C", repository + "/Plugins/CSample", "OUT=\(scratch)"]
            do { try make.run() } catch { throw BenchError("cannot run make for the C sample: \(error)") }
            make.waitUntilExit()
            guard make.terminationStatus == 0 else { throw BenchError("building the C sample with make failed") }
            return scratch + "/libpop_sample_c.so"
        }
    }

    /// The prefix of its copies' names: `c-000.so`, `swift-000.so`, ...
    var copyPrefix: String { rawValue.lowercased() }
}
