#if canImport(Glibc)
import Glibc
#endif

/// The interactive terminal: raw mode, the alternate screen, a hidden cursor and SGR mouse reporting, for as
/// long as the session lives. `restore()` gives the terminal back as it was; it runs on deinit, at exit, and on
/// SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE),
/// whose handler then lets the signal take its course. One session at a time.
public final class TerminalSession {
    /// Why a session could not start or the terminal could not be used.
    public struct Failure: Error, CustomStringConvertible {
        public enum Category: String, Sendable {
            /// Standard input or output is not a terminal (a pipe, a file, CI).
            case notATerminal = "not-a-terminal"
            /// Another session has the terminal.
            case busy
            /// The terminal could not be set up or written to.
            case io
        }

        public let category: Category
        public let description: String
    }

    public let input: Int32
    public let output: Int32
    private var restored = false

    /// Takes over the terminal on `input` and `output`; throws when either is not a terminal.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        guard isatty(input) == 1, isatty(output) == 1 else {
            throw Failure(category: .notATerminal, description: "standard input and standard output must both be a terminal (TTY)")
        }
        guard !TerminalRestoration.active.load(ordering: .acquiring) else {
            throw Failure(category: .busy, description: "another terminal session is already running")
        }
        var attributes = termios()
        guard tcgetattr(input, &attributes) == 0 else {
            throw Failure(category: .io, description: "cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        self.input = input
        self.output = output
        var raw = attributes
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 0
            characters[Int(VTIME)] = 0
        }
        TerminalRestoration.begin(input: input, output: output, attributes: attributes)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            let cause = String(cString: strerror(errno))
            restore()
            throw Failure(category: .io, description: "cannot put the terminal in raw mode: \(cause)")
        }
        do {
            try write(TerminalRestoration.enterSequence)
        } catch {
            restore()
            throw error
        }
    }

    deinit { restore() }

    /// Gives the terminal back as it was before the session. Idempotent.
    public func restore() {
        guard !restored else { return }
        restored = true
        TerminalRestoration.end()
    }

    /// The terminal's size in cells (80 × 24 when it cannot be read).
    public func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Whether the terminal was resized since the last call.
    public func takeResize() -> Bool { TerminalRestoration.resized.exchange(false, ordering: .acquiringAndReleasing) }

    /// Writes all of `bytes`, through partial writes and interruptions.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
                    if errno == EAGAIN { waitUntilWritable() }
                } else {
                    throw Failure(category: .io, description: "cannot write to the terminal: \(String(cString: strerror(errno)))")
                }
            }
        }
    }

    /// What the terminal sent within `milliseconds`: empty when nothing came (or a signal interrupted the
    /// wait), nil when the terminal is gone.
    public func read(timeout milliseconds: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 { return errno == EINTR ? [] : nil }
        if ready == 0 { return [] }
        if descriptor.revents & Int16(POLLIN) == 0 {
            return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 ? nil : []
        }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress!, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        if count == 0 { return nil }
        bytes.removeSubrange(count...)
        return bytes
    }

    private func waitUntilWritable() {
        var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptor, 1, 100)
    }
}
