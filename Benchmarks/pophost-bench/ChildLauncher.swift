import Foundation

/// Runs measuring children: this executable again, in a hidden `--child MODE DIR` mode, so that
/// every cold load happens in a process that has never opened those libraries.
struct ChildLauncher {
    /// This executable, resolved from `/proc/self/exe`.
    let executable: String

    init() throws(BenchError) {
        do { executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") } catch {
            throw BenchError("cannot resolve /proc/self/exe: \(error)")
        }
    }

    /// Runs one child over `directory`, which must hold `expectedFiles` libraries; returns the
    /// nanoseconds its loading loop took. The child's standard error passes through.
    func run(_ mode: ChildMode, directory: String, expectedFiles: Int) throws(BenchError) -> Int {
        let text = try standardOutput(of: executable, ["--child", mode.rawValue, directory])
        let command = "\(executable) --child \(mode.rawValue) \(directory)"
        let fields = text.split(whereSeparator: \.isNewline).last?.split(separator: " ") ?? []
        guard fields.count == 2, let nanoseconds = Int(fields[0]), let files = Int(fields[1]) else {
            throw BenchError("\(command) printed \"\(text)\", not \"<nanoseconds> <files>\"")
        }
        guard files == expectedFiles else {
            throw BenchError("\(command) loaded \(files) files, expected \(expectedFiles)")
        }
        return nanoseconds
    }
}
