/// The result of one conformance test on one plugin.
public struct TestResult: Codable, Sendable, Equatable {
    /// The test's name, e.g. "library.exports-only-entry".
    public var name: String
    /// Its strictness level (1...10).
    public var level: Int
    public var status: TestStatus
    /// Why it failed, crashed, timed out, was skipped or warns; nil on success.
    public var message: String?
    /// More lines: the failing checks after the first, the plugin's last output before a crash.
    public var details: [String]
    /// Wall time, milliseconds.
    public var milliseconds: Double
    /// For a scenario that no longer matches its snapshot: the frame that differs, as recorded and
    /// as run (absent otherwise, so reports of earlier versions read the same).
    public var snapshot: SnapshotDifference?

    public init(
        name: String, level: Int, status: TestStatus, message: String? = nil, details: [String] = [], milliseconds: Double = 0,
        snapshot: SnapshotDifference? = nil
    ) {
        self.name = name
        self.level = level
        self.status = status
        self.message = message
        self.details = details
        self.milliseconds = milliseconds
        self.snapshot = snapshot
    }
}
