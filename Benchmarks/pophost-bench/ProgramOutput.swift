import Foundation

/// Runs `executable` with `arguments` to its end and returns what it printed on standard output (its
/// standard error passes through). Failing to start, a signal, or an exit status above
/// `highestStatus` is an error naming the command.
func standardOutput(of executable: String, _ arguments: [String], highestStatus: Int32 = 0) throws(BenchError) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { throw BenchError("cannot start \(executable): \(error)") }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus <= highestStatus else {
        let how = process.terminationReason == .exit ? "exited with status" : "was killed by signal"
        throw BenchError("\(([executable] + arguments).joined(separator: " ")) \(how) \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
}
