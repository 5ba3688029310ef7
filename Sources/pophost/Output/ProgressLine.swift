import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress report on standard error ("scanning plugins 3/10…", "rendering: 120 frames…"),
/// rewritten in place: shown only on a terminal and only once the work has taken more than half a
/// second, and erased when it is done.
final class ProgressLine {
    private let start = Date()
    private let enabled = isatty(STDERR_FILENO) == 1
    private var shown = false

    func update(_ text: @autoclosure () -> String) {
        guard enabled, shown || Date().timeIntervalSince(start) > 0.5 else { return }
        shown = true
        Diagnostics.standardError("\r\u{1B}[2K\(text())")
    }

    func finish() {
        if shown { Diagnostics.standardError("\r\u{1B}[2K") }
    }
}
