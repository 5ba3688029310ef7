import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A one-line "scanning plugins 3/10" on standard error, shown only on a terminal and only once a
/// scan has taken more than half a second.
final class ScanProgress {
    private let start = Date()
    private let enabled = isatty(STDERR_FILENO) == 1
    private var shown = false

    func update(done: Int, total: Int) {
        guard enabled, shown || Date().timeIntervalSince(start) > 0.5 else { return }
        shown = true
        FileHandle.standardError.write(Data("\r\u{1B}[2Kscanning plugins \(done)/\(total)…".utf8))
    }

    func finish() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
