import Foundation
import HostRuntime

/// The scale suite (issue 30): cost that grows with what is visible, not with what exists — show +
/// dismiss with thousands of requests queued against an empty queue, cold and warm lists of thousands
/// of plugin files per file, and a host left running for ten minutes of virtual time — each as a curve
/// that `--plots DIR` draws.
enum ScaleBench {
    /// The largest count of the curves unless `--scale-max` says otherwise.
    static let defaultMaximum = 10_000

    static func measure(rounds: Int, maximum: Int, scratch: String) throws(BenchError) -> ScaleMeasurements {
        let counts = counts(upTo: maximum)
        // The long run first: ten thousand requests and files allocated before it would leave the heap
        // room to grow into unseen.
        let longRun = try LongRun.measure(catalog: try PresentationBench.sampleCatalog(scratch: scratch))
        let queueDepth = try QueueDepth.measure(depths: counts, rounds: rounds)
        let pluginFiles = try PluginFiles.measure(counts: counts, rounds: rounds, scratch: scratch)
        return ScaleMeasurements(maximum: maximum, queueDepth: queueDepth, pluginFiles: pluginFiles, longRun: longRun)
    }

    /// The curves' counts: the powers of ten from 100 up to `maximum`, and `maximum` itself when it is not one.
    static func counts(upTo maximum: Int) -> [Int] {
        var counts = [Int](), count = 100
        while count < maximum {
            counts.append(count)
            count *= 10
        }
        return counts + [maximum]
    }
}

/// What the scale suite measured.
struct ScaleMeasurements: Codable {
    /// The largest count of the queue and plugin-file curves (`--scale-max`).
    let maximum: Int
    let queueDepth: QueueDepth
    let pluginFiles: PluginFiles
    let longRun: LongRun

    /// One line chart a curve, by the file name `--plots` writes it to.
    var charts: [(file: String, chart: LineChart)] {
        [
            (
                "scale-queue-depth.svg",
                LineChart(
                    title: "Show + dismiss with requests queued, against an empty queue", xLabel: "requests queued",
                    yLabel: "time of a pair / the same with an empty queue",
                    series: [
                        .init(
                            name: "request at the back (normal priority)",
                            points: queueDepth.points.map { (Double($0.depth), $0.backRatio) }),
                        .init(
                            name: "request at the head (high priority)", points: queueDepth.points.map { (Double($0.depth), $0.frontRatio) }
                        ),
                    ], logarithmicX: true, reference: .init(label: "target ≤ \(Int(QueueDepth.target))×", y: QueueDepth.target))
            ),
            (
                "scale-plugin-files.svg",
                LineChart(
                    title: "Listing plugin files: cost per file", xLabel: "plugin files (copies of the C sample)", yLabel: "µs per file",
                    series: [
                        .init(
                            name: "cold list (no registry cache, every file scanned)",
                            points: pluginFiles.points.map { (Double($0.files), $0.coldMicrosecondsPerFile) }),
                        .init(
                            name: "warm list (from the cache)",
                            points: pluginFiles.points.map { (Double($0.files), $0.warmMicrosecondsPerFile) }),
                    ], logarithmicX: true)
            ),
            (
                "scale-long-run-trace.svg",
                LineChart(
                    title: "A 10-minute run: trace length", xLabel: "minutes of virtual time", yLabel: "trace events",
                    series: [.init(name: "events traced", points: longRun.points.map { (Double($0.minutes), Double($0.traceEvents)) })])
            ),
            (
                "scale-long-run-memory.svg",
                LineChart(
                    title: "A 10-minute run: resident memory", xLabel: "minutes of virtual time", yLabel: "MiB resident",
                    series: [
                        .init(
                            name: "this process (VmRSS)",
                            points: [(0, Double(longRun.startResidentKiB) / 1024)]
                                + longRun.points.map { (Double($0.minutes), Double($0.residentKiB) / 1024) })
                    ])
            ),
        ]
    }

    /// Writes `charts` into `directory` (created if missing); returns the paths written.
    static func write(_ charts: [(file: String, chart: LineChart)], to directory: String) throws(BenchError) -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            return try charts.map { file, chart in
                let path = directory + "/" + file
                try Data(chart.svg.utf8).write(to: URL(fileURLWithPath: path))
                return path
            }
        } catch {
            throw BenchError("cannot write the plots into \(directory): \(error)")
        }
    }
}
