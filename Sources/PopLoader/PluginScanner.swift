import Foundation
import PopModel

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
        public enum Category: String, Sendable {
            /// The scanner executable cannot be started.
            case cannotStart = "cannot-start"
            /// It speaks another protocol version (a stale or foreign executable).
            case protocolMismatch = "protocol-mismatch"
            /// It ended before it scanned anything.
            case died
        }

        public let category: Category
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
            throw Failure(category: .cannotStart, description: "\(error) (set POPHOST_SCANNER or build pophost-scanner)")
        }
        var delivered = 0
        var current: Int?
        var hello: String?
        var deadline = ContinuousClock.now + .seconds(timeout)
        let end = child.readLines(deadline: { deadline }) { line in
            guard hello != nil else {
                hello = line
                return
            }
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, let index = Int(parts[1]), batch.indices.contains(index) else { return }
            if parts[0] == "B" {
                current = index
                deadline = ContinuousClock.now + .seconds(timeout)
            } else if parts[0] == "D", parts.count == 3, let outcome = try? ValueDecoder().decode(ScanOutcome.self, json: parts[2].utf8) {
                deliver(index, outcome)
                delivered += 1
                current = nil
            }
        }
        if end == .timedOut {
            child.kill()
            _ = child.wait()
            // Hung after its last file (in a destructor, say): every file was delivered.
            guard delivered < batch.count else { return nil }
            let index = current ?? delivered
            let error = PluginError(.timeout, path: batch[index], "loading did not finish within \(Self.format(timeout)) s (the scanner was killed); blacklisted until the file changes")
            return Culprit(index: index, error: error)
        }
        let termination = child.wait()
        child.drainOutput()
        if let problem = ChildProtocol.scanner.mismatch(in: hello), delivered == 0, current == nil {
            throw Failure(category: .protocolMismatch, description: "the scanner \(executable) cannot be used: \(problem); it \(termination.description): \(child.lastOutputLines(1).joined())")
        }
        guard delivered < batch.count else { return nil }
        guard let index = current else {
            throw Failure(category: .died, description: "the scanner \(executable) \(termination.description) before loading any file: \(child.lastOutputLines(1).joined())")
        }
        var cause = "loading it \(termination == .exited(0) ? "made the scanner exit" : "crashed the scanner"): the scanner \(termination.description)"
        let detail = child.lastOutputLines(1).joined()
        if !detail.isEmpty { cause += " (last output: \(detail))" }
        return Culprit(index: index, error: PluginError(.crashed, path: batch[index], cause + "; blacklisted until the file changes"))
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
