import Foundation
import PopLoader

#if canImport(Glibc)
import Glibc
#endif

/// The inside of a test's process: runs one test against one plugin and reports its result as one
/// line of JSON on descriptor 3 (`ChildProcess.channelDescriptor`). If a call into the plugin
/// overruns, the watchdog reports a timeout and ends the process, since the call cannot be undone.
public enum HarnessChild {
    /// Runs test `name`; returns the process's exit status (0 when a result was reported).
    public static func run(test name: String, pluginPath: String, options: HarnessOptions) -> Int32 {
        guard let test = ConformanceSuite.tests(for: pluginPath, shelf: options.scenarios).first(where: { $0.name == name }) else {
            FileHandle.standardError.write(Data("error: no test named \(name) for \(pluginPath)\n".utf8))
            return 64
        }
        let watchdog = CallWatchdog { what in
            report(TestResult(name: test.name, level: test.level, status: .timeout, message: what))
            _exit(0)
        }
        report(HarnessChild.run(test, pluginPath: pluginPath, options: options, watchdog: watchdog))
        return 0
    }

    /// Runs `test` in this process.
    static func run(_ test: ConformanceTest, pluginPath: String, options: HarnessOptions, watchdog: CallWatchdog) -> TestResult {
        let context = HarnessContext(test: test.name, pluginPath: pluginPath, seed: options.seed, strictness: options.strictness,
                                     scenarios: options.scenarios, watchdog: watchdog)
        return test.run(in: context)
    }

    private static let reporting = NSLock()

    /// Writes `result` to descriptor 3, once.
    private static func report(_ result: TestResult) {
        reporting.lock()
        defer { reporting.unlock() }
        guard let json = try? JSONEncoder().encode(result) else { return }
        let bytes = Array(json) + [0x0A]
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(ChildProcess.channelDescriptor, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
        close(ChildProcess.channelDescriptor)
    }
}
