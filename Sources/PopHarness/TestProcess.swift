import PopLoader
import PopModel

/// Runs one test in a child process (`HarnessOptions.childCommand`, speaking `pophost-harness/1`)
/// and turns how the process ended into a result: its report, or crashed / timeout when it died or
/// overran.
struct TestProcess {
    let command: [String]
    let timeout: Double

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
            child = try ChildProcess(executable: command[0], arguments: Array(command.dropFirst()), input: input)
        } catch {
            result.message = "\(error)"
            return result
        }
        let deadline = ContinuousClock.now + .seconds(timeout)
        var lines: [String] = []
        let end = child.readLines(deadline: { deadline }) { lines.append($0) }
        // Reported (or closed its channel): the process should exit now.
        let termination = end == .closed ? child.wait(until: deadline) : nil
        guard let termination else {
            child.kill()
            _ = child.wait()
            child.drainOutput()
            result.status = .timeout
            result.message = end == .timedOut
                ? "did not finish within \(Self.format(timeout)) s; its process was killed (raise the limit with --timeout)"
                : "its process did not exit within \(Self.format(timeout)) s after the test (a destructor or atexit handler hangs); it was killed"
            result.details = child.lastOutputLines(6).map { "output: " + $0 }
            return result
        }
        child.drainOutput()
        if let problem = ChildProtocol.harness.mismatch(in: lines.first) {
            result.message = "its process \(termination.description) without a result: \(problem)"
        } else if lines.count > 1, let reported = try? ValueDecoder().decode(TestResult.self, json: lines[1].utf8) {
            guard case .signaled = termination else { return reported }
            result.message = "the test ended (\(reported.status.rawValue)), then its process \(termination.description) while exiting (in a destructor or an atexit handler)"
        } else {
            result.message = "its process \(termination.description)"
        }
        result.details = child.lastOutputLines(6).map { "output: " + $0 }
        return result
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
