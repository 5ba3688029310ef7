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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--child", mode.rawValue, directory]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch {
            throw BenchError("cannot start \(executable): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let command = "\(executable) --child \(mode.rawValue) \(directory)"
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exited with status" : "was killed by signal"
            throw BenchError("\(command) \(how) \(process.terminationStatus)")
        }
        let text = String(decoding: data, as: UTF8.self)
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
