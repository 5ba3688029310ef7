#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, with its standard input fed from a buffer, its
/// standard output and error captured together, and a private channel on descriptor 3.
package final class ChildProcess {
    let pid: pid_t
    /// Read end of the child's descriptor 3.
    package let channel: Int32
    /// Read end of the child's standard output and error.
    package let output: Int32
    private var exited = false

    /// The descriptor the child writes its channel to.
    package static let channelDescriptor: Int32 = 3

    /// Spawns `executable` with `arguments`, writing `input` to its standard input.
    package init(executable: String, arguments: [String], input: [UInt8]) throws(SpawnError) {
        // Input goes through a socket: sending with MSG_NOSIGNAL to a child that died early is an
        // error instead of a SIGPIPE that would kill the host.
        let inputPipe = try Self.makeSocketPair(), channelPipe = try Self.makePipe(), outputPipe = try Self.makePipe()
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
        // Output is read opportunistically: a plugin's own children may keep the pipe open.
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        // The child reads all of its input before it writes anything, so this cannot deadlock.
        Self.writeAll(inputPipe.write, input)
        shutdown(inputPipe.write, Int32(SHUT_WR))
        close(inputPipe.write)
    }

    deinit {
        close(channel)
        close(output)
        if !exited { Glibc.kill(pid, SIGKILL); _ = wait() }
    }

    /// Kills the child at once.
    package func kill() { Glibc.kill(pid, SIGKILL) }

    /// Waits for the child to exit and describes how it ended.
    package func wait() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        exited = true
        return Self.termination(status)
    }

    /// Waits for the child to exit until `deadline` (`MonotonicClock` seconds); nil if it is still
    /// running then.
    package func wait(until deadline: Double) -> Termination? {
        while true {
            var status: Int32 = 0
            let pid = waitpid(pid, &status, WNOHANG)
            if pid == self.pid {
                exited = true
                return Self.termination(status)
            }
            if pid < 0 && errno != EINTR { return nil }
            if MonotonicClock.seconds() >= deadline { return nil }
            usleep(2000)
        }
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
            let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
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
func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
        SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
        SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP", SIGPIPE: "SIGPIPE",
    ]
    let meaning = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
    return names[signal].map { "\($0) (\(meaning))" } ?? meaning
}
