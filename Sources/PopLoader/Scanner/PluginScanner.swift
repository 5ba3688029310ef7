import PopModel
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

/// Scans plugin files in child processes (`pophost-scanner`), one worker for up to `filesPerWorker`
/// files at a time. A file that crashes the worker, or keeps it busy longer than `timeout`, is
/// reported as `crashed` or `timeout` once it does so alone; a new worker then scans the rest.
public struct PluginScanner: Sendable {
    /// The scanner executable.
    public var executable: String
    /// Seconds one file may take before the worker is killed.
    public var timeout: Double
    /// How many files one worker opens before a fresh one takes the rest (at least 1). A worker
    /// never closes what it opened (`RTLD_NODELETE`), and each `dlopen` walks every object already
    /// loaded in the process, so a worker's cost a file grows with the files before it: 10,000 files
    /// in one worker cost several times a file what 1,000 do, and about 13,000 C plugins' mappings exceed the
    /// kernel's default `vm.max_map_count` (dlopen then fails with "Cannot allocate memory").
    public var filesPerWorker: Int

    /// Files a worker opens by default: a worker's start costs about as much as opening this many
    /// files costs extra in a worker already holding them (measured in docs/benchmarks.md, "Scale").
    public static let defaultFilesPerWorker = 250

    public init(
        executable: String = PluginScanner.defaultExecutable, timeout: Double = 10,
        filesPerWorker: Int = PluginScanner.defaultFilesPerWorker
    ) {
        self.executable = executable
        self.timeout = timeout
        self.filesPerWorker = filesPerWorker
    }

    /// `$POPHOST_SCANNER`, else `pophost-scanner` next to the running executable.
    public static var defaultExecutable: String {
        if let override = getenv("POPHOST_SCANNER").map({ String(cString: $0) }), !override.isEmpty { return override }
        return RunningExecutable.directory + "/pophost-scanner"
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

    /// What a scan found: one outcome per path, in order, and the crashes no file could be blamed for.
    public struct Result: Sendable {
        public var outcomes: [ScanOutcome]
        /// A worker died or hung outside any file, or while loading a file that then loads alone in a
        /// fresh worker (something an earlier plugin left running did it): said in words, nobody
        /// blacklisted.
        public var unattributedCrashes: [String]
    }

    /// Scans `paths`. `progress(done, total)` is called after each file.
    ///
    /// A file is blamed (crashed or timeout, blacklisted) only when it took down a worker in which
    /// no other plugin had run: when a worker dies on a file that came after others, that file is
    /// scanned again alone, in a fresh worker, and keeps whatever that finds. Each worker takes up to
    /// `filesPerWorker` files, from the first one not yet settled.
    public func scan(_ paths: [String], progress: (Int, Int) -> Void = { _, _ in }) throws(Failure) -> Result {
        var outcomes: [ScanOutcome?] = Array(repeating: nil, count: paths.count)
        var unattributed: [String] = []
        var next = 0, done = 0
        func settle(_ index: Int, _ outcome: ScanOutcome) {
            outcomes[index] = outcome
            done += 1
            progress(done, paths.count)
        }
        while next < paths.count {
            let start = next
            let batch = Array(paths[start..<min(start + max(filesPerWorker, 1), paths.count)])
            let run = try runWorker(batch) { index, outcome in settle(start + index, outcome) }
            switch run {
            case .completed:
                next = start + batch.count
            case .stoppedBetweenFiles(let delivered, let how):
                unattributed.append(
                    "the scanner \(how) between files, after loading \(Self.names(paths[start..<start + delivered])): something a plugin left running (a thread, a handler) is the likely cause; no file is blamed"
                )
                next = start + delivered
            case .stoppedOnFile(let index, let how, let error):
                let culprit = start + index
                if index == 0 {
                    settle(culprit, .failed(error: error))
                } else {
                    // Others ran before it in that worker: blame it only if it fails alone too.
                    let loadedBefore = paths[start..<culprit]
                    var alone: ScanOutcome?
                    switch try runWorker([paths[culprit]], deliver: { _, outcome in alone = outcome }) {
                    case .stoppedOnFile(_, _, let confirmed): alone = .failed(error: confirmed)
                    case .completed, .stoppedBetweenFiles: break
                    }
                    var confirmed = false
                    if case .failed(let failure)? = alone { confirmed = failure.isBlacklisting }
                    if !confirmed {
                        unattributed.append(
                            "the scanner \(how) while loading \(paths[culprit]), but that file loads alone in a fresh scanner: something a file loaded before it left running (\(Self.names(loadedBefore))) is the likely cause; no file is blamed"
                        )
                    }
                    settle(
                        culprit,
                        alone
                            ?? .failed(
                                error: PluginError(.crashed, path: paths[culprit], "the scanner stopped before reporting on this file")))
                }
                next = culprit + 1
            }
        }
        let settled = outcomes.enumerated().map { index, outcome in
            outcome ?? .failed(error: PluginError(.crashed, path: paths[index], "the scanner stopped before reaching this file"))
        }
        return Result(outcomes: settled, unattributedCrashes: unattributed)
    }

    /// "a.so, b.so and 3 more", by file name.
    private static func names(_ paths: ArraySlice<String>) -> String {
        let names = paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        return names.count <= 3 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
    }

    /// How one worker's run over a batch ended.
    private enum WorkerEnd {
        /// Every file's outcome was delivered.
        case completed
        /// It died or hung (`how`, in words) while loading the file at `index` of its batch.
        case stoppedOnFile(index: Int, how: String, error: PluginError)
        /// It died or hung after delivering `delivered` files, while loading none.
        case stoppedBetweenFiles(delivered: Int, how: String)
    }

    /// Runs one worker over `batch`, passing each outcome it delivers to `deliver`.
    private func runWorker(_ batch: [String], deliver: (Int, ScanOutcome) -> Void) throws(Failure) -> WorkerEnd {
        let secret = ChildProtocol.newSecret()
        var input = Array(secret.utf8) + [0]
        for path in batch { input += PathBytes.bytes(path) + [0] }
        let child: ChildProcess
        do { child = try ChildProcess(executable: executable, arguments: [], input: input) } catch {
            throw Failure(category: .cannotStart, description: "\(error) (set POPHOST_SCANNER or build pophost-scanner)")
        }
        var delivered = 0
        var current: Int?
        /// The step the current file's loading is in.
        var stage: ScanStage?
        var hello: String?
        var forged = 0
        var deadline = ContinuousClock.now + .seconds(timeout)
        // A line over the channel's limit: the current file's answer (or what its plugin wrote)
        // cannot be read, so that file fails and the batch goes on.
        let overlong = {
            guard let index = current else { return }
            deliver(
                index,
                .failed(
                    error: PluginError(
                        .invalidDescriptor, path: batch[index],
                        "its description, as the scanner wrote it, is longer than \(ChannelLines.limit >> 20) MiB")))
            delivered += 1
            current = nil
        }
        let end = child.readLines(deadline: { deadline }, overlong: overlong) { line in
            guard hello != nil else {
                hello = line
                return
            }
            guard !line.isEmpty else { return }
            let parts = line.split(separator: " ", maxSplits: 3)
            guard parts.count >= 3, parts[2] == secret, let index = Int(parts[1]), batch.indices.contains(index) else {
                forged += 1  // not the worker's: a plugin wrote it
                return
            }
            if parts[0] == "B" {
                current = index
                stage = nil
                deadline = ContinuousClock.now + .seconds(timeout)
            } else if parts[0] == "S", parts.count == 4, index == current {
                stage = ScanStage(rawValue: String(parts[3]))
            } else if parts[0] == "D", parts.count == 4, let outcome = try? ValueDecoder().decode(ScanOutcome.self, json: parts[3].utf8) {
                deliver(index, outcome)
                delivered += 1
                current = nil
            }
        }
        let forgery =
            forged == 0
            ? ""
            : "; \(forged) line\(forged == 1 ? "" : "s") on the scanner's channel did not come from the scanner and \(forged == 1 ? "was" : "were") ignored"
        if end == .timedOut {
            child.kill()
            _ = child.wait()
            // Hung after its last file (in a destructor, say): every file was delivered.
            guard delivered < batch.count else { return .completed }
            guard let index = current else { return .stoppedBetweenFiles(delivered: delivered, how: "hung") }
            let error = PluginError(
                .timeout, path: batch[index],
                "loading did not finish within \(Self.format(timeout)) s\(stage.map { " (it hung \($0.words))" } ?? "") (the scanner was killed)\(forgery); blacklisted until the file changes"
            )
            return .stoppedOnFile(index: index, how: "hung for more than \(Self.format(timeout)) s", error: error)
        }
        let termination = child.wait()
        if let problem = ChildProtocol.scanner.mismatch(in: hello), delivered == 0, current == nil {
            throw Failure(
                category: .protocolMismatch,
                description:
                    "the scanner \(executable) cannot be used: \(problem); it \(termination.description): \(child.lastOutputLines(1).joined())"
            )
        }
        guard delivered < batch.count else { return .completed }
        guard let index = current else {
            guard delivered > 0 else {
                throw Failure(
                    category: .died,
                    description:
                        "the scanner \(executable) \(termination.description) before loading any file: \(child.lastOutputLines(1).joined())"
                )
            }
            return .stoppedBetweenFiles(delivered: delivered, how: termination.description)
        }
        var cause =
            "loading it \(termination == .exited(0) ? "made the scanner exit" : "crashed the scanner")\(stage.map { " \($0.words)" } ?? ""): the scanner \(termination.description)"
        let detail = child.lastOutputLines(1).joined()
        if !detail.isEmpty { cause += " (last output: \(detail))" }
        return .stoppedOnFile(
            index: index, how: termination.description,
            error: PluginError(.crashed, path: batch[index], cause + forgery + "; blacklisted until the file changes"))
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
