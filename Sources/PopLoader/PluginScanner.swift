import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Scans plugin files in a child process (`pophost-scanner`), one worker for a whole batch. A file
/// that crashes the worker, or keeps it busy longer than `timeout`, is reported as `crashed` or
/// `timeout`; a new worker then scans the rest of the batch.
public struct PluginScanner: Sendable {
    /// The scanner executable.
    public var executable: String
    /// Seconds one file may take before the worker is killed.
    public var timeout: Double

    public init(executable: String = PluginScanner.defaultExecutable, timeout: Double = 10) {
        self.executable = executable
        self.timeout = timeout
    }

    /// `$POPHOST_SCANNER`, else `pophost-scanner` next to the running executable.
    public static var defaultExecutable: String {
        if let override = ProcessInfo.processInfo.environment["POPHOST_SCANNER"], !override.isEmpty { return override }
        return SearchPath.executableDirectory + "/pophost-scanner"
    }

    /// A worker could not be run at all (the scanner is missing or broken): no plugin is to blame.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Scans `paths` and returns one outcome per path, in order. `progress(done, total)` is called
    /// after each file.
    public func scan(_ paths: [String], progress: (Int, Int) -> Void = { _, _ in }) throws(Failure) -> [ScanOutcome] {
        var outcomes: [ScanOutcome?] = Array(repeating: nil, count: paths.count)
        var next = 0, done = 0
        while next < paths.count {
            let culprit = try runWorker(Array(paths[next...])) { index, outcome in
                outcomes[next + index] = outcome
                done += 1
                progress(done, paths.count)
            }
            guard let culprit else { break }
            outcomes[next + culprit.index] = .failed(error: culprit.error)
            done += 1
            progress(done, paths.count)
            next += culprit.index + 1
        }
        return outcomes.enumerated().map { index, outcome in
            outcome ?? .failed(error: PluginError(.crashed, path: paths[index], "the scanner stopped before reaching this file"))
        }
    }

    /// The file a worker died on, and why.
    private struct Culprit {
        let index: Int
        let error: PluginError
    }

    /// Runs one worker over `batch`, passing each outcome it delivers to `deliver`; returns the file
    /// it was on if it died or hung part-way.
    private func runWorker(_ batch: [String], deliver: (Int, ScanOutcome) -> Void) throws(Failure) -> Culprit? {
        var input: [UInt8] = []
        for path in batch { input += Array(path.utf8) + [0] }
        let child: ChildProcess
        do { child = try ChildProcess(executable: executable, arguments: [], input: input) } catch {
            throw Failure(description: "\(error) (set POPHOST_SCANNER or build pophost-scanner)")
        }
        var delivered = 0
        var current: Int?
        var channelBuffer: [UInt8] = [], outputTail: [UInt8] = []
        var deadline = MonotonicClock.seconds() + timeout
        var channelOpen = true
        let decoder = JSONDecoder()

        while channelOpen {
            var fds = [pollfd(fd: child.channel, events: Int16(POLLIN), revents: 0), pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)]
            let wait = max(0, Int32((deadline - MonotonicClock.seconds()) * 1000))
            let ready = poll(&fds, 2, wait)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                child.kill()
                _ = child.wait()
                // Hung after its last file (in a destructor, say): every file was delivered.
                guard delivered < batch.count else { return nil }
                let index = current ?? delivered
                let error = PluginError(.timeout, path: batch[index], "loading did not finish within \(Self.format(timeout)) s (the scanner was killed); blacklisted until the file changes")
                return Culprit(index: index, error: error)
            }
            if fds[1].revents != 0 { Self.drain(child.output, into: &outputTail, keepLast: 2048) }
            guard fds[0].revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(child.channel, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { channelOpen = false; break }
            channelBuffer += chunk[0..<count]
            while let newline = channelBuffer.firstIndex(of: 0x0A) {
                let line = String(decoding: channelBuffer[..<newline], as: UTF8.self)
                channelBuffer.removeSubrange(...newline)
                let parts = line.split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, let index = Int(parts[1]), batch.indices.contains(index) else { continue }
                if parts[0] == "B" {
                    current = index
                    deadline = MonotonicClock.seconds() + timeout
                } else if parts[0] == "D", parts.count == 3,
                          let outcome = try? decoder.decode(ScanOutcome.self, from: Data(parts[2].utf8)) {
                    deliver(index, outcome)
                    delivered += 1
                    current = nil
                }
            }
        }
        while Self.drain(child.output, into: &outputTail, keepLast: 2048) {}
        let termination = child.wait()
        guard delivered < batch.count else { return nil }
        guard let index = current else {
            throw Failure(description: "the scanner \(executable) \(termination.description) before loading any file: \(Self.lastLine(outputTail))")
        }
        var cause = "loading it \(termination == .exited(0) ? "made the scanner exit" : "crashed the scanner"): the scanner \(termination.description)"
        let detail = Self.lastLine(outputTail)
        if !detail.isEmpty { cause += " (last output: \(detail))" }
        return Culprit(index: index, error: PluginError(.crashed, path: batch[index], cause + "; blacklisted until the file changes"))
    }

    /// Reads what is available on `fd` into `tail`, keeping its last `keepLast` bytes; false at EOF.
    @discardableResult
    private static func drain(_ fd: Int32, into tail: inout [UInt8], keepLast: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        tail += chunk[0..<count]
        if tail.count > keepLast { tail.removeFirst(tail.count - keepLast) }
        return true
    }

    private static func lastLine(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
