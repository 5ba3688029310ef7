import PopModel

/// The child-process side of a scan (the `pophost-scanner` executable): reads NUL-separated paths
/// on standard input, writes its protocol line (`ChildProtocol.scanner`) to descriptor 3 and, for
/// each path, a line `B <index>` before touching the file and `D <index> <json ScanOutcome>` after.
/// If a plugin crashes or hangs the process, the parent knows from the last `B` which file did it.
public enum ScanWorker {
    /// Runs the worker; returns the process exit status.
    public static func run() -> Int32 {
        let paths = ChildProcess.readStandardInput().split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard ChildProcess.writeChannel(line: "\(ChildProtocol.scanner)") else { return 74 }
        for (index, path) in paths.enumerated() {
            guard ChildProcess.writeChannel(line: "B \(index)") else { return 74 }
            let outcome = ScanOutcome(PluginLoader.describe(path: path))
            guard let value = try? ValueEncoder().encode(outcome) else { return 70 }
            guard ChildProcess.writeChannel(line: "D \(index) " + value.json) else { return 74 }
        }
        return 0
    }
}
