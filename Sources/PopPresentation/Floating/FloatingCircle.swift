import PopModel

/// The corner circle ("decide view") as it is now: in create mode while a floatable page is popped
/// interactively, in delete mode while a bubble is dragged. Read it to draw it or to test it.
public struct FloatingCircle: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable {
        /// "浮窗": releasing the pop in it floats the page.
        case create
        /// "取消浮窗" on red: dropping the bubble in it deletes the bubble.
        case delete
    }

    public var mode: Mode
    /// Where its centre is (the bottom-right corner once all in).
    public var centre: Point
    public var radius: Double
    /// Whether a release in it acts: in create mode only once all in; in delete mode at once.
    public var armed: Bool
    /// Whether the finger is in it (and it is armed).
    public var touched: Bool
    /// Its drawn scale about its centre: grows to 1.1 while touched.
    public var scale: Double

    /// The label JPSuspensionDecideView shows.
    public var label: String { mode == .create ? "浮窗" : "取消浮窗" }
}
