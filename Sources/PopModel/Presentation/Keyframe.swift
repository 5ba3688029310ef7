/// One step of a custom animation, as a controller loader scheduled it: from `start`, animate to
/// `target` over `duration` along `curve`.
public struct Keyframe: Hashable, Sendable, Codable {
    /// The curves the ABI names (`POP_CURVE_*`): a custom animation's keyframes, a presentation's
    /// show and hide curves.
    public enum Curve: Int32, Hashable, Sendable, Codable, CaseIterable {
        case linear = 0, easeIn, easeOut, easeInOut
        /// Damping 0.6, the duration as the response.
        case spring
        /// UIKit's private keyboard curve (UIViewAnimationCurve 7), which QMUI animates its modal
        /// with (`QMUIViewAnimationOptionsCurveOut`); see `TimingCurve.keyboard`.
        case keyboard
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
