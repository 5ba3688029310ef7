import Foundation
import HostRuntime

/// The benchmark's temporary files: a fresh directory holding one subdirectory of copies per
/// sample (`c/c-000.so`, ..., `swift/swift-199.so`), and a separate directory for registry caches.
/// `remove()` deletes both; libraries already loaded stay mapped.
struct Workspace {
    let root: String
    let cacheDirectory: String
    let copies: Int

    /// Copies every sample `copies` times (see `Sample.library`).
    init(copies: Int, buildDirectory: String) throws(BenchError) {
        self.copies = copies
        root = try makeTemporaryDirectory("pophost-bench")
        do {
            cacheDirectory = try makeTemporaryDirectory("pophost-bench-cache")
        } catch {
            try? FileManager.default.removeItem(atPath: root)
            throw error
        }
        do {
            for sample in Sample.allCases {
                let library = try sample.library(buildDirectory: buildDirectory, scratch: cacheDirectory)
                guard let contents = FileManager.default.contents(atPath: library) else {
                    throw BenchError("cannot read \(library); build the samples with `swift build -c release` first")
                }
                try FileManager.default.createDirectory(atPath: directory(for: sample), withIntermediateDirectories: false)
                for path in paths(for: sample) {
                    guard FileManager.default.createFile(atPath: path, contents: contents) else {
                        throw BenchError("cannot write \(path)")
                    }
                }
            }
        } catch {
            remove()
            throw error as? BenchError ?? BenchError("\(error)")
        }
    }

    /// The directory holding the copies of `sample`.
    func directory(for sample: Sample) -> String {
        root + "/" + sample.copyPrefix
    }

    /// The copies of `sample`, in name order.
    func paths(for sample: Sample) -> [String] {
        (0..<copies).map { directory(for: sample) + "/" + sample.copyPrefix + "-" + zeroPadded($0) + ".so" }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: cacheDirectory)
    }

    /// `number` with leading zeros: at least three digits, and as many as the largest index has.
    private func zeroPadded(_ number: Int) -> String {
        let digits = String(number), width = max(3, String(copies - 1).count)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A new, empty directory under the system's temporary directory (`mkdtemp`).
func makeTemporaryDirectory(_ prefix: String) throws(BenchError) -> String {
    var template = Array((FileManager.default.temporaryDirectory.path + "/\(prefix).XXXXXX").utf8CString)
    guard let created = mkdtemp(&template) else {
        throw BenchError("mkdtemp failed: \(String(cString: strerror(errno)))")
    }
    return String(cString: created)
}

/// Copies the two sample libraries built beside this executable into `directory`, creating it.
func copySamples(into directory: String) throws(BenchError) {
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["libPopSampleC.so", "libPopSampleSwift.so"] {
            try FileManager.default.copyItem(atPath: RunningExecutable.directory + "/" + name, toPath: directory + "/" + name)
        }
    } catch {
        throw BenchError("cannot copy the samples: \(error)")
    }
}
