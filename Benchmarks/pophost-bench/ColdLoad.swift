/// Cold in-process loading of one sample's copies against the dlopen baseline, each measured in
/// fresh child processes: one discarded warm-up of every child first (it fills the page cache),
/// then per round one child of every `ChildMode` per sample, taking turns at going first.
struct ColdLoad: Codable {
    static let target = 1.2

    let sample: Sample
    /// Median over the rounds of the host's loop, per plugin.
    let hostMicroseconds: Double
    /// Median over the rounds of the baseline's loop, per plugin.
    let baselineMicroseconds: Double
    /// Median over the rounds of the ELF pre-check alone, per plugin: the part of the host's
    /// overhead that no faster reading of descriptors can remove.
    let preCheckMicroseconds: Double
    /// Median over the rounds of the same load written in C (`ChildMode.cFloor`), per plugin.
    let floorMicroseconds: Double
    /// The C loader's time over the baseline's: the least ratio a loader with the host's checks reaches.
    let floorRatio: Double
    let ratio: Double
    let target: Double
    let pass: Bool

    init(
        sample: Sample, hostMicroseconds: Double, baselineMicroseconds: Double, preCheckMicroseconds: Double, floorMicroseconds: Double
    ) {
        self.sample = sample
        self.hostMicroseconds = hostMicroseconds
        self.baselineMicroseconds = baselineMicroseconds
        self.preCheckMicroseconds = preCheckMicroseconds
        self.floorMicroseconds = floorMicroseconds
        floorRatio = floorMicroseconds / baselineMicroseconds
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
            for mode in ChildMode.coldLoads { _ = try run(mode, sample) }
        }
        var measured: [ChildMode: [Sample: [Int]]] = [:]
        for round in 0..<rounds {
            for sample in Sample.allCases {
                // The modes take turns at going first.
                let modes = ChildMode.coldLoads
                for offset in modes.indices {
                    let mode = modes[(round + offset) % modes.count]
                    measured[mode, default: [:]][sample, default: []].append(try run(mode, sample))
                }
            }
        }
        func microsecondsPerPlugin(_ nanoseconds: [Int]) -> Double { median(nanoseconds) / 1000 / Double(workspace.copies) }
        return Sample.allCases.map { sample in
            ColdLoad(
                sample: sample, hostMicroseconds: microsecondsPerPlugin(measured[.hostLoad]![sample]!),
                baselineMicroseconds: microsecondsPerPlugin(measured[.dlopenBaseline]![sample]!),
                preCheckMicroseconds: microsecondsPerPlugin(measured[.preCheck]![sample]!),
                floorMicroseconds: microsecondsPerPlugin(measured[.cFloor]![sample]!))
        }
    }
}
