/// How one conformance test ended.
public enum TestStatus: String, Codable, Sendable, CaseIterable {
    /// Every check held.
    case success
    /// A check failed: the plugin breaks a rule.
    case failed
    /// The plugin crashed the test's process.
    case crashed
    /// The test did not finish within its time (a call never returned).
    case timeout
    /// The test did not apply (the plugin has no such component) or could not run (it does not load).
    case skipped
    /// Every rule held, but something is likely to cause trouble.
    case warning

    /// Whether this status makes `pophost test` exit non-zero.
    public var isFailure: Bool { self == .failed || self == .crashed || self == .timeout }
}
