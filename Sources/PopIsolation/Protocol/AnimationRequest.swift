import PopChef
import PopModel

/// A custom animation across the boundary: what its `AnimationContext` holds when it starts…
struct AnimationRequest: Codable {
    var showing: Bool
    var geometry: AnimationGeometry
    var duration: VirtualTime
    var now: VirtualTime

    init(showing: Bool, context: AnimationContext) {
        self.showing = showing
        geometry = AnimationGeometry(
            container: context.container, keyboardHeight: context.keyboardHeight,
            finalFrame: context.finalFrame, current: context.from)
        duration = context.duration
        now = context.now
    }

    /// A context like the parent's, for the plugin host's controller loader to schedule into.
    var context: AnimationContext { AnimationContext(geometry: geometry, duration: duration, now: now) }
}

/// …and what came of it: whether the controller loader took the animation over, the keyframes it
/// scheduled and the first invalid one.
struct AnimationResult: Codable {
    var accepted: Bool
    var keyframes: [Keyframe]
    var problem: String?
}
