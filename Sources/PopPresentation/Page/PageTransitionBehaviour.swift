import PopModel

/// How a navigation transition moves (the motion half; `NavigationLayout` is the geometry): a
/// push or pop by the app runs `duration` on an ease-in-out curve; an interactive pop follows the
/// finger, then settles at 1/24 of the width per frame (`InteractivePop`). The bars follow
/// KMNavigationBarTransition (the spec's Decisions): during a transition each page draws its own
/// bar's background on its own view and the real bar's background is hidden; the real bar carries
/// the arriving page's title, crossfading with the leaving page's as the transition progresses.
enum PageTransitionBehaviour {
    /// A programmatic push or pop's length: pophost's choice (UIKit publishes none; 0.35 s is
    /// UIKit's commonly measured navigation transition).
    static let duration = VirtualTime.milliseconds(350)
    static let curve = TimingCurve.easeInOut

    /// Where a transition's progress is.
    enum Motion: Hashable {
        /// A push or pop by the app, started at `start`.
        case animated(start: VirtualTime)
        /// The finger drives it.
        case dragging(InteractivePop)
        /// Released: moving toward completion or back, from `start`.
        case settling(InteractivePop, completing: Bool, start: VirtualTime)

        /// Progress at `now`: 0 = the leaving page fills the screen, 1 = the arriving page does.
        func progress(at now: VirtualTime) -> Double {
            switch self {
            case .animated(let start):
                let fraction = Double((now - start).microseconds) / Double(duration.microseconds)
                return curve.progress(at: min(max(fraction, 0), 1))
            case .dragging(let pop):
                return pop.progress
            case .settling(let pop, let completing, let start):
                return pop.settledProgress(completing: completing, after: now - start)
            }
        }
    }

    /// The opacity of the leaving and arriving pages' titles on the real bar at `progress`: a
    /// crossfade; a page that hides its bar shows no title.
    static func titleOpacities(progress: Double, leaving: BarStyle, arriving: BarStyle) -> (leaving: Double, arriving: Double) {
        let p = min(max(progress, 0), 1)
        return (leaving.hidden ? 0 : 1 - p, arriving.hidden ? 0 : p)
    }

    /// The fill of a bar's background: its colour at `backgroundAlpha`, a translucent bar at 94 % of
    /// that (standing in for UIKit's blur, which a flat renderer cannot draw).
    static func backgroundFill(_ style: BarStyle) -> ContentNode.Color {
        let alpha = style.backgroundAlpha * (style.translucent ? 0.94 : 1)
        let byte = UInt32((min(max(alpha, 0), 1) * 255).rounded())
        return ContentNode.Color(rawValue: (style.background.rawValue & 0xFFFF_FF00) | byte)
    }
}
