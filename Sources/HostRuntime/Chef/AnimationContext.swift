import PluginABI

/// The popup's animatable state (the ABI's `pop_visual_state_t`).
public struct VisualState: Hashable, Sendable, Codable {
    public var frame: Rect
    public var alpha: Double
    public var scale: Double
    public var rotation: Double
    public var dimAlpha: Double

    init(_ raw: pop_visual_state_t) {
        frame = Rect(x: raw.frame.x, y: raw.frame.y, width: raw.frame.width, height: raw.frame.height)
        alpha = raw.alpha
        scale = raw.scale
        rotation = raw.rotation
        dimAlpha = raw.dim_alpha
    }

    init(frame: Rect, alpha: Double, scale: Double, rotation: Double, dimAlpha: Double) {
        self.frame = frame
        self.alpha = alpha
        self.scale = scale
        self.rotation = rotation
        self.dimAlpha = dimAlpha
    }

    var raw: pop_visual_state_t {
        pop_visual_state_t(frame: frame.raw, alpha: alpha, scale: scale, rotation: rotation, dim_alpha: dimAlpha)
    }

    /// Every number finite, alpha and dimming within 0...1, sizes and scale not negative.
    var isValid: Bool {
        [frame.x, frame.y, frame.width, frame.height, alpha, scale, rotation, dimAlpha].allSatisfy(\.isFinite)
            && (0...1).contains(alpha) && (0...1).contains(dimAlpha) && frame.width >= 0 && frame.height >= 0 && scale >= 0
    }
}

extension Rect {
    var raw: pop_rect_t { pop_rect_t(x: x, y: y, width: width, height: height) }
}

/// What a custom show or hide animation hook is given: the geometry, the state it starts from, and
/// a way to schedule keyframes, which land on the popup.
struct AnimationContext {
    let container: Rect
    let keyboardHeight: Double
    /// Where the popup ends up when shown (its resting frame).
    let finalFrame: Rect
    /// The state presented now: mid-animation when interrupted; before a first show, the final
    /// frame, transparent and undimmed.
    let from: VisualState
    let duration: VirtualTime
    /// Receives the keyframes the plugin schedules.
    let sink: KeyframeSink
}

/// Collects the keyframes a custom animation schedules through `pop_animation_context_t.animate`.
final class KeyframeSink {
    private weak var popup: Popup?
    private let clock: VirtualClock
    /// The first invalid keyframe, if any (reported as misbehaviour).
    private(set) var problem: String?

    init(popup: Popup, clock: VirtualClock) {
        self.popup = popup
        self.clock = clock
    }

    func add(delay: Double, duration: Double, curve: Int32, target: VisualState) {
        guard delay.isFinite, delay >= 0, duration.isFinite, duration >= 0, (0...4).contains(curve), target.isValid else {
            if problem == nil { problem = "animate was given an invalid keyframe (delay \(delay), duration \(duration), curve \(curve))" }
            return
        }
        popup?.customKeyframes.append(Keyframe(start: clock.now + .seconds(delay), duration: .seconds(duration), curve: curve, target: target))
    }
}
