import Foundation
import HostRuntime

/// What `--compare-with` measured: per suite, each timed figure's median in this build and in the
/// baseline and their ratio, the suite's geometric mean ratio, and the verdicts.
struct BuildComparisonReport: Codable {
    struct Row: Codable {
        /// The figure's path in the JSON report ("presentation.svg.microseconds"); its unit is in its name.
        let figure: String
        let new: Double
        let old: Double
        let ratio: Double
        /// Whether it times code outside pophost (see `BuildComparison.isBaseline`).
        let baseline: Bool
    }

    struct SuiteComparison: Codable {
        let suite: String
        /// The figures both builds gave, by name.
        let rows: [Row]
        /// The geometric mean of the ratios of the rows that time pophost's code; nil when none.
        let meanRatio: Double?
        /// The same over the baseline rows: the noise of the run.
        let baselineMeanRatio: Double?
        /// Why the comparison stopped, when a build failed.
        let failure: String?

        init(suite: String, new: [String: [Double]], old: [String: [Double]], failure: String?) {
            self.suite = suite
            self.failure = failure
            rows = new.keys.filter { old[$0] != nil }.sorted().compactMap { figure in
                let newMedian = Self.median(new[figure]!), oldMedian = Self.median(old[figure]!)
                guard oldMedian > 0, newMedian > 0 else { return nil }
                return Row(
                    figure: figure, new: newMedian, old: oldMedian, ratio: newMedian / oldMedian,
                    baseline: BuildComparison.isBaseline(figure))
            }
            meanRatio = Self.geometricMean(rows.filter { !$0.baseline }.map(\.ratio))
            baselineMeanRatio = Self.geometricMean(rows.filter(\.baseline).map(\.ratio))
        }

        static func geometricMean(_ values: [Double]) -> Double? {
            values.isEmpty ? nil : exp(values.map { log($0) }.reduce(0, +) / Double(values.count))
        }

        private static func median(_ values: [Double]) -> Double {
            let sorted = values.sorted(), middle = sorted.count / 2
            return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        }
    }

    /// The directory given to `--compare-with`.
    let baseline: String
    /// What the baseline's directory lacked and was taken from this build (the sample plugins, helpers).
    let borrowed: [String]
    let rounds: Int
    let suites: [SuiteComparison]
    let slowerThreshold: Double
    let showDismissTarget: Double
    /// The build configuration each side's reports named (`release`, `debug`).
    let newBuild: String
    let oldBuild: String
    /// Why the comparison is not of like with like, when it is not: a debug build against a release one
    /// measures the optimizer, not the change. Nothing when a side's reports did not say (it failed).
    var configurationWarning: String? {
        guard !newBuild.isEmpty, !oldBuild.isEmpty, newBuild != oldBuild else { return nil }
        return "warning: this is a \(newBuild) build and the baseline a \(oldBuild) one: the ratios below measure the "
            + "configurations, not the change"
    }
    /// Show + dismiss, new / old, when the chef suite was compared.
    var showDismissRatio: Double? {
        suites.lazy.flatMap(\.rows).first { $0.figure == BuildComparison.showDismissFigure }?.ratio
    }
    /// The suites whose figures are slower than the baseline's beyond the threshold, or that could not be compared.
    var slowerSuites: [String] {
        suites.filter { $0.failure != nil || ($0.meanRatio ?? 1) > slowerThreshold }.map(\.suite)
    }

    var json: String { try! ValueEncoder().encode(self).indentedJSON }

    var text: String {
        var lines = [
            "pophost-bench --compare-with \(baseline): \(rounds) rounds; each round runs each suite once in each build "
                + "(--rounds 1, child processes, the order alternating); medians, ratio new / old"
        ]
        if !borrowed.isEmpty {
            lines.append("taken from this build, as the baseline's directory lacks them: \(borrowed.joined(separator: ", "))")
        }
        if let configurationWarning { lines.append(configurationWarning) }
        let width = max(40, suites.flatMap(\.rows).map(\.figure.count).max() ?? 0)
        for suite in suites {
            lines.append("")
            lines.append("\(suite.suite):")
            for row in suite.rows {
                lines.append(
                    "  " + row.figure.padding(toLength: width, withPad: " ", startingAt: 0) + "  new " + number(row.new) + "  old "
                        + number(row.old) + "  new/old " + String(format: "%5.2f", row.ratio) + (row.baseline ? "  (baseline: noise)" : ""))
            }
            if let failure = suite.failure { lines.append("  not compared: \(failure)") }
            let mean = suite.meanRatio.map { String(format: "%.2f", $0) } ?? "-"
            let noise = suite.baselineMeanRatio.map { String(format: ", baselines %.2f", $0) } ?? ""
            lines.append("  geometric mean new/old \(mean)\(noise)")
        }
        lines.append("")
        if let ratio = showDismissRatio {
            lines.append(
                "show + dismiss: new/old \(String(format: "%.2f", ratio)) (target ≤ \(String(format: "%.2f", showDismissTarget)): "
                    + "at least 2× faster)  \(ratio <= showDismissTarget ? "PASS" : "FAIL")")
        }
        let slower = slowerSuites
        lines.append(
            "no suite slower than the baseline (each suite's geometric mean new/old ≤ \(String(format: "%.2f", slowerThreshold))): "
                + (slower.isEmpty ? "PASS" : "FAIL (\(slower.joined(separator: ", ")))"))
        return lines.joined(separator: "\n")
    }

    private func number(_ value: Double) -> String {
        String(format: "%12.2f", value)
    }
}
