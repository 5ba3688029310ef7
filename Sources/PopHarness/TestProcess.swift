import Foundation
import PopLoader

#if canImport(Glibc)
import Glibc
#endif

/// Runs one test in a child process (`pophost test --child …`) and turns how the process ended
/// into a result: its report, or crashed / timeout when it died or overran.
struct TestProcess {
    let executable: String
    let timeout: Double

    func run(_ test: ConformanceTest, pluginPath: String, options: HarnessOptions) -> TestResult {
        let start = MonotonicClock.seconds()
        var result = outcome(test, arguments: options.childArguments(test: test.name, pluginPath: pluginPath))
        if result.status == .crashed || result.status == .timeout || result.milliseconds == 0 {
            result.milliseconds = (MonotonicClock.seconds() - start) * 1000
        }
        return result
    }

    private func outcome(_ test: ConformanceTest, arguments: [String]) -> TestResult {
        var result = TestResult(name: test.name, level: test.level, status: .crashed)
        let child: ChildProcess
        do { child = try ChildProcess(executable: executable, arguments: arguments, input: []) } catch {
            result.message = "\(error)"
            return result
        }
        var channel: [UInt8] = [], output: [UInt8] = []
        let deadline = MonotonicClock.seconds() + timeout
        var channelOpen = true, outputOpen = true
        var termination: ChildProcess.Termination?
        while termination == nil {
            if channelOpen {
                // A closed descriptor is left out of the poll (a negative fd is ignored).
                var fds = [pollfd(fd: child.channel, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: outputOpen ? child.output : -1, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&fds, 2, Int32(max(0, (deadline - MonotonicClock.seconds()) * 1000)))
                if ready < 0 && errno == EINTR { continue }
                if ready > 0 {
                    if fds[1].revents != 0 { outputOpen = Self.read(child.output, into: &output, keepLast: 4096) }
                    if fds[0].revents != 0 { channelOpen = Self.read(child.channel, into: &channel, keepLast: 1 << 20) }
                    continue
                }
            } else {
                // Reported (or closed its channel): the process should exit now.
                termination = child.wait(until: min(deadline, MonotonicClock.seconds() + 0.05))
                if outputOpen { outputOpen = Self.read(child.output, into: &output, keepLast: 4096) }
                if termination != nil || MonotonicClock.seconds() < deadline { continue }
            }
            child.kill()
            _ = child.wait()
            result.status = .timeout
            result.message = channelOpen
                ? "did not finish within \(Self.format(timeout)) s; its process was killed (raise the limit with --timeout)"
                : "its process did not exit within \(Self.format(timeout)) s after the test (a destructor or atexit handler hangs); it was killed"
            result.details = Self.lastLines(output)
            return result
        }
        while outputOpen { outputOpen = Self.read(child.output, into: &output, keepLast: 4096) }
        guard let termination else { return result }
        if let line = channel.split(separator: 0x0A).first, let reported = try? JSONDecoder().decode(TestResult.self, from: Data(line)) {
            guard case .signaled = termination else { return reported }
            result.message = "the test ended (\(reported.status.rawValue)), then its process \(termination.description) while exiting (in a destructor or an atexit handler)"
        } else {
            result.message = "its process \(termination.description)"
        }
        result.details = Self.lastLines(output)
        return result
    }

    /// Reads what is available on `fd` into `buffer`, keeping its last `keepLast` bytes; false at
    /// end of file.
    @discardableResult
    private static func read(_ fd: Int32, into buffer: inout [UInt8], keepLast: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        if buffer.count > keepLast { buffer.removeFirst(buffer.count - keepLast) }
        return true
    }

    /// The last lines the process printed, for a crash report.
    private static func lastLines(_ output: [UInt8]) -> [String] {
        let lines = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        return lines.suffix(6).map { "output: " + $0 }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
