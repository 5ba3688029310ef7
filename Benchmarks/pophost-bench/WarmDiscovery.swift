import HostRuntime

#if canImport(Glibc)
import Glibc
#endif

/// Warm cached discovery (nothing new to scan, every answer from the cache) against a plain `stat`
/// loop, in this process. Discovery is timed at two sizes, the C copies alone (n plugins) and both
/// samples (2n), each with its own filled cache, and split into a fixed cost and a per-plugin cost
/// by the line through the two points. Samples of the three measurements are interleaved.
struct WarmDiscovery: Codable {
    static let target = 2.0
    /// Samples of each measurement per round: one is fast, so take more than one.
    static let samplesPerRound = 10

    /// Plugins on the smaller and the larger search path.
    let smallPlugins: Int
    let largePlugins: Int
    /// Median total time of one warm discovery at each size.
    let smallMicroseconds: Double
    let largeMicroseconds: Double
    /// Median total time of one `stat` of every file of the larger search path.
    let statMicroseconds: Double
    let samples: Int
    /// From the fit: total = fixed + perPlugin × plugins.
    let fixedMicroseconds: Double
    let perPluginMicroseconds: Double
    let statPerFileMicroseconds: Double
    /// perPlugin / statPerFile: the figure the target applies to.
    let ratio: Double
    /// Total at the larger size / its plugins, fixed cost included, and its ratio to stat.
    let overallPerPluginMicroseconds: Double
    let overallRatio: Double
    let target: Double
    let pass: Bool

    init(smallPlugins: Int, largePlugins: Int, smallMicroseconds: Double, largeMicroseconds: Double, statMicroseconds: Double, samples: Int)
    {
        self.smallPlugins = smallPlugins
        self.largePlugins = largePlugins
        self.smallMicroseconds = smallMicroseconds
        self.largeMicroseconds = largeMicroseconds
        self.statMicroseconds = statMicroseconds
        self.samples = samples
        perPluginMicroseconds = (largeMicroseconds - smallMicroseconds) / Double(largePlugins - smallPlugins)
        fixedMicroseconds = smallMicroseconds - perPluginMicroseconds * Double(smallPlugins)
        statPerFileMicroseconds = statMicroseconds / Double(largePlugins)
        ratio = perPluginMicroseconds / statPerFileMicroseconds
        overallPerPluginMicroseconds = largeMicroseconds / Double(largePlugins)
        overallRatio = overallPerPluginMicroseconds / statPerFileMicroseconds
        target = Self.target
        pass = ratio <= Self.target
    }

    /// Fills the caches with one cold discovery each (through `scanner`), then measures.
    static func measure(_ workspace: Workspace, rounds: Int, scanner: PluginScanner) throws(BenchError) -> WarmDiscovery {
        func registry(_ samples: [Sample], cache: String) -> PluginRegistry {
            PluginRegistry(
                searchPath: SearchPath(directories: samples.map(workspace.directory(for:)), source: .flags),
                cacheFile: workspace.cacheDirectory + "/" + cache, scanner: scanner)
        }
        let small = registry([.c], cache: "small.json"), large = registry([.c, .swift], cache: "large.json")
        let smallPlugins = workspace.copies, largePlugins = 2 * workspace.copies
        try fill(small, plugins: smallPlugins)
        try fill(large, plugins: largePlugins)
        let paths = Sample.allCases.flatMap(workspace.paths(for:))

        var smallTimes: [Int] = [], largeTimes: [Int] = [], statTimes: [Int] = []
        let samples = rounds * samplesPerRound
        for index in -1..<samples {
            let stat = try statAll(paths)
            let smallTime = try warmDiscovery(small, plugins: smallPlugins)
            let largeTime = try warmDiscovery(large, plugins: largePlugins)
            guard index >= 0 else { continue }  // the warm-up
            statTimes.append(stat)
            smallTimes.append(smallTime)
            largeTimes.append(largeTime)
        }
        return WarmDiscovery(
            smallPlugins: smallPlugins, largePlugins: largePlugins,
            smallMicroseconds: median(smallTimes) / 1000, largeMicroseconds: median(largeTimes) / 1000,
            statMicroseconds: median(statTimes) / 1000, samples: samples)
    }

    /// The cold discovery: scans every file and writes the cache. Every file must load.
    private static func fill(_ registry: PluginRegistry, plugins: Int) throws(BenchError) {
        let discovery: PluginRegistry.Discovery
        do { discovery = try registry.discover() } catch { throw BenchError("\(error)") }
        try checkRegistry(discovery)
        guard discovery.scanned.count == plugins, discovery.entries.count == plugins else {
            throw BenchError(
                "the cold discovery scanned \(discovery.scanned.count) and found \(discovery.entries.count) files, expected \(plugins)")
        }
        // Every copy after the first of a sample provides the same plugin id: it is shadowed.
        for entry in discovery.entries where entry.info == nil || ![.ok, .shadowed].contains(entry.status) {
            throw BenchError("\(entry.file.path) did not load: \(entry.problem.map(String.init(describing:)) ?? "\(entry.status)")")
        }
    }

    /// Times one warm discovery, which must open nothing.
    private static func warmDiscovery(_ registry: PluginRegistry, plugins: Int) throws(BenchError) -> Int {
        let (discovery, nanoseconds): (PluginRegistry.Discovery, Int)
        do { (discovery, nanoseconds) = try timed { () throws(PluginScanner.Failure) in try registry.discover() } } catch {
            throw BenchError("\(error)")
        }
        try checkRegistry(discovery)
        guard discovery.scanned.isEmpty, discovery.entries.count == plugins else {
            throw BenchError(
                "a warm discovery scanned \(discovery.scanned.count) files and found \(discovery.entries.count), expected none and \(plugins)"
            )
        }
        return nanoseconds
    }

    /// Throws when the registry itself had a problem (a directory, the cache).
    private static func checkRegistry(_ discovery: PluginRegistry.Discovery) throws(BenchError) {
        let problems = discovery.warnings + discovery.unreadableDirectories.map { "cannot read \($0)" }
        guard problems.isEmpty else { throw BenchError(problems.joined(separator: "; ")) }
    }

    /// Times one `stat` of every path: the baseline.
    private static func statAll(_ paths: [String]) throws(BenchError) -> Int {
        var info = stat()
        let (failures, nanoseconds) = timed {
            var failures = 0
            for path in paths where stat(path, &info) != 0 { failures += 1 }
            return failures
        }
        guard failures == 0 else { throw BenchError("stat failed on \(failures) of \(paths.count) files") }
        return nanoseconds
    }
}
