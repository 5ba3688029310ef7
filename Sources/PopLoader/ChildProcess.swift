#if canImport(Glibc)
import Glibc
#endif

import PopModel

/// A child process of pophost's — the scanner's worker, a conformance test, a plugin host — started
/// with `posix_spawn`: its standard input fed from a buffer, its standard output and error captured
/// together (the last bytes kept, for a crash report), and a private line channel on descriptor 3
/// that opens with the child's protocol line (`ChildProtocol`). The one mechanism all of them use.
///
/// The channel is the child's to write, or — `duplex` — goes both ways: a socket pair on which the
/// parent sends lines too (`send(line:deadline:)`) and the child reads them (`readChannelLines`),
/// for a child that serves requests for as long as it lives (the plugin host).
package final class ChildProcess {
    package let pid: pid_t
    /// The parent's end of the child's descriptor 3: read, and written too when duplex.
    private let channel: Int32
    /// Read end of the child's standard output and error.
    private let output: Int32
    /// False once the child's output has reached end of file (it closed descriptors 1 and 2), so
    /// that a poll does not keep waking for it.
    private var outputOpen = true
    private var termination: Termination?
    private var channelBuffer: [UInt8] = []
    /// The channel has reached end of file (or the child has exited): what is buffered is all.
    private var channelClosed = false
    /// The last bytes the child wrote to its standard output and error.
    package private(set) var outputTail: [UInt8] = []
    private static let outputKept = 4096

    /// The descriptor the child writes its channel to.
    package static let channelDescriptor: Int32 = 3

    // MARK: The child's side

    /// All of this process's standard input (a child reads its whole input before anything else).
    package static func readStandardInput() -> [UInt8] {
        var input: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return input }
            input += chunk[0..<count]
        }
    }

    /// Reads the lines the parent sends on a duplex channel, in order, blocking between them, and
    /// passes each (without its newline) to `body` until `body` returns false or the parent closes
    /// the channel (or dies). The child side of `send(line:deadline:)`.
    package static func readChannelLines(_ body: (String) -> Bool) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                guard body(line) else { return }
            }
            let count = chunk.withUnsafeMutableBytes { read(channelDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            buffer += chunk[0..<count]
        }
    }

    /// Writes `line` and a newline to this process's channel; false when it cannot (the parent has
    /// gone).
    package static func writeChannel(line: String) -> Bool {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(channelDescriptor, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { return false } }
            bytes = bytes.dropFirst(written)
        }
        return true
    }

    // MARK: The parent's side

    /// Spawns `executable` with `arguments`, writing `input` to its standard input; with `duplex`,
    /// its channel goes both ways.
    package init(executable: String, arguments: [String], input: [UInt8], duplex: Bool = false) throws(SpawnError) {
        // Input goes through a socket: sending with MSG_NOSIGNAL to a child that died early is an
        // error instead of a SIGPIPE that would kill the host.
        let inputPipe = try Self.makeSocketPair(), outputPipe = try Self.makePipe()
        let channelPipe = duplex ? try Self.makeDuplexPair() : try Self.makePipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe.read, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 2)
        posix_spawn_file_actions_adddup2(&actions, channelPipe.write, Self.channelDescriptor)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        for fd in [inputPipe.read, outputPipe.write, channelPipe.write] { close(fd) }
        guard status == 0 else {
            for fd in [inputPipe.write, outputPipe.read, channelPipe.read] { close(fd) }
            throw SpawnError(executable: executable, cause: String(cString: strerror(status)))
        }
        pid = child
        channel = channelPipe.read
        output = outputPipe.read
        // Both are read only when poll says so, or drained to EAGAIN once the child has exited (a
        // plugin's own children may keep them open).
        for fd in [channel, output] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        // The child reads all of its input before it writes anything, so this cannot deadlock.
        Self.writeAll(inputPipe.write, input)
        shutdown(inputPipe.write, Int32(SHUT_WR))
        close(inputPipe.write)
    }

    deinit {
        close(channel)
        close(output)
        if termination == nil { Glibc.kill(pid, SIGKILL); _ = wait() }
    }

    /// How reading the channel ended.
    package enum ChannelEnd: Equatable {
        /// The child closed its channel (or exited) and every line it wrote has been read.
        case closed
        /// The deadline passed first; the child is still running.
        case timedOut
    }

    /// Reads the channel line by line, passing each line (without its newline) to `line`, until the
    /// channel closes, the child exits, or `deadline()` passes — asked again after each line, so a
    /// caller may move it. Output is collected meanwhile. A process that exits while something it
    /// started keeps the channel open ends the read as closed: the exit, not end of file, counts.
    package func readLines(deadline: () -> ContinuousClock.Instant, _ line: (String) -> Void) -> ChannelEnd {
        while true {
            switch readLine(deadline: deadline()) {
            case .line(let text): line(text)
            case .end(let end): return end
            }
        }
    }

    /// What one `readLine` got.
    package enum LineRead: Equatable {
        /// The next line, without its newline (after the channel closed: its last line, even
        /// without one).
        case line(String)
        /// No line: the channel closed and everything was read, or the deadline passed first.
        case end(ChannelEnd)
    }

    /// The next line of the channel, waiting for it until `deadline` (at least one look, even when
    /// the deadline has passed). Output is collected meanwhile; the channel counts as closed when
    /// the child exits, as for `readLines`.
    package func readLine(deadline: ContinuousClock.Instant) -> LineRead {
        while true {
            if let newline = channelBuffer.firstIndex(of: 0x0A) {
                defer { channelBuffer.removeSubrange(...newline) }
                return .line(String(decoding: channelBuffer[..<newline], as: UTF8.self))
            }
            if channelClosed {
                guard channelBuffer.isEmpty else {
                    defer { channelBuffer = [] }
                    return .line(String(decoding: channelBuffer, as: UTF8.self))
                }
                return .end(.closed)
            }
            let left = ContinuousClock.now.duration(to: deadline)
            // Wake at least every 50 ms to notice an exit that leaves the channel open.
            let wait = left > .zero ? min(50, max(1, Int32(left.seconds * 1000))) : 0
            var fds = [pollfd(fd: channel, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: outputOpen ? output : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, wait)
            if ready < 0 && errno != EINTR {
                channelClosed = true
                continue
            }
            if fds[1].revents != 0 { outputOpen = drain(output, into: &outputTail, keep: Self.outputKept) }
            if fds[0].revents != 0 && !drain(channel, into: &channelBuffer, keep: 1 << 20) {
                channelClosed = true
                continue
            }
            if fds[0].revents == 0, exitStatus() != nil {
                drain(channel, into: &channelBuffer, keep: 1 << 20)
                drainOutput()
                channelClosed = true
                continue
            }
            if fds[0].revents == 0 && wait == 0 { return .end(.timedOut) }
        }
    }

    /// A line the child has already written, or the channel's end when it has closed; nil when
    /// nothing is there yet. Does not wait and does not look for the child's exit: one system call
    /// when there is nothing. For a parent that checks a duplex channel between requests for what
    /// the child wrote on its own.
    package func availableLine() -> LineRead? {
        if !channelBuffer.contains(0x0A) && !channelClosed && !drain(channel, into: &channelBuffer, keep: 1 << 20) {
            channelClosed = true
        }
        guard channelBuffer.contains(0x0A) || channelClosed else { return nil }
        return readLine(deadline: .now)
    }

    /// Sends `line` and a newline on a duplex channel, waiting until `deadline` for room when the
    /// child is not reading (and collecting its output meanwhile, so that a child blocked on a full
    /// output pipe cannot deadlock the two); false when the child has gone or the deadline passed.
    package func send(line: String, deadline: ContinuousClock.Instant) -> Bool {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(channel, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                bytes = bytes.dropFirst(sent)
                continue
            }
            guard sent < 0 && (errno == EINTR || errno == EAGAIN) else { return false }
            guard errno == EAGAIN else { continue }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var fds = [pollfd(fd: channel, events: Int16(POLLOUT), revents: 0),
                       pollfd(fd: outputOpen ? output : -1, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, min(50, max(1, Int32(left.seconds * 1000))))
            if fds[1].revents != 0 { outputOpen = drain(output, into: &outputTail, keep: Self.outputKept) }
        }
        return true
    }

    /// Tells the child nothing more will be sent on a duplex channel: it reads end of file, and a
    /// plugin host ends.
    package func finishSending() {
        shutdown(channel, Int32(SHUT_WR))
    }

    /// Collects whatever output is waiting.
    package func drainOutput() {
        if outputOpen { outputOpen = drain(output, into: &outputTail, keep: Self.outputKept) }
    }

    /// Reads what is available on `fd` into `buffer`, keeping its last `keep` bytes; false at end of
    /// file (or an error other than "nothing yet").
    @discardableResult
    private func drain(_ fd: Int32, into buffer: inout [UInt8], keep: Int) -> Bool {
        // On the stack, not zero-filled: a plugin host's channel is drained on every call.
        withUnsafeTemporaryAllocation(byteCount: 65536, alignment: 1) { chunk in
            while true {
                let count = read(fd, chunk.baseAddress, chunk.count)
                if count < 0 { return errno == EINTR || errno == EAGAIN }
                guard count > 0 else { return false }
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
                if buffer.count > keep { buffer.removeFirst(buffer.count - keep) }
            }
        }
    }

    /// The last `count` lines of the child's output.
    package func lastOutputLines(_ count: Int) -> [String] {
        String(decoding: outputTail, as: UTF8.self).split(whereSeparator: \.isNewline).suffix(count).map(String.init)
    }

    /// Kills the child at once.
    package func kill() { Glibc.kill(pid, SIGKILL) }

    /// Waits for the child to exit and describes how it ended.
    package func wait() -> Termination {
        if let termination { return termination }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let ended = Self.termination(status)
        termination = ended
        return ended
    }

    /// Waits for the child to exit until `deadline`; nil if it is still running then.
    package func wait(until deadline: ContinuousClock.Instant) -> Termination? {
        while true {
            if let ended = exitStatus() { return ended }
            if ContinuousClock.now >= deadline { return nil }
            usleep(2000)
        }
    }

    /// How the child ended, if it has (`waitpid` with WNOHANG).
    private func exitStatus() -> Termination? {
        if let termination { return termination }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let ended = Self.termination(status)
        termination = ended
        return ended
    }

    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7F
        return signal != 0 ? .signaled(signal) : .exited((status >> 8) & 0xFF)
    }

    /// How a child process ended.
    package enum Termination: Equatable {
        case exited(Int32)
        case signaled(Int32)

        package var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signaled(let signal): "was killed by \(signalName(signal))"
            }
        }
    }

    private static func makePipe() throws(SpawnError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw SpawnError(executable: "pipe", cause: String(cString: strerror(errno)))
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    /// A connected socket pair for a duplex channel: `read` is ours, `write` the child's (named as
    /// `makePipe`'s ends, which the channel uses otherwise).
    private static func makeDuplexPair() throws(SpawnError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
            throw SpawnError(executable: "socketpair", cause: String(cString: strerror(errno)))
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    /// A connected socket pair, used like a pipe: `read` is the child's end, `write` ours.
    private static func makeSocketPair() throws(SpawnError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
            throw SpawnError(executable: "socketpair", cause: String(cString: strerror(errno)))
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        shutdown(fds[0], Int32(SHUT_WR))
        return (fds[0], fds[1])
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
    }
}

/// A child process could not be started.
package struct SpawnError: Error, CustomStringConvertible {
    let executable: String
    let cause: String
    package var description: String { "cannot start \(executable): \(cause)" }
}

/// "SIGSEGV (Segmentation fault)" for 11.
package func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
        SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
        SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP", SIGPIPE: "SIGPIPE",
    ]
    let meaning = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
    return names[signal].map { "\($0) (\(meaning))" } ?? meaning
}
