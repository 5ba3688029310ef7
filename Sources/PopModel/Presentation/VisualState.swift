/// A popup's animatable state: where it is, how opaque, how scaled and turned, and how dark the
/// dimming behind it is (the ABI's `pop_visual_state_t`).
public struct VisualState: Hashable, Sendable, Codable {
    public var frame: Rect
    public var alpha: Double
    public var scale: Double
    public var rotation: Double
    public var dimAlpha: Double

    public init(frame: Rect, alpha: Double, scale: Double, rotation: Double, dimAlpha: Double) {
        self.frame = frame
        self.alpha = alpha
        self.scale = scale
        self.rotation = rotation
        self.dimAlpha = dimAlpha
    }

    /// Every number finite, alpha and dimming within 0...1, sizes and scale not negative.
    public var isValid: Bool {
        [frame.x, frame.y, frame.width, frame.height, alpha, scale, rotation, dimAlpha].allSatisfy(\.isFinite)
            && (0...1).contains(alpha) && (0...1).contains(dimAlpha) && frame.width >= 0 && frame.height >= 0 && scale >= 0
    }
}
