import PopModel

/// A banner's behaviour (SwiftEntryKit's EKAttributes): its theme's entrance and exit; a display
/// timer that starts after the entrance and holds while touched; a drag that follows the finger
/// freely toward the banner's edge and rubber-bands away from it; a flick toward the edge faster than
/// `swipeVelocity` swipes it away, anything else springs back. Taps behind it follow its `behind`
/// rule (the stage applies it), not the dimming's.
struct BannerBehaviour: PopupBehaviour {
    /// The slowest flick that swipes a banner away (SwiftEntryKit), in points per second.
    static let swipeVelocity = 60.0
    static let springBack = (duration: VirtualTime.milliseconds(300), curve: TimingCurve.spring(damping: 0.8, response: 0.3))

    /// Whether a movement of `delta` (positive: down) goes toward the banner's edge.
    static func isTowardEdge(_ delta: Double, _ presentation: Presentation) -> Bool {
        presentation.bannerEdge == .top ? delta < 0 : delta > 0
    }

    /// The banner's offset for a drag of `offset` points along its axis.
    static func dragOffset(_ offset: Double, _ presentation: Presentation) -> Double {
        isTowardEdge(offset, presentation) ? offset : rubberBand(offset)
    }

    /// Whether a drag released at `velocity` (points per second along its axis) swipes it away.
    static func swipesAway(velocity: Double, _ presentation: Presentation) -> Bool {
        presentation.swipeToDismiss && isTowardEdge(velocity, presentation) && abs(velocity) > swipeVelocity
    }

    /// UIScrollView's rubber band: `offset` shrunk so that it approaches 100 points.
    static func rubberBand(_ offset: Double) -> Double {
        let limit = 100.0
        let magnitude = (1 - 1 / (abs(offset) * 0.55 / limit + 1)) * limit
        return offset < 0 ? -magnitude : magnitude
    }
}
