import PopModel

/// An interactive pop's progress and release, shared by every gesture that pops a page by dragging
/// it (the edge and full-screen pans; the floating window's pop into its corner circle reads the
/// same progress and decision). Pure: it holds numbers, not pages.
///
/// Progress is the finger's travel toward the trailing side over the screen's width, clamped to
/// [0, 1]. The release rule (spec, Decisions): faster than 500 pt/s toward the trailing side
/// completes, faster than 500 pt/s back cancels, anything slower completes past half the width.
/// Whatever was decided, the rest moves at 1/24 of the width per 60 Hz frame.
public struct InteractivePop: Hashable, Sendable {
    /// The release speed that decides on its own, in points per second.
    public static let decisiveVelocity = 500.0
    /// How much of the width the settle covers per frame.
    public static let settleStep = 1.0 / 24
    /// The settle's frame rate.
    public static let framesPerSecond = 60.0

    public let width: Double
    public let rightToLeft: Bool
    /// 0 (nothing popped) to 1 (the page is off screen).
    public private(set) var progress = 0.0

    public init(width: Double, rightToLeft: Bool = false) {
        self.width = width
        self.rightToLeft = rightToLeft
    }

    /// The finger has moved `translation` points horizontally since the pan began.
    public mutating func update(translation: Double) {
        let towardTrailing = rightToLeft ? -translation : translation
        progress = width > 0 ? min(max(towardTrailing / width, 0), 1) : 0
    }

    /// Whether a release at `velocity` (points per second along x, screen coordinates) completes
    /// the pop.
    public func completes(velocity: Double) -> Bool {
        Self.completes(progress: progress, velocity: rightToLeft ? -velocity : velocity)
    }

    /// The rule itself: `velocity` toward the trailing side.
    public static func completes(progress: Double, velocity: Double) -> Bool {
        if velocity > decisiveVelocity { return true }
        if velocity < -decisiveVelocity { return false }
        return progress > 0.5
    }

    /// How long the settle from `progress` to its end (1 when `completing`, else 0) takes: one
    /// 60 Hz frame per 1/24 of the width, the last frame partial steps included.
    public func settleDuration(completing: Bool) -> VirtualTime {
        let remaining = completing ? 1 - progress : progress
        let frames = (remaining / Self.settleStep).rounded(.up)
        return VirtualTime(microseconds: Int64((frames * 1_000_000 / Self.framesPerSecond).rounded(.up)))
    }

    /// The progress `elapsed` into the settle: one step of 1/24 per whole frame, stopping at the end.
    public func settledProgress(completing: Bool, after elapsed: VirtualTime) -> Double {
        let frames = (Double(elapsed.microseconds) * Self.framesPerSecond / 1_000_000).rounded(.down)
        let moved = frames * Self.settleStep
        return completing ? min(progress + moved, 1) : max(progress - moved, 0)
    }
}
