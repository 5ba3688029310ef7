import PopModel

/// Linear interpolation: exactly `a` at 0 and exactly `b` at 1, and exactly `a` throughout when
/// `a` is `b` (what does not move stays put: a fade in place keeps its frame); past 1 (a spring's
/// overshoot) it carries on along the same line.
private func mix(_ a: Double, _ b: Double, _ progress: Double) -> Double {
    a == b ? a : a * (1 - progress) + b * progress
}

extension VisualState {
    /// The state `progress` of the way from `self` to `target`, component by component (rotation
    /// linearly in radians, the short way or not). A spring's progress may overshoot: position,
    /// size, scale and rotation follow it past the target (a size or the scale never below 0), but
    /// opacity never does — alpha and the dimming take the progress clamped to 0...1, so they stay
    /// between where they started and their target (as Core Animation clamps an opacity that a
    /// spring carries past 1): the dimming is never darker than its colour.
    public func interpolated(to target: VisualState, progress: Double) -> VisualState {
        let opacityProgress = min(1, max(0, progress))
        return VisualState(
            frame: Rect(
                x: mix(frame.x, target.frame.x, progress),
                y: mix(frame.y, target.frame.y, progress),
                width: max(0, mix(frame.width, target.frame.width, progress)),
                height: max(0, mix(frame.height, target.frame.height, progress))),
            alpha: mix(alpha, target.alpha, opacityProgress),
            scale: max(0, mix(scale, target.scale, progress)),
            rotation: mix(rotation, target.rotation, progress),
            dimAlpha: mix(dimAlpha, target.dimAlpha, opacityProgress))
    }
}

/// One animation of the popup's visual state on the virtual clock: a pure function of time, `from`
/// until `start`, `to` from `end` on.
public struct Animation: Hashable, Sendable {
    public var from: VisualState
    public var to: VisualState
    public var start: VirtualTime
    public var duration: VirtualTime
    public var curve: TimingCurve

    public init(from: VisualState, to: VisualState, start: VirtualTime, duration: VirtualTime, curve: TimingCurve) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    public var end: VirtualTime { start + duration }

    /// The presented value at `time`; a zero (or negative) duration jumps to `to` at `start`.
    public func value(at time: VirtualTime) -> VisualState {
        guard time >= start else { return from }
        guard duration.microseconds > 0, time < end else { return to }
        let fraction = Double((time - start).microseconds) / Double(duration.microseconds)
        return from.interpolated(to: to, progress: curve.progress(at: fraction))
    }

    /// A new animation toward `newTarget` that replaces this one at `time`, starting from the value
    /// presented then (UIKit's presentation layer): the state is continuous, the velocity need not be.
    public func interrupted(at time: VirtualTime, to newTarget: VisualState, duration: VirtualTime, curve: TimingCurve) -> Animation {
        Animation(from: value(at: time), to: newTarget, start: time, duration: duration, curve: curve)
    }
}
