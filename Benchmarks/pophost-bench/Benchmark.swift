import Foundation
import HostRuntime

/// One benchmark run: the chosen suites, then the report.
enum Benchmark {
    static func run(copies: Int, rounds: Int, suite: Suite, scaleMaximum: Int) throws(BenchError) -> Report {
        let buildDirectory = RunningExecutable.directory
        var report = Report(copies: copies, rounds: rounds, build: Report.build)
        if suite.includes(.loading) {
            let launcher = try ChildLauncher()
            let workspace = try Workspace(copies: copies, buildDirectory: buildDirectory)
            defer { workspace.remove() }
            report.directory = workspace.root
            report.coldLoad = try ColdLoad.measure(workspace, rounds: rounds, launcher: launcher)
            let scanner = PluginScanner(executable: buildDirectory + "/pophost-scanner")
            report.warmDiscovery = try WarmDiscovery.measure(workspace, rounds: rounds, scanner: scanner)
        }
        if suite.includes(.chef) {
            let scratch = try makeTemporaryDirectory("pophost-bench-chef")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            report.chef = try ChefBench.measure(rounds: rounds, scratch: scratch)
        }
        if suite.includes(.presentation) {
            let scratch = try makeTemporaryDirectory("pophost-bench-presentation")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            report.presentation = try PresentationBench.measure(rounds: rounds, scratch: scratch)
        }
        if suite.includes(.harness) {
            report.harness = try HarnessBench.measure(rounds: rounds)
        }
        if suite.includes(.isolation) {
            let scratch = try makeTemporaryDirectory("pophost-bench-isolation")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            report.isolation = try IsolationBench.measure(rounds: rounds, scratch: scratch)
        }
        if suite.includes(.preview) {
            let scratch = try makeTemporaryDirectory("pophost-bench-preview")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            report.preview = try PreviewBench.measure(rounds: rounds, scratch: scratch)
        }
        if suite.includes(.scale) {
            report.scaleRows = try ScaleRowsBench.measure(rounds: rounds, on: .page)
            report.scaleSheetRows = try ScaleRowsBench.measure(rounds: rounds, on: .sheet)
            let scratch = try makeTemporaryDirectory("pophost-bench-scale")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            report.scale = try ScaleBench.measure(rounds: rounds, maximum: scaleMaximum, scratch: scratch)
        }
        return report
    }
}
