/// The line protocol between pophost and one of its child processes, by name and version. The
/// child's first line on its channel names the protocol it speaks ("pophost-scanner/1"); the parent
/// checks it before it reads anything else, so a stale or foreign executable is reported as such
/// rather than misread (GStreamer's plugin loader does the same).
package struct ChildProtocol: Hashable, Sendable, CustomStringConvertible {
    package let name: String
    package let version: Int

    /// What `pophost-scanner` speaks: "B <index>" before touching a file, "D <index> <json>" after.
    package static let scanner = ChildProtocol(name: "pophost-scanner", version: 1)

    package init(name: String, version: Int) {
        self.name = name
        self.version = version
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
