#if canImport(Glibc)
import Glibc
#endif

/// Problems told to the user, on standard error, in one style for every command:
/// "pophost: error: …" and "pophost: warning: …" (the log handler writes its levels the same way).
enum Diagnostics {
    static func error(_ message: String) { write("error", message) }
    static func warning(_ message: String) { write("warning", message) }

    /// Free text (a usage), as it is, as a line.
    static func note(_ text: String) {
        standardError(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes `text` to standard error as it is. A failure is ignored: there is nowhere left to
    /// report it (and a plugin in this process may have closed standard error).
    static func standardError(_ text: String) {
        _ = StandardOutput.writeAll(text, to: STDERR_FILENO)
    }

    private static func write(_ level: String, _ message: String) {
        note("pophost: \(level): \(printable(message))")
    }
}
