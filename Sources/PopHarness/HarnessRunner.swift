import Foundation
import Synchronization
import PopLoader

/// Runs the conformance suite on plugin files: each test in its own process (`options.jobs` at a
/// time), or all in this process with `inProcess`.
public struct HarnessRunner: Sendable {
    public let options: HarnessOptions

    public init(options: HarnessOptions) {
        self.options = options
    }

    /// The tests that run on the plugin at `path`, in order.
    public func tests(for path: String) -> [ConformanceTest] {
        ConformanceSuite.select(ConformanceSuite.tests(for: path, shelf: options.scenarios), strictness: options.strictness,
                                only: options.only, skip: options.skip)
    }

    /// Runs the selected tests on every plugin. `progress` gets each result as it comes (one call
    /// at a time, in completion order) with its plugin's index; `warning` hears of a call into a
    /// plugin that overran while tests run in this process (the harness can only wait for it).
    public func run(plugins: [String], progress: @escaping @Sendable (Int, TestResult) -> Void = { _, _ in },
                    warning: @escaping @Sendable (String) -> Void = { _ in }) -> HarnessReport {
        let start = ContinuousClock.now
        let jobs = plugins.enumerated().flatMap { index, path in tests(for: path).map { (plugin: index, path: path, test: $0) } }
        let results = Mutex([TestResult?](repeating: nil, count: jobs.count))
        let next = Atomic<Int>(0)
        let reporting = Mutex(())
        let options = options
        let process = TestProcess(command: options.childCommand, timeout: options.timeout)
        let watchdog = CallWatchdog { what in warning("\(what) (--in-process keeps waiting)") }
        let work: @Sendable () -> Void = {
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < jobs.count else { return }
                let job = jobs[index]
                let result = options.inProcess
                    ? HarnessChild.run(job.test, pluginPath: job.path, options: options, watchdog: watchdog)
                    : process.run(job.test, pluginPath: job.path, options: options)
                results.withLock { $0[index] = result }
                reporting.withLock { _ in progress(job.plugin, result) }
            }
        }
        let workers = options.inProcess ? 1 : max(1, min(options.jobs, jobs.count))
        if workers == 1 { work() } else { DispatchQueue.concurrentPerform(iterations: workers) { _ in work() } }

        let all = results.withLock { $0 }
        var report = HarnessReport(seed: options.seed, strictness: options.strictness, jobs: workers,
                                   plugins: plugins.map { HarnessReport.PluginResults(path: $0, results: []) })
        for (job, result) in zip(jobs, all) { if let result { report.plugins[job.plugin].results.append(result) } }
        report.seconds = (ContinuousClock.now - start).seconds
        return report
    }
}
