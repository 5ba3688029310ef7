import PopModel

/// What a popup's visual state does over time: it rests, runs one animation, or follows a custom
/// animation's keyframes. Every new motion starts from the value presented at that moment.
enum Motion: Hashable {
    case still(VisualState)
    case animated(Animation)
    case keyframes(KeyframeTrack)

    func value(at time: VirtualTime) -> VisualState {
        switch self {
        case .still(let state): state
        case .animated(let animation): animation.value(at: time)
        case .keyframes(let track): track.value(at: time)
        }
    }

    /// When it stops moving; nil when still (or without keyframes).
    var end: VirtualTime? {
        switch self {
        case .still: nil
        case .animated(let animation): animation.end
        case .keyframes(let track): track.end
        }
    }
}
