import PopLoader

/// The results of one `pophost test` run: per plugin, each test's result, in suite order.
public struct HarnessReport: Codable, Sendable {
    public struct PluginResults: Codable, Sendable {
        public var path: String
        public var results: [TestResult]

        /// How many results have each status.
        public var counts: [TestStatus: Int] { Dictionary(grouping: results, by: \.status).mapValues(\.count) }
        public var failed: Bool { results.contains { $0.status.isFailure } }
    }

    public var pophostVersion = PophostVersion.string
    public var seed: UInt64
    public var strictness: Int
    public var jobs: Int
    public var seconds = 0.0
    public var plugins: [PluginResults]

    /// Whether any test failed, crashed or timed out (`pophost test` then exits 1).
    public var failed: Bool { plugins.contains { $0.failed } }

    enum CodingKeys: String, CodingKey {
        case pophostVersion = "pophost_version", seed, strictness, jobs, seconds, plugins
    }

    /// "28 passed, 1 failed, 1 warning, 2 skipped" — only the statuses that occur.
    public static func tally(_ counts: [TestStatus: Int]) -> String {
        let order: [(TestStatus, String, String)] = [
            (.success, "passed", "passed"), (.failed, "failed", "failed"), (.crashed, "crashed", "crashed"),
            (.timeout, "timed out", "timed out"), (.warning, "warning", "warnings"), (.skipped, "skipped", "skipped"),
        ]
        let parts = order.compactMap { status, one, many in
            counts[status].map { "\($0) \($0 == 1 ? one : many)" }
        }
        return parts.isEmpty ? "no tests" : parts.joined(separator: ", ")
    }
}
