import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// pophost's own standard output, kept out of plugin code's reach and checked. At start pophost
/// keeps a private duplicate of descriptor 1 (high, close-on-exec) for its results and points
/// descriptor 1 at standard error: whatever a plugin running in this process prints — `printf`,
/// `write(1, …)`, a closed descriptor 1 — lands on standard error or nowhere, never inside a table or
/// `--json`. Every write is checked: one that fails (a full disk, standard output closed when
/// pophost started) ends the command with status 1 and one message, "pophost: error: cannot write to
/// standard output: …"; a reader that has gone (EPIPE: a pager quit) ends it with status 1 quietly,
/// as `git` does. SIGPIPE is ignored so that such a write is an error, not a death.
enum StandardOutput {
    /// The kept duplicate of descriptor 1; -1 when pophost was started without one.
    nonisolated(unsafe) private(set) static var descriptor: Int32 = -1
    /// Why there is no duplicate (EBADF: descriptor 1 was closed), told at the first write.
    nonisolated(unsafe) private static var missing: Int32 = 0
    /// Lowest number for the kept descriptor: out of the way of descriptors opened later.
    private static let keptFrom: Int32 = 100
    /// One write at a time, and one failure reported.
    private static let lock = NSLock()

    /// Takes descriptor 1 for pophost and points descriptor 1 at standard error. Called first thing in
    /// `main`, before any plugin code can run.
    static func take() {
        signal(SIGPIPE, SIG_IGN)
        descriptor = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, keptFrom)
        if descriptor < 0 { missing = errno }
        if dup2(STDERR_FILENO, STDOUT_FILENO) < 0 {
            // Without a standard error either, descriptor 1 must still not be free for the next open().
            let null = open("/dev/null", O_WRONLY)
            if null >= 0 && null != STDOUT_FILENO {
                dup2(null, STDOUT_FILENO)
                close(null)
            }
        }
    }

    /// Whether pophost's standard output is a terminal.
    static var isTerminal: Bool { descriptor >= 0 && isatty(descriptor) == 1 }

    /// The width of the terminal pophost's standard output is, if it is one.
    static var columns: Int? {
        var size = winsize()
        guard isTerminal, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes `text` and `terminator`, as Swift's `print` would; ends the command when it cannot.
    static func print(_ text: String, terminator: String = "\n") {
        lock.lock()
        let failure = descriptor < 0 ? missing : writeAll(text + terminator, to: descriptor)
        guard let failure else { return lock.unlock() }
        if failure != EPIPE { Diagnostics.error("cannot write to standard output: \(String(cString: strerror(failure)))") }
        Foundation.exit(ExitCode.failure.rawValue)
    }

    /// Writes all of `text` to `descriptor`; nil, or the error that stopped it (a write that takes
    /// nothing counts as ENOSPC).
    static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : ENOSPC }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
