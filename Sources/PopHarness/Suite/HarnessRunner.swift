import PopLoader
import Synchronization

/// Runs the conformance suite on plugin files: each test in its own process (`options.jobs` at a
/// time), or all in this process with `inProcess`.
public struct HarnessRunner: Sendable {
    public let options: HarnessOptions

    public init(options: HarnessOptions) {
        self.options = options
    }

    /// The tests that run on the plugin at `path`, in order: those selected, and `library.loads`
    /// first whenever one of them needs the plugin loaded (the gate they wait for).
    public func tests(for path: String) -> [ConformanceTest] {
        let selected = ConformanceSuite.select(
            ConformanceSuite.tests(for: path, shelf: options.scenarios), strictness: options.strictness,
            only: options.only, skip: options.skip)
        guard selected.contains(where: \.needsLoading), !selected.contains(where: { $0.name == LibraryChecks.loads.name }) else {
            return selected
        }
        return [LibraryChecks.loads] + selected
    }

    /// Runs the selected tests on every plugin. `progress` gets each result as it comes (one call
    /// at a time, in completion order) with its plugin's index; `warning` hears of a call into a
    /// plugin that overran while tests run in this process (the harness can only wait for it).
    ///
    /// First the tests that do not run the plugin's code, `library.loads` among them; then, for each
    /// plugin that loaded, the others. A plugin that does not load (or hangs or crashes loading) has
    /// them skipped, at no cost: they could only fail the same way, one timeout each.
    public func run(
        plugins: [String], progress: @escaping @Sendable (Int, TestResult) -> Void = { _, _ in },
        warning: @escaping @Sendable (String) -> Void = { _ in }
    ) -> HarnessReport {
        run(plugins: plugins, planned: plugins.map(tests(for:)), progress: progress, warning: warning)
    }

    /// Runs `planned[i]` on `plugins[i]`, as `run(plugins:progress:warning:)` describes.
    func run(
        plugins: [String], planned: [[ConformanceTest]], progress: @escaping @Sendable (Int, TestResult) -> Void = { _, _ in },
        warning: @escaping @Sendable (String) -> Void = { _ in }
    ) -> HarnessReport {
        let start = ContinuousClock.now
        let results = Mutex(planned.map { [TestResult?](repeating: nil, count: $0.count) })
        let reporting = Mutex(())
        let deliver: @Sendable (Job, TestResult) -> Void = { job, result in
            results.withLock { $0[job.plugin][job.position] = result }
            reporting.withLock { _ in progress(job.plugin, result) }
        }
        let watchdog = CallWatchdog { what in warning("\(what) (--in-process keeps waiting)") }
        let jobs = plugins.indices.flatMap { plugin in
            planned[plugin].indices.map { Job(plugin: plugin, path: plugins[plugin], position: $0, test: planned[plugin][$0]) }
        }
        let workers = options.inProcess ? 1 : max(1, min(options.jobs, jobs.count))

        perform(jobs.filter { !$0.test.needsLoading }, workers: workers, watchdog: watchdog, deliver: deliver)
        let loaded = results.withLock { all in
            plugins.indices.map { plugin in
                zip(planned[plugin], all[plugin]).first { $0.0.name == LibraryChecks.loads.name }?.1
            }
        }
        var second: [Job] = []
        for job in jobs where job.test.needsLoading {
            guard let gate = loaded[job.plugin], !(gate.status == .success || gate.status == .warning) else {
                second.append(job)
                continue
            }
            var skipped = TestResult(name: job.test.name, level: job.test.level, status: .skipped)
            skipped.message = "not run: the plugin does not load (library.loads: \(gate.status.rawValue))"
            deliver(job, skipped)
        }
        perform(second, workers: workers, watchdog: watchdog, deliver: deliver)

        let all = results.withLock { $0 }
        var report = HarnessReport(
            seed: options.seed, strictness: options.strictness, jobs: workers,
            plugins: plugins.map { HarnessReport.PluginResults(path: $0, results: []) })
        for plugin in plugins.indices { report.plugins[plugin].results = all[plugin].compactMap { $0 } }
        report.seconds = (ContinuousClock.now - start).seconds
        return report
    }

    /// One test of one plugin, and where its result goes.
    private struct Job: Sendable {
        let plugin: Int
        let path: String
        let position: Int
        let test: ConformanceTest
    }

    /// Runs `jobs`, `workers` at a time, each in its own process (or all in this one).
    private func perform(_ jobs: [Job], workers: Int, watchdog: CallWatchdog, deliver: @escaping @Sendable (Job, TestResult) -> Void) {
        guard !jobs.isEmpty else { return }
        let options = options
        let next = Atomic<Int>(0)
        let work: @Sendable () -> Void = {
            let process = TestProcess(command: options.childCommand, timeout: options.timeout)
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < jobs.count else { return }
                let job = jobs[index]
                deliver(
                    job,
                    options.inProcess
                        ? HarnessChild.run(job.test, pluginPath: job.path, options: options, watchdog: watchdog)
                        : process.run(job.test, pluginPath: job.path, options: options))
            }
        }
        let count = min(workers, jobs.count)
        NativeThread.runConcurrently(count, work)
    }
}
