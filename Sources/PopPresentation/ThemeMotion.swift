import PopModel

/// How a theme's presentation and dismiss styles move a popup (CSPopKit's CSPopAnimation and QMUI's
/// modal animations): the state a popup enters from, the state it leaves to, and the curves.
///
/// - Slides travel half the screen along their axis; "angle" turns the popup by π/20 (clockwise);
///   slide-ins run on a spring with damping 0.6 (response: the duration), slide-outs ease in.
/// - Fades ease in and out. QMUI's popup scales from 0 (ease out) and to 0.01 (ease in) and fades.
/// - "To point and scale" moves the popup's centre to the dismiss point while it shrinks to 0.01.
/// - The dimming fades in with every entrance and out with every exit.
enum ThemeMotion {
    static let angle = Double.pi / 20
    static let slideSpringDamping = 0.6
    static let smallestScale = 0.01

    /// The state `style` brings a popup in from, given its `shown` state, and the curve.
    static func entrance(_ style: Presentation.ShowAnimation, shown: VisualState, screen: Size,
                         duration: VirtualTime) -> (from: VisualState, curve: TimingCurve) {
        var from = shown
        from.dimAlpha = 0
        let spring = TimingCurve.spring(damping: slideSpringDamping, response: duration.seconds)
        switch style {
        case .none:
            return (shown, .linear)
        case .fadeIn:
            from.alpha = 0
            return (from, .easeInOut)
        case .slideFromTop:
            from.frame.y -= screen.height / 2
            return (from, spring)
        case .slideFromTopAngleBounce:
            from.frame.y -= screen.height / 2
            from.rotation = angle
            return (from, spring)
        case .slideFromBottom:
            from.frame.y += screen.height / 2
            return (from, spring)
        case .slideFromLeft:
            from.frame.x -= screen.width / 2
            return (from, spring)
        case .slideFromRight:
            from.frame.x += screen.width / 2
            return (from, spring)
        case .popup:
            from.scale = 0
            from.alpha = 0
            return (from, .easeOut)
        }
    }

    /// The state `style` takes a popup out to, from its `current` state (its `shown` state gives the
    /// geometry), and the curve.
    static func exit(_ style: Presentation.HideAnimation, current: VisualState, shown: VisualState,
                     dismissPoint: Point, screen: Size) -> (to: VisualState, curve: TimingCurve) {
        var to = current
        to.dimAlpha = 0
        switch style {
        case .none:
            to.alpha = 0
            return (to, .linear)
        case .fadeOut:
            to.alpha = 0
            return (to, .easeInOut)
        case .slideToTop:
            to.frame.y = shown.frame.y - screen.height / 2
        case .slideToBottom:
            to.frame.y = shown.frame.y + screen.height / 2
        case .slideToBottomAngle:
            to.frame.y = shown.frame.y + screen.height / 2
            to.rotation = angle
        case .toPointScale:
            to.frame.x = dismissPoint.x - to.frame.width / 2
            to.frame.y = dismissPoint.y - to.frame.height / 2
            to.scale = smallestScale
        case .slideToLeft:
            to.frame.x = shown.frame.x - screen.width / 2
        case .slideToRight:
            to.frame.x = shown.frame.x + screen.width / 2
        case .popup:
            to.scale = smallestScale
            to.alpha = 0
        }
        return (to, .easeIn)
    }
}
