import PopLoader
import PopModel
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

/// Runs one test at a time in a child process (`HarnessOptions.childCommand`, speaking
/// `pophost-harness/2`) and turns how the process ended into a result: its report, or crashed /
/// timeout when it died or overran. One per worker: its tests' processes are forked by a fork server
/// of the child command's executable (`ForkServer`), started with the first test, so that each test
/// pays for a `fork` rather than for starting an executable; a command that cannot serve has each
/// test's process spawned instead.
final class TestProcess {
    let command: [String]
    let timeout: Double
    /// The server this worker's tests are forked by; nil before the first test, or after it stopped.
    private var server: ForkServer?
    /// False once the command failed to serve: from then on each test's process is spawned.
    private var forking = true

    init(command: [String], timeout: Double) {
        self.command = command
        self.timeout = timeout
    }

    /// Starts a test's process with `input`: forked by the server (started, or restarted, when needed),
    /// else spawned.
    private func start(input: [UInt8]) throws(SpawnError) -> ChildProcess {
        if forking, command.count == 1 {
            if server?.isServing != true {
                server = nil
                server = try? ForkServer(executable: command[0], timeout: .seconds(timeout))
                forking = server != nil
            }
            if let server, let child = try? ChildProcess(forkedBy: server, input: input) { return child }
        }
        return try ChildProcess(executable: command[0], arguments: Array(command.dropFirst()), input: input)
    }

    func run(_ test: ConformanceTest, pluginPath: String, options: HarnessOptions) -> TestResult {
        let start = ContinuousClock.now
        var result = outcome(test, request: options.request(test: test.name, pluginPath: pluginPath))
        if result.status == .crashed || result.status == .timeout || result.milliseconds == 0 {
            result.milliseconds = (ContinuousClock.now - start).seconds * 1000
        }
        return result
    }

    private func outcome(_ test: ConformanceTest, request: ChildRequest) -> TestResult {
        var result = TestResult(name: test.name, level: test.level, status: .crashed)
        let child: ChildProcess
        do {
            let input = Array(try ValueEncoder().encode(request).json.utf8) + [0x0A]
            child = try start(input: input)
        } catch {
            // An executable that is not there says how to provide it.
            let missing = access(command[0], X_OK) != 0
            result.message = "\(error)" + (missing ? " " + HarnessOptions.childRemedy : "")
            return result
        }
        let deadline = ContinuousClock.now + .seconds(timeout)
        var lines: [String] = []
        // Until the process exits, not until its channel closes: a plugin's own child may keep it open.
        let end = child.readLines(deadline: { deadline }) { lines.append($0) }
        guard end == .exited else {
            child.kill()
            _ = child.wait()
            child.drainOutput()
            result.status = .timeout
            result.message =
                Self.result(in: lines.dropFirst(), secret: request.secret) == nil
                ? "did not finish within \(Self.format(timeout)) s; its process was killed (raise the limit with --timeout)"
                : "its process did not exit within \(Self.format(timeout)) s after the test (a destructor or atexit handler hangs); it was killed"
            result.details = child.lastOutputLines(6).map { "output: " + $0 }
            return result
        }
        let termination = child.wait()
        child.drainOutput()
        if let problem = ChildProtocol.harness.mismatch(in: lines.first) {
            result.message = "its process \(termination.description) without a result: \(problem)"
        } else if let reported = Self.result(in: lines.dropFirst(), secret: request.secret) {
            guard case .signaled = termination else { return reported }
            result.message =
                "the test ended (\(reported.status.rawValue)), then its process \(termination.description) while exiting (in a destructor or an atexit handler)"
        } else {
            let others = lines.dropFirst().filter { !$0.isEmpty }.count
            result.message =
                "its process \(termination.description) without reporting a result"
                + (others == 0
                    ? ""
                    : " (\(others) line\(others == 1 ? "" : "s") on its channel did not come from the harness and \(others == 1 ? "was" : "were") ignored)")
        }
        result.details = child.lastOutputLines(6).map { "output: " + $0 }
        return result
    }

    /// The child's result: the line that starts with the request's secret (others came from the
    /// plugin).
    private static func result(in lines: ArraySlice<String>, secret: String) -> TestResult? {
        let prefix = secret + " "
        guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return try? ValueDecoder().decode(TestResult.self, json: line.utf8.dropFirst(prefix.utf8.count))
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
