import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The child-process side of a scan (the `pophost-scanner` executable): reads NUL-separated paths
/// on standard input and, for each, writes to descriptor 3 a line `B <index>` before touching the
/// file and `D <index> <json ScanOutcome>` after. If a plugin crashes or hangs the process, the
/// parent knows from the last `B` which file did it.
public enum ScanWorker {
    /// Runs the worker; returns the process exit status.
    public static func run() -> Int32 {
        let paths = readInput().split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let encoder = JSONEncoder()
        for (index, path) in paths.enumerated() {
            send("B \(index)\n")
            let outcome = ScanOutcome(PluginLoader.describe(path: path))
            guard let json = try? encoder.encode(outcome) else { return 70 }
            send("D \(index) " + String(decoding: json, as: UTF8.self) + "\n")
        }
        return 0
    }

    /// All of standard input (a read loop that retries on EINTR, unlike FileHandle's).
    private static func readInput() -> [UInt8] {
        var input: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return input }
            input += chunk[0..<count]
        }
    }

    private static func send(_ line: String) {
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(ChildProcess.channelDescriptor, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { exit(74) } }
            bytes = bytes.dropFirst(written)
        }
    }
}
