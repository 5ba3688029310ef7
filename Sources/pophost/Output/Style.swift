import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// ANSI styling for standard output: on only when it is a terminal, `NO_COLOR` is unset and
/// `TERM` is not `dumb`.
struct Style {
    let enabled: Bool

    static let standardOutput = Style(
        enabled: {
            let environment = ProcessInfo.processInfo.environment
            return StandardOutput.isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }())

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func magenta(_ text: String) -> String { wrap(text, "35") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
