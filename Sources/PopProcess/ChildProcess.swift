import CProcessControl
import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// A child process of pophost's — the scanner's worker, a conformance test, a plugin host — started
/// with `posix_spawn`, or forked by a `ForkServer` (a test's process): its standard input fed from a buffer, its standard output and error captured
/// together (the last bytes kept, for a crash report), and a private line channel on descriptor 3
/// that opens with the child's protocol line (`ChildProtocol`). The one mechanism all of them use.
///
/// The channel is the child's to write, or — `duplex` — goes both ways: a socket pair on which the
/// parent sends lines too (`send(line:deadline:)`) and the child reads them (`readChannelLines`),
/// for a child that serves requests for as long as it lives — or, after the protocol line, frames
/// both ways (`send(frame:deadline:)`, `readFrame`, `readChannelFrames`, `writeChannel(frame:)`),
/// as the plugin host speaks.
///
/// A child starts clean whatever thread starts it: an empty signal mask and default signal actions
/// (a worker thread's blocked signals are not inherited), no descriptor but 0–3, the Swift runtime's
/// backtracer off (it would catch a plugin's `raise(SIGSEGV)` and let `raise` return), and a process
/// group of its own. The child dies with its parent (`dieWithParent()`), and its whole group is
/// killed when it ends, when it is killed, and when pophost is interrupted (`LiveChildren`); in a
/// process that adopts its descendants (`LiveChildren.adoptDescendants()`, as pophost and each of
/// its children do) so is whatever left the group, so nothing a plugin starts outlives the run.
package final class ChildProcess {
    package let pid: pid_t
    /// The parent's end of the child's descriptor 3 (read, and written too when duplex); -1 once it
    /// reached end of file.
    private var channel: Int32
    /// Read end of the child's standard output and error; -1 once it reached end of file.
    private var output: Int32
    /// Polls readable when the child has exited (a pidfd); -1 where the kernel has none.
    private let exitSignal: Int32
    /// The server that forked the child, which is its parent and tells how it ended; nil for a
    /// child this process spawned.
    private let server: ForkServer?
    /// The channel is a socket pair that blocks for at most `receiveSlice` (see `next`); every
    /// other read and send on it says not to wait.
    private let duplex: Bool
    /// How long a wait on a duplex channel first blocks in one `recv` (its `SO_RCVTIMEO`) before it
    /// falls back to `poll` — which also drains the output and watches the exit. A plugin host
    /// usually answers well within it, so a call costs the parent one `send` and one `recv`.
    private static let receiveSlice: Duration = .milliseconds(10)
    private var termination: Termination?
    private var channelLines = ChannelLines()
    /// The last bytes the child wrote to its standard output and error.
    package private(set) var outputTail: [UInt8] = []
    private static let outputKept = 4096

    /// The descriptor the child writes its channel to.
    package static let channelDescriptor: Int32 = 3
    /// The variable that tells a child its parent's pid (see `dieWithParent()`).
    private static let parentVariable = "POPHOST_PARENT_PID"

    // MARK: The child's side

    /// Makes this process die (SIGKILL) when the process that started it ends, so an interrupted or
    /// killed pophost leaves no scanner or test running. A child executable calls it first; false when
    /// the parent has already gone (the process should exit at once).
    package static func dieWithParent() -> Bool {
        _ = pop_set_parent_death_signal(SIGKILL)
        // The parent may have died before the request was made: then this process was reparented.
        guard let expected = getenv(parentVariable).flatMap({ pid_t(String(cString: $0)) }) else { return true }
        return getppid() == expected
    }

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
    /// A line longer than `ChannelLines.limit` ends the reading, as the parent's end would.
    package static func readChannelLines(_ body: (String) -> Bool) {
        readChannel { lines in
            guard let line = lines.next() else { return nil }
            guard case .text(let text) = line else { return false }
            return body(text)
        }
    }

    /// Reads the frames the parent sends on a duplex channel (`send(frame:deadline:)`), as
    /// `readChannelLines` reads lines; a frame longer than `ChannelLines.limit` ends the reading.
    package static func readChannelFrames(_ body: ([UInt8]) -> Bool) {
        readChannel { frames in
            guard let frame = frames.nextFrame() else { return nil }
            guard case .bytes(let bytes) = frame else { return false }
            return body(bytes)
        }
    }

    /// Reads the channel, blocking, and lets `take` take what is whole (nil: nothing yet; false: stop)
    /// until the parent closes it.
    private static func readChannel(_ take: (inout ChannelLines) -> Bool?) {
        var lines = ChannelLines()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            while let more = take(&lines) {
                guard more else { return }
            }
            let count = chunk.withUnsafeMutableBytes { read(channelDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            chunk.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// The next frame the parent sends on a duplex channel, read exactly so that nothing after it is
    /// taken (for a child that waits for one answer in the middle of serving a frame of
    /// `readChannelFrames`); nil at end of file or for a frame longer than `ChannelLines.limit`.
    package static func readChannelFrame() -> [UInt8]? {
        var header = [UInt8](repeating: 0, count: ChannelLines.frameHeader)
        guard readExactly(&header) else { return nil }
        let length = header.reversed().reduce(0) { $0 << 8 | Int($1) }
        guard length <= ChannelLines.limit else { return nil }
        var frame = [UInt8](repeating: 0, count: length)
        return readExactly(&frame) ? frame : nil
    }

    /// Fills `bytes` from the channel; false at end of file.
    private static func readExactly(_ bytes: inout [UInt8]) -> Bool {
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(channelDescriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            filled += count
        }
        return true
    }

    /// Writes `line` and a newline to this process's channel; false when it cannot (the parent has
    /// gone).
    package static func writeChannel(line: String) -> Bool {
        writeChannel(bytes: Array((line + "\n").utf8))
    }

    /// Writes `payload` as one frame (its length, then itself) to this process's channel; false when
    /// it cannot (the parent has gone).
    package static func writeChannel(frame payload: [UInt8]) -> Bool {
        var written = 0
        repeat {
            written = Self.gather(payload) { writev(channelDescriptor, $0, 2) }
        } while written < 0 && errno == EINTR
        guard written < ChannelLines.frameHeader + payload.count else { return true }
        guard written >= 0 else { return false }
        return writeChannel(bytes: Array(ChannelLines.frame(payload)[written...]))
    }

    /// Hands `body` the frame of `payload` as two buffers (its length, then `payload` itself), so
    /// that it is written in one system call without copying the message behind its length.
    private static func gather(_ payload: [UInt8], _ body: (UnsafePointer<iovec>) -> Int) -> Int {
        var length = UInt32(truncatingIfNeeded: payload.count).littleEndian
        return withUnsafeMutableBytes(of: &length) { header in
            payload.withUnsafeBytes { message in
                var buffers = (
                    iovec(iov_base: header.baseAddress, iov_len: header.count),
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: message.baseAddress), iov_len: message.count)
                )
                return withUnsafePointer(to: &buffers) { $0.withMemoryRebound(to: iovec.self, capacity: 2, body) }
            }
        }
    }

    private static func writeChannel(bytes: [UInt8]) -> Bool {
        var bytes = bytes[...]
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
    package convenience init(executable: String, arguments: [String], input: [UInt8], duplex: Bool = false) throws(SpawnError) {
        try self.init(input: input, duplex: duplex, server: nil) { ends throws(SpawnError) in
            try Self.spawn(executable, arguments, ends: ends)
        }
    }

    /// Has `server` fork a process of its own executable, which goes on as a child of that
    /// executable started afresh would (see `ForkServer`), writing `input` to its standard input.
    /// The server is its parent: it reaps it and tells how it ended.
    package convenience init(forkedBy server: ForkServer, input: [UInt8]) throws(SpawnError) {
        try self.init(input: input, duplex: false, server: server) { ends throws(SpawnError) in
            let started = try server.fork(ends: ends)
            LiveChildren.add(started.pid)
            return started
        }
    }

    /// Makes the child's standard input, output and channel, has `start` start it with the child's
    /// ends (input, output, channel), then feeds its input.
    private init(
        input: [UInt8], duplex: Bool, server: ForkServer?,
        start: (_ ends: ChildEnds) throws(SpawnError) -> (pid: pid_t, exitSignal: Int32)
    ) throws(SpawnError) {
        // Input goes through a socket: sending with MSG_NOSIGNAL to a child that died early is an
        // error instead of a SIGPIPE that would kill the host.
        let inputPipe = try Self.makeSocketPair(), outputPipe = try Self.makePipe()
        let channelPipe = duplex ? try Self.makeDuplexPair() : try Self.makePipe()
        let started: (pid: pid_t, exitSignal: Int32)
        do {
            started = try start(ChildEnds(input: inputPipe.read, output: outputPipe.write, channel: channelPipe.write))
        } catch {
            for fd in [inputPipe.read, outputPipe.write, channelPipe.write, inputPipe.write, outputPipe.read, channelPipe.read] {
                close(fd)
            }
            throw error
        }
        for fd in [inputPipe.read, outputPipe.write, channelPipe.write] { close(fd) }
        pid = started.pid
        exitSignal = started.exitSignal
        self.server = server
        channel = channelPipe.read
        output = outputPipe.read
        self.duplex = duplex
        // Both are read only when poll says so, or drained to EAGAIN once the child has exited (a
        // plugin's own children may keep them open) — except that a duplex channel is first waited
        // on in one `recv` bounded by its receive timeout.
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        if duplex {
            var slice = timeval(tv_sec: 0, tv_usec: Int(Self.receiveSlice.seconds * 1_000_000))
            _ = setsockopt(channel, SOL_SOCKET, SO_RCVTIMEO, &slice, socklen_t(MemoryLayout<timeval>.size))
        } else {
            _ = fcntl(channel, F_SETFL, fcntl(channel, F_GETFL) | O_NONBLOCK)
        }
        // The child reads all of its input before it writes anything, so this cannot deadlock.
        Self.writeAll(inputPipe.write, input)
        shutdown(inputPipe.write, Int32(SHUT_WR))
        close(inputPipe.write)
    }

    /// The child's ends of its standard input, its standard output and error, and its channel.
    package struct ChildEnds {
        package let input: Int32
        package let output: Int32
        package let channel: Int32
    }

    /// Spawns `executable` with the child's ends as its descriptors 0–3; its pid and pidfd.
    private static func spawn(
        _ executable: String, _ arguments: [String], ends: ChildEnds
    ) throws(SpawnError) -> (
        pid: pid_t, exitSignal: Int32
    ) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends.input, 0)
        posix_spawn_file_actions_adddup2(&actions, ends.output, 1)
        posix_spawn_file_actions_adddup2(&actions, ends.output, 2)
        posix_spawn_file_actions_adddup2(&actions, ends.channel, Self.channelDescriptor)
        // Whatever pophost inherited (a terminal's, a build system's descriptors) stays with pophost.
        _ = pop_spawn_close_from(&actions, Self.channelDescriptor + 1)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environment = Self.childEnvironment().map { strdup($0) } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var child: pid_t = 0
        let status = LiveChildren.whileSpawning {
            let status = posix_spawn(&child, executable, &actions, &attributes, argv, environment)
            if status == 0 { LiveChildren.add(child) }
            return status
        }
        guard status == 0 else { throw SpawnError(executable: executable, cause: String(cString: strerror(status))) }
        return (child, pop_pidfd_open(child))
    }

    deinit {
        if termination == nil {
            kill()
            _ = wait()
        }
        for fd in [channel, output, exitSignal] where fd >= 0 { close(fd) }
    }

    /// This process's environment for a child: the backtracer off, so that a crash signal kills the
    /// child (and is reported as a crash) instead of being caught; and this process's pid, so that the
    /// child can tell whether its parent is still the one that started it.
    private static func childEnvironment() -> [String] {
        let overrides = ["SWIFT_BACKTRACE": "enable=no", parentVariable: String(getpid())]
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if overrides[name] == nil { entries.append(text) }
            cursor += 1
        }
        return entries + overrides.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// How reading the channel ended.
    package enum ChannelEnd: Equatable {
        /// The child exited and every line it wrote has been read.
        case exited
        /// The deadline passed first; the child is still running.
        case timedOut
    }

    /// Reads the channel line by line, passing each line (without its newline) to `line`, until the
    /// child exits or `deadline()` passes — asked again after each line, so a caller may move it.
    /// Output is collected meanwhile. The exit counts, not end of file: a child that closes its
    /// channel is still waited for, and one that exits while something it started keeps the channel
    /// open has ended. Waiting is idle (`poll` on the pipes and the child's exit).
    /// A line longer than `ChannelLines.limit` is skipped and told to `overlong`.
    package func readLines(
        deadline: () -> ContinuousClock.Instant, overlong: () -> Void = {}, _ line: (String) -> Void
    ) -> ChannelEnd {
        while true {
            switch readLine(deadline: deadline()) {
            case .line(let text): line(text)
            case .overlong: overlong()
            case .end(let end): return end
            }
        }
    }

    /// What one `readLine` got.
    package enum LineRead: Equatable {
        /// The next line, without its newline (once the child has exited: its last line, even
        /// without one).
        case line(String)
        /// No line: the child exited and everything was read, or the deadline passed first.
        case end(ChannelEnd)
        /// A line longer than `ChannelLines.limit`: skipped, up to its newline.
        case overlong
    }

    /// The next line of the channel, waiting for it until `deadline` (at least one look, even when
    /// the deadline has passed). Output is collected meanwhile; the end is the child's exit, as for
    /// `readLines`.
    package func readLine(deadline: ContinuousClock.Instant) -> LineRead {
        let read = next(deadline: deadline, whole: { $0.next() }, last: { $0.isEmpty ? nil : .text($0.rest()) })
        switch read {
        case .item(.text(let line)): return .line(line)
        case .item(.overlong): return .overlong
        case .end(let end): return .end(end)
        }
    }

    /// A line the child has already written, or the channel's end when it has closed; nil when
    /// nothing is there yet. Does not wait: one system call when there is nothing. For a parent that
    /// checks a duplex channel between requests for what the child wrote on its own.
    package func availableLine() -> LineRead? {
        guard isAvailable({ $0.hasLine() }) else { return nil }
        return readLine(deadline: .now)
    }

    /// What one `readFrame` got.
    package enum FrameRead: Equatable {
        /// The next frame's bytes, without its length.
        case frame([UInt8])
        /// No frame: the child exited and every whole frame was read (a frame it left unfinished is
        /// dropped), or the deadline passed first.
        case end(ChannelEnd)
        /// A frame that says it is longer than `ChannelLines.limit`: the channel is broken.
        case overlong
    }

    /// The next frame of the channel (for a protocol that frames its messages after its hello
    /// line), waiting as `readLine` waits.
    package func readFrame(deadline: ContinuousClock.Instant) -> FrameRead {
        switch next(deadline: deadline, whole: { $0.nextFrame() }, last: { _ in nil }) {
        case .item(.bytes(let bytes)): .frame(bytes)
        case .item(.overlong): .overlong
        case .end(let end): .end(end)
        }
    }

    /// A frame the child has already written, or the channel's end when it has closed; nil when
    /// nothing is there yet, as `availableLine`.
    package func availableFrame() -> FrameRead? {
        guard isAvailable({ $0.hasFrame() }) else { return nil }
        return readFrame(deadline: .now)
    }

    /// Whether something is waiting (`waiting` says so of the buffer) or the channel has closed,
    /// after taking what the channel holds without waiting.
    private func isAvailable(_ waiting: (inout ChannelLines) -> Bool) -> Bool {
        if !waiting(&channelLines), channel >= 0, !drainChannel() { closeChannel() }
        return waiting(&channelLines) || channel < 0
    }

    private enum Waited<Item> {
        case item(Item)
        case end(ChannelEnd)
    }

    /// The next item `whole` takes from the channel, waiting for it until `deadline`; once the child
    /// has exited and everything is read, what `last` makes of the rest. Output is collected
    /// meanwhile. The child is reaped only when its exit is signalled (or without a pidfd, or once
    /// the channel has closed), so a wait costs one `poll` and one `read` — on a duplex channel
    /// usually one `recv` alone: its answer within `receiveSlice` needs no `poll`. A child that fills
    /// its output pipe meanwhile waits that long at most before the `poll` drains it.
    private func next<Item>(
        deadline: ContinuousClock.Instant, whole: (inout ChannelLines) -> Item?, last: (inout ChannelLines) -> Item?
    ) -> Waited<Item> {
        var looked = false
        var collected = false
        var exitSignalled = false
        var received = false
        while true {
            if let item = whole(&channelLines) { return .item(item) }
            if exitSignalled || exitSignal < 0 || channel < 0 || termination != nil, reap(blocking: false) != nil {
                if !collected {
                    collectAfterExit()
                    collected = true
                    continue
                }
                return last(&channelLines).map { .item($0) } ?? .end(.exited)
            }
            let left = ContinuousClock.now.duration(to: deadline)
            if looked && left <= .zero { return .end(.timedOut) }
            looked = true
            if duplex && channel >= 0 && !received && left >= Self.receiveSlice {
                // Once a wait: the answer usually comes within the slice, and then no poll is made.
                received = true
                receiveChannel()
                continue
            }
            // Without a pidfd, wake every 50 ms to notice the exit.
            let wait = left > .zero ? min(exitSignal >= 0 ? 1000 : 50, max(1, Int32(left.seconds * 1000))) : 0
            var fds = (
                pollfd(fd: channel, events: Int16(POLLIN), revents: 0), pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                pollfd(fd: exitSignal, events: Int16(POLLIN), revents: 0)
            )
            let polled = withUnsafeMutablePointer(to: &fds) { $0.withMemoryRebound(to: pollfd.self, capacity: 3) { poll($0, 3, wait) } }
            if polled < 0 && errno != EINTR && errno != EAGAIN { usleep(10_000) }
            if fds.0.revents != 0, !drainChannel(untilEmpty: false) { closeChannel() }
            if fds.1.revents != 0 { drainOutput() }
            exitSignalled = fds.2.revents != 0
        }
    }

    /// Sends `line` and a newline on a duplex channel, waiting until `deadline` for room when the
    /// child is not reading (and collecting its output meanwhile, so that a child blocked on a full
    /// output pipe cannot deadlock the two); false when the child has gone or the deadline passed.
    package func send(line: String, deadline: ContinuousClock.Instant) -> Bool {
        send(bytes: Array((line + "\n").utf8), deadline: deadline)
    }

    /// Sends `payload` as one frame (its length, then itself) on a duplex channel, as `send(line:)`
    /// sends a line.
    package func send(frame payload: [UInt8], deadline: ContinuousClock.Instant) -> Bool {
        // Usually the whole frame goes at once, gathered; what does not waits below.
        let sent = Self.gather(payload) { buffers in
            var message = msghdr()
            message.msg_iov = UnsafeMutablePointer(mutating: buffers)
            message.msg_iovlen = 2
            return sendmsg(channel, &message, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
        guard sent < ChannelLines.frameHeader + payload.count else { return true }
        return send(bytes: Array(ChannelLines.frame(payload)[max(0, sent)...]), deadline: deadline)
    }

    private func send(bytes: [UInt8], deadline: ContinuousClock.Instant) -> Bool {
        var bytes = bytes[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(channel, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if sent > 0 {
                bytes = bytes.dropFirst(sent)
                continue
            }
            guard sent < 0 && (errno == EINTR || errno == EAGAIN) else { return false }
            guard errno == EAGAIN else { continue }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var fds = [pollfd(fd: channel, events: Int16(POLLOUT), revents: 0), pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, min(50, max(1, Int32(left.seconds * 1000))))
            if fds[1].revents != 0 { drainOutput() }
        }
        return true
    }

    /// Sends `bytes` (a few, at least one) with `descriptors` attached — the receiver gets copies of
    /// them — on a duplex channel, waiting until `deadline` for room; false when the child has gone
    /// or the deadline passed. Nothing else may be half-sent on the channel.
    package func send(_ bytes: [UInt8], passing descriptors: [Int32], deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let sent = bytes.withUnsafeBytes { buffer in
                descriptors.withUnsafeBufferPointer {
                    pop_send_with_descriptors(
                        channel, buffer.baseAddress, buffer.count, $0.baseAddress, Int32($0.count), Int32(MSG_DONTWAIT))
                }
            }
            if sent > 0 { return sent == bytes.count || send(bytes: Array(bytes[sent...]), deadline: deadline) }
            guard sent < 0 && errno == EAGAIN, ContinuousClock.now < deadline else { return false }
            var room = pollfd(fd: channel, events: Int16(POLLOUT), revents: 0)
            _ = poll(&room, 1, 50)
        }
    }

    /// Receives exactly `count` bytes on a duplex channel and the descriptors sent with them (at most
    /// 4; the caller owns them), waiting until `deadline` (once some bytes have come, a second longer
    /// for the rest); nil when the child exited or closed the channel first, or the deadline passed.
    /// Output is collected meanwhile. For a protocol of small fixed messages after the hello line.
    package func receive(_ count: Int, deadline: ContinuousClock.Instant) -> (bytes: [UInt8], descriptors: [Int32])? {
        var bytes: [UInt8] = [], descriptors: [Int32] = []
        var deadline = deadline
        while bytes.count < count, channel >= 0 {
            var chunk = [UInt8](repeating: 0, count: count - bytes.count)
            var fds: [Int32] = [-1, -1, -1, -1]
            var carried: Int32 = 0
            // Waiting, one blocking receive first (bounded by the channel's receive timeout), as `next` waits.
            let flags = Int32(ContinuousClock.now < deadline ? 0 : MSG_DONTWAIT)
            let got = chunk.withUnsafeMutableBytes {
                pop_receive_with_descriptors(channel, $0.baseAddress, $0.count, &fds, 4, &carried, flags)
            }
            descriptors += fds.prefix(Int(carried))
            if got > 0 {
                if bytes.isEmpty { deadline = max(deadline, .now + .seconds(1)) }
                bytes += chunk.prefix(got)
                continue
            }
            guard got < 0 && errno == EAGAIN, ContinuousClock.now < deadline else { break }
            let left = Int32(min(1000, max(1, ContinuousClock.now.duration(to: deadline).seconds * 1000)))
            var watched = (
                pollfd(fd: channel, events: Int16(POLLIN), revents: 0), pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                pollfd(fd: exitSignal, events: Int16(POLLIN), revents: 0)
            )
            _ = withUnsafeMutablePointer(to: &watched) { $0.withMemoryRebound(to: pollfd.self, capacity: 3) { poll($0, 3, left) } }
            if watched.1.revents != 0 { drainOutput() }
            if watched.2.revents != 0 && watched.0.revents == 0 { break }
        }
        guard bytes.count == count else {
            for fd in descriptors { close(fd) }
            return nil
        }
        return (bytes, descriptors)
    }

    /// Tells the child nothing more will be sent on a duplex channel: it reads end of file, and a
    /// plugin host ends.
    package func finishSending() {
        if channel >= 0 { shutdown(channel, Int32(SHUT_WR)) }
    }

    /// Collects what the child left in its pipes before it exited (its group is dead by now, so
    /// nothing more is coming): a bounded read of each.
    private func collectAfterExit() {
        if channel >= 0 { drainChannel() }
        drainOutput()
    }

    /// Collects whatever output is waiting.
    package func drainOutput() {
        guard output >= 0 else { return }
        let open = drain(output) { chunk in
            outputTail.append(contentsOf: chunk)
            if outputTail.count > Self.outputKept { outputTail.removeFirst(outputTail.count - Self.outputKept) }
        }
        if !open {
            close(output)
            output = -1
        }
    }

    private func closeChannel() {
        close(channel)
        channel = -1
    }

    /// Reads what is available on the channel into `channelLines`; false at its end. `untilEmpty`:
    /// reads until there is nothing more (else a read that does not fill the buffer is taken as
    /// all there is, which saves a call on each answer; what came meanwhile is read on the next poll).
    @discardableResult
    private func drainChannel(untilEmpty: Bool = true) -> Bool {
        drain(channel, untilEmpty: untilEmpty) { channelLines.append($0) }
    }

    /// Waits for the duplex channel in one `recv`, for at most `receiveSlice`, and keeps what came;
    /// closes it at its end.
    private func receiveChannel() {
        withUnsafeTemporaryAllocation(byteCount: 65536, alignment: 1) { chunk in
            let count = recv(channel, chunk.baseAddress, chunk.count, 0)
            if count > 0 {
                channelLines.append(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                closeChannel()
            }
        }
    }

    /// Reads what is available on `fd` (at most 1 MiB, so a writer that never stops cannot hold the
    /// reader), handing each chunk to `take`; false at end of file (or an error other than "nothing
    /// yet"), after which polling it would only spin.
    @discardableResult
    private func drain(_ fd: Int32, untilEmpty: Bool = true, into take: (UnsafeRawBufferPointer) -> Void) -> Bool {
        guard fd >= 0 else { return false }
        // On the stack, not zero-filled: a plugin host's channel is drained on every call.
        let socket = duplex && fd == channel
        return withUnsafeTemporaryAllocation(byteCount: 65536, alignment: 1) { chunk in
            for _ in 0..<16 {
                let count =
                    socket ? recv(fd, chunk.baseAddress, chunk.count, Int32(MSG_DONTWAIT)) : read(fd, chunk.baseAddress, chunk.count)
                if count < 0 { return errno == EINTR || errno == EAGAIN }
                guard count > 0 else { return false }
                take(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
                if !untilEmpty && count < chunk.count { return true }
            }
            return true
        }
    }

    /// The last `count` lines of the child's output.
    package func lastOutputLines(_ count: Int) -> [String] {
        String(decoding: outputTail, as: UTF8.self).split(whereSeparator: \.isNewline).suffix(count).map(String.init)
    }

    /// Kills the child and its process group at once.
    package func kill() {
        guard termination == nil else { return }
        Glibc.kill(-pid, SIGKILL)
        Glibc.kill(pid, SIGKILL)  // in case it left its group
    }

    /// Waits for the child to exit and describes how it ended.
    package func wait() -> Termination {
        reap(blocking: true)!
    }

    /// Waits (idly) for the child to exit until `deadline`; nil if it is still running then.
    package func wait(until deadline: ContinuousClock.Instant) -> Termination? {
        while true {
            if let ended = reap(blocking: false) { return ended }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var fds = [pollfd(fd: exitSignal, events: Int16(POLLIN), revents: 0)]
            let wait = min(exitSignal >= 0 ? 1000 : 2, max(1, Int32(left.seconds * 1000)))
            _ = poll(&fds, 1, wait)
        }
    }

    /// How the child ended, once it has: its process group is killed first (while the exited child,
    /// not yet reaped, still holds the group's id), then it is reaped. Nil while it runs
    /// (`blocking`: waits for it).
    private func reap(blocking: Bool) -> Termination? {
        if let termination { return termination }
        if let server { return reap(forkedBy: server, blocking: blocking) }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | (blocking ? 0 : WNOHANG)) < 0 {
            guard errno == EINTR else { return record(.exited(-1)) }
        }
        guard info.si_signo == SIGCHLD || blocking else { return nil }
        Glibc.kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let ended = record(Self.termination(status))
        // What it left behind (its group's processes, killed above; a process that called setsid)
        // was adopted by this process when the child died: it ends now, with the child.
        LiveChildren.endAdopted(leftBy: pid)
        return ended
    }

    /// How a child forked by `server` ended, as the server tells once it has reaped it (its group
    /// killed and its orphans ended there); nil while it runs. Without `blocking`, the server is
    /// asked only once the pidfd says the child has exited, so a look costs one `poll`.
    private func reap(forkedBy server: ForkServer, blocking: Bool) -> Termination? {
        if !blocking && exitSignal >= 0 {
            var exited = pollfd(fd: exitSignal, events: Int16(POLLIN), revents: 0)
            guard poll(&exited, 1, 0) > 0 else { return nil }
        }
        guard let ended = server.termination(of: pid, waiting: blocking || exitSignal >= 0) else { return nil }
        return record(ended)
    }

    private func record(_ ended: Termination) -> Termination {
        termination = ended
        LiveChildren.remove(pid)
        return ended
    }

    /// How a child ended, from its `waitpid` status.
    static func termination(_ status: Int32) -> Termination {
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
