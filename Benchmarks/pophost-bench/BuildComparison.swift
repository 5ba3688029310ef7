import HostRuntime

/// `--compare-with DIR`: this build against another (a build of today's main, say) in the same minutes.
/// Each round runs every chosen suite once in each build, both as child processes (`--suite S --rounds 1
/// --json`), the order alternating from round to round; every timed figure both builds' reports give
/// (matched by name: its path in the JSON report) is compared as the ratio of its medians, new / old.
enum BuildComparison {
    /// A suite counts as slower than the baseline when the geometric mean of its figures' ratios exceeds
    /// this: single rounds on a shared machine vary by about that much (the baseline rows, which time the
    /// same code in both builds, show how much in each run).
    static let slowerThreshold = 1.10
    /// Issue 30: show + dismiss at least twice as fast as the baseline.
    static let showDismissTarget = 0.5
    /// The figure show + dismiss is judged by.
    static let showDismissFigure = "chef.showDismissNanoseconds"

    static func run(baseline source: String, suite: Suite, rounds: Int, copies: Int) throws(BenchError) -> BuildComparisonReport {
        let baseline = try BaselineBuild(source: source, fallback: RunningExecutable.directory)
        defer { baseline.remove() }
        let builds = [(name: "new", executable: RunningExecutable.path), (name: "old", executable: baseline.executable)]
        var suites: [BuildComparisonReport.SuiteComparison] = []
        var configurations: [Set<String>] = [[], []]
        for chosen in suite.members {
            var figures = [[String: [Double]]](repeating: [:], count: builds.count)
            var failure: String?
            rounds: for round in 0..<rounds {
                let order = round.isMultiple(of: 2) ? Array(builds.indices) : builds.indices.reversed()
                for index in order {
                    let arguments = ["--suite", chosen.rawValue, "--rounds", "1", "--copies", String(copies), "--json"]
                    do {
                        let run = try oneRun(builds[index].executable, arguments)
                        for (name, value) in run.figures { figures[index][name, default: []].append(value) }
                        if let configuration = run.configuration { configurations[index].insert(configuration) }
                    } catch {
                        failure = "\(builds[index].name) build: \(error)"
                        break rounds
                    }
                }
            }
            suites.append(.init(suite: chosen.rawValue, new: figures[0], old: figures[1], failure: failure))
        }
        return BuildComparisonReport(
            baseline: source, borrowed: baseline.borrowed, rounds: rounds, suites: suites, slowerThreshold: slowerThreshold,
            showDismissTarget: showDismissTarget, newBuild: configurations[0].sorted().joined(separator: ", "),
            oldBuild: configurations[1].sorted().joined(separator: ", "))
    }

    /// Runs `executable` with `arguments`: the build configuration its JSON report names (`release`,
    /// `debug`) and the report's timed figures.
    private static func oneRun(
        _ executable: String, _ arguments: [String]
    ) throws(BenchError) -> (
        configuration: String?, figures: [String: Double]
    ) {
        let output = try standardOutput(of: executable, arguments)
        guard let report = try? Value(json: output), case .object(let members) = report else {
            throw BenchError("\(([executable] + arguments).joined(separator: " ")) printed no JSON report")
        }
        var figures: [String: Double] = [:]
        for member in members where !["copies", "rounds", "build", "directory"].contains(member.key) {
            collect(member.value, path: member.key, into: &figures)
        }
        return (report["build"]?.stringValue, figures)
    }

    /// The timed figures under `value`, by path ("chef.action.host"); an array's elements are named by
    /// their `sample` when they have one ("coldLoad.C.hostMicroseconds"), else by index.
    private static func collect(_ value: Value, path: String, into figures: inout [String: Double]) {
        switch value {
        case .object(let members):
            for member in members { collect(member.value, path: path + "." + member.key, into: &figures) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                collect(element, path: path + "." + (element["sample"]?.stringValue ?? String(index)), into: &figures)
            }
        case .int, .double:
            if isTimed(path), let number = value.numberValue { figures[path] = number }
        default:
            break
        }
    }

    /// Whether the figure at `path` is a time (not a count, a ratio, a target or a fixed duration).
    static func isTimed(_ path: String) -> Bool {
        let key = path.split(separator: ".").last.map(String.init) ?? path
        if key.lowercased().contains("target") || ["realMilliseconds", "stepMilliseconds"].contains(key) { return false }
        return ["host", "baseline", "isolated", "floor", "microseconds", "nanoseconds", "milliseconds"].contains(key)
            || ["Microseconds", "Nanoseconds", "Milliseconds", "Seconds"].contains { key.hasSuffix($0) }
    }

    /// Whether the figure at `path` times code outside pophost (a baseline, a floor, `stat`, `/bin/true`):
    /// the same in both builds, so its ratio shows the noise rather than a change.
    static func isBaseline(_ path: String) -> Bool {
        let key = path.split(separator: ".").last.map(String.init) ?? path
        return key.hasPrefix("baseline") || key.hasPrefix("floor") || key.hasPrefix("stat") || key.hasPrefix("true")
            || key.contains("Floor")
    }
}

extension Suite {
    /// The suites this choice runs, in the order a run takes them.
    var members: [Suite] {
        self == .all ? [.loading, .chef, .presentation, .harness, .isolation, .preview] : [self]
    }
}
