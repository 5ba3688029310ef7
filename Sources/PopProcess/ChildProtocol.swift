/// The line protocol between pophost and one of its child processes, by name and version. The
/// child's first line on its channel names the protocol it speaks ("pophost-scanner/1"); the parent
/// checks it before it reads anything else, so a stale or foreign executable is reported as such
/// rather than misread (GStreamer's plugin loader does the same).
package struct ChildProtocol: Hashable, Sendable, CustomStringConvertible {
    package let name: String
    package let version: Int

    /// What `pophost-scanner` speaks: "B <index> <secret>" before touching a file, "D <index>
    /// <secret> <json>" after (version 2: lines carry the run's secret; see `ScanWorker`).
    package static let scanner = ChildProtocol(name: "pophost-scanner", version: 2)

    package init(name: String, version: Int) {
        self.name = name
        self.version = version
    }

    /// A fresh secret for one child's run, sent on its standard input and carried by each of its
    /// answers, so the parent can tell them from lines a plugin's code writes to the same channel
    /// (it runs in the child and can reach the descriptor, but not guess 128 random bits).
    package static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }

    /// The hello line, without its newline.
    package var description: String { "\(name)/\(version)" }

    /// Why `line`, a child's first line, is not this protocol's hello; nil when it is.
    package func mismatch(in line: String?) -> String? {
        guard let line else { return "it wrote nothing on its channel" }
        guard line != description else { return nil }
        guard line.hasPrefix(name + "/") else { return "it does not speak \(description) (its first line: \"\(line.prefix(60))\")" }
        return "it speaks \(line), this pophost \(description): install matching versions"
    }
}
