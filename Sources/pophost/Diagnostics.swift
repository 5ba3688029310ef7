import Foundation

/// Problems told to the user, on standard error, in one style for every command:
/// "pophost: error: …" and "pophost: warning: …" (the log handler writes its levels the same way).
enum Diagnostics {
    static func error(_ message: String) { write("error", message) }
    static func warning(_ message: String) { write("warning", message) }

    /// Free text (a usage), as it is.
    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    private static func write(_ level: String, _ message: String) {
        note("pophost: \(level): \(printable(message))")
    }
}
