import PopModel

/// How the floating window moves (the motion half; `FloatingLayout` is the geometry), with seed
/// 002's numbers and the spec's Decisions:
/// - a bubble released after a drag springs to its snapping position (0.55 s, damping 0.78) and can
///   be grabbed again during the spring;
/// - a page popped into the corner circle shrinks into a new bubble from where it is on screen
///   (0.375 s, rect → circle), and so does a page opened from its bubble and swiped back into it
///   (JPSuspensionEntrance's interactive pop); a tap on a bubble expands its page from it (0.35 s,
///   JPSuspensionTransition's spread); a page opened from its bubble and popped by the app shrinks
///   back into it (0.35 s), then the transition view fades (0.2 s);
/// - the circle follows the pop in create mode (no animation of its own); in delete mode it comes
///   in and goes out over 0.25 s, and grows to 1.1 over 0.25 s while the finger is in it;
/// - at most `bubbleLimit` bubbles.
enum FloatingBehaviour {
    /// The snap after a drag: UIKit's `usingSpringWithDamping: 0.78` over 0.55 s.
    static let snap = (duration: VirtualTime.milliseconds(550), curve: TimingCurve.spring(damping: 0.78, response: 0.55))
    /// A page shrinking into a bubble from a pan's release, a new one or (swiped back) its own:
    /// JPSuspensionView's `shrinkSuspensionViewAnimation`, 0.375 s on UIKit's default curve
    /// (JPSuspensionView.m:137, 158).
    static let shrinkIntoNew = (duration: VirtualTime.milliseconds(375), curve: TimingCurve.easeInOut)
    /// A page expanding from its bubble (JPSuspensionTransition's spread): 0.35 s
    /// (JPSuspensionTransition.m:81); the frame moves on ease-out in the first 4/5 with the bubble's
    /// corners, which then square off linearly (JPSuspensionTransition.m:263, 265); the page underneath
    /// darkens to black on ease-out over the 0.35 s (JPSuspensionTransition.m:270-271). `curve` is
    /// Reduce Motion's fade in place.
    static let expand = (
        duration: VirtualTime.milliseconds(350), curve: TimingCurve.easeInOut,
        frame: FloatingMorph.Timing(start: 0, end: 0.8, curve: .easeOut), corners: FloatingMorph.Timing(start: 0.8, end: 1, curve: .linear),
        dim: TimingCurve.easeOut
    )
    /// A page opened from its bubble and popped by the app (the back button) shrinking back into it
    /// (the spec's Decisions).
    static let shrinkBack = (duration: VirtualTime.milliseconds(350), curve: TimingCurve.easeInOut)
    /// The transition view fading out over the bubble after a shrink back by the app.
    static let fade = VirtualTime.milliseconds(200)
    /// The delete-mode circle coming in or going out, and the circle's growth under the finger.
    static let circle = (duration: VirtualTime.milliseconds(250), curve: TimingCurve.easeOut)
    /// How many bubbles float at once: pophost's choice (JPSuspensionEntrance keeps one; WeChat
    /// later allowed five). A sixth takes the place of the oldest.
    static let bubbleLimit = 5

    /// The bubble's opacity while the page opened from it is popped interactively: min(2p, 1).
    static func bubbleAlpha(popProgress: Double) -> Double { min(max(2 * popProgress, 0), 1) }

    /// The bubble's opacity `elapsed` into its page's shrink back by a pan, fading out from `from`
    /// over the shrink until the card becomes it (JPSuspensionView.m:159, 164).
    static func bubbleFadingOut(from: Double, elapsed: VirtualTime) -> Double {
        let fraction = min(max(elapsed.seconds / shrinkIntoNew.duration.seconds, 0), 1)
        return from * (1 - shrinkIntoNew.curve.progress(at: fraction))
    }

    /// The delete-mode circle's show progress `elapsed` after it began coming in (`showing`) or
    /// going out, starting from `from`.
    static func circleProgress(showing: Bool, from: Double, elapsed: VirtualTime) -> Double {
        let fraction = min(max(elapsed.seconds / circle.duration.seconds, 0), 1)
        let eased = circle.curve.progress(at: fraction)
        return showing ? from + (1 - from) * eased : from * (1 - eased)
    }

    /// The circle's scale `elapsed` after the finger went in (`touched`) or out, from `from`.
    static func circleScale(touched: Bool, from: Double, elapsed: VirtualTime) -> Double {
        let fraction = min(max(elapsed.seconds / circle.duration.seconds, 0), 1)
        let target = touched ? FloatingLayout.touchedScale : 1
        return from + (target - from) * circle.curve.progress(at: fraction)
    }
}
