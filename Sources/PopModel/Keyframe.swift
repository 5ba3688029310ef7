/// One step of a custom animation, as a controller loader scheduled it: from `start`, animate to
/// `target` over `duration` along `curve`.
public struct Keyframe: Hashable, Sendable, Codable {
    /// The curves a custom animation can name (`POP_CURVE_*`).
    public enum Curve: Int32, Hashable, Sendable, Codable, CaseIterable {
        case linear = 0, easeIn, easeOut, easeInOut
        /// Damping 0.6, the keyframe's duration as the response.
        case spring
    }

    public var start: VirtualTime
    public var duration: VirtualTime
    public var curve: Curve
    public var target: VisualState

    public init(start: VirtualTime, duration: VirtualTime, curve: Curve, target: VisualState) {
        self.start = start
        self.duration = duration
        self.curve = curve
        self.target = target
    }

    public var end: VirtualTime { start + duration }
}
