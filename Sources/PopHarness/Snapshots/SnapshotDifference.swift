import PopModel

/// How a scenario's run differs from its recorded snapshot, in the report, so that a reader (the
/// preview's Tests tab) can draw the frame that changed as it was and as it is, without the files.
public struct SnapshotDifference: Codable, Sendable, Equatable {
    /// The scenario file, and its snapshot file.
    public var scenario: String
    public var snapshot: String
    /// The first line of the snapshot that differs (1-based).
    public var line: Int
    /// Which of the snapshot's frames differs first (0-based: the expected frames by time, then the
    /// last), nil when only the trace differs.
    public var frame: Int?
    /// That frame as recorded and as run, as frame JSON; nil when the snapshot or the run has no
    /// such frame.
    public var expectedFrame: Value?
    public var actualFrame: Value?

    public init(scenario: String, snapshot: String, line: Int, frame: Int?, expectedFrame: Value?, actualFrame: Value?) {
        self.scenario = scenario
        self.snapshot = snapshot
        self.line = line
        self.frame = frame
        self.expectedFrame = expectedFrame
        self.actualFrame = actualFrame
    }

    enum CodingKeys: String, CodingKey {
        case scenario, snapshot, line, frame, expectedFrame = "expected_frame", actualFrame = "actual_frame"
    }
}
