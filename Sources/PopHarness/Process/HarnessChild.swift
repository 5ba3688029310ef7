import PopLoader
import PopModel
import PopProcess
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The inside of a test's process: reads one `ChildRequest` on standard input, runs that test
/// against that plugin, and reports its result as one line on descriptor 3 (the request's secret,
/// then the result's JSON), after the protocol's name. If a call into the plugin overruns, the watchdog reports a timeout and the
/// process must end, since the call cannot be undone: `endProcess` ends it.
public enum HarnessChild {
    /// Runs the requested test; returns the process's exit status (0 when a result was reported,
    /// 64 for a request it cannot run, 74 when it cannot report).
    public static func run(endingWith endProcess: @escaping @Sendable (Int32) -> Never) -> Int32 {
        guard ChildProcess.writeChannel(line: ChildProtocol.harness.description) else { return 74 }
        let input = ChildProcess.readStandardInput()
        guard let request = try? ValueDecoder().decode(ChildRequest.self, json: input),
            request.protocolName == ChildProtocol.harness.description
        else {
            let found = String(decoding: input.prefix(80), as: UTF8.self)
            _ = report(
                TestResult(
                    name: "?", level: 0, status: .failed,
                    message: "the test's process cannot read its request (it speaks \(ChildProtocol.harness)): \(found)"), secret: "")
            return 64
        }
        let secret = request.secret
        let tests = ConformanceSuite.tests(for: request.plugin, shelf: request.options.scenarios)
        guard let test = tests.first(where: { $0.name == request.test }) else {
            _ = report(
                TestResult(name: request.test, level: 0, status: .failed, message: "no test named \(request.test) for \(request.plugin)"),
                secret: secret)
            return 64
        }
        let watchdog = CallWatchdog { what in
            _ = report(TestResult(name: test.name, level: test.level, status: .timeout, message: what), secret: secret)
            endProcess(0)
        }
        return report(run(test, pluginPath: request.plugin, options: request.options, watchdog: watchdog), secret: secret) ? 0 : 74
    }

    /// Runs `test` in this process.
    static func run(_ test: ConformanceTest, pluginPath: String, options: HarnessOptions, watchdog: CallWatchdog) -> TestResult {
        let context = HarnessContext(
            test: test.name, pluginPath: pluginPath, seed: options.seed, strictness: options.strictness,
            scenarios: options.scenarios, watchdog: watchdog)
        return test.run(in: context)
    }

    /// One result at most is reported, even when the watchdog and the test finish together.
    private static let reported = Mutex(false)

    /// Writes `result` after `secret` to descriptor 3, once, and closes it. The line starts on a
    /// line of its own, in case the plugin left one unfinished.
    private static func report(_ result: TestResult, secret: String) -> Bool {
        reported.withLock { done in
            guard !done, let value = try? ValueEncoder().encode(result) else { return false }
            done = true
            defer { close(ChildProcess.channelDescriptor) }
            return ChildProcess.writeChannel(line: "\n\(secret) " + value.json)
        }
    }
}
