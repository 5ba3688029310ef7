import PopModel

/// A custom animation's keyframes applied in order over an initial state. Each keyframe starts from
/// the value the keyframes before it present at its start time and, from then on, overrides them
/// (as a later UIKit animation interrupts an earlier one), so overlapping keyframes chain
/// deterministically.
public struct KeyframeTrack: Hashable, Sendable {
    /// One keyframe: from `start`, animate to `target` over `duration` along `curve`.
    public struct Step: Hashable, Sendable {
        public var start: VirtualTime
        public var duration: VirtualTime
        public var curve: TimingCurve
        public var target: VisualState

        public init(start: VirtualTime, duration: VirtualTime, curve: TimingCurve, target: VisualState) {
            self.start = start
            self.duration = duration
            self.curve = curve
            self.target = target
        }

        /// A keyframe a custom animation scheduled.
        public init(_ keyframe: Keyframe) {
            self.init(
                start: keyframe.start, duration: keyframe.duration, curve: TimingCurve(keyframe.curve, duration: keyframe.duration),
                target: keyframe.target)
        }
    }

    public let initial: VisualState
    /// The keyframes as animations, in order, each starting from the value presented at its start.
    public let animations: [Animation]

    public init(initial: VisualState, steps: [Step]) {
        self.initial = initial
        var resolved: [Animation] = []
        for step in steps {
            let from = Self.value(at: step.start, initial: initial, animations: resolved)
            resolved.append(Animation(from: from, to: step.target, start: step.start, duration: step.duration, curve: step.curve))
        }
        animations = resolved
    }

    /// When the last keyframe to finish ends; nil without keyframes.
    public var end: VirtualTime? { animations.map(\.end).max() }

    public func value(at time: VirtualTime) -> VisualState {
        Self.value(at: time, initial: initial, animations: animations)
    }

    /// The value of the last animation (in order) that has started by `time`; `initial` before any.
    private static func value(at time: VirtualTime, initial: VisualState, animations: [Animation]) -> VisualState {
        animations.last { $0.start <= time }?.value(at: time) ?? initial
    }
}
