import Foundation

/// Another build's `pophost-bench` (`--compare-with DIR`), made ready to run. The bench finds the sample
/// plugins and its helper executables beside itself; a baseline built with `swift build --product
/// pophost-bench` has none of them (`--product` skips the dynamic libraries and the other executables).
/// So the baseline runs from a directory of its own: a copy of its `pophost-bench`, with links to what
/// lies beside it in DIR, and to this build's files for the companions DIR lacks.
struct BaselineBuild {
    /// What the suites look for beside the bench (RunningExecutable.directory).
    static let companions = [
        "pophost-scanner", "pophost-plugin-host", "pophost-test-child", "pophost", "pophost-bench-swift-floor",
        "libPopSampleSwift.so", "libPopSampleC.so",
    ]

    /// The directory the baseline runs from (removed by `remove()`).
    let directory: String
    /// The baseline's bench, inside `directory`.
    var executable: String { directory + "/pophost-bench" }
    /// The companions taken from this build because DIR lacks them.
    let borrowed: [String]

    /// Stages `source`'s `pophost-bench` with companions from `source`, else from `fallback`.
    init(source given: String, fallback: String) throws(BenchError) {
        let files = FileManager.default
        // Absolute, or the links made in the staging directory would point nowhere.
        let source = URL(fileURLWithPath: given).standardizedFileURL.path
        let bench = source + "/pophost-bench"
        guard files.isExecutableFile(atPath: bench) else {
            throw BenchError("--compare-with \(source): no executable pophost-bench in it")
        }
        let directory = try makeTemporaryDirectory("pophost-bench-baseline"), executable = directory + "/pophost-bench"
        var borrowed: [String] = []
        do {
            // A copy, not a link: the bench resolves /proc/self/exe, which follows links back to DIR.
            try files.copyItem(atPath: bench, toPath: executable)
            for name in Self.companions {
                let own = source + "/" + name
                let target = files.fileExists(atPath: own) ? own : fallback + "/" + name
                if target != own { borrowed.append(name) }
                guard files.fileExists(atPath: target) else { continue }
                try files.createSymbolicLink(atPath: directory + "/" + name, withDestinationPath: target)
            }
        } catch {
            try? files.removeItem(atPath: directory)
            throw BenchError("cannot stage the baseline from \(source): \(error)")
        }
        self.directory = directory
        self.borrowed = borrowed
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
