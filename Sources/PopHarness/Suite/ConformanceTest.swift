import PopLoader

/// One rule of the conformance suite: a name, a strictness level, and a check run against a plugin
/// in a `HarnessContext`.
public struct ConformanceTest: Sendable {
    /// "group.rule", e.g. "library.exports-only-entry".
    public let name: String
    /// The lowest `--strictness` that runs it (1...10).
    public let level: Int
    /// What it checks, one sentence.
    public let summary: String
    /// Whether it runs the plugin's code, so that it cannot run when `library.loads` fails (the
    /// tests that only read the file do not).
    public let needsLoading: Bool
    let body: @Sendable (HarnessContext) throws(TestIssue) -> Void

    init(
        _ name: String, level: Int, _ summary: String, needsLoading: Bool = true,
        _ body: @escaping @Sendable (HarnessContext) throws(TestIssue) -> Void
    ) {
        self.name = name
        self.level = level
        self.summary = summary
        self.needsLoading = needsLoading
        self.body = body
    }

    /// Runs the check and turns how it ended into a result.
    func run(in context: HarnessContext) -> TestResult {
        let start = ContinuousClock.now
        var result = TestResult(name: name, level: level, status: .success)
        do {
            try body(context)
            if let first = context.warnings.first {
                result.status = .warning
                result.message = first
                result.details = Array(context.warnings.dropFirst())
            }
        } catch {
            switch error {
            case .failed(let message, let details, let snapshot):
                (result.status, result.message, result.details, result.snapshot) = (.failed, message, details, snapshot)
            case .skipped(let reason): (result.status, result.message) = (.skipped, reason)
            case .timedOut(let what): (result.status, result.message) = (.timeout, what)
            }
        }
        // To the microsecond: a report reads "0.308", not a binary fraction's last digits.
        result.milliseconds = ((ContinuousClock.now - start).seconds * 1_000_000).rounded() / 1000
        return result
    }
}

/// Why a test stopped before its end.
enum TestIssue: Error {
    /// The plugin breaks the rule: the first problem, then the others (and, for a scenario that no
    /// longer matches its snapshot, how).
    case failed(String, details: [String] = [], snapshot: SnapshotDifference? = nil)
    /// The test does not apply, or cannot run.
    case skipped(String)
    /// A call into the plugin did not return in time.
    case timedOut(String)

    /// Fails with every problem found, if there is any.
    static func check(_ problems: [String]) throws(TestIssue) {
        guard let first = problems.first else { return }
        throw .failed(first, details: Array(problems.dropFirst()))
    }
}
