import HostRuntime

/// One benchmark run: copy the samples, measure cold loading and warm discovery, report.
enum Benchmark {
    static func run(copies: Int, rounds: Int) throws(BenchError) -> Report {
        let buildDirectory = SearchPath.executableDirectory
        let launcher = try ChildLauncher()
        let workspace = try Workspace(copies: copies, buildDirectory: buildDirectory)
        defer { workspace.remove() }
        let cold = try ColdLoad.measure(workspace, rounds: rounds, launcher: launcher)
        let scanner = PluginScanner(executable: buildDirectory + "/pophost-scanner")
        let warm = try WarmDiscovery.measure(workspace, rounds: rounds, scanner: scanner)
        return Report(copies: copies, rounds: rounds, build: Report.build, directory: workspace.root, coldLoad: cold, warmDiscovery: warm)
    }
}
