import PopModel

/// What a controller loader's custom show or hide animation is given: where the popup is and where
/// it ends up, how long the presentation's own animation would take, and a way to schedule
/// keyframes. The chef hands the keyframes to the presentation engine, which moves the popup.
public final class AnimationContext {
    /// The space the popup is laid out in (inside its margins, above its keyboard).
    public let container: Rect
    /// The height of a keyboard the popup's own fields raised; else 0.
    public let keyboardHeight: Double
    /// Where the popup rests when shown.
    public let finalFrame: Rect
    /// The state presented now: mid-animation when interrupted; before a first show, the final
    /// frame, transparent and undimmed.
    public let from: VisualState
    /// The presentation's show or hide duration.
    public let duration: VirtualTime
    /// The keyframes scheduled so far, in order.
    public private(set) var keyframes: [Keyframe] = []
    /// The most keyframes one animation may schedule (POP_ANIMATION_MAX_KEYFRAMES): a plugin's
    /// loop that never stops must not hold the engine, or a plugin host's channel, without end.
    public static let maximumKeyframes = 1024
    /// The first invalid keyframe, if any (the chef reports it as misbehaviour).
    public private(set) var problem: String?
    /// When the animation starts: keyframes are scheduled from it.
    package let now: VirtualTime

    package init(geometry: AnimationGeometry, duration: VirtualTime, now: VirtualTime) {
        container = geometry.container
        keyboardHeight = geometry.keyboardHeight
        finalFrame = geometry.finalFrame
        from = geometry.current
        self.duration = duration
        self.now = now
    }

    /// Schedules an animation of the popup from its state `delay` seconds from now to `target`, over
    /// `duration` seconds along `curve`. Negative or non-finite times and invalid states are refused
    /// (and reported).
    public func animate(delay: Double, duration: Double, curve: Keyframe.Curve, to target: VisualState) {
        guard delay.isFinite, delay >= 0, duration.isFinite, duration >= 0, target.isValid else {
            return refuse("animate was given an invalid keyframe (delay \(delay), duration \(duration), curve \(curve.rawValue))")
        }
        guard keyframes.count < Self.maximumKeyframes else {
            return refuse("animate was called more than \(Self.maximumKeyframes) times in one animation; the rest were ignored")
        }
        keyframes.append(Keyframe(start: now + .seconds(delay), duration: .seconds(duration), curve: curve, target: target))
    }

    /// Notes a keyframe that could not be scheduled (the first one is reported).
    public func refuse(_ problem: String) {
        if self.problem == nil { self.problem = problem }
    }

    /// Takes the keyframes and the problem another context, with the same geometry, time and
    /// duration, collected: the animation ran in a plugin host process, and its result comes back
    /// as it was, without converting its times again.
    package func adopt(keyframes: [Keyframe], problem: String?) {
        self.keyframes += keyframes
        if let problem { refuse(problem) }
    }
}
