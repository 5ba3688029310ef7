import CProcessControl

#if canImport(Glibc)
import Glibc
#endif

/// A child executable kept running to fork copies of itself: each copy goes on as a child of that
/// executable started afresh would (`ChildProcess(forkedBy:input:)`), without paying again for
/// `exec`, the dynamic loader's relocations and the Swift runtime's start — most of what starting a
/// Swift executable costs (docs/benchmarks.md, "A test's process"). The harness keeps one per
/// worker, so each conformance test still runs in a process of its own.
///
/// The server must fork while it has one thread: it serves (`serve()`) before its executable does
/// anything else, and the copies set up the rest. Like every child's entry, `serve()` returns the
/// exit status; the executable exits. Each copy gets its descriptors 0–3 from the parent
/// (passed over the server's channel), a process group of its own, an empty signal mask, and dies
/// with the server (which dies with the parent). The server reaps it — after killing its group and
/// ending its orphans, as `ChildProcess` does for a child it spawned — and tells the parent how it
/// ended.
///
/// The protocol (`pophost-fork-server/1`), after the hello line, is fixed messages on the duplex
/// channel: the parent sends one byte `F` with the three descriptors attached; the server answers
/// 12 bytes — a kind, three zeros, the pid and a value, little-endian — `P` (started; the copy's
/// pidfd attached where the kernel has them) or `E` (the value is `fork`'s errno), and once the copy
/// has been reaped, `X` (the value is its `waitpid` status).
package final class ForkServer {
    package static let protocolVersion = ChildProtocol(name: "pophost-fork-server", version: 1)
    /// The first argument that makes an executable serve (it calls `serve()` when it sees it).
    package static let argument = "--fork-server"

    private let process: ChildProcess
    private let executable: String
    /// Whether the server is known to be gone or broken; then nothing more is asked of it.
    private var broken = false
    /// How long the server may take to answer a request.
    private static let answerTime = Duration.seconds(10)

    // MARK: The parent's side

    /// Starts `executable` as a fork server and waits (up to `timeout`) for its hello. Throws when it
    /// cannot start or does not speak this protocol (an executable that cannot serve).
    package init(executable: String, timeout: Duration = .seconds(10)) throws(SpawnError) {
        self.executable = executable
        process = try ChildProcess(executable: executable, arguments: [Self.argument], input: [], duplex: true)
        let hello = process.readLine(deadline: .now + timeout)
        let line: String? = if case .line(let text) = hello { text } else { nil }
        if let problem = Self.protocolVersion.mismatch(in: line) {
            process.kill()
            _ = process.wait()
            throw SpawnError(executable: executable, cause: "it does not serve forks: \(problem)")
        }
    }

    deinit {
        // End of file on its channel ends the server; one that does not end is killed.
        process.finishSending()
        if process.wait(until: .now + .seconds(1)) == nil {
            process.kill()
            _ = process.wait()
        }
    }

    /// Whether the server still runs and answers.
    package var isServing: Bool {
        !broken && process.wait(until: .now) == nil
    }

    /// Has the server fork a copy with `ends` as its descriptors 0, 1 and 2, and 3; the copy's pid and
    /// a pidfd for it (-1 without).
    func fork(ends: ChildProcess.ChildEnds) throws(SpawnError) -> (pid: pid_t, exitSignal: Int32) {
        let deadline = ContinuousClock.now + Self.answerTime
        guard !broken, process.send([UInt8(ascii: "F")], passing: [ends.input, ends.output, ends.channel], deadline: deadline) else {
            throw fail("it does not take requests")
        }
        guard let answer = receiveAnswer(deadline: deadline) else { throw fail("it did not answer") }
        switch answer.kind {
        case UInt8(ascii: "P"):
            return (answer.pid, answer.descriptors.first ?? -1)
        case UInt8(ascii: "E"):
            throw SpawnError(executable: executable, cause: "fork: " + String(cString: strerror(answer.value)))
        default:
            throw fail("it answered out of turn")
        }
    }

    /// How the copy `pid` ended, once the server has reaped it; nil while it runs (or, without
    /// `waiting`, while no answer has come). A server that has gone took its copy with it: killed.
    func termination(of pid: pid_t, waiting: Bool) -> ChildProcess.Termination? {
        guard !broken else { return .signaled(SIGKILL) }
        guard let answer = receiveAnswer(deadline: waiting ? .now + Self.answerTime : .now) else {
            guard waiting else { return nil }
            _ = fail("it did not tell how a process ended")
            return .signaled(SIGKILL)
        }
        guard answer.kind == UInt8(ascii: "X"), answer.pid == pid else {
            _ = fail("it answered out of turn")
            return .signaled(SIGKILL)
        }
        return ChildProcess.termination(answer.value)
    }

    /// The next 12-byte answer, with the descriptors it carried.
    private func receiveAnswer(deadline: ContinuousClock.Instant) -> (kind: UInt8, pid: pid_t, value: Int32, descriptors: [Int32])? {
        guard let (bytes, descriptors) = process.receive(12, deadline: deadline) else { return nil }
        func number(at offset: Int) -> Int32 {
            Int32(bitPattern: bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) })
        }
        return (bytes[0], number(at: 4), number(at: 8), descriptors)
    }

    /// Marks the server broken and kills it (its copies die with it); the error to throw.
    private func fail(_ cause: String) -> SpawnError {
        broken = true
        process.kill()
        return SpawnError(executable: executable, cause: "its fork server failed: \(cause)")
    }

    // MARK: The server's side

    /// What `serve()` returned to.
    package enum Served: Equatable {
        /// A copy, set up as a child started afresh: it goes on as one.
        case copy
        /// The server, or a copy whose server had already gone: the process should exit with this
        /// status (0 when the parent closed the channel).
        case exit(Int32)
    }

    /// Serves forks on this process's channel, until the parent closes it; returns in each copy too.
    /// Call first thing (after `ChildProcess.dieWithParent()`), while the process has one thread.
    package static func serve() -> Served {
        guard ChildProcess.writeChannel(line: protocolVersion.description) else { return .exit(74) }
        // A copy that crashes leaves its orphans to the server, which ends them as it reaps it.
        _ = LiveChildren.adoptDescendants()
        let server = getpid()
        while true {
            var request: UInt8 = 0
            var ends: [Int32] = [-1, -1, -1, -1]
            var received: Int32 = 0
            let count = pop_receive_with_descriptors(ChildProcess.channelDescriptor, &request, 1, &ends, 4, &received, 0)
            guard count > 0 else { return .exit(0) }
            guard request == UInt8(ascii: "F"), received == 3 else {
                for fd in ends.prefix(Int(received)) { close(fd) }
                return .exit(65)
            }
            let copy = Glibc.fork()
            if copy == 0 { return becomeCopy(ends: ends, server: server) ? .copy : .exit(75) }
            for fd in ends.prefix(3) { close(fd) }
            guard copy > 0 else {
                guard answer("E", pid: 0, value: errno) else { return .exit(74) }
                continue
            }
            setpgid(copy, copy)
            let exitSignal = pop_pidfd_open(copy)
            let told = answer("P", pid: copy, value: 0, passing: exitSignal >= 0 ? [exitSignal] : [])
            if exitSignal >= 0 { close(exitSignal) }
            // A parent that has gone is not told; the copy still is reaped first.
            guard answer("X", pid: copy, value: reap(copy)), told else { return .exit(74) }
        }
    }

    /// In a fresh copy: takes `ends` as descriptors 0–3 and closes every other, leads a group of its
    /// own, unblocks every signal and dies with the server; false when the server has already gone.
    private static func becomeCopy(ends: [Int32], server: pid_t) -> Bool {
        dup2(ends[0], 0)
        dup2(ends[1], 1)
        dup2(ends[1], 2)
        dup2(ends[2], ChildProcess.channelDescriptor)
        pop_close_from(ChildProcess.channelDescriptor + 1)
        setpgid(0, 0)
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        _ = pop_set_parent_death_signal(SIGKILL)
        return getppid() == server
    }

    /// Waits for `copy` to exit, kills its group (while the exited copy still holds the group's id),
    /// reaps it and ends its orphans; its `waitpid` status.
    private static func reap(_ copy: pid_t) -> Int32 {
        var info = siginfo_t()
        while waitid(P_PID, id_t(copy), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        kill(-copy, SIGKILL)
        var status: Int32 = 0
        while waitpid(copy, &status, 0) < 0 && errno == EINTR {}
        LiveChildren.endAdopted(leftBy: copy)
        return status
    }

    /// Writes one answer to the parent; false when it cannot (the parent has gone).
    private static func answer(_ kind: Unicode.Scalar, pid: pid_t, value: Int32, passing descriptors: [Int32] = []) -> Bool {
        var bytes: [UInt8] = [UInt8(ascii: kind), 0, 0, 0]
        for number in [UInt32(bitPattern: pid), UInt32(bitPattern: value)] {
            bytes += (0..<4).map { UInt8(truncatingIfNeeded: number >> (8 * $0)) }
        }
        let sent = bytes.withUnsafeBytes { buffer in
            descriptors.withUnsafeBufferPointer {
                pop_send_with_descriptors(
                    ChildProcess.channelDescriptor, buffer.baseAddress, buffer.count, $0.baseAddress, Int32($0.count), 0)
            }
        }
        return sent == bytes.count
    }
}
