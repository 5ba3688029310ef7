/// Cold in-process loading of one sample's copies against the dlopen baseline, each measured in
/// fresh child processes: one discarded warm-up of every child first (it fills the page cache),
/// then per round one host and one baseline child per sample, their order alternating by round.
struct ColdLoad: Codable {
    static let target = 1.2

    let sample: Sample
    /// Median over the rounds of the host's loop, per plugin.
    let hostMicroseconds: Double
    /// Median over the rounds of the baseline's loop, per plugin.
    let baselineMicroseconds: Double
    let ratio: Double
    let target: Double
    let pass: Bool

    init(sample: Sample, hostMicroseconds: Double, baselineMicroseconds: Double) {
        self.sample = sample
        self.hostMicroseconds = hostMicroseconds
        self.baselineMicroseconds = baselineMicroseconds
        ratio = hostMicroseconds / baselineMicroseconds
        target = Self.target
        pass = ratio <= Self.target
    }

    /// Measures every sample of `workspace`.
    static func measure(_ workspace: Workspace, rounds: Int, launcher: ChildLauncher) throws(BenchError) -> [ColdLoad] {
        func run(_ mode: ChildMode, _ sample: Sample) throws(BenchError) -> Int {
            try launcher.run(mode, directory: workspace.directory(for: sample), expectedFiles: workspace.copies)
        }
        for sample in Sample.allCases {
            for mode in ChildMode.allCases { _ = try run(mode, sample) }
        }
        var host: [Sample: [Int]] = [:], baseline: [Sample: [Int]] = [:]
        for round in 0..<rounds {
            for sample in Sample.allCases {
                let order: [ChildMode] = round.isMultiple(of: 2) ? [.dlopenBaseline, .hostLoad] : [.hostLoad, .dlopenBaseline]
                for mode in order {
                    let nanoseconds = try run(mode, sample)
                    switch mode {
                    case .hostLoad: host[sample, default: []].append(nanoseconds)
                    case .dlopenBaseline: baseline[sample, default: []].append(nanoseconds)
                    }
                }
            }
        }
        func microsecondsPerPlugin(_ nanoseconds: [Int]) -> Double { median(nanoseconds) / 1000 / Double(workspace.copies) }
        return Sample.allCases.map { sample in
            ColdLoad(
                sample: sample, hostMicroseconds: microsecondsPerPlugin(host[sample]!),
                baselineMicroseconds: microsecondsPerPlugin(baseline[sample]!))
        }
    }
}
