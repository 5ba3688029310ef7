import PopModel

/// A banner's behaviour (SwiftEntryKit's EKAttributes): its entrance and exit; a display timer that
/// starts after the entrance and holds while touched; a drag that follows the finger freely toward
/// the banner's edge and rubber-bands away from it; a flick toward the edge faster than
/// `swipeVelocity` swipes it away, anything else springs back. Taps behind it follow its `behind`
/// rule (the stage applies it), not the dimming's.
///
/// A vertical slide is SwiftEntryKit's translation (`EKAttributes.Animation.translation`, its default
/// entrance and exit; EKContentView.swift): from and to just off the screen's edge — above it (the
/// banner's bottom on the screen's top) for a slide from or to the top, below it (its top on the
/// screen's bottom) for the bottom —, ease out in and ease in out (`performAnimation`), the alpha
/// left alone. Other styles move as the themes' do (`ThemeMotion`).
struct BannerBehaviour: PopupBehaviour {
    /// The slowest flick that swipes a banner away (SwiftEntryKit), in points per second.
    static let swipeVelocity = 60.0
    static let springBack = (duration: VirtualTime.milliseconds(300), curve: TimingCurve.spring(damping: 0.8, response: 0.3))

    func entrance(
        to shown: VisualState, presentation: Presentation, screen: Size, duration: VirtualTime
    )
        -> (from: VisualState, curve: TimingCurve)
    {
        let translation: Presentation.Edge? =
            switch presentation.showAnimation {
            case .slideFromTop: .top
            case .slideFromBottom: .bottom
            default: nil
            }
        guard let translation else { return themeEntrance(to: shown, presentation: presentation, screen: screen, duration: duration) }
        return (Self.offScreen(shown, beyond: translation, screen: screen), presentation.showCurve(else: .easeOut, duration: duration))
    }

    func exit(
        shown: VisualState, presentation: Presentation, screen: Size, duration: VirtualTime
    )
        -> (to: VisualState, curve: TimingCurve)
    {
        let translation: Presentation.Edge? =
            switch presentation.hideAnimation {
            case .slideToTop: .top
            case .slideToBottom: .bottom
            default: nil
            }
        guard let translation else { return themeExit(shown: shown, presentation: presentation, screen: screen, duration: duration) }
        return (Self.offScreen(shown, beyond: translation, screen: screen), presentation.hideCurve(else: .easeIn, duration: duration))
    }

    /// `shown` moved just off the screen beyond `edge` (SwiftEntryKit's out constraints: the banner's
    /// bottom on the screen's top, or its top on the screen's bottom).
    static func offScreen(_ shown: VisualState, beyond edge: Presentation.Edge, screen: Size) -> VisualState {
        var state = shown
        state.frame.y = edge == .top ? -shown.frame.height : screen.height
        return state
    }

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
