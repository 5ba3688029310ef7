import PopModel
import PopProcess

/// The child-process side of a scan (the `pophost-scanner` executable). Its input, on standard
/// input, is NUL-separated: the run's secret, then the paths (as bytes, `PathBytes`). It writes its
/// protocol line (`ChildProtocol.scanner`) to descriptor 3 and, for each path, a line
/// `B <index> <secret>` before touching the file, `S <index> <secret> <stage>` as each step of
/// loading it starts (`ScanStage`), and `D <index> <secret> <json ScanOutcome>` after. If a plugin
/// crashes or hangs the process, the parent knows from the last `B` which file did it, and from the
/// last `S` in which step.
///
/// Plugin code runs in this process and can write to descriptor 3 too. It does not know the secret
/// (a fresh random one each run, never on disk), so the parent ignores what it writes; each line of
/// the worker's starts on a new line, so a plugin's unfinished line cannot swallow one.
public enum ScanWorker {
    /// Runs the worker; returns the process exit status.
    public static func run() -> Int32 {
        let input = ChildProcess.readStandardInput().split(separator: 0, omittingEmptySubsequences: false)
        guard let secret = input.first.map({ String(decoding: $0, as: UTF8.self) }), !secret.isEmpty else { return 64 }
        let paths = input.dropFirst().filter { !$0.isEmpty }.map(PathBytes.string)
        guard ChildProcess.writeChannel(line: "\(ChildProtocol.scanner)") else { return 74 }
        for (index, path) in paths.enumerated() {
            guard ChildProcess.writeChannel(line: "\nB \(index) \(secret)") else { return 74 }
            let outcome = ScanOutcome(
                PluginLoader.describe(path: path) { stage in _ = ChildProcess.writeChannel(line: "\nS \(index) \(secret) \(stage.rawValue)")
                })
            guard let value = try? ValueEncoder().encode(outcome) else { return 70 }
            guard ChildProcess.writeChannel(line: "\nD \(index) \(secret) " + value.json) else { return 74 }
        }
        return 0
    }
}
