import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program started the way a shell starts a job: in a process group of its own (so a test can
/// signal the group, as a terminal's Ctrl-C does), with its output thrown away, and optionally an
/// extra descriptor it inherits (to see whether it reaches its own children).
package final class BackgroundProcess {
    package let pid: pid_t
    private var status: Int32?

    /// Where the program's standard output goes.
    package enum Output: Sendable {
        case null
        /// A file, opened for writing (it must exist: `/dev/full`, a FIFO).
        case file(String)
        /// A descriptor of the test's, duplicated (a pipe's end).
        case descriptor(Int32)
        /// No standard output at all (`>&-`).
        case closed
    }

    /// Starts `executable`; `inherited` is opened read-only and handed over as descriptor 9;
    /// standard output goes to `output`, standard error to the file `errors` (else nowhere);
    /// `environment` entries are added to (nil: removed from) the test's.
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:], inherited: String? = nil,
        output: Output = .null, errors: String? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        switch output {
        case .null: posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
        case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
        case .closed: posix_spawn_file_actions_addclose(&actions, 1)
        }
        posix_spawn_file_actions_addopen(&actions, 2, errors ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let inherited { posix_spawn_file_actions_addopen(&actions, 9, inherited, O_RDONLY, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // As from a shell: no blocked signals, default actions (the test runner's threads block some).
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Fixture.FixtureError(message: "cannot start \(executable): \(String(cString: strerror(result)))") }
        pid = child
    }

    deinit {
        if status == nil {
            kill(-pid, SIGKILL)
            _ = wait(seconds: 10)
        }
    }

    /// Sends `signal` to the process's whole group, as a terminal does.
    package func signalGroup(_ signal: Int32) { kill(-pid, signal) }

    /// Sends `signal` to the process alone.
    package func signal(_ signal: Int32) { kill(pid, signal) }

    /// The exit status as a shell reports it (128 + the signal for a killed process), waiting at
    /// most `seconds`; nil if it runs on.
    package func exitStatus(seconds: Double) -> Int32? {
        wait(seconds: seconds).map { raw in raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F) }
    }

    /// The raw wait status once the process has ended, waiting at most `seconds`; nil if it runs on.
    package func wait(seconds: Double) -> Int32? {
        if let status { return status }
        let deadline = Date().addingTimeInterval(seconds)
        var raw: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &raw, WNOHANG) == pid {
                status = raw
                return raw
            }
            usleep(5000)
        }
        return nil
    }
}

/// Processes seen through /proc.
package enum ProcessTable {
    /// The processes whose parent is `parent`.
    package static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { parentOf($0) == parent }
    }

    /// The parent of `pid`, from /proc/PID/stat (nil when it is gone).
    package static func parentOf(_ pid: pid_t) -> pid_t? {
        statFields(pid).flatMap { $0.count > 1 ? pid_t($0[1]) : nil }
    }

    /// Whether `pid` exists and is not a zombie.
    package static func isRunning(_ pid: pid_t) -> Bool {
        guard let state = statFields(pid)?.first else { return false }
        return state != "Z" && state != "X"
    }

    /// A field of /proc/PID/status, e.g. "SigBlk".
    package static func status(_ pid: pid_t, _ field: String) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix(field + ":") }
            .map { $0.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    /// The file `pid` runs (/proc/PID/exe): until a spawned child has exec'ed, its parent's.
    package static func executable(_ pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }

    /// What each open descriptor of `pid` points at.
    package static func openFiles(_ pid: pid_t) -> [String] {
        let directory = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0) }
    }

    /// Waits until `condition` holds, checking every 5 ms for at most `seconds`; whether it held.
    package static func await(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(5000)
        }
        return condition()
    }

    /// The state and the fields after it in /proc/PID/stat (the command name, which may hold
    /// spaces, is skipped).
    private static func statFields(_ pid: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }
}
